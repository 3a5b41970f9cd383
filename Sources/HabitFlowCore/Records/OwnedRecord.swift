/// A record that belongs to one user, named by its `ownerId`: the engine checks that owner
/// in one place (`Engine.owned`) before a request reads or changes the record.
public protocol OwnedRecord: StoredRecord {
    /// The user whose record it is.
    var ownerId: String { get }
    /// What people call the record in a message ("habit", "journal entry").
    static var noun: String { get }
}

extension Habit: OwnedRecord { public static var noun: String { "habit" } }
extension Category: OwnedRecord { public static var noun: String { "category" } }
extension Goal: OwnedRecord { public static var noun: String { "goal" } }
extension Routine: OwnedRecord { public static var noun: String { "routine" } }
extension RoutineExecution: OwnedRecord { public static var noun: String { "execution" } }
extension HabitPotentialEvidence: OwnedRecord { public static var noun: String { "evidence" } }
extension JournalTemplate: OwnedRecord { public static var noun: String { "template" } }
extension JournalEntry: OwnedRecord { public static var noun: String { "journal entry" } }
extension HabitEntryReflection: OwnedRecord { public static var noun: String { "reflection" } }
extension WellbeingMetricEntry: OwnedRecord { public static var noun: String { "wellbeing entry" } }
extension Lens: OwnedRecord { public static var noun: String { "lens" } }
