/// The kinds of record the engine keeps, each with its one description of columns.
///
/// These names are the store's columns and the sync format's fields (`ChangeRecord`): every
/// store builds its statements from them and every synced record is checked against them, so
/// a column is named once. Cases are declared parents first (a habit before its entries), so
/// a change set sorted by kind applies in one pass.
public enum RecordKind: String, CaseIterable, Sendable, Comparable {
    /// The truth layer and goals, parents before the records that point at them.
    case user, habit, category, goal, targetVersion, entry, goalLink, partnership
    /// The context records: routines and their runs, evidence, journals, reflections,
    /// wellbeing readings, lenses.
    case routine, routineExecution, evidence, journalTemplate, journal, reflection, wellbeing, lens
    /// Added after the others (store schema 11): last, so every earlier kind keeps its place.
    case goalVersion

    /// The table (or collection) that holds this kind.
    public var table: String {
        switch self {
        case .user: "users"
        case .habit: "habits"
        case .category: "categories"
        case .goal: "goals"
        case .targetVersion: "target_versions"
        case .entry: "entries"
        case .goalLink: "goal_links"
        case .partnership: "partnerships"
        case .routine: "routines"
        case .routineExecution: "routine_executions"
        case .evidence: "evidence"
        case .journalTemplate: "journal_templates"
        case .journal: "journal_entries"
        case .reflection: "reflections"
        case .wellbeing: "wellbeing_entries"
        case .lens: "lenses"
        case .goalVersion: "goal_versions"
        }
    }

    /// The columns that identify a record. Ids are the owner's own: two users may each hold
    /// a record with the same id, so every key but a user's leads with its owner (a link's
    /// goal belongs to `goal_owner_id`, its habit to `created_by`).
    public var key: [String] {
        switch self {
        case .user: ["id"]
        case .goalLink: ["goal_owner_id", "goal_id", "created_by", "habit_id"]
        case .partnership: ["user_id"]
        default: ["owner_id", "id"]
        }
    }

    /// The column naming whose record it is (for a link: the habit's owner, who made it).
    public var ownerColumn: String {
        switch self {
        case .user: "id"
        case .goalLink: "created_by"
        case .partnership: "user_id"
        default: "owner_id"
        }
    }

    /// Columns added after the kind first synced: a change set written before them leaves
    /// them out, and they read as null (a target version's `paused` null: see `TargetVersion`).
    public var addedColumns: [String] {
        switch self {
        case .targetVersion: ["paused", "cadence", "times_per_week", "target_type", "unit"]
        case .goalLink: ["linked_days"]
        case .user: ["earlier_first_weekdays"]
        case .wellbeing: ["source"]
        case .habit: ["bundle_days"]
        case .partnership: ["accepted_invitation_at"]
        case .goal: ["shared_with", "access_changed_at"]
        default: []
        }
    }

    /// Every column of the kind, in the order rows hold them: its record type's `Columns`.
    public var columns: [String] { Self.columnLists[ordinal] }

    /// A row of this kind (values in `columns` order) as a sync change with `stamp`.
    public func change(_ values: [ChangeRecord.Value], stamp: HybridTimestamp) -> ChangeRecord {
        ChangeRecord(kind: rawValue, stamp: stamp, fields: columns.enumerated().map { ($0.element, values[$0.offset]) })
    }

    /// The position of column `name` in `columns` (a table lookup: sync and every store ask often).
    /// Every row decode asks once per column, so it is a scan of at most 19 short names (most
    /// compare as two machine words), not a hashed lookup: hashing cost more than the row.
    public func index(of name: String) -> Int? {
        Self.columnLists[ordinal].firstIndex(of: name)
    }

    /// The kind's place in declaration order (`allCases` builds an array on every call).
    public var ordinal: Int {
        switch self {
        case .user: 0
        case .habit: 1
        case .category: 2
        case .goal: 3
        case .targetVersion: 4
        case .entry: 5
        case .goalLink: 6
        case .partnership: 7
        case .routine: 8
        case .routineExecution: 9
        case .evidence: 10
        case .journalTemplate: 11
        case .journal: 12
        case .reflection: 13
        case .wellbeing: 14
        case .lens: 15
        case .goalVersion: 16
        }
    }

    /// Parents before children: declaration order.
    public static func < (a: Self, b: Self) -> Bool { a.ordinal < b.ordinal }

    /// The kind a sync change names (`"entry"`, `"goalLink"`, …).
    public init?(syncName: String) { self.init(rawValue: syncName) }

    /// Each kind's column names, from its record type's `Columns` (read once).
    private static let columnLists: [[String]] = allCases.map { names(of: $0.recordType) }

    private static func names<R: StoredRecord>(of _: R.Type) -> [String] { R.columnNames }
}

extension RecordKind {
    /// The record type stored under this kind.
    public var recordType: any StoredRecord.Type {
        switch self {
        case .user: UserProfile.self
        case .habit: Habit.self
        case .category: Category.self
        case .goal: Goal.self
        case .targetVersion: TargetVersion.self
        case .entry: StoredEntry.self
        case .goalLink: GoalLink.self
        case .partnership: Partnership.self
        case .routine: Routine.self
        case .routineExecution: RoutineExecution.self
        case .evidence: HabitPotentialEvidence.self
        case .journalTemplate: JournalTemplate.self
        case .journal: JournalEntry.self
        case .reflection: HabitEntryReflection.self
        case .wellbeing: WellbeingMetricEntry.self
        case .lens: Lens.self
        case .goalVersion: GoalVersion.self
        }
    }
}

extension RecordKind {
    /// The columns that point at another record, and the kind each points at: `columns` give
    /// the parent's key, in its order (an id is its owner's, so a reference names the owner
    /// too). A store holds no record whose reference is dangling (a change set may carry
    /// parents after children; the check then runs when the whole set is in). A reference
    /// with a null column points nowhere.
    public var references: [(columns: [String], kind: RecordKind)] {
        switch self {
        case .user: []
        case .habit: [(["owner_id"], .user), (["owner_id", "bundle_id"], .habit)]
        case .category, .goal, .routine, .journalTemplate, .journal, .wellbeing, .lens: [(["owner_id"], .user)]
        case .targetVersion, .entry: [(["owner_id", "habit_id"], .habit)]
        case .goalLink: [(["goal_owner_id", "goal_id"], .goal), (["created_by", "habit_id"], .habit)]
        case .partnership: [(["user_id"], .user), (["partner_id"], .user)]
        case .routineExecution: [(["owner_id", "routine_id"], .routine)]
        case .evidence: [(["owner_id", "execution_id"], .routineExecution), (["owner_id", "habit_id"], .habit)]
        case .reflection: [(["owner_id", "entry_id"], .entry)]
        case .goalVersion: [(["owner_id", "goal_id"], .goal)]
        }
    }
}

extension RecordKind {
    /// The kinds a partnership shares besides profiles and sides (`SyncRules.visible`): goals
    /// with their target versions, links to them, linked habits with their targets and entries.
    public static let sharedByPartners: Set<RecordKind> = [.habit, .goal, .targetVersion, .entry, .goalLink, .goalVersion]

    /// What a store's `forget(owner:)` drops, children first: the shared kinds, by the columns
    /// naming the user a row belongs to (a link belongs to who made it and to whose goal it
    /// points). Never a kind no partnership shares: such a record is its owner's own here.
    public static let forgettable: [(kind: RecordKind, columns: [String])] = allCases.reversed()
        .filter { sharedByPartners.contains($0) }
        .map { ($0, $0 == .goalLink ? ["created_by", "goal_owner_id"] : [$0.ownerColumn]) }
}
