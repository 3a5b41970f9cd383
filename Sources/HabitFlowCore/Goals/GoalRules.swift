/// Who may see and change a goal, and how many a user may run (000, 001): pure functions over
/// goals and partnerships, so every store and every face applies the same rules.
public enum GoalRules {
    /// Goal `goal` if `user` may read and change it: theirs, or shared by their partner.
    /// - Throws: `forbidden` naming `goalId`.
    public static func checkAccess(_ goal: Goal, user: String, partner: String?) throws(HabitFlowError) {
        if goal.ownerId == user { return }
        if goal.isShared(with: user), let partner, partner == goal.ownerId { return }
        throw HabitFlowError(.forbidden, "goal \(goal.id) belongs to another user", field: "goalId")
    }

    /// The owners whose goals `user` sees: themselves and their partner.
    public static func owners(user: String, partner: String?) -> [String] {
        [user] + (partner.map { [$0] } ?? [])
    }

    /// Whether `user` sees `goal` (theirs, or a partner's shared one) in `segment`.
    public static func isVisible(_ goal: Goal, user: String, sharedOnly: Bool?) -> Bool {
        guard goal.ownerId == user || goal.isShared(with: user) else { return false }
        switch sharedOnly {
        case nil: return true
        case false?: return !goal.shared
        case true?: return goal.shared
        }
    }

    /// Refuses an 11th open goal of `owner` (paused ones count; completed and expired do not).
    /// `goals` are the owner's live goals; `excluding` a goal being reopened; `completed` the
    /// ids of target amounts already reached (their progress says so).
    /// - Throws: `limitExceeded`.
    public static func checkLimit(
        _ goals: [Goal], owner: String, today: DayKey,
        excluding id: String? = nil, completed: Set<String> = []
    ) throws(HabitFlowError) {
        let open = openGoals(goals, owner: owner, today: today, completed: completed).filter { $0.id != id }
        guard open.count < Goal.maxActive else {
            throw HabitFlowError(
                .limitExceeded,
                "you have \(open.count) active goals, the most is \(Goal.maxActive) (paused ones count): complete, let one end or delete one before adding another",
                field: "goalId")
        }
    }

    /// The goals of `owner` that hold a place among the 10: open, and not a target amount
    /// already reached (`completed`).
    public static func openGoals(
        _ goals: [Goal], owner: String, today: DayKey,
        completed: Set<String>
    ) -> [Goal] {
        goals.filter { $0.ownerId == owner && !completed.contains($0.id) && $0.isOpen(today: today) }
    }

    /// Sharing needs a partnership.
    /// - Throws: `conflict` naming `shared`.
    public static func checkCanShare(partner: String?) throws(HabitFlowError) {
        guard partner != nil else {
            throw HabitFlowError(.conflict, "sharing needs a partner: invite one and have them accept (partner.invite)", field: "shared")
        }
    }

    /// A habit may be logged from a goal only when it is linked to it.
    /// - Throws: `invalidArgument` naming `habitId`.
    public static func checkLinked(_ habitId: String, links: [GoalLink]) throws(HabitFlowError) {
        guard links.contains(where: { $0.habitId == habitId }) else {
            throw HabitFlowError(.invalidArgument, "habit \(habitId) is not linked to this goal: pick a linked habit", field: "habitId")
        }
    }

    /// How `habit` would count toward `goal`: the contribution (`contribution`, or the goal's
    /// kind's default) and the unit its values are in. A count goal counts entries; a quantity
    /// goal sums values whose unit converts to its own, or counts where the unit is a count.
    ///
    /// - Throws: `invalidArgument` (a bundle, a mode or unit that does not fit), `conflict`
    ///   when the habit is among `links` already.
    public static func linkTerms(
        _ goal: Goal, _ habit: Habit, contribution: GoalLink.Contribution?,
        links: [GoalLink]
    ) throws(HabitFlowError) -> (GoalLink.Contribution, String?) {
        guard habit.bundle == nil else {
            throw HabitFlowError.invalid("habitId", "a bundle has no entries of its own: link its habits")
        }
        let mode = contribution ?? (goal.kind == .count ? .count : .sum)
        var unit: String? = nil
        switch (goal.kind, mode) {
        case (.count, .sum):
            throw HabitFlowError.invalid("contribution", "a count goal counts entries: contribution \"count\"")
        case (.count, .count):
            break
        case (.quantity, .count):
            guard GoalUnit.factor(from: "count", to: goal.unit ?? "") != nil else {
                throw HabitFlowError.invalid("contribution", "a goal in \(goal.unit ?? "") sums values: contribution \"sum\"")
            }
        case (.quantity, .sum):
            guard habit.kind == .numeric, let habitUnit = habit.unit else {
                throw HabitFlowError.invalid("habitId", "\"\(habit.name)\" has no values to sum into \(goal.unit ?? "")")
            }
            guard GoalUnit.factor(from: habitUnit, to: goal.unit ?? "") != nil else {
                throw HabitFlowError.invalid(
                    "habitId", "\"\(habit.name)\" is in \(habitUnit), which does not convert to the goal's \(goal.unit ?? "")")
            }
            unit = habitUnit
        }
        if links.contains(where: { $0.habitId == habit.id }) {
            throw HabitFlowError(.conflict, "\"\(habit.name)\" is already linked to this goal", field: "habitId")
        }
        return (mode, unit)
    }
}
