/// A habit counted toward a goal (000 GoalLink).
public struct GoalLink: Hashable, Sendable {
    /// How the habit's entries count.
    public enum Contribution: String, Sendable, CaseIterable {
        /// Each distinct active entry counts 1.
        case count
        /// Each entry's value counts, converted to the goal's unit.
        case sum
    }

    /// The goal's owner: the user's own, or their partner's shared goal (ids are per owner).
    public var goalOwnerId: String
    /// The goal it belongs to.
    public var goalId: String
    /// A habit of `createdBy`.
    public var habitId: String
    /// How the habit's entries add to the goal.
    public var contribution: Contribution
    /// The unit the habit's values are in (its unit when linked); `nil` for count links.
    public var unit: String?
    /// Who made the link (the habit's owner).
    public var createdBy: String
    /// When it was made.
    public var createdAt: Instant
    /// When it was deleted (a tombstone that sync carries); `nil` while it exists. An unlink
    /// ends `linkedDays` instead while the link has counted a day.
    public var deletedAt: Instant?
    /// The days it counts (SPEC §6a: links are date-effective).
    public var linkedDays: LinkedDays

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(
        goalOwnerId: String, goalId: String, habitId: String, contribution: Contribution, unit: String?, createdBy: String,
        createdAt: Instant,
        deletedAt: Instant? = nil, linkedDays: LinkedDays = .always
    ) {
        self.goalOwnerId = goalOwnerId
        self.goalId = goalId
        self.habitId = habitId
        self.contribution = contribution
        self.unit = unit
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.deletedAt = deletedAt
        self.linkedDays = linkedDays
    }

    /// Whether the habit counts toward the goal on `day`.
    @inline(__always)
    public func counts(on day: DayKey) -> Bool { deletedAt == nil && linkedDays.contains(day) }

    /// Whether it is linked now (its days run on): what a goal lists as its habits, what may
    /// be logged from the goal, what a new link of the same habit would repeat.
    public var isLinked: Bool { deletedAt == nil && linkedDays.isOpen }
}
