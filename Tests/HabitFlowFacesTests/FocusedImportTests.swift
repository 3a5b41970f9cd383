import Foundation
import HabitFlowTestSupport
import Testing

/// What `import HabitFlow` puts in a host's scope (issue 30): the engine handle, this module's
/// own result and draft types, and from HabitFlowCore only the values a host names. A probe
/// file that names every public type of HabitFlowCore is type-checked against the built
/// modules by the real compiler, so a wholesale re-export coming back, or a host type
/// dropping out, shows here.
@Suite struct FocusedImportTests {
    /// HabitFlowCore's types a host sees through `import HabitFlow` (Sources/HabitFlow/Exports.swift).
    static let exported: Set<String> = [
        "ApplySummary", "Category", "ChangeRecord", "DayKey", "DayLine", "DayMark", "DayRange", "DayRule",
        "DayStart", "DayStatus", "EntryConflict", "EntryRepair", "EntryRules", "EntrySource", "Goal",
        "GoalLink", "GoalProgress", "GoalUnit", "GoalVersion", "Habit", "HabitEntry", "HabitEntryReflection",
        "HabitFlowError", "HabitMetrics", "HabitPotentialEvidence", "HabitReport", "HabitSummary",
        "HeldBackRecord", "HybridTimestamp", "ImpactPreview", "Instant", "InstantInterval", "InstantIntervals", "JournalEntry",
        "JournalTemplate", "Lens", "LoopBackup", "LoopCheckmark", "LoopHabit", "LoopMark",
        "Partnership", "RecordKind", "RecordRef", "Routine", "RoutineExecution", "StepGoal", "StrengthPeriod",
        "StrengthPoint", "TZDataInfo", "TZifSource", "TZifSourceChain", "TargetSchedule", "TargetVersion", "TimeError",
        "UserProfile", "Week", "WeekCalendar", "WeekProgress", "Weekday", "WellbeingMetricEntry", "Zone",
    ]
    /// The engine's own faces' plumbing in HabitFlow, behind `@_spi(Faces)`.
    static let facesOnly = ["MetricsContext", "FileBytes", "SystemZone", "AndroidTZifSource", "SystemTZifSource", "StoreLocation"]

    /// Every `public` type declared at the top level of HabitFlowCore's sources.
    static func coreTypes() throws -> Set<String> {
        let root = Repository.path("Sources/HabitFlowCore")
        let declaration = #/^(?:@\w+ )*public (?:final |indirect )?(?:struct|enum|class|protocol|actor) (\w+)/#
        var names = Set<String>()
        for case let file as String in FileManager.default.enumerator(atPath: root)! where file.hasSuffix(".swift") {
            for line in try String(contentsOfFile: root + "/" + file, encoding: .utf8).split(separator: "\n") {
                if let match = line.firstMatch(of: declaration) { names.insert(String(match.1)) }
            }
        }
        return names
    }

    @Test func aHostSeesTheEngineAndItsValuesNotThePlumbing() throws {
        let core = try Self.coreTypes()
        #expect(Self.exported.isSubset(of: core), "not in HabitFlowCore: \(Self.exported.subtracting(core))")
        #expect(core.count >= Self.exported.count + 30, "HabitFlowCore has \(core.count) public types")
        let probed = core.sorted() + Self.facesOnly
        var probe = "import HabitFlow\nlet engine: Engine? = nil\n"
        for (index, name) in probed.enumerated() { probe += "typealias Probe\(index) = \(name)\n" }
        probe += "let dump = engine?.canonicalDump\n"
        let dir = Repository.temporaryDirectory("focused-import")
        let file = dir.appendingPathComponent("probe.swift").path
        try probe.write(toFile: file, atomically: true, encoding: .utf8)
        let checked = try run(
            "swiftc",
            [
                "-typecheck", file, "-I", Repository.buildDirectory + "/Modules",
                "-Xcc", "-fmodule-map-file=" + Repository.path("Sources/CSQLite/module.modulemap"),
                "-Xcc", "-fmodule-map-file=" + Repository.path("Sources/CZlib/module.modulemap"),
                "-Xcc", "-fmodule-map-file=" + Repository.path("Sources/CHabitFlowHeader/module.modulemap"),
            ])
        let errors = checked.stderr.split(separator: "\n").filter { $0.hasPrefix(file) && $0.contains(" error: ") }
        // Each error names what the host cannot see; anything else would be a broken probe.
        var hidden = Set<String>()
        var spi = [String]()
        for error in errors {
            if let name = error.firstMatch(of: #/cannot find type '(\w+)' in scope/#)?.1 {
                hidden.insert(String(name))
            } else if let name = error.firstMatch(of: #/'(\w+)' is inaccessible due to '@_spi' protection level/#)?.1 {
                spi.append(String(name))
            } else {
                Issue.record("unexpected: \(error)")
            }
        }
        #expect(!errors.isEmpty, "the probe type-checked whole: everything is in scope\n\(checked.stderr)")
        #expect(core.subtracting(hidden) == Self.exported)
        #expect(Set(Self.facesOnly).isSubset(of: hidden))
        #expect(spi == ["canonicalDump"])
    }
}
