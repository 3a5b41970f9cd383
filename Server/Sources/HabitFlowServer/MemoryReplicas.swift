import HabitFlow
import HabitFlowCore
import HabitFlowStore
import NIOConcurrencyHelpers

/// Replicas and tokens in memory, gone with the process: the server's routes tested in
/// process (`HummingbirdTesting`), with no database.
public final class MemoryReplicas: ReplicaStore {
    private let state = NIOLockedValueBox<(replicas: [String: MemoryStore], tokens: [String: Set<[UInt8]>])>(([:], [:]))

    public init() {}

    /// Makes `token` live; its user's replica holds a profile from then on (a stand-in until
    /// their device's arrives), as `ServerDatabase.addToken` makes it. A replica made here
    /// stamps its local changes with `clock`.
    public func add(_ token: AccessToken, clock: @escaping @Sendable () -> Instant = { SystemClock.now() }) throws(HabitFlowError) {
        try replica(of: token.user, clock: clock).write { tx throws(HabitFlowError) in
            try tx.ensurePlaceholderProfile(of: token.user)
        }
        state.withLockedValue { _ = $0.tokens[token.user, default: []].insert(token.hash) }
    }

    /// Makes `token` refused from now on (its user stays a user of the server).
    public func revoke(_ token: AccessToken) {
        state.withLockedValue { _ = $0.tokens[token.user]?.remove(token.hash) }
    }

    public func replica(of user: String, clock: @escaping @Sendable () -> Instant) -> any RecordStore {
        state.withLockedValue { state in
            if let held = state.replicas[user] { return held }
            let made = MemoryStore(clock: clock)
            state.replicas[user] = made
            return made
        }
    }

    public func asTokenUser<T>(
        _ user: String, hash: [UInt8], clock: @escaping @Sendable () -> Instant,
        _ body: (any RecordStore) throws(HabitFlowError) -> T
    ) throws(HabitFlowError) -> T {
        guard state.withLockedValue({ $0.tokens[user]?.contains(hash) == true }) else {
            throw HabitFlowError(.forbidden, "the token is unknown or revoked", field: "authorization")
        }
        return try body(replica(of: user, clock: clock))
    }

    /// Memory never waits: no deadline.
    public func withinDeadline<T>(since start: ContinuousClock.Instant, _ body: () throws(HabitFlowError) -> T) throws(HabitFlowError) -> T
    {
        try body()
    }

    /// Memory is always ready.
    public func checkReady() async throws(HabitFlowError) {}

    public func hasTokens(user: String) throws(HabitFlowError) -> Bool {
        state.withLockedValue { $0.tokens[user] != nil }
    }
}
