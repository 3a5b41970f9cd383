@_spi(Faces) import HabitFlow
import HabitFlowCommandLine
import HabitFlowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `habitflow demo`: a year of varied history in a store of its own, then today, streaks
/// and a heatmap — the engine at work in one command.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Build a demo store (a year of history, a zone change, a target change) and show it.",
        discussion: "The demo store is its own file, made anew each run; your store is not touched.")

    @Option(help: "The demo store (default: demo.sqlite next to the default store).") var db: String?

    func run() throws {
        let path =
            db
            ?? (StoreLocation.defaultPath().split(separator: "/", omittingEmptySubsequences: false)
                .dropLast().joined(separator: "/") + "/demo.sqlite")
        StoreLocation.prepare(path)
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        let clock = Engine()
        let now = StoreOptions.fixedNow ?? clock.now
        let today = try clock.dayKey(at: now, zone: "Europe/Amsterdam")  // where the user lives now
        let start = today.adding(days: -364)!
        let move = today.adding(days: -120)!  // the user moved to Amsterdam 120 days ago
        var random = DemoRandom(seed: 2026)
        // The history is made in the order it happened: a store's clock never goes back, and a
        // change of meaning is dated no earlier than the latest day the store reached.
        func noon(of day: DayKey, in zone: String) throws -> Instant {
            Instant(unixSeconds: try clock.dayRange(of: day, zone: zone).start! + 12 * 3600)!
        }

        var run = HabitDraft(name: "Run")
        run.kind = .numeric
        run.unit = "km"
        run.id = "demo-run"
        run.target = 5
        var read = HabitDraft(name: "Read")
        read.cadence = .timesPerWeek(3)
        read.id = "demo-read"
        var coffee = HabitDraft(name: "Coffee")
        coffee.kind = .numeric
        coffee.unit = "cups"
        coffee.targetType = .atMost
        coffee.id = "demo-coffee"
        coffee.target = 2
        var meditate = HabitDraft(name: "Meditate")
        meditate.id = "demo-meditate"
        let first = try open(path, zone: "America/New_York", now: try noon(of: start, in: "America/New_York"))
        for draft in [meditate, run, read, coffee] { _ = try first.createHabit(draft) }
        // Sixty days ago the user raised Run's target: a change of meaning is made on its day.
        let raised = today.adding(days: -60)!
        _ = try open(path, zone: "Europe/Amsterdam", now: try noon(of: raised, in: "Europe/Amsterdam"))
            .setTarget(habitId: "demo-run", effectiveDayKey: raised, target: 6)

        // Before the move, days are derived in New York; after it, in Amsterdam.
        let newYork = try open(path, zone: "America/New_York", now: now)
        let amsterdam = try open(path, zone: "Europe/Amsterdam", now: now)
        for (engine, zone, from, to) in [
            (newYork, "America/New_York", start, move.adding(days: -1)!),
            (amsterdam, "Europe/Amsterdam", move, today),
        ] {
            var requests: [LogRequest] = []
            var day = from
            while day <= to {
                let morning = Instant(unixSeconds: try engine.dayRange(of: day, zone: zone).start! + 7 * 3600)!
                func add(_ habit: String, _ value: Double?, chance: Int) {
                    guard random.next(100) < chance else { return }
                    var r = LogRequest(habitId: habit)
                    r.timestampUtc = morning
                    r.value = value
                    r.entryId = "\(habit)-\(day)"
                    requests.append(r)
                }
                add("demo-meditate", nil, chance: 85)
                add("demo-run", Double(3 + random.next(6)), chance: 60)
                add("demo-read", nil, chance: 50)
                add("demo-coffee", Double(random.next(4)), chance: 95)
                day = day.adding(days: 1)!
            }
            _ = try engine.importEntries(requests)
        }
        // Goals add up what the habits log; nothing of theirs is stored.
        let health = try amsterdam.saveCategory(id: "demo-health", name: "Health", sortOrder: 0)
        var distance = GoalDraft(title: "Run 1500 km this year")
        distance.id = "demo-distance"
        distance.icon = "🏃"
        distance.type = .targetAmount
        distance.kind = .quantity
        distance.unit = "km"
        distance.target = 1500
        distance.startDayKey = start
        distance.categoryId = health.id
        var calm = GoalDraft(title: "Meditate 5 times a week")
        calm.id = "demo-calm"
        calm.type = .weeklyHabit
        calm.target = 5
        calm.startDayKey = start
        calm.categoryId = health.id
        _ = try amsterdam.createGoal(distance, habitIds: ["demo-run"])
        _ = try amsterdam.createGoal(calm, habitIds: ["demo-meditate"])
        print(
            "Demo store: \(path) (user \"demo\"; a year of history, moved from New York to Amsterdam on \(move), Run's target 5 → 6 km)\n")
        let options = ["--db", path, "--user", "demo", "--zone", "Europe/Amsterdam"]
        try Today.parse(options).run()
        print()
        try Streaks.parse(options).run()
        print()
        try History.parse(["Meditate"] + options).run()
        print()
        try GoalCommand.List.parse(options).run()
    }

    private func open(_ path: String, zone: String, now: Instant) throws -> Engine {
        do throws(HabitFlowError) {
            return try Engine(storePath: path, user: "demo", zone: zone, now: now)
        } catch {
            CLI.report(ProtocolError(error), json: false)
            throw ExitCode(1)
        }
    }
}

/// A tiny deterministic generator, so the demo looks the same every day it is run.
private struct DemoRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
