/// A suggestion that a habit may have been done (003 §7.6): never truth. Confirming it turns
/// it into an entry once; dismissing it, deleting its execution, or its day passing ends it.
public struct HabitPotentialEvidence: Hashable, Sendable {
    /// How evidence ended. Kept with the tombstone so replicas agree (confirmation wins).
    public enum Resolution: String, Sendable, CaseIterable {
        /// The user confirmed it: it became an entry.
        case confirmed
        /// The user said it was not done.
        case dismissed
        /// Its routine execution was deleted.
        case withdrawn
    }

    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The routine run that suggested it.
    public var executionId: String
    /// The habit the run may have done.
    public var habitId: String
    /// The user whose record it is.
    public var ownerId: String
    /// The day it belongs to: its local date in the user's zone when it was recorded.
    public var dayKey: DayKey
    /// When the run suggested it.
    public var createdAt: Instant
    /// When it ended; `nil` while it stands.
    public var deletedAt: Instant?
    /// What the user made of it; `nil` while open.
    public var resolution: Resolution?
    /// The entry a confirmation created or updated.
    public var entryId: String?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(
        id: String, executionId: String, habitId: String, ownerId: String, dayKey: DayKey, createdAt: Instant,
        deletedAt: Instant?, resolution: Resolution?, entryId: String?
    ) {
        self.id = id
        self.executionId = executionId
        self.habitId = habitId
        self.ownerId = ownerId
        self.dayKey = dayKey
        self.createdAt = createdAt
        self.deletedAt = deletedAt
        self.resolution = resolution
        self.entryId = entryId
    }

    /// Whether it can still be confirmed or dismissed on `today`: not ended, of today.
    public func stands(today: DayKey) -> Bool { deletedAt == nil && dayKey == today }
}
