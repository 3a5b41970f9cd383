// What `import HabitFlow` hands a host of the engine (issue 30): the engine handle and this
// module's own types, and from HabitFlowCore only the values a host names — records, days,
// zones, metrics, goals, errors and sync's change records. The engine's plumbing (row codecs,
// sync and naming rules, tz parsers, folded metric inputs) stays in HabitFlowCore: the faces
// and other stores import it by name, and a host that wants it can too.
@_exported import struct HabitFlowCore.ApplySummary
@_exported import struct HabitFlowCore.Category
@_exported import struct HabitFlowCore.ChangeRecord
@_exported import struct HabitFlowCore.DayKey
@_exported import struct HabitFlowCore.DayLine
@_exported import enum HabitFlowCore.DayMark
@_exported import struct HabitFlowCore.DayRange
@_exported import struct HabitFlowCore.DayRule
@_exported import struct HabitFlowCore.DayStart
@_exported import enum HabitFlowCore.DayStatus
@_exported import enum HabitFlowCore.EntryConflict
@_exported import struct HabitFlowCore.EntryRepair
@_exported import enum HabitFlowCore.EntryRules
@_exported import enum HabitFlowCore.EntrySource
@_exported import struct HabitFlowCore.Goal
@_exported import struct HabitFlowCore.GoalLink
@_exported import struct HabitFlowCore.GoalProgress
@_exported import enum HabitFlowCore.GoalUnit
@_exported import struct HabitFlowCore.GoalVersion
@_exported import struct HabitFlowCore.Habit
@_exported import struct HabitFlowCore.HabitEntry
@_exported import struct HabitFlowCore.HabitEntryReflection
@_exported import struct HabitFlowCore.HabitFlowError
@_exported import struct HabitFlowCore.HabitMetrics
@_exported import struct HabitFlowCore.HabitPotentialEvidence
@_exported import struct HabitFlowCore.HabitReport
@_exported import struct HabitFlowCore.HabitSummary
@_exported import struct HabitFlowCore.HeldBackRecord
@_exported import struct HabitFlowCore.ImpactPreview
@_exported import struct HabitFlowCore.Instant
@_exported import struct HabitFlowCore.JournalEntry
@_exported import struct HabitFlowCore.JournalTemplate
@_exported import struct HabitFlowCore.Lens
@_exported import struct HabitFlowCore.LoopBackup
@_exported import struct HabitFlowCore.Partnership
@_exported import enum HabitFlowCore.RecordKind
@_exported import struct HabitFlowCore.RecordRef
@_exported import struct HabitFlowCore.Routine
@_exported import struct HabitFlowCore.RoutineExecution
@_exported import enum HabitFlowCore.StepGoal
@_exported import enum HabitFlowCore.StrengthPeriod
@_exported import struct HabitFlowCore.StrengthPoint
@_exported import struct HabitFlowCore.TZDataInfo
@_exported import protocol HabitFlowCore.TZifSource
@_exported import struct HabitFlowCore.TargetSchedule
@_exported import struct HabitFlowCore.TargetVersion
@_exported import enum HabitFlowCore.TimeError
@_exported import struct HabitFlowCore.UserProfile
@_exported import struct HabitFlowCore.Week
@_exported import struct HabitFlowCore.WeekProgress
@_exported import enum HabitFlowCore.Weekday
@_exported import struct HabitFlowCore.WellbeingMetricEntry
@_exported import class HabitFlowCore.Zone
