import Synchronization

/// The small keys the typed tables hold for users (`user_keys`) and replicas (`replica_keys`),
/// with their names. A key never changes its name, so the process keeps every one it has seen;
/// `TypedStorage.learnKeys` and `learnNames` fill in what it lacks from the database.
final class KeyNames: Sendable {
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

    func userKey(_ id: String) -> Int32? { users.withLock { $0.keys[id] } }
    func userId(_ key: Int32) -> String? { users.withLock { $0.names[key] } }
    func replicaKey(_ id: String) -> Int32? { replicas.withLock { $0.keys[id] } }
    func replicaId(_ key: Int32) -> String? { replicas.withLock { $0.names[key] } }

    func learnUsers(_ pairs: some Sequence<(Int32, String)>) { users.withLock { map in for (k, n) in pairs { map.learn(k, n) } } }
    func learnReplicas(_ pairs: some Sequence<(Int32, String)>) {
        replicas.withLock { map in for (k, n) in pairs { map.learn(k, n) } }
    }
}
