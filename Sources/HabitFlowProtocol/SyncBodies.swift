import HabitFlow
import HabitFlowCore

/// The bodies of sync, read and written by one codec: `sync.changes` and `sync.apply` answer
/// with them, and a sync server reads a push and writes its answers with them around the
/// engine's typed calls (`Engine.applyChanges`, `Engine.syncChanges`), no dispatcher between.
/// Fields are named as the body names them, after `prefix` (`args.` for an operation's
/// arguments, nothing for an HTTP body).
public enum SyncBodies {
    /// The changes of `items` (`[{kind, stamp, record}]`) at `prefix + "changes"`, once
    /// `syncVersion` (when given) is one this engine reads. `changeSet` is those changes when
    /// they were read apart from the text (`JSONCodec.parse(_:changeSetAt:)`; `items` is then `[]`).
    public static func changes(
        _ items: JSONValue?, syncVersion: JSONValue?, prefix: String = "", changeSet: [ChangeRecord]? = nil
    ) throws(ProtocolError) -> [ChangeRecord] {
        guard case let .array(list)? = items else {
            throw ProtocolError(.invalidArgument, "\(prefix)changes must be an array of changes", field: prefix + "changes")
        }
        switch syncVersion {
        case nil, .null?: break
        case let .int(version)? where version >= 1:
            guard version <= SyncRules.version else {
                throw ProtocolError(
                    .invalidArgument,
                    "these changes come from a newer HabitFlow (sync version \(version); this one reads up to \(SyncRules.version)): upgrade it to sync",
                    field: prefix + "syncVersion")
            }
        default:
            throw ProtocolError(.invalidArgument, "\(prefix)syncVersion must be 1 or more", field: prefix + "syncVersion")
        }
        if let changeSet { return changeSet }
        var out: [ChangeRecord] = []
        out.reserveCapacity(list.count)
        for (i, item) in list.enumerated() { out.append(try ChangeJSON.change(item, at: "\(prefix)changes[\(i)]")) }
        return out
    }

    /// A push body `{changes, syncVersion?}`: its changes (nothing else is a member).
    public static func push(_ body: JSONValue, changeSet: [ChangeRecord]? = nil) throws(ProtocolError) -> [ChangeRecord] {
        guard case let .object(members) = body else {
            throw ProtocolError(.invalidArgument, "the body is an object {\"changes\": [...]}", field: "body")
        }
        try Arguments(members, prefix: "").requireOnly(["changes", "syncVersion"])
        return try changes(body["changes"], syncVersion: body["syncVersion"], changeSet: changeSet)
    }

    /// A push body's text: its changes, read straight into records when it is large.
    public static func push(_ text: UnsafeBufferPointer<UInt8>) throws(ProtocolError) -> [ChangeRecord] {
        let parsed = try JSONCodec.parse(text, changeSetAt: ["changes"])
        return try push(parsed.value, changeSet: parsed.changes)
    }

    /// An error of applying changes, its field named as the change set names it, after
    /// `prefix` (`changes[3].record.timesPerWeek`, not the column).
    public static func located(_ error: HabitFlowError, prefix: String = "") -> ProtocolError {
        let relocated = ChangeJSON.relocate(error)
        var out = ProtocolError(relocated)
        out.field = relocated.field.map { prefix + $0 }
        return out
    }

    /// What applying changes answers: `{applied, ignored, repairs}`, `heldBack` for a pull
    /// (`remote`), and `goalsOverLimit` when goals arrived and the user now holds too many.
    public static func applied(
        _ summary: ApplySummary, _ changes: [ChangeRecord], remote: Bool, engine: Engine
    ) throws(ProtocolError) -> JSONValue {
        var answer: [(String, JSONValue)] = [
            ("applied", .int(Int64(summary.applied))), ("ignored", .int(Int64(summary.ignored))),
            ("repairs", .int(Int64(summary.repairs))),
        ]
        if remote { answer.append(("heldBack", .array(summary.heldBack.map(ChangeJSON.json)))) }
        // Goals made on two devices may merge above the limit: the answer says so.
        if changes.contains(where: { $0.kind == RecordKind.goal.rawValue }), let over = try Operation.overLimit(engine) {
            answer.append(over)
        }
        return .object(answer)
    }

    /// A page of the log, as `sync.changes` answers it.
    public static func page(
        _ changes: [ChangeRecord], cursor: Int64, more: Bool, replicaId: String, heldBack: [HeldBackRecord]? = nil
    ) -> JSONValue {
        var answer: [(String, JSONValue)] = [
            ("changes", .array(changes.map(ChangeJSON.json))), ("cursor", .string(String(cursor))), ("more", .bool(more)),
            ("replicaId", .string(replicaId)), ("syncVersion", .int(Int64(SyncRules.version))),
        ]
        if let heldBack { answer.append(("heldBack", .array(heldBack.map(ChangeJSON.json)))) }
        return .object(answer)
    }
}

extension ProtocolError {
    /// Runs an engine call that applies a change set; its error as `SyncBodies.located` names it.
    public static func located<T>(_ body: () throws(HabitFlowError) -> T) throws(ProtocolError) -> T {
        do throws(HabitFlowError) { return try body() } catch { throw SyncBodies.located(error) }
    }
}
