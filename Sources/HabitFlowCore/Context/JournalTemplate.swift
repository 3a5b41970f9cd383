/// Named fields a journal entry can answer (003 §1.1 JournalTemplate).
public struct JournalTemplate: Hashable, Sendable {
    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The user whose record it is.
    public var ownerId: String
    /// Its name.
    public var name: String
    /// The fields an entry on it answers, in order (1 to 50 distinct names).
    public var fields: [String]
    /// When it was made.
    public var createdAt: Instant
    /// When it last changed.
    public var updatedAt: Instant
    /// When it was deleted (a tombstone sync carries); `nil` while it exists.
    public var deletedAt: Instant?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(
        id: String, ownerId: String, name: String, fields: [String], createdAt: Instant, updatedAt: Instant,
        deletedAt: Instant?
    ) {
        self.id = id
        self.ownerId = ownerId
        self.name = name
        self.fields = fields
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}
