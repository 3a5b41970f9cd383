/// A marker that a routine was started (003 §9.3.1): intent, never completion. Several may
/// exist for one routine and day; an abandoned one is not a failure and is never cleaned up.
public struct RoutineExecution: Hashable, Sendable {
    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The routine run.
    public var routineId: String
    /// The user whose record it is.
    public var ownerId: String
    /// When it started.
    public var startedAt: Instant
    /// The local day it was started on.
    public var dayKey: DayKey
    /// When it was deleted (a tombstone sync carries); `nil` while it exists.
    public var deletedAt: Instant?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(id: String, routineId: String, ownerId: String, startedAt: Instant, dayKey: DayKey, deletedAt: Instant?) {
        self.id = id
        self.routineId = routineId
        self.ownerId = ownerId
        self.startedAt = startedAt
        self.dayKey = dayKey
        self.deletedAt = deletedAt
    }
}
