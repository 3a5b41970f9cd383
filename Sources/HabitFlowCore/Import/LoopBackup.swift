/// What a Loop Habit Tracker backup holds that HabitFlow takes: its habits and their
/// checkmarks, read from Loop's SQLite backup (schema 8–25) or its CSV export.
public struct LoopBackup: Sendable, Equatable {
    /// Its habits, in Loop's order.
    public var habits: [LoopHabit]

    /// A backup of `habits`.
    public init(habits: [LoopHabit]) { self.habits = habits }
}

/// One Loop habit, as Loop stores it.
public struct LoopHabit: Sendable, Equatable {
    /// Loop's uuid (newer backups), else a key made from its row id or position: how a
    /// second import finds the habit again.
    public var key: String
    /// Its name in Loop.
    public var name: String
    /// Loop's question or description.
    public var description: String?
    /// Loop's frequency: `numerator` times every `denominator` days.
    public var numerator: Int
    /// Loop's frequency denominator: done `numerator` times in this many days.
    public var denominator: Int
    /// Whether Loop counts an amount instead of yes/no.
    public var numerical: Bool
    /// A numerical habit's unit.
    public var unit: String?
    /// Numerical habits: the target, and whether it is a ceiling (Loop's AT_MOST).
    public var target: Double?
    /// Whether a numerical habit's target is a maximum.
    public var atMost: Bool
    /// Whether Loop archived it.
    public var archived: Bool
    /// Checkmarks by day, as Loop wrote them.
    public var checkmarks: [LoopCheckmark]

    /// A habit as Loop keeps it.
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
    /// The day.
    public var day: DayKey
    /// What Loop recorded that day.
    public var mark: LoopMark
    /// The day's note.
    public var note: String?

    /// A day's mark.
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
