import HabitFlowCore
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
    /// server has them (`acknowledgePush`). A record that breaks a rule (written before the
    /// rule) is held back and reported, with the records that point at it, so the server,
    /// which refuses it, takes the rest; editing it here makes a new change that goes out.
    ///
    /// - Parameters:
    ///   - remote: the server, as `remoteCursors` names it.
    ///   - after: where the page starts (an earlier page's `end`); `nil`, the cursor
    ///     acknowledged for `remote`.
    ///   - limit: the changes of at most this many sequence numbers (1 or more; `nil`, all).
    ///   - holding: the kind and key (`[kind] + key`) of records earlier pages held back:
    ///     what points at them is held back too, and the cursor stays.
    public func changesToPush(
        _ remote: String, after: Int64? = nil, limit: Int? = nil, holding: Set<[String]> = []
    ) throws(HabitFlowError) -> PushPage {
        let acknowledged = try remoteCursors(remote).pushed
        let since = after ?? acknowledged
        guard since >= 0 else { throw HabitFlowError.invalid("after", "after is a page's end (0 or more)") }
        try Self.checkLimit(limit)
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let (all, end, more) = try visibleChanges(store, user, since: since, limit: limit, forPartner: false)
            var out: [ChangeRecord] = [], heldBack: [HeldBackRecord] = []
            var heldKeys = holding
            out.reserveCapacity(all.count)
            for change in all {  // parents first
                // A record an earlier page held back, come again as a parent: reported once.
                if !holding.isEmpty, let kind = RecordKind(syncName: change.kind), holding.contains([change.kind] + change.key(kind)) {
                    continue
                }
                do throws(HabitFlowError) {
                    let (kind, record) = try validated(change, at: "record")
                    for (columns, parent) in kind.references {
                        let values = columns.compactMap { record.text($0) }
                        if values.count == columns.count, heldKeys.contains([parent.rawValue] + values) {
                            throw HabitFlowError.invalid("record", "its \(parent.rawValue) \(values.joined(separator: "/")) is held back")
                        }
                    }
                    out.append(change)
                } catch {
                    let held = HeldBackRecord(change, error, advice: "edit it here to meet the rule, then sync again")
                    heldKeys.insert([change.kind] + held.key)
                    heldBack.append(held)
                }
            }
            // While anything is held back the cursor stays, so what points at it goes out
            // once it is fixed (the server ignores what it holds already).
            let cursor = heldBack.isEmpty && holding.isEmpty ? end : acknowledged
            return PushPage(changes: out, cursor: cursor, heldBack: heldBack, end: end, more: more)
        }
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
    ///
    /// - Parameters:
    ///   - changes: the records pulled, as the server's page gave them.
    ///   - remote: the server, as `remoteCursors` names it.
    ///   - cursor: the server's cursor after this page: the next pull starts there.
    ///   - source: where the changes come from: `nil`, this engine's `changeSource`; a
    ///     server forwarding what a partner shares names them (`.partner`).
    ///   - more: the server has more pages after this one: what the partnership stopped
    ///     sharing is dropped once the last is in (a later page may share it again).
    public func applyChanges(
        _ changes: [ChangeRecord], fromRemote remote: String, cursor: Int64,
        source: ChangeSource? = nil, more: Bool = false
    ) throws(HabitFlowError) -> ApplySummary {
        let (store, user) = try requireStore()
        try Self.checkRemote(remote)
        guard cursor >= 0 else { throw HabitFlowError.invalid("remoteCursor", "remoteCursor is the server's cursor (0 or more)") }
        defer { recordCache.withLock { $0 = nil } }
        return try store.write { store throws(HabitFlowError) in
            let held = try cursors(store, user, remote)
            let epochBefore = try store.flag(user: user, key: Self.sharingEpochKey)
            let before = try store.habitsChanged(since: .max).sequence
            // A server's own push door (`.device`) refuses a bad record whole instead.
            let from = source ?? changeSource
            let (summary, rewrote) = try apply(store, user, changes, source: from, holdingBack: from != .device, more: more)
            // Nothing waited to be pushed: what arrived is not pushed back — unless applying it
            // wrote records of this replica's own (a shared goal made personal), still to go.
            if held.pushed >= before, !rewrote {
                try store.setFlag(
                    user: user, key: Self.remoteKey(remote, "pushed"), value: String(try store.habitsChanged(since: .max).sequence))
            }
            // While anything is held back the cursor stays: the next pull brings it again (what
            // applied is ignored then), so once it is fixed where it was written, it and the
            // records that point at it arrive.
            // A partner feed's cursor is taken at the sharing epoch; when this set made the
            // partnership share more, the feed starts over instead.
            let epoch = try store.flag(user: user, key: Self.sharingEpochKey) ?? ""
            if case .partner = from {
                if epoch == (epochBefore ?? ""), cursor > held.pulled, summary.heldBack.isEmpty {
                    try store.setFlag(user: user, key: Self.remoteKey(remote, "pulled"), value: String(cursor))
                    try store.setFlag(user: user, key: Self.remoteKey(remote, "epoch"), value: epoch)
                }
            } else if cursor > held.pulled, summary.heldBack.isEmpty {
                try store.setFlag(user: user, key: Self.remoteKey(remote, "pulled"), value: String(cursor))
            }
            return summary
        }
    }

    /// The cursors of `remote`; a partner feed's pull starts over (0) once the partnership
    /// shares more than when its cursor was taken (`widenSharing`).
    private func cursors(_ store: any StoreTransaction, _ user: String, _ remote: String) throws(HabitFlowError) -> RemoteCursors {
        func read(_ name: String) throws(HabitFlowError) -> Int64 {
            try store.flag(user: user, key: Self.remoteKey(remote, name)).flatMap { Int64($0) } ?? 0
        }
        var pulled = try read("pulled")
        if let taken = try store.flag(user: user, key: Self.remoteKey(remote, "epoch")),
            taken != (try store.flag(user: user, key: Self.sharingEpochKey) ?? "")
        {
            pulled = 0
        }
        return RemoteCursors(pulled: pulled, pushed: try read("pushed"))
    }

    private static func remoteKey(_ remote: String, _ name: String) -> String { "remote." + name + "." + remote }

    private static func checkRemote(_ remote: String) throws(HabitFlowError) {
        guard !remote.isEmpty, remote.utf8.count <= 1024 else {
            throw HabitFlowError.invalid("remote", "remote names a sync server (its URL, 1 to 1,024 bytes)")
        }
    }
}
