/// What a Loop Habit Tracker backup holds that HabitFlow takes: its habits and their
/// checkmarks, read from Loop's SQLite backup (schema 8–25) or its CSV export.
public struct LoopBackup: Sendable, Equatable {
    public var habits: [LoopHabit]

    public init(habits: [LoopHabit]) { self.habits = habits }
}

/// One Loop habit, as Loop stores it.
public struct LoopHabit: Sendable, Equatable {
    /// Loop's uuid (newer backups), else a key made from its row id or position: how a
    /// second import finds the habit again.
    public var key: String
    public var name: String
    public var description: String?
    /// Loop's frequency: `numerator` times every `denominator` days.
    public var numerator: Int
    public var denominator: Int
    public var numerical: Bool
    public var unit: String?
    /// Numerical habits: the target, and whether it is a ceiling (Loop's AT_MOST).
    public var target: Double?
    public var atMost: Bool
    public var archived: Bool
    /// Checkmarks by day, as Loop wrote them.
    public var checkmarks: [LoopCheckmark]

    public init(
        key: String, name: String, description: String? = nil, numerator: Int, denominator: Int, numerical: Bool,
        unit: String? = nil, target: Double? = nil, atMost: Bool = false, archived: Bool = false, checkmarks: [LoopCheckmark] = []
    ) {
        self.key = key
        self.name = name
        self.description = description
        self.numerator = numerator
        self.denominator = denominator
        self.numerical = numerical
        self.unit = unit
        self.target = target
        self.atMost = atMost
        self.archived = archived
        self.checkmarks = checkmarks
    }
}

/// A day of a Loop habit, its value already read (see `LoopMapping.mark`).
public struct LoopCheckmark: Sendable, Equatable {
    public var day: DayKey
    public var mark: LoopMark
    public var note: String?

    public init(day: DayKey, mark: LoopMark, note: String? = nil) {
        self.day = day
        self.mark = mark
        self.note = note
    }
}

/// What a Loop checkmark means here.
public enum LoopMark: Sendable, Equatable {
    /// Done: an entry on that day (with a value for numerical habits).
    case done(Double?)
    /// Loop's SKIP: a day off (target 0 that day).
    case skip
    /// NO, UNKNOWN, YES_AUTO (Loop's own inference), or a numerical 0: nothing is created.
    case nothing
}
