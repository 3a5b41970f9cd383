import HabitFlowCore
import HabitFlowPostgres
import HabitFlowStore

/// Where the server keeps its users' replicas and their access tokens: PostgreSQL in service
/// (`ServerDatabase`), memory for the routes' in-process tests (`MemoryReplicas`). The
/// routes and `UserEngines` see only this.
public protocol ReplicaStore: Sendable {
    /// The store of `user`'s replica, its local changes stamped with `clock`'s time.
    func replica(of user: String, clock: @escaping @Sendable () -> Instant) -> any RecordStore
    /// Runs `body` with `user`'s replica as a request bearing their token `hash` reaches it,
    /// the token found live first (where the store can, in the same transaction as the first
    /// read `body` makes on that store: the store it is given carries the check).
    /// - Throws: `forbidden` naming `authorization` when the token is unknown or revoked.
    func asTokenUser<T>(
        _ user: String, hash: [UInt8], clock: @escaping @Sendable () -> Instant,
        _ body: (any RecordStore) throws(HabitFlowError) -> T
    ) throws(HabitFlowError) -> T
    /// Whether `user` has ever been given a token: a user of this server.
    func hasTokens(user: String) throws(HabitFlowError) -> Bool
    /// Whether a push would be taken now (the database answers and takes writes), run on a
    /// thread that may block; what `GET /v1/ready` answers.
    /// - Throws: `storage` naming `database` when it would not.
    func checkReady() async throws(HabitFlowError)
    /// Runs `body`, one request's work on this thread, within the request's deadline (the
    /// database's: all of its waits together ending at most the database timeout after
    /// `start`, when the request asked for a thread).
    func withinDeadline<T>(since start: ContinuousClock.Instant, _ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T
}

extension ServerDatabase: ReplicaStore {
    /// At most 2 s (HAProxy's check gives up after its own 2 s).
    public func checkReady() async throws(HabitFlowError) {
        try await perform { () throws(HabitFlowError) in
            try self.within(.seconds(2)) { () throws(HabitFlowError) in try self.checkWritable() }
        }
    }

    public func replica(of user: String, clock: @escaping @Sendable () -> Instant) -> any RecordStore {
        PostgresStore(database: self, user: user, clock: clock)
    }
}
