/// A short note on one entry (003 HabitEntryReflection): micro-context, never behaviour.
public struct HabitEntryReflection: Hashable, Sendable {
    public var id: String
    public var entryId: String
    public var ownerId: String
    public var text: String
    public var createdAt: Instant
    public var updatedAt: Instant
    public var deletedAt: Instant?

    public init(
        id: String, entryId: String, ownerId: String, text: String, createdAt: Instant, updatedAt: Instant,
        deletedAt: Instant?
    ) {
        self.id = id
        self.entryId = entryId
        self.ownerId = ownerId
        self.text = text
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }

    public static let maxText = 1000
}
