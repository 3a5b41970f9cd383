/// A named group for habits and goals, in the user's order (000 "Sorting & Organization").
public struct Category: Hashable, Sendable {
    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The user whose record it is.
    public var ownerId: String
    /// Its name.
    public var name: String
    /// Categories are listed by this, then by name.
    public var sortOrder: Int
    /// When it was made.
    public var createdAt: Instant
    /// When it was deleted (a tombstone that sync carries); `nil` while it exists.
    public var deletedAt: Instant?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(id: String, ownerId: String, name: String, sortOrder: Int, createdAt: Instant, deletedAt: Instant? = nil) {
        self.id = id
        self.ownerId = ownerId
        self.name = name
        self.sortOrder = sortOrder
        self.createdAt = createdAt
        self.deletedAt = deletedAt
    }
}
