import HabitFlowStore

/// Where this replica stands with one sync server (a remote): the server's cursor it has
/// pulled up to, and its own log's cursor it has pushed up to.
public struct RemoteCursors: Sendable, Equatable {
    /// Pass as `since` to the server's pull.
    public var pulled: Int64
    /// Local changes after this one are still to push.
    public var pushed: Int64
}

extension Engine {
    /// The cursors kept for `remote` (0 and 0 before the first sync).
    /// - Parameter remote: names the server (its URL); at most 1,024 bytes.
    public func remoteCursors(_ remote: String) throws(HabitFlowError) -> RemoteCursors {
        let (store, user) = try requireStore()
        try Self.checkRemote(remote)
        return try store.read { store throws(HabitFlowError) in try cursors(store, user, remote) }
    }

    /// The user's changes still to push to `remote`, with the cursor to acknowledge once the
    /// server has them (`acknowledgePush`).
    public func changesToPush(_ remote: String) throws(HabitFlowError) -> (changes: [ChangeRecord], cursor: Int64) {
        try syncChanges(since: try remoteCursors(remote).pushed)
    }

    /// Records that `remote` holds this replica's changes up to `cursor` (never moves back).
    public func acknowledgePush(_ remote: String, cursor: Int64) throws(HabitFlowError) {
        let (store, user) = try requireStore()
        try Self.checkRemote(remote)
        guard cursor >= 0 else { throw HabitFlowError.invalid("cursor", "cursor is one from sync.changes (0 or more)") }
        try store.write { store throws(HabitFlowError) in
            let held = try cursors(store, user, remote)
            if cursor > held.pushed { try store.setFlag(user: user, key: Self.remoteKey(remote, "pushed"), value: String(cursor)) }
        }
    }

    /// Applies changes pulled from `remote` (as `applyChanges`) and records its cursor, in one
    /// transaction. When nothing local was waiting to be pushed, what arrived is not pushed
    /// back either (the server sent it).
    public func applyChanges(_ changes: [ChangeRecord], fromRemote remote: String, cursor: Int64) throws(HabitFlowError) -> ApplySummary {
        let (store, user) = try requireStore()
        try Self.checkRemote(remote)
        guard cursor >= 0 else { throw HabitFlowError.invalid("remoteCursor", "remoteCursor is the server's cursor (0 or more)") }
        defer { recordCache.withLock { $0 = nil } }
        return try store.write { store throws(HabitFlowError) in
            let held = try cursors(store, user, remote)
            let before = try store.habitsChanged(since: .max).sequence
            let summary = try apply(store, user, changes)
            if held.pushed >= before {
                try store.setFlag(user: user, key: Self.remoteKey(remote, "pushed"), value: String(try store.habitsChanged(since: .max).sequence))
            }
            if cursor > held.pulled { try store.setFlag(user: user, key: Self.remoteKey(remote, "pulled"), value: String(cursor)) }
            return summary
        }
    }

    private func cursors(_ store: any StoreTransaction, _ user: String, _ remote: String) throws(HabitFlowError) -> RemoteCursors {
        func read(_ name: String) throws(HabitFlowError) -> Int64 {
            try store.flag(user: user, key: Self.remoteKey(remote, name)).flatMap { Int64($0) } ?? 0
        }
        return RemoteCursors(pulled: try read("pulled"), pushed: try read("pushed"))
    }

    private static func remoteKey(_ remote: String, _ name: String) -> String { "remote." + name + "." + remote }

    private static func checkRemote(_ remote: String) throws(HabitFlowError) {
        guard !remote.isEmpty, remote.utf8.count <= 1024 else {
            throw HabitFlowError.invalid("remote", "remote names a sync server (its URL, 1 to 1,024 bytes)")
        }
    }
}
