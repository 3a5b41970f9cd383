import HabitFlow

/// Change sets as JSON: `{kind, stamp, record}` with the record's fields in the SPEC's
/// camelCase names — the wire format of `sync.*` and of a sync server.
enum ChangeJSON {
    static func camel(_ column: String) -> String {
        var out = ""
        var upper = false
        for c in column {
            if c == "_" { upper = true; continue }
            out.append(upper ? Character(c.uppercased()) : c)
            upper = false
        }
        return out
    }

    static func snake(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase { out += "_" + c.lowercased() } else { out.append(c) }
        }
        return out
    }

    static func json(_ c: ChangeRecord) -> JSONValue {
        .object([("kind", .string(c.kind)), ("stamp", .string(c.stamp.description)),
                 ("record", .object(c.fields.map { (camel($0.name), value($0.value)) }))])
    }

    static func value(_ v: ChangeRecord.Value) -> JSONValue {
        switch v {
        case .null: .null
        case let .integer(i): .int(i)
        case let .real(d): .double(d)
        case let .text(t): .string(t)
        }
    }

    static func change(_ item: JSONValue, at: String) throws(ProtocolError) -> ChangeRecord {
        guard case let .object(members) = item else { throw ProtocolError(.invalidArgument, "\(at) must be an object {kind, stamp, record}", field: at) }
        let a = Arguments(members, prefix: at + ".")
        try a.requireOnly(["kind", "stamp", "record"])
        let kind = try a.string("kind")
        let stampText = try a.string("stamp")
        guard let stamp = HybridTimestamp(parsing: stampText) else {
            throw ProtocolError(.invalidArgument, "\(at).stamp is not a sync stamp (wall.counter.replica)", field: "\(at).stamp")
        }
        guard case let .object(fields)? = a.raw("record") else {
            throw ProtocolError(.invalidArgument, "\(at).record must be an object", field: "\(at).record")
        }
        var out: [(name: String, value: ChangeRecord.Value)] = []
        for (name, v) in fields {
            let value: ChangeRecord.Value
            switch v {
            case .null: value = .null
            case let .bool(b): value = .integer(b ? 1 : 0)
            case let .int(i): value = .integer(i)
            case let .double(d): value = .real(d)
            case let .string(s): value = .text(s)
            default: throw ProtocolError(.invalidArgument, "\(at).record.\(name) must be a string, number, boolean or null", field: "\(at).record.\(name)")
            }
            out.append((snake(name), value))
        }
        return ChangeRecord(kind: kind, stamp: stamp, fields: out)
    }

    /// Store errors name `changes[i].column`; the faces say `args.changes[i].record.camelName`.
    static func relocate(_ error: HabitFlowError) -> HabitFlowError {
        guard let field = error.field, field.hasPrefix("changes") else { return error }
        var located = error
        let parts = field.split(separator: ".", maxSplits: 1)
        if parts.count == 2 {
            let rest = parts[1] == "kind" ? "kind" : "record." + camel(String(parts[1]))
            located.field = "\(parts[0]).\(rest)"
        }
        return located
    }
}

extension Operation {
    private static let syncErrors: [ErrorCode] = [.invalidArgument, .invalidDate, .notFound, .conflict, .forbidden, .storage, .limitExceeded]

    static let syncOperations: [Operation] = [
        Operation("sync.changes", "Every record of yours changed here or received since a cursor, parents first: `{kind, stamp, record}` each.",
                  arguments: [Field("since", "string", required: false, "A cursor from an earlier sync.changes (default: everything)."),
                              Field("forPartner", "boolean", required: false, "Only what your partner's replica takes: your profile, partnership and shared goals.")],
                  result: [Field("changes", "array", "`[{kind, stamp, record}]`; kinds: user, habit, category, goal, targetVersion, entry, goalLink, partnership, routine, routineExecution, evidence, journalTemplate, journal, reflection, wellbeing, lens."),
                           Field("cursor", "string", "Pass it as `since` next time."),
                           Field("replicaId", "string", "This store's replica.")],
                  errors: syncErrors) { engine, args throws(ProtocolError) in
            var since: Int64 = 0
            if let text = try args.optionalString("since") {
                guard let n = Int64(text), n >= 0 else { throw ProtocolError(.invalidArgument, "args.since is a cursor from sync.changes", field: "args.since") }
                since = n
            }
            let forPartner = try args.bool("forPartner", default: false)
            let (changes, cursor, replica) = try ProtocolError.engine { () throws(HabitFlowError) in
                let (c, cur) = try engine.syncChanges(since: since, forPartner: forPartner)
                return (c, cur, try engine.replicaId())
            }
            return .object([("changes", .array(changes.map(ChangeJSON.json))), ("cursor", .string(String(cursor))), ("replicaId", .string(replica))])
        },
        Operation("sync.apply", "Applies another replica's changes in one transaction — all or nothing, idempotent, in any order: a later stamp wins the whole record; two active entries for one habit and day keep one (manual > routine/evidence > import, then a value, then the latest edit) and set the other aside for sync.repairs.",
                  arguments: [Field("changes", "array", "`[{kind, stamp, record}]` as sync.changes gives them.")],
                  result: [Field("applied", "integer", "Records that replaced what was held."),
                           Field("ignored", "integer", "Records already held or older."),
                           Field("repairs", "integer", "Habit days now holding a set-aside entry.")],
                  errors: syncErrors) { engine, args throws(ProtocolError) in
            guard case let .array(items)? = args.raw("changes") else {
                throw ProtocolError(.invalidArgument, "args.changes must be an array of changes", field: "args.changes")
            }
            var changes: [ChangeRecord] = []
            changes.reserveCapacity(items.count)
            for (i, item) in items.enumerated() { changes.append(try ChangeJSON.change(item, at: "args.changes[\(i)]")) }
            let summary: ApplySummary
            do throws(HabitFlowError) { summary = try engine.applyChanges(changes) } catch {
                throw ProtocolError(ChangeJSON.relocate(error))
            }
            return .object([("applied", .int(Int64(summary.applied))), ("ignored", .int(Int64(summary.ignored))),
                            ("repairs", .int(Int64(summary.repairs)))])
        },
        Operation("sync.newReplica", "Gives this store a new replica id: for a store file copied from another device (two replicas must never share one).",
                  arguments: [], result: [Field("replicaId", "string", "The new id.")], errors: [.storage]) { engine, _ throws(ProtocolError) in
            .object([("replicaId", .string(try ProtocolError.engine { () throws(HabitFlowError) in try engine.newReplicaId() }))])
        },
        Operation("sync.repairs", "Merge conflicts kept for you: per habit and day, the entry kept, those set aside, and why.",
                  arguments: [],
                  result: [Field("repairs", "array", "`[{habitId, dayKey, kept, setAside:[entries], reason}]`; reason `intent`, `value`, `recency` or `tie`.")],
                  errors: [.storage]) { engine, _ throws(ProtocolError) in
            let repairs = try ProtocolError.engine { () throws(HabitFlowError) in try engine.syncRepairs() }
            return .object([("repairs", .array(repairs.map { r in
                .object([("habitId", .string(r.habitId)), ("dayKey", .string(r.dayKey.description)), ("kept", RecordJSON.entry(r.kept)),
                         ("setAside", .array(r.setAside.map(RecordJSON.entry))), ("reason", .string(r.reason.rawValue))])
            }))])
        },
        Operation("sync.resolve", "Resolves a repair: this entry stays the day's entry; the others are deleted (tombstones that sync carries).",
                  arguments: [Field("entryId", "string", "The entry to keep.")],
                  result: [Field("entry", "object", "The entry kept.")], errors: syncErrors) { engine, args throws(ProtocolError) in
            let id = try args.string("entryId")
            return .object([("entry", RecordJSON.entry(try ProtocolError.engine { () throws(HabitFlowError) in try engine.resolveRepair(keeping: id) }))])
        },
    ]
}
