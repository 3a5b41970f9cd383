import HabitFlowCore

/// This host brings no tz files: it names its zone by a POSIX TZ rule, which needs none.
struct NoZoneFiles: TZifSource {
    func tzifBytes(forZone name: String) throws(TimeError) -> [UInt8]? { nil }
}

let zones = TimeZoneDatabase(source: NoZoneFiles())
let amsterdam = try zones.zone(named: "CET-1CEST,M3.5.0,M10.5.0/3")
print("day:", amsterdam.dayKey(at: try Instant(parsing: "2024-03-30T23:30:00Z")))

let start = try DayKey(parsing: "2024-03-25")
let t0 = try Instant(parsing: "2024-03-25T08:00:00Z")
let run = Habit(
    id: "run", ownerId: "alice", name: "Run", kind: .binary, unit: nil, cadence: .daily, targetType: .atLeast,
    multiplePerDay: false, categoryId: nil, archived: false, legacyGoal: nil, createdAt: t0, createdDayKey: start,
    updatedAt: t0, deletedAt: nil)
let entries = (0..<5).map { i in
    HabitEntry(
        id: "e\(i)", habitId: "run", timestampUtc: t0, dayKey: start.adding(days: i)!, value: nil, note: nil, source: .manual,
        createdAt: t0, updatedAt: t0, deletedAt: nil)
}
let metrics = HabitMetrics(habit: run, days: HabitDays(entries, kind: .binary), targets: TargetSchedule([]))
print("streak:", metrics.streaks(today: start.adding(days: 4)!, weeks: WeekCalendar(.monday)).current.length)
