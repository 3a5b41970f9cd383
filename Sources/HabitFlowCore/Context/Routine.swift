/// An ordered list of habits done together (003 §2.3). Structure only: it never creates an
/// entry, and nothing about it is ever "complete".
public struct Routine: Hashable, Sendable {
    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The user whose record it is.
    public var ownerId: String
    /// Its name.
    public var name: String
    /// The habits, in the order they are done.
    public var habitIds: [String]
    /// When it was made.
    public var createdAt: Instant
    /// When it last changed.
    public var updatedAt: Instant
    /// When it was deleted (a tombstone sync carries); `nil` while it exists.
    public var deletedAt: Instant?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(
        id: String, ownerId: String, name: String, habitIds: [String], createdAt: Instant, updatedAt: Instant,
        deletedAt: Instant?
    ) {
        self.id = id
        self.ownerId = ownerId
        self.name = name
        self.habitIds = habitIds
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}
