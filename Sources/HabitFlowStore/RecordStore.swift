import HabitFlowCore

/// What the engine needs from storage: records by id and by day, writes, transactions.
///
/// The core knows nothing of it; the engine (the `HabitFlow` target) drives it. Every method
/// except `write` and `read` must be called inside one of them.
public protocol RecordStore: AnyObject, Sendable {
    /// Runs `body` in one write transaction: all of it is stored, or none.
    func write<T>(_ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T
    /// Runs `body` over one consistent snapshot.
    func read<T>(_ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T

    func user(_ id: String) throws(HabitFlowError) -> UserProfile?
    func save(_ user: UserProfile) throws(HabitFlowError)
    /// A stand-in profile for a partner who keeps their own store (replaced by theirs on sync).
    func savePlaceholder(_ user: UserProfile) throws(HabitFlowError)

    func habit(_ id: String) throws(HabitFlowError) -> Habit?
    func habits(owner: String) throws(HabitFlowError) -> [Habit]
    func insert(_ habit: Habit) throws(HabitFlowError)
    func update(_ habit: Habit) throws(HabitFlowError)

    func entry(_ id: String) throws(HabitFlowError) -> HabitEntry?
    /// The habit's active (not deleted) entries on one day.
    func activeEntries(habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry]
    /// The habit's entries in a day range (inclusive), oldest day first.
    func entries(habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws(HabitFlowError) -> [HabitEntry]
    /// Every habit of `owner` with active entries: per day, how many and the sum of values.
    func activeDays(owner: String) throws(HabitFlowError) -> [String: ActiveDays]
    func insert(_ entry: HabitEntry, multiplePerDay: Bool) throws(HabitFlowError)
    func update(_ entry: HabitEntry) throws(HabitFlowError)

    func targetVersions(habit: String) throws(HabitFlowError) -> [TargetVersion]
    /// The versions of every habit of `owner`, any order.
    func targetVersions(owner: String) throws(HabitFlowError) -> [TargetVersion]
    func insert(_ version: TargetVersion) throws(HabitFlowError)
    // Goals (soft-deleted; links removed with them), partnerships (both directions), categories.
    func goal(_ id: String) throws(HabitFlowError) -> Goal?
    /// Whether a goal row with `id` exists, deleted or not (ids are never reused).
    func goalExists(_ id: String) throws(HabitFlowError) -> Bool
    func goals(owners: [String]) throws(HabitFlowError) -> [Goal]
    func insert(_ goal: Goal) throws(HabitFlowError)
    func update(_ goal: Goal) throws(HabitFlowError)
    func deleteGoal(_ id: String, at: Instant) throws(HabitFlowError)
    func links(goal: String) throws(HabitFlowError) -> [GoalLink]
    func insert(_ link: GoalLink) throws(HabitFlowError)
    func deleteLink(goal: String, habit: String, at: Instant) throws(HabitFlowError)
    func partnership(user: String) throws(HabitFlowError) -> Partnership?
    func link(partners a: String, _ b: String, at: Instant) throws(HabitFlowError)
    func unlink(partners a: String, _ b: String, at: Instant) throws(HabitFlowError)
    func categories(owner: String) throws(HabitFlowError) -> [Category]
    func save(_ category: Category) throws(HabitFlowError)
    func deleteCategory(_ id: String, at: Instant) throws(HabitFlowError)

    // Around the truth (003 §9): saved whole (upsert by id), soft-deleted.
    func save(_ routine: Routine) throws(HabitFlowError)
    func routine(_ id: String) throws(HabitFlowError) -> Routine?
    func routines(owner: String) throws(HabitFlowError) -> [Routine]
    func save(_ execution: RoutineExecution) throws(HabitFlowError)
    func execution(_ id: String) throws(HabitFlowError) -> RoutineExecution?
    func executions(owner: String) throws(HabitFlowError) -> [RoutineExecution]
    func save(_ evidence: HabitPotentialEvidence) throws(HabitFlowError)
    func evidence(_ id: String) throws(HabitFlowError) -> HabitPotentialEvidence?
    func evidence(owner: String) throws(HabitFlowError) -> [HabitPotentialEvidence]
    func evidence(execution: String) throws(HabitFlowError) -> [HabitPotentialEvidence]
    func save(_ template: JournalTemplate) throws(HabitFlowError)
    func template(_ id: String) throws(HabitFlowError) -> JournalTemplate?
    func templates(owner: String) throws(HabitFlowError) -> [JournalTemplate]
    func save(_ journal: JournalEntry) throws(HabitFlowError)
    func journal(_ id: String) throws(HabitFlowError) -> JournalEntry?
    func journals(owner: String) throws(HabitFlowError) -> [JournalEntry]
    func save(_ reflection: HabitEntryReflection) throws(HabitFlowError)
    func reflection(_ id: String) throws(HabitFlowError) -> HabitEntryReflection?
    func reflections(owner: String) throws(HabitFlowError) -> [HabitEntryReflection]
    func save(_ entry: WellbeingMetricEntry) throws(HabitFlowError)
    func wellbeingEntry(_ id: String) throws(HabitFlowError) -> WellbeingMetricEntry?
    func wellbeing(owner: String) throws(HabitFlowError) -> [WellbeingMetricEntry]
    func save(_ lens: Lens) throws(HabitFlowError)
    func lens(_ id: String) throws(HabitFlowError) -> Lens?
    func lenses(owner: String) throws(HabitFlowError) -> [Lens]

    /// Changes when anything in the store may have changed, by this handle or another
    /// connection: the key of read caches. Call it inside `read`.
    func stamp() throws(HabitFlowError) -> StoreStamp

    func flag(user: String, key: String) throws(HabitFlowError) -> String?
    func setFlag(user: String, key: String, value: String) throws(HabitFlowError)
}

/// A habit's active entries per day, ascending, as the store aggregates them.
public struct ActiveDays: Sendable {
    /// Day numbers (days since 1970-01-01), ascending.
    public var days: [Int32] = []
    /// Active entries on each day.
    public var counts: [Int32] = []
    /// The sum of their values (0 when none has a value).
    public var sums: [Double] = []

    public init() {}
}

/// Identifies a state of the store for read caches (see `RecordStore.stamp()`).
public struct StoreStamp: Equatable, Sendable {
    public var dataVersion: Int64
    public var localWrites: UInt64
}
