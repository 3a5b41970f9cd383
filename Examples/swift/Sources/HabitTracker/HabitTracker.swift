// A habit tracker's model layer on the engine: open a store, make habits, log, backfill with
// the confirmation the engine asks for, read the Today screen, streaks and a goal, and watch
// the store change. The clock is fixed so the output is the same on every run (an app passes
// no `now:`). Usage: HabitTracker [store file]   (default: a new file in a temporary folder)
import Foundation
import HabitFlow
import HabitFlowAsync
import HabitFlowFoundation

@main
struct HabitTracker {
    static func main() async throws {
        let path = CommandLine.arguments.dropFirst().first ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("habit-tracker-\(UUID().uuidString).sqlite").path
        // The user's zone decides which day an entry belongs to; an app passes TimeZone.current.
        let zone = TimeZone(identifier: "Europe/Amsterdam")!
        let now = try Instant(parsing: "2025-03-12T19:00:00Z")
        let engine = try Engine(storePath: path, user: "me", zone: zone.identifier, now: now)

        // Habits: a yes/no one, and a quantity with a daily target.
        var read = HabitDraft(name: "Read")
        read.id = "read"
        _ = try engine.createHabit(read)
        var water = HabitDraft(name: "Water")
        water.id = "water"
        water.kind = .numeric
        water.unit = "glasses"
        water.target = 8
        _ = try engine.createHabit(water)

        // Today's log. Its day is today in the user's zone: 20:00 in Amsterdam.
        _ = try engine.log(LogRequest(habitId: "read"))
        var glasses = LogRequest(habitId: "water")
        glasses.value = 5
        _ = try engine.log(glasses)

        // A backfill changes the past: the engine asks first, with what it would change.
        var yesterday = LogRequest(habitId: "read")
        yesterday.dayKey = try engine.dayKey(at: Date(now) - 86_400, in: zone)
        do {
            _ = try engine.log(yesterday)
        } catch {
            guard error.code == .confirmationRequired, let impact = error.impact else { throw error }
            print("confirm? \(error.affectedDays.map(\.description)) streak \(impact.currentStreak.before) -> \(impact.currentStreak.after)")
            yesterday.confirm = true
            _ = try engine.log(yesterday)
        }

        // The Today screen, off the caller's executor as a view model would read it.
        let today = try await engine.run { try $0.todayOverview(includeLongestStreak: true) }
        print("today \(today.day)")
        for row in today.habits {
            let value = row.value.map { "\(Int($0))" } ?? "-"
            print("  \(row.habit.name): \(row.status) \(value)/\(Int(row.target)) streak \(row.currentStreak.length) best \(row.longestStreak?.length ?? 0)")
        }
        let streaks = try engine.streaks(habitId: "read")
        print("read streak \(streaks.current.length) from \(streaks.current.first!)")

        // A goal: read on 5 days a week, for 4 weeks.
        var goal = GoalDraft(title: "Read 5 days a week")
        goal.type = .weeklyHabit
        goal.target = 5
        goal.durationWeeks = 4
        let made = try engine.createGoal(goal, habitIds: ["read"])
        let progress = try engine.goalProgress(made.id)
        print("goal \(progress.fraction) this week, \(progress.status)")

        // Watching the store: a write (here this handle's; the CLI's or a sync's alike) arrives
        // as what moved, so a view refreshes only that.
        let changes = engine.changes()
        var more = glasses
        more.value = 3
        let request = more
        _ = try await engine.run { try $0.log(request) }
        for await change in changes {
            print("changed \(change.kinds.map(\.rawValue).sorted()) habits \(change.habitIds.sorted()) days \(change.days.map(\.description).sorted())")
            break
        }

        // Records are Codable in the protocol's JSON: what an export or a sync change holds.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let habit = try engine.habit("water")
        let json = String(decoding: try encoder.encode(habit), as: UTF8.self)
        print("json \(json.prefix(60))…")
        let back = try JSONDecoder().decode(Habit.self, from: Data(json.utf8))
        print("round trip \(back == habit)")

        // Refusals say what and where.
        do {
            _ = try engine.log(LogRequest(habitId: "run"))
        } catch {
            print("refused: \(error)")
        }
    }
}
