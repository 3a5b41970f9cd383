/// A habit: what a user means to do, how it is measured and how often.
///
/// Editing a habit never rewrites its entries: changing the unit does not convert history,
/// and `multiplePerDay` is fixed at creation (it decides what an entry *is*).
public struct Habit: Hashable, Sendable {
    /// How a day's doing is measured.
    public enum Kind: String, Sendable, CaseIterable {
        /// Done or not done; entries carry no value.
        case binary
        /// A quantity in `unit` (steps, km, minutes); entries carry a value.
        case numeric
    }

    /// How often the habit is meant to happen.
    public enum Cadence: Hashable, Sendable {
        /// Every day.
        case daily
        /// N days a week (1 ... 7), any days.
        case timesPerWeek(Int)

        /// N for N per week, `nil` for daily.
        public var perWeek: Int? {
            if case let .timesPerWeek(n) = self { return n }
            return nil
        }
    }

    /// Whether the day's value must reach the target or stay under it.
    public enum TargetType: String, Sendable, CaseIterable {
        /// Met at the target or more (read 20 pages).
        case atLeast
        /// Met at the target or less (at most 2 coffees).
        case atMost
    }

    /// What a bundle parent asks of its children (SPEC §6).
    public enum Bundle: String, Sendable, CaseIterable {
        /// Complete on a day when every child (required that day) is.
        case all
        /// Complete when exactly one option is logged; a second option that day replaces the
        /// first only when confirmed.
        case choice
    }

    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The user whose record it is.
    public var ownerId: String
    /// Its name (unique among the user's habits, ignoring case).
    public var name: String
    /// Yes/no or an amount.
    public var kind: Kind
    /// The unit of numeric habits (`steps`, `km`); `nil` for binary habits.
    public var unit: String?
    /// Every day, or N days a week.
    public var cadence: Cadence
    /// Whether a day is met at the target or more (`atLeast`) or at most (`atMost`).
    public var targetType: TargetType
    /// Several entries per day (numeric or session habits only, explicit opt-in).
    public let multiplePerDay: Bool
    /// The category it is listed under.
    public var categoryId: String?
    /// Whether it is archived: hidden from Today, its history kept.
    public var archived: Bool
    /// A legacy goal text ("3 times per day") awaiting `engine.migrateLegacyTargets`.
    public var legacyGoal: String?
    /// When it was made: its history starts on that day.
    public var createdAt: Instant
    /// The DayKey the habit was created on, in the owner's zone then.
    public var createdDayKey: DayKey
    /// When it last changed.
    public var updatedAt: Instant
    /// When it was deleted (a tombstone sync carries); `nil` while it exists.
    public var deletedAt: Instant?
    /// Set on a bundle parent: the habit groups children and never has entries of its own.
    public var bundle: Bundle?
    /// Set on a bundle's child (an option, in a choice bundle): the parent's id.
    public var bundleId: String?
    /// The days it counted for each bundle it was in (SPEC §6a).
    public var bundleDays: BundleDays

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(
        id: String, ownerId: String, name: String, kind: Kind, unit: String?, cadence: Cadence,
        targetType: TargetType, multiplePerDay: Bool, categoryId: String?, archived: Bool,
        legacyGoal: String?, createdAt: Instant, createdDayKey: DayKey, updatedAt: Instant,
        deletedAt: Instant?, bundle: Bundle? = nil, bundleId: String? = nil, bundleDays: BundleDays = .none
    ) {
        self.id = id
        self.ownerId = ownerId
        self.name = name
        self.kind = kind
        self.unit = unit
        self.cadence = cadence
        self.targetType = targetType
        self.multiplePerDay = multiplePerDay
        self.categoryId = categoryId
        self.archived = archived
        self.legacyGoal = legacyGoal
        self.createdAt = createdAt
        self.createdDayKey = createdDayKey
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.bundle = bundle
        self.bundleId = bundleId
        self.bundleDays = bundleDays
    }

    /// The days it counts for bundle `id` (`nil`: none): the days recorded, else always
    /// while `bundleId` names it; a habit deleted before membership had days counts no more.
    public func days(in id: String) -> LinkedDays? {
        guard bundle == nil else { return nil }  // bundles do not nest
        if deletedAt != nil, !bundleDays.spans.contains(where: { $0.bundleId == id }) { return nil }
        return bundleDays.days(in: id, current: bundleId)
    }

    /// The bundle it counts for on `day` (`nil`: none); one at most, as it is in one at a time.
    public func bundleId(on day: DayKey) -> String? {
        guard bundle == nil else { return nil }
        if let id = bundleId, days(in: id)?.contains(day) == true { return id }
        return bundleDays.spans.first { $0.bundleId != bundleId && days(in: $0.bundleId)?.contains(day) == true }?.bundleId
    }

    /// Every bundle it is or was in, even for no day (joined and left on one day).
    public var bundlesNamed: [String] {
        var ids = bundleDays.spans.map(\.bundleId)
        if let id = bundleId, !ids.contains(id) { ids.append(id) }
        return ids
    }

    /// The first day a binary habit counts amounts: its schedule's `unitFrom` (`nil` for a
    /// numeric habit, which always does, and for a binary one that never became one).
    public func numericFrom(_ schedule: TargetSchedule) -> DayKey? {
        kind == .binary ? schedule.unitFrom : nil
    }

    /// The habit as it is on `day`: from `numericFrom` on, a binary habit is numeric in the
    /// unit in force then (what an entry of that day must carry).
    public func on(_ day: DayKey, _ schedule: TargetSchedule) -> Habit {
        guard let from = numericFrom(schedule), day >= from else { return self }
        var h = self
        h.kind = .numeric
        h.unit = schedule.versions.last { $0.effectiveDayKey <= day && $0.unit != nil }?.unit
        return h
    }

    /// Whether new entries may be logged: not archived, not deleted, not a bundle parent.
    public var acceptsEntries: Bool { !archived && deletedAt == nil && bundle == nil }

    /// The longest habit name accepted, in bytes.
    public static let maxNameLength = TextLimit.name

    /// Checks the fields a caller chose; throws naming the first bad one.
    public func validate() throws(HabitFlowError) {
        try RecordID.validate(id, field: "habitId")
        try TextLimit.checkName(name, field: "name", max: Habit.maxNameLength)
        if case let .timesPerWeek(n) = cadence, !(1...7).contains(n) {
            throw .invalid("timesPerWeek", "timesPerWeek must be 1 to 7")
        }
        switch kind {
        case .binary:
            guard unit == nil else { throw .invalid("unit", "binary habits have no unit") }
            guard !multiplePerDay else {
                throw .invalid("multiplePerDay", "multiplePerDay is for numeric or session habits only")
            }
        case .numeric:
            guard let unit, !unit.trimmingSpaces.isEmpty, unit.utf8.count <= TextLimit.unit else {
                throw .invalid("unit", "numeric habits need a unit of 1 to 32 bytes")
            }
            try TextLimit.checkLine(unit, field: "unit")
        }
        if let categoryId { try RecordID.validate(categoryId, field: "categoryId") }
        if let bundleId {
            try RecordID.validate(bundleId, field: "bundleId")
            guard bundleId != id else { throw .invalid("bundleId", "a habit cannot belong to itself") }
        }
        if let legacyGoal, legacyGoal.utf8.count > TextLimit.legacyGoal {
            throw .invalid("legacyGoal", "legacyGoal is longer than \(TextLimit.legacyGoal) bytes")
        }
        if bundle != nil {
            guard bundleId == nil else { throw .invalid("bundleId", "a bundle cannot belong to another bundle") }
            // Its cadence is its habits' (they share one, SPEC §4): daily, or N times a week.
            guard kind == .binary, targetType == .atLeast, !multiplePerDay else {
                throw .invalid("bundle", "a bundle is a yes/no habit with no unit or target of its own")
            }
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    public var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}
