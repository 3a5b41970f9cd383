import Synchronization

/// The small keys the typed tables hold for users (`user_keys`) and replicas (`replica_keys`),
/// with their names. A key never changes its name, so the process keeps every one it has seen;
/// `TypedStorage.learnKeys` and `learnNames` fill in what it lacks from the database. Keys are
/// made outside every transaction (`ServerDatabase.makeKeys`), so each one known is committed.
///
/// Every row read or written asks it a few times, from every thread: one lock for the process
/// was a tenth of the server's time, waiting. A transaction asks its own (`init(over:)`),
/// which asks the process's once for each name it has not seen.
final class KeyNames: Sendable {
    /// The process's, under a transaction's own.
    private let shared: KeyNames?

    init() { shared = nil }

    /// A transaction's own, over the process's `shared`.
    init(over shared: KeyNames) { self.shared = shared }

    private struct Map {
        var keys: [String: Int32] = [:]
        var names: [Int32: String] = [:]

        mutating func learn(_ key: Int32, _ name: String) {
            keys[name] = key
            names[key] = name
        }
    }

    private let users = Mutex(Map())
    private let replicas = Mutex(Map())

    func userKey(_ id: String) -> Int32? { find(users, { $0.keys[id] }, { $0.userKey(id) }) { ($0, id) } }
    func userId(_ key: Int32) -> String? { find(users, { $0.names[key] }, { $0.userId(key) }) { (key, $0) } }
    func replicaKey(_ id: String) -> Int32? { find(replicas, { $0.keys[id] }, { $0.replicaKey(id) }) { ($0, id) } }
    func replicaId(_ key: Int32) -> String? { find(replicas, { $0.names[key] }, { $0.replicaId(key) }) { (key, $0) } }

    /// A key or a name from `map`, else from the process's (then kept in `map` too).
    private func find<V>(
        _ map: borrowing Mutex<Map>, _ local: (Map) -> V?, _ fromShared: (KeyNames) -> V?, _ pair: (V) -> (Int32, String)
    ) -> V? {
        if let found = map.withLock({ local($0) }) { return found }
        guard let shared, let found = fromShared(shared) else { return nil }
        let (key, name) = pair(found)
        map.withLock { $0.learn(key, name) }
        return found
    }

    func learnUsers(_ pairs: [(Int32, String)]) {
        users.withLock { map in for (k, n) in pairs { map.learn(k, n) } }
        shared?.learnUsers(pairs)
    }

    func learnReplicas(_ pairs: [(Int32, String)]) {
        replicas.withLock { map in for (k, n) in pairs { map.learn(k, n) } }
        shared?.learnReplicas(pairs)
    }
}
