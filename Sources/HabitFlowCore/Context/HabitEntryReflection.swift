/// A short note on one entry (003 HabitEntryReflection): micro-context, never behaviour.
public struct HabitEntryReflection: Hashable, Sendable {
    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The entry it is about.
    public var entryId: String
    /// The user whose record it is.
    public var ownerId: String
    /// What the user wrote about the entry (at most `maxText` bytes).
    public var text: String
    /// When it was made.
    public var createdAt: Instant
    /// When it last changed.
    public var updatedAt: Instant
    /// When it was deleted (a tombstone sync carries); `nil` while it exists.
    public var deletedAt: Instant?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
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

    /// The longest `text`, in bytes.
    public static let maxText = 1000
}
