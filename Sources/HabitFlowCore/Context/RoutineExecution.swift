/// A marker that a routine was started (003 §9.3.1): intent, never completion. Several may
/// exist for one routine and day; an abandoned one is not a failure and is never cleaned up.
public struct RoutineExecution: Hashable, Sendable {
    public var id: String
    public var routineId: String
    public var ownerId: String
    public var startedAt: Instant
    /// The local day it was started on.
    public var dayKey: DayKey
    public var deletedAt: Instant?

    public init(id: String, routineId: String, ownerId: String, startedAt: Instant, dayKey: DayKey, deletedAt: Instant?) {
        self.id = id
        self.routineId = routineId
        self.ownerId = ownerId
        self.startedAt = startedAt
        self.dayKey = dayKey
        self.deletedAt = deletedAt
    }
}
