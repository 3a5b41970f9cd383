import HabitFlowCore

/// What a store kept in a file can do that others cannot: tell that opening it found a copy of
/// another store, and write a consistent copy of itself. The engine asks a store for these by
/// this protocol (never by its type), and answers a clear error where a store has none.
public protocol FileStore: RecordStore {
    /// The file, or nil when the store lives in memory (nothing to copy).
    var filePath: String? { get }
    /// What opening the file found that a person should hear (a copy of another store's file
    /// took a new replica id), or nil.
    var copyNotice: String? { get }
    /// Writes a consistent copy to a new file at `path`, with this store's replica id, or a
    /// new one when `newReplica` (a store to carry to another device); returns the copy's id.
    /// - Throws: `conflict` when `path` exists, `storage` when it cannot be written.
    func copy(to path: String, newReplica: Bool) throws(HabitFlowError) -> String
}
