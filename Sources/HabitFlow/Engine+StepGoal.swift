import HabitFlowCore
import HabitFlowStore

/// The user's daily step goal and how today stands against it.
public struct StepGoalState: Sendable {
    /// Whether the step goal is on.
    public var enabled: Bool
    /// The target in force today (1 until one is set: the default of every habit).
    public var target: Int
    /// The habit that keeps the steps.
    public var habitId: String
    /// Today's steps; `nil` before any.
    public var stepsToday: Double?
    /// Whether today's steps reach the target.
    public var metToday: Bool
}

extension Engine {
    static let stepGoalFlag = "stepGoal.enabled"

    /// The step goal as it stands today.
    public func stepGoal() throws(HabitFlowError) -> StepGoalState {
        let (store, user) = try requireStore()
        let id = StepGoal.habitId(user: user)
        let enabled = try store.read { store throws(HabitFlowError) in try store.flag(user: user, key: Self.stepGoalFlag) } == "true"
        guard try store.read({ store throws(HabitFlowError) in try store.habit(id, of: user) }) != nil else {
            return StepGoalState(enabled: enabled, target: 0, habitId: id, stepsToday: nil, metToday: false)
        }
        let today = try habitToday(habitId: id)
        return StepGoalState(
            enabled: enabled, target: Int(today.target), habitId: id, stepsToday: today.value,
            metToday: today.status == .complete)
    }

    /// Turns the goal on or off and sets its target from today on (versions: past days keep
    /// theirs; off is a pause, so a disabled goal asks no steps). Creates the user's steps
    /// habit on first use.
    public func setStepGoal(enabled: Bool?, target: Int?) throws(HabitFlowError) -> StepGoalState {
        if let target { try StepGoal.validate(target) }
        let (store, user) = try requireStore()
        let id = StepGoal.habitId(user: user)
        let now = clock()
        try store.write { store throws(HabitFlowError) -> Void in  // one transaction: all of it or none
            let today = try firstOpenDay(store, user)  // a day that has ended keeps what it asked
            if try store.habit(id, of: user) == nil {
                var draft = HabitDraft(name: "Steps")
                draft.id = id
                draft.kind = .numeric
                draft.unit = "steps"
                _ = try insertHabit(draft, store, user, today: today, now: now)
            }
            if let enabled, let habit = try store.habit(id, of: user) {
                try store.setFlag(user: user, key: Self.stepGoalFlag, value: enabled ? "true" : "false")
                // Off asks no steps from today on (002's toggle), on asks them again: a pause
                // marker, so past days keep what they asked.
                let rules = HabitRules(habit: habit, schedule: TargetSchedule(try store.targetVersions(habit: id, of: user)))
                if rules.rule(on: today).paused == enabled {
                    try store.save(
                        TargetVersion(
                            id: RecordID.make(), ownerId: user, habitId: id, effectiveDayKey: today, target: nil,
                            paused: !enabled, recordedAt: try recordingStamp(store, user, id, now)))
                }
            }
            // On with no step target (none given, none set): refused, so no face can read a
            // goal of 1 step where another reads none (SPEC §8: 1,000 to 20,000).
            if enabled == true, target == nil,
                !(TargetSchedule(try store.targetVersions(habit: id, of: user)).versions.contains { $0.target.map { $0 >= 1000 } ?? false })
            {
                throw HabitFlowError.invalid(
                    "target", "a step goal needs a target: 1000 to 20000 in steps of 500 (stepGoal.set {enabled: true, target: 8000})")
            }
            if let target, TargetSchedule(try store.targetVersions(habit: id, of: user)).target(on: today) != Double(target) {
                try store.save(
                    TargetVersion(
                        id: RecordID.make(), ownerId: user, habitId: id, effectiveDayKey: today, target: Double(target),
                        recordedAt: try recordingStamp(store, user, id, now)))
            }
        }
        return try stepGoal()
    }
}
