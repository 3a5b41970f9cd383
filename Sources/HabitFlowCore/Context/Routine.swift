/// An ordered list of habits done together (003 §2.3). Structure only: it never creates an
/// entry, and nothing about it is ever "complete".
public struct Routine: Hashable, Sendable {
    public var id: String
    public var ownerId: String
    public var name: String
    /// The habits, in the order they are done.
    public var habitIds: [String]
    public var createdAt: Instant
    public var updatedAt: Instant
    public var deletedAt: Instant?

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
