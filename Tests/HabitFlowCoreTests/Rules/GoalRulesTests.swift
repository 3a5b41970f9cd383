import HabitFlowCore
import HabitFlowTestSupport
import Testing

/// `GoalRules` alone: who may touch a goal, who sees it, the limit of open goals.
@Suite struct GoalRulesTests {
    static func goal(_ id: String, owner: String = "alice", shared: Bool = false, weeks: Int? = nil, start: String = "2025-03-10") -> Goal {
        Goal(
            id: id, ownerId: owner, title: id, description: nil, icon: nil, categoryId: nil, kind: .count, type: .weeklyHabit,
            target: 3, unit: nil, durationWeeks: weeks, startDayKey: DayKey(start), targetDate: nil, userStatus: .active,
            shared: shared, sortOrder: nil, createdAt: StoreContract.t0, updatedAt: StoreContract.t0)
    }

    @Test func aGoalIsItsOwnersAndTheActivePartnersWhenShared() {
        #expect(throws: Never.self) { try GoalRules.checkAccess(Self.goal("g"), user: "alice", partner: nil) }
        #expect(throws: Never.self) { try GoalRules.checkAccess(Self.goal("g", owner: "bob", shared: true), user: "alice", partner: "bob") }
        for (goal, partner) in [
            (Self.goal("g", owner: "bob", shared: false), "bob"), (Self.goal("g", owner: "bob", shared: true), "carol"),
        ] {
            do {
                try GoalRules.checkAccess(goal, user: "alice", partner: partner)
                Issue.record("alice reached \(goal.ownerId)'s goal")
            } catch {
                #expect(error.code == .forbidden)
            }
        }
        #expect(
            GoalRules.owners(user: "alice", partner: "bob") == ["alice", "bob"]
                && GoalRules.owners(user: "alice", partner: nil) == ["alice"])
    }

    @Test func visibilityFollowsSharing() {
        let own = Self.goal("own"), shared = Self.goal("s", shared: true), theirs = Self.goal("t", owner: "bob")
        #expect(GoalRules.isVisible(own, user: "alice", sharedOnly: nil) && !GoalRules.isVisible(own, user: "alice", sharedOnly: true))
        #expect(
            GoalRules.isVisible(shared, user: "alice", sharedOnly: true) && !GoalRules.isVisible(shared, user: "alice", sharedOnly: false))
        #expect(!GoalRules.isVisible(theirs, user: "alice", sharedOnly: nil))
    }

    @Test func theLimitCountsOpenGoalsOfTheOwnerOnly() throws {
        let today = DayKey("2025-03-12")
        var goals = (0..<Goal.maxActive).map { Self.goal("g\($0)") }
        goals.append(Self.goal("bobs", owner: "bob"))
        #expect(throws: HabitFlowError.self) { try GoalRules.checkLimit(goals, owner: "alice", today: today) }
        // Editing one of them, completing one, or one that ended: room again.
        try GoalRules.checkLimit(goals, owner: "alice", today: today, excluding: "g0")
        try GoalRules.checkLimit(goals, owner: "alice", today: today, completed: ["g1"])
        goals[2] = Self.goal("g2", weeks: 4, start: "2024-01-01")
        try GoalRules.checkLimit(goals, owner: "alice", today: today)
        #expect(GoalRules.openGoals(goals, owner: "bob", today: today, completed: []).map(\.id) == ["bobs"])
    }

    @Test func sharingNeedsAPartnerAndProgressALinkedHabit() {
        #expect(throws: HabitFlowError.self) { try GoalRules.checkCanShare(partner: nil) }
        #expect(throws: Never.self) { try GoalRules.checkCanShare(partner: "bob") }
        let link = GoalLink(
            goalOwnerId: "alice", goalId: "g", habitId: "h1", contribution: .count, unit: nil, createdBy: "alice",
            createdAt: StoreContract.t0)
        #expect(throws: Never.self) { try GoalRules.checkLinked("h1", links: [link]) }
        #expect(throws: HabitFlowError.self) { try GoalRules.checkLinked("h2", links: [link]) }
    }
}
