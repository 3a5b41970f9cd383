/// A long-horizon aim (SPEC §7; seeds 000, 001): a target over linked habits' entries.
///
/// A goal owns no history, no progress and no completion: all of it is derived from the
/// entries of its linked habits on every read. Nothing about it is punitive: no overdue, no
/// failure state; `targetDate` is informational only.
public struct Goal: Hashable, Sendable {
    /// What is aggregated.
    public enum Kind: String, Sendable, CaseIterable {
        /// Distinct entries of the linked habits.
        case count
        /// The sum of the linked habits' values, in the goal's unit.
        case quantity
    }

    /// How progress is read.
    public enum GoalType: String, Sendable, CaseIterable {
        /// A target per week; each week starts again from 0.
        case weeklyHabit
        /// Done or not done each week.
        case recurringTask
        /// A cumulative total over the goal's window.
        case targetAmount
    }

    /// What the user set. `completed` and `expired` are never stored: they are derived at the
    /// end of the window (see `GoalProgress.status`).
    public enum Status: String, Sendable, CaseIterable {
        /// Running.
        case active
        /// Paused by the user.
        case paused
        /// Done: a total reached, or a dated window ended with every week met (derived).
        case completed
        /// A dated window ended short of its target (derived).
        case expired
    }

    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The creator: the goal is theirs, and stays theirs when a partnership ends.
    public var ownerId: String
    /// Its title.
    public var title: String
    /// A longer text about it.
    public var description: String?
    /// An emoji.
    public var icon: String?
    /// The category it is listed under.
    public var categoryId: String?
    /// What it counts: days done, or an amount.
    public var kind: Kind
    /// How it counts: per week, a weekly task, or a total.
    public var type: GoalType
    /// Per week (`weeklyHabit`), the total (`targetAmount`); 1 for `recurringTask`.
    public var target: Double
    /// The unit of a quantity goal (`km`, `min`); `nil` for count goals.
    public var unit: String?
    /// 4, 8 or 12; `nil` for an ongoing goal.
    public var durationWeeks: Int?
    /// Its first day.
    public var startDayKey: DayKey
    /// A date the user aims at: shown with the goal, informational only (the window is
    /// `durationWeeks`').
    public var targetDate: DayKey?
    /// `active` or `paused`, as the user set it.
    public var userStatus: Status
    /// Visible to and trackable by the owner's partner.
    public var shared: Bool
    /// The order within its category (lower first); `nil` after the ordered ones.
    public var sortOrder: Int?
    /// When it was made.
    public var createdAt: Instant
    /// When it last changed.
    public var updatedAt: Instant
    /// When it was deleted (a tombstone that sync carries); `nil` while it exists.
    public var deletedAt: Instant?
    /// The partner it is shared with, named when it was shared: what was shared under one
    /// partnership never reaches a later partner (issue 56). Kept when the owner stops sharing
    /// it, so that partner's replicas learn of it (and of nothing after). `nil`: never shared,
    /// the partnership ended, or shared before goals named whom (then with whoever is the
    /// owner's partner).
    public var sharedWith: String?
    /// When its owner last decided who has it: made it, shared it, stopped sharing it,
    /// deleted or restored it. The later decision wins over any edit made without knowing of
    /// it, whatever the stamps (`SyncRules.replaces`): a partner's offline edit never undoes an
    /// unshare or a delete (issue 56). A partner's edit leaves it as it was. `nil`: stored
    /// before goals kept it (older than any decision).
    public var accessChangedAt: Instant?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(
        id: String, ownerId: String, title: String, description: String?, icon: String?, categoryId: String?,
        kind: Kind, type: GoalType, target: Double, unit: String?, durationWeeks: Int?, startDayKey: DayKey,
        targetDate: DayKey?, userStatus: Status, shared: Bool, sortOrder: Int?, createdAt: Instant, updatedAt: Instant,
        deletedAt: Instant? = nil, sharedWith: String? = nil, accessChangedAt: Instant? = nil
    ) {
        self.id = id
        self.ownerId = ownerId
        self.title = title
        self.description = description
        self.icon = icon
        self.categoryId = categoryId
        self.kind = kind
        self.type = type
        self.target = target
        self.unit = unit
        self.durationWeeks = durationWeeks
        self.startDayKey = startDayKey
        self.targetDate = targetDate
        self.userStatus = userStatus
        self.shared = shared
        self.sortOrder = sortOrder
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.sharedWith = sharedWith
        self.accessChangedAt = accessChangedAt
    }

    /// Records a decision of its owner on who has it, made at `now`: after any held one, even
    /// on a clock that is behind.
    public mutating func decideAccess(at now: Instant) {
        accessChangedAt = accessChangedAt.map { max(now, $0.successor()) } ?? now
    }

    /// Whether it is shared with `user` (a goal shared before goals named whom: with anyone
    /// who is the owner's partner).
    public func isShared(with user: String) -> Bool {
        shared && (sharedWith == nil || sharedWith == user)
    }

    /// The last day that counts: `durationWeeks` × 7 days from `startDayKey`; `nil` for an
    /// ongoing goal. It does not follow the user's first weekday, so changing that never moves
    /// a window (the weeks of `GoalProgress` group its days by the user's weeks).
    public var windowEnd: DayKey? {
        guard let durationWeeks else { return nil }
        return startDayKey.adding(days: 7 * durationWeeks - 1)
    }

    /// Whether the goal takes a place among the owner's active ones on `today`: set active or
    /// paused, and its window not yet over (completed and expired ones do not count).
    public func isOpen(today: DayKey) -> Bool {
        windowEnd.map { today <= $0 } ?? true
    }

    /// The most goals an owner may have active or paused (001 FR-006a).
    public static let maxActive = 10
    /// The durations an app offers, in weeks.
    public static let durations = [4, 8, 12]

    /// Checks the fields a caller chose; throws naming the first bad one.
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "goalId")
        try TextLimit.checkName(title, field: "title")
        if let description, description.utf8.count > 2000 {
            throw HabitFlowError(.limitExceeded, "description is longer than 2000 bytes", field: "description")
        }
        if let icon {
            guard !icon.isEmpty, icon.unicodeScalars.count <= 8, !icon.unicodeScalars.contains(where: { $0.value < 0x80 }) else {
                throw .invalid("icon", "icon must be one emoji")
            }
        }
        if let categoryId { try RecordID.validate(categoryId, field: "categoryId") }
        guard target.isFinite, target > 0, target <= HabitEntry.maxValue else {
            throw .invalid("target", "target must be a number above 0")
        }
        switch kind {
        case .count:
            guard unit == nil else { throw .invalid("unit", "count goals have no unit (they count entries)") }
            guard target == target.rounded() else { throw .invalid("target", "a count goal's target is a whole number") }
        case .quantity:
            guard let unit, !unit.trimmingSpaces.isEmpty, unit.utf8.count <= TextLimit.unit else {
                throw .invalid("unit", "quantity goals need a unit of 1 to 32 bytes")
            }
        }
        if type == .recurringTask, target != 1 { throw .invalid("target", "a recurring task's target is 1 (done this week)") }
        if let durationWeeks, !Goal.durations.contains(durationWeeks) {
            throw .invalid("durationWeeks", "durationWeeks must be 4, 8, 12 or null (ongoing)")
        }
        guard userStatus == .active || userStatus == .paused else {
            throw .invalid("status", "a goal is set active or paused; completed and expired are derived")
        }
    }
}
