import HabitFlow
import HabitFlowCore

/// Change sets as JSON: `{kind, stamp, record}` with the record's fields in the SPEC's
/// camelCase names — the wire format of `sync.*` and of a sync server.
enum ChangeJSON {
    /// A column's wire name (`habit_id` → `habitId`): `RecordKind.wireName(of:)`.
    static func camel(_ column: String) -> String { RecordKind.wireName(of: column) }

    /// A wire name's column (`habitId` → `habit_id`): every column's from a table (a restore
    /// asks for each field of each record), any other name converted.
    static func snake(_ name: String) -> String {
        if let column = columnOfWireName[name] { return column }
        var out: [UInt8] = []
        for c in name.utf8 {
            if c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") {
                out.append(UInt8(ascii: "_"))
                out.append(c + 32)
            } else {
                out.append(c)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Each kind's columns in order, with their wire names' bytes (by `RecordKind.ordinal`).
    static let wireColumns: [[(wire: [UInt8], column: String)]] = RecordKind.allCases.map { kind in
        zip(kind.wireNames, kind.columns).map { (Array($0.utf8), $1) }
    }

    /// Every kind's columns by wire name.
    static let columnOfWireName: [String: String] = Dictionary(
        RecordKind.allCases.flatMap { zip($0.wireNames, $0.columns) }, uniquingKeysWith: { a, _ in a })

    static func json(_ c: ChangeRecord) -> JSONValue {
        .object([
            ("kind", .string(c.kind)), ("stamp", .string(c.stamp.description)),
            ("record", .object(c.fields.map { (camel($0.name), value($0.value)) })),
        ])
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
        guard case let .object(members) = item else {
            throw ProtocolError(.invalidArgument, "\(at) must be an object {kind, stamp, record}", field: at)
        }
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
            default:
                throw ProtocolError(
                    .invalidArgument, "\(at).record.\(name) must be a string, number, boolean or null", field: "\(at).record.\(name)")
            }
            out.append((snake(name), value))
        }
        return ChangeRecord(kind: kind, stamp: stamp, fields: out)
    }

    /// A record held back from sync, as the answers of `sync.changes {remote}` and
    /// `sync.apply {remote}` list it: `{kind, key, field, message}`.
    static func json(_ held: HeldBackRecord) -> JSONValue {
        var field = held.field
        if let f = field, f.hasPrefix("record.") {
            field = "record." + camel(String(f.dropFirst(7)))
        } else if let f = field {
            field = relocate(HabitFlowError(.invalidArgument, "", field: f)).field
        }
        return .object([
            ("kind", .string(held.kind)), ("key", .array(held.key.map(JSONValue.string))),
            ("field", field.map(JSONValue.string) ?? .null), ("message", .string(held.message)),
        ])
    }

    /// Store errors name `changes[i].column`; the faces say `args.changes[i].record.camelName`.
    static func relocate(_ error: HabitFlowError) -> HabitFlowError {
        guard let field = error.field, field.hasPrefix("changes") else { return error }
        var located = error
        let parts = field.split(separator: ".", maxSplits: 1)
        if parts.count == 2 {
            let rest = parts[1] == "kind" || parts[1] == "stamp" ? String(parts[1]) : "record." + camel(String(parts[1]))
            located.field = "\(parts[0]).\(rest)"
            // The message leads with the field as the faces name it too.
            if error.message.hasPrefix(field + ":") { located.message = "\(parts[0]).\(rest)" + error.message.dropFirst(field.count) }
        }
        return located
    }
}

extension Operation {
    private static let syncErrors: [ErrorCode] = [
        .invalidArgument, .invalidDate, .notFound, .conflict, .forbidden, .storage, .limitExceeded,
    ]

    static let syncOperations: [Operation] = [
        Operation(
            "sync.changes", "Every record of yours changed here or received since a cursor, parents first: `{kind, stamp, record}` each.",
            arguments: [
                Field("since", "string", required: false, "A cursor from an earlier sync.changes (default: everything)."),
                Field(
                    "limit", "integer", required: false,
                    "Pages the answer: the changes of at most this many sequence numbers (1 or more), with the parents they point at; pass `cursor` as `since` for the next page while `more` is true. Default: everything."
                ),
                Field(
                    "forPartner", "boolean", required: false,
                    "Only what your partner's replica takes: your profile, partnership and shared goals."),
                Field(
                    "remote", "string", required: false,
                    "A sync server's URL: the changes not yet pushed to it (instead of `since`); acknowledge them with sync.acknowledge once it has them."
                ),
            ],
            result: [
                Field(
                    "changes", "array",
                    "`[{kind, stamp, record}]`; kinds: user, habit, category, goal, targetVersion, entry, goalLink, partnership, routine, routineExecution, evidence, journalTemplate, journal, reflection, wellbeing, lens, goalVersion."
                ),
                Field("cursor", "string", "Pass it as `since` next time."),
                Field("more", "boolean", "Whether changes after `cursor` are left (with `limit`; otherwise false)."),
                Field("replicaId", "string", "This store's replica."),
                Field(
                    "syncVersion", "integer", "The change format's version (\(SyncRules.version)): pass it to sync.apply with the changes."),
                Field(
                    "heldBack", "array",
                    "With remote: records left out for breaking a rule of this version (written before it), `[{kind, key, field, message}]`; the server would refuse them. Edit or delete them here."
                ),
            ],
            errors: syncErrors
        ) { engine, args throws(ProtocolError) in
            let since = try args.optionalString("since").map { text throws(ProtocolError) in try parseCursor(text, "args.since") } ?? 0
            let forPartner = try args.bool("forPartner", default: false)
            let remote = try args.optionalString("remote")
            let limit = try args.integer("limit", in: 1...Int(Int32.max))
            if remote != nil, args.raw("since") != nil || forPartner {
                throw ProtocolError(
                    .invalidArgument, "args.remote replaces since (and is for your own devices, not forPartner)", field: "args.remote")
            }
            if limit != nil, remote != nil || forPartner {
                throw ProtocolError(
                    .invalidArgument, "args.limit pages a read since a cursor; a push is paged by sync.step, a partner's share never",
                    field: "args.limit")
            }
            let (changes, cursor, more, heldBack, replica) = try ProtocolError.engine { () throws(HabitFlowError) in
                if let remote {
                    let push = try engine.changesToPush(remote)
                    return (push.changes, push.cursor, false, push.heldBack, try engine.replicaId())
                }
                let pull = try engine.syncChanges(since: since, limit: limit, forPartner: forPartner)
                return (pull.changes, pull.cursor, pull.more, [HeldBackRecord](), try engine.replicaId())
            }
            return SyncBodies.page(changes, cursor: cursor, more: more, replicaId: replica, heldBack: remote != nil ? heldBack : nil)
        },
        Operation(
            "sync.apply",
            "Applies another replica's changes in one transaction — all or nothing, idempotent, in any order: a later stamp wins the whole record; two active entries for one habit and day keep one (manual > routine/evidence > import, then a value, then the latest edit) and set the other aside for sync.repairs.",
            arguments: [
                Field("changes", "array", "`[{kind, stamp, record}]` as sync.changes gives them."),
                Field(
                    "remote", "string", required: false,
                    "The sync server they were pulled from (with remoteCursor): its cursor is kept in the same transaction."),
                Field("remoteCursor", "string", required: false, "The server's cursor after these changes (with remote)."),
                Field(
                    "syncVersion", "integer", required: false,
                    "The syncVersion sync.changes gave with them (none: written before versions). A newer one than this engine reads is refused: upgrade."
                ),
                Field(
                    "more", "boolean", required: false,
                    "With remote: the server said more pages follow (`more`). What a partner stopped sharing is dropped once the last page is in, since a later page may share it again."
                ),
            ],
            result: [
                Field("applied", "integer", "Records that replaced what was held."),
                Field(
                    "ignored", "integer", "Records already held or older, or of another user that this replica takes from that user alone."),
                Field("repairs", "integer", "Habit days now holding a set-aside entry."),
                Field(
                    "heldBack", "array",
                    "With remote: records left out for breaking a rule of this version, with the records that point at them, `[{kind, key, field, message}]`; the rest applies. Without remote a bad record refuses the whole set."
                ),
                Field(
                    "goalsOverLimit", "object",
                    "Only when goals arrived and you now hold more than 10 open ones: `{open, max, message}` (nothing is lost; new goals are refused until under)."
                ),
            ],
            errors: syncErrors, changeSetPath: ["changes"]
        ) { engine, args throws(ProtocolError) in
            let changes = try SyncBodies.changes(
                args.raw("changes"), syncVersion: args.raw("syncVersion"), prefix: "args.", changeSet: args.changeSet)
            let remote = try args.optionalString("remote")
            let remoteCursor = try args.optionalString("remoteCursor").map { text throws(ProtocolError) in
                try parseCursor(text, "args.remoteCursor")
            }
            guard (remote == nil) == (remoteCursor == nil) else {
                throw ProtocolError(
                    .invalidArgument, "args.remote and args.remoteCursor go together",
                    field: remote == nil ? "args.remote" : "args.remoteCursor")
            }
            let more = try args.bool("more", default: false)
            let summary: ApplySummary
            do throws(HabitFlowError) {
                if let remote, let remoteCursor {
                    summary = try engine.applyChanges(changes, fromRemote: remote, cursor: remoteCursor, more: more)
                } else {
                    summary = try engine.applyChanges(changes)
                }
            } catch {
                throw SyncBodies.located(error, prefix: "args.")
            }
            return try SyncBodies.applied(summary, changes, remote: remote != nil, engine: engine)
        },
        Operation(
            "sync.acknowledge",
            "Records that a sync server holds your changes up to a cursor (from sync.changes {remote}): they are not pushed again.",
            arguments: [
                Field("remote", "string", "The sync server's URL."),
                Field("cursor", "string", "The cursor sync.changes {remote} gave with the changes pushed."),
            ],
            result: [
                Field("pulled", "string", "The server's cursor pulled up to."), Field("pushed", "string", "Your changes pushed up to."),
            ],
            errors: [.invalidArgument, .storage]
        ) { engine, args throws(ProtocolError) in
            let remote = try args.string("remote")
            let at = try parseCursor(try args.string("cursor"), "args.cursor")
            return remoteJSON(
                try ProtocolError.engine { () throws(HabitFlowError) in
                    try engine.acknowledgePush(remote, cursor: at)
                    return try engine.remoteCursors(remote)
                })
        },
        Operation(
            "sync.remote",
            "Where you stand with a sync server: the cursor to pull from (`pulled`, the server's) and your changes pushed up to (`pushed`).",
            arguments: [Field("remote", "string", "The sync server's URL.")],
            result: [
                Field("pulled", "string", "Pass as `since` to the server's pull."),
                Field("pushed", "string", "Your changes after this are still to push."),
            ],
            errors: [.invalidArgument, .storage]
        ) { engine, args throws(ProtocolError) in
            let remote = try args.string("remote")
            return remoteJSON(try ProtocolError.engine { () throws(HabitFlowError) in try engine.remoteCursors(remote) })
        },
        Operation(
            "sync.step",
            "One step of a sync with a server (push what it lacks, then pull what it has, page by page): the engine names each HTTP request and reads each answer; you carry them. Start with `{remote}`; while the result has `request`, send it to the server and call again with `{remote, state, answer}`. A push the server refuses for a record it lacks or no longer takes from you (a partner ended or stopped sharing it meanwhile) pulls, then pushes once more. The library opens no socket.",
            arguments: [
                Field("remote", "string", "The sync server's base URL (it names the cursors kept for it)."),
                Field("state", "object", required: false, "The `state` of the previous step, unchanged (absent: start)."),
                Field(
                    "answer", "object", required: false,
                    "With state: the server's answer to that step's request, `{status, body}` (body: the answer's text)."),
                Field(
                    "wait", "integer", required: false,
                    "When starting: pull with the server's watch, waiting up to this many seconds (1 to 60) for a change."),
            ],
            result: [
                Field(
                    "request", "object",
                    "While not done: `{method, path, body}` to send, path relative to the base URL (with its query), body the JSON text to POST or null; send `Authorization: Bearer <token>`. A retry of a request the server could not take then (HTTP 502, 503, 504: a failover) adds `delay`, the seconds to wait before sending it, and `retrying`, why, for a person; after the last retry the server's error stands."
                ),
                Field("state", "object", "While not done: pass it back with the answer."),
                Field(
                    "sent", "object",
                    "When done: the server's push summary `{applied, ignored, repairs, heldBack}` (heldBack: records left out, as sync.changes {remote} lists them)."
                ),
                Field("received", "object", "When done: sync.apply's answer over everything pulled."),
            ],
            errors: syncErrors
        ) { engine, args throws(ProtocolError) in
            try args.requireOnly(["remote", "state", "answer", "wait"])
            let remote = try args.string("remote")
            let step: SyncSession.Step
            if let state = args.raw("state") {
                guard args.raw("wait") == nil else {
                    throw ProtocolError(.invalidArgument, "args.wait goes with the first step (it is kept in state)", field: "args.wait")
                }
                guard case let .object(members)? = args.raw("answer") else {
                    throw ProtocolError(.invalidArgument, "args.answer must be the server's answer {status, body}", field: "args.answer")
                }
                let answer = Arguments(members, prefix: "args.answer.")
                try answer.requireOnly(["status", "body"])
                guard let status = try answer.integer("status", in: 100...599) else {
                    throw ProtocolError(.invalidArgument, "args.answer.status is the HTTP status (100 to 599)", field: "args.answer.status")
                }
                // A page of changes: as long as the request that carries it (16 MiB), not a field's 64 KiB.
                guard case let .string(body)? = answer.raw("body") else {
                    throw ProtocolError(.invalidArgument, "args.answer.body is the answer's text (a string)", field: "args.answer.body")
                }
                step = try SyncSession.resume(engine, remote: remote, state: state, status: status, body: Array(body.utf8))
            } else {
                guard args.raw("answer") == nil else {
                    throw ProtocolError(.invalidArgument, "args.answer goes with a state", field: "args.answer")
                }
                step = try SyncSession.start(engine, remote: remote, wait: try args.integer("wait", in: 1...60))
            }
            switch step {
            case let .send(request, state):
                return .object([
                    (
                        "request",
                        .object(
                            [
                                ("method", .string(request.method)), ("path", .string(request.path)),
                                ("body", request.body.map { .string(String(decoding: $0, as: UTF8.self)) } ?? .null),
                            ] + (request.retrying.map { [("delay", .double(request.delay)), ("retrying", .string($0))] } ?? []))
                    ),
                    ("state", state),
                ])
            case let .done(sent, received):
                return .object([("sent", sent), ("received", received)])
            }
        },
        Operation(
            "sync.newReplica",
            "Gives this store a new replica id: for a store file copied from another device (two replicas must never share one).",
            arguments: [], result: [Field("replicaId", "string", "The new id.")], errors: [.storage]
        ) { engine, _ throws(ProtocolError) in
            .object([("replicaId", .string(try ProtocolError.engine { () throws(HabitFlowError) in try engine.newReplicaId() }))])
        },
        Operation(
            "sync.repairs", "Merge conflicts kept for you: per habit and day, the entry kept, those set aside, and why.",
            arguments: [],
            result: [
                Field(
                    "repairs", "array",
                    "`[{habitId, habitName, dayKey, kept, setAside:[entries], reason}]`; reason `intent`, `value`, `recency` or `tie`; each entry also has `replicaId`, the device that last wrote it, and `thisReplica`."
                )
            ],
            errors: [.storage]
        ) { engine, _ throws(ProtocolError) in
            let (repairs, names, local) = try ProtocolError.engine { () throws(HabitFlowError) in
                let names = Dictionary(try engine.habits(includeDeleted: true).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
                return (try engine.syncRepairs(), names, try engine.replicaId())
            }
            return .object([
                (
                    "repairs",
                    .array(
                        repairs.map { r in
                            // Each entry with where it came from, so a person can tell them apart.
                            func entry(_ e: HabitEntry) -> JSONValue {
                                guard case let .object(members) = RecordJSON.entry(e) else { return .null }
                                let replica = r.replicas[e.id]
                                return .object(
                                    members + [
                                        ("replicaId", replica.map(JSONValue.string) ?? .null), ("thisReplica", .bool(replica == local)),
                                    ])
                            }
                            return .object([
                                ("habitId", .string(r.habitId)), ("habitName", names[r.habitId].map(JSONValue.string) ?? .null),
                                ("dayKey", .string(r.dayKey.description)), ("kept", entry(r.kept)),
                                ("setAside", .array(r.setAside.map(entry))), ("reason", .string(r.reason.rawValue)),
                            ])
                        })
                )
            ])
        },
        Operation(
            "sync.resolve", "Resolves a repair: this entry stays the day's entry; the others are deleted (tombstones that sync carries).",
            arguments: [Field("entryId", "string", "The entry to keep.")],
            result: [Field("entry", "object", "The entry kept.")], errors: syncErrors
        ) { engine, args throws(ProtocolError) in
            let id = try args.string("entryId")
            return .object([
                ("entry", RecordJSON.entry(try ProtocolError.engine { () throws(HabitFlowError) in try engine.resolveRepair(keeping: id) }))
            ])
        },
    ]
}

/// A cursor argument (a decimal string, 0 or more).
private func parseCursor(_ text: String, _ field: String) throws(ProtocolError) -> Int64 {
    guard let n = Int64(text), n >= 0 else {
        throw ProtocolError(.invalidArgument, "\(field) is a cursor (a decimal string, 0 or more)", field: field)
    }
    return n
}

private func remoteJSON(_ c: RemoteCursors) -> JSONValue {
    .object([("pulled", .string(String(c.pulled))), ("pushed", .string(String(c.pushed)))])
}
