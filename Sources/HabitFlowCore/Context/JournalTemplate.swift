/// Named fields a journal entry can answer (003 §1.1 JournalTemplate).
public struct JournalTemplate: Hashable, Sendable {
    public var id: String
    public var ownerId: String
    public var name: String
    public var fields: [String]
    public var createdAt: Instant
    public var updatedAt: Instant
    public var deletedAt: Instant?

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
