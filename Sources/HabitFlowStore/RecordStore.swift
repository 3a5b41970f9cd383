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

    func habit(_ id: String) throws(HabitFlowError) -> Habit?
    func habits(owner: String) throws(HabitFlowError) -> [Habit]
    func insert(_ habit: Habit) throws(HabitFlowError)
    func update(_ habit: Habit) throws(HabitFlowError)

    func entry(_ id: String) throws(HabitFlowError) -> HabitEntry?
    /// The habit's active (not deleted) entries on one day.
    func activeEntries(habit: String, day: DayKey) throws(HabitFlowError) -> [HabitEntry]
    /// The habit's entries in a day range (inclusive), oldest day first.
    func entries(habit: String, from: DayKey?, to: DayKey?, includeDeleted: Bool) throws(HabitFlowError) -> [HabitEntry]
    func insert(_ entry: HabitEntry, multiplePerDay: Bool) throws(HabitFlowError)
    func update(_ entry: HabitEntry) throws(HabitFlowError)

    func targetVersions(habit: String) throws(HabitFlowError) -> [TargetVersion]
    func insert(_ version: TargetVersion) throws(HabitFlowError)

    func flag(user: String, key: String) throws(HabitFlowError) -> String?
    func setFlag(user: String, key: String, value: String) throws(HabitFlowError)
}
