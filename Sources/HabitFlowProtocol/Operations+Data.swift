@_spi(Faces) import HabitFlow

extension Operation {
    /// The export document's format name and the version this library writes and reads.
    static let exportFormat = "habitflow-export"
    static let exportVersion: Int64 = 1

    /// `data.*`: a user's data out and back in. The JSON export is what a new device of the
    /// user would receive by sync, and importing it applies it as sync does, so a restore runs
    /// the engine's own rules (ownership, the latest version wins, one entry per day) and
    /// importing twice changes nothing.
    static let dataOperations: [Operation] = [
        Operation(
            "data.export",
            "Everything of yours — habits, entries, targets, categories, goals and links, routines, evidence, journals, reflections, wellbeing, lenses, deleted ones too — as a versioned document (json), or your entries as CSV for spreadsheets. Nothing of another user's, nor what points at it (a partnership, a link to a partner's goal): that comes back by syncing with the partner.",
            arguments: [
                Field(
                    "format", "string", required: false,
                    "`json` (default): the complete backup data.import restores; `csv`: one row per active entry.")
            ],
            result: [
                Field(
                    "document", "object",
                    "json: `{format: \"habitflow-export\", version: 1, exportedAt, userId, records: [{kind, stamp, record}]}`; records as sync.changes gives them, parents first."
                ),
                Field(
                    "csv", "string",
                    "csv: header `day,habit,habit_id,value,unit,note,source,timestamp_utc,entry_id`, one line per active entry by day (RFC 4180 quoting, CRLF)."
                ),
            ],
            errors: [.invalidArgument, .storage]
        ) { engine, args throws(ProtocolError) in
            let format = try args.choice("format", [("json", false), ("csv", true)]) ?? false
            if format { return .object([("csv", .string(try entriesCSV(engine)))]) }
            let (changes, user) = try ProtocolError.engine { () throws(HabitFlowError) in
                (try engine.exportChanges(), try engine.user().id)
            }
            return .object([
                (
                    "document",
                    .object([
                        ("format", .string(exportFormat)), ("version", .int(exportVersion)),
                        ("exportedAt", .string(engine.now.description)),
                        ("userId", .string(user)), ("records", .array(changes.map(ChangeJSON.json))),
                    ])
                )
            ])
        },
        Operation(
            "data.backup",
            "Writes a consistent copy of the store file to a new file (SQLite's online backup API: every committed write, the WAL's too), while others may keep writing. Copy an open store this way, never with cp. The copy keeps the store's replica id, to restore here; `forDevice` gives it a new one, for another device.",
            arguments: [
                Field("path", "string", "The new file; an existing one is refused (a backup never replaces a file)."),
                Field("forDevice", "boolean", required: false, "Give the copy a replica id of its own (default false)."),
            ],
            result: [Field("path", "string", "The copy."), Field("replicaId", "string", "The copy's replica id.")],
            errors: [.invalidArgument, .conflict, .storage]
        ) { engine, args throws(ProtocolError) in
            let path = try args.string("path"), forDevice = try args.bool("forDevice", default: false)
            let replica = try ProtocolError.engine { () throws(HabitFlowError) in try engine.backup(to: path, forDevice: forDevice) }
            return .object([("path", .string(path)), ("replicaId", .string(replica))])
        },
        Operation(
            "data.import",
            "Restores a data.export document into this store, in one transaction, under the engine's rules (as sync.apply): records of another user are refused, the latest version of each record wins, one entry per habit and day stays; importing twice changes nothing.",
            arguments: [
                Field("document", "object", required: false, "A data.export json document (version 1)."),
                Field(
                    "path", "string", required: false,
                    "Instead of document: the file on this machine holding one (what a backup was saved to), read by the engine."),
            ],
            result: [
                Field("records", "integer", "Records in the document."),
                Field("applied", "integer", "Records that replaced what was held."),
                Field("ignored", "integer", "Records already held or older."),
                Field("repairs", "integer", "Habit days now holding a set-aside entry."),
            ],
            errors: [.invalidArgument, .forbidden, .storage, .limitExceeded, .invalidJSON], changeSetPath: ["document", "records"]
        ) { engine, args throws(ProtocolError) in
            let document = args.raw("document").flatMap { $0 == .null ? nil : $0 }
            switch (document, try args.optionalString("path")) {
            case (nil, let path?):
                // The file's text, its records read straight into changes; its errors name the
                // path, and the place in the document in the message.
                let bytes: [UInt8]
                // No request limit applies to a file: a backup of any size restores (json-c's
                // lengths are ints, the only bound left).
                switch FileBytes.contents(path, limit: JSONCodec.maxFileBytes) {
                case let .success(read): bytes = read
                case let .failure(.tooLarge(size)):
                    throw ProtocolError(
                        .limitExceeded, "\(path) is \(size) bytes; a document is at most \(JSONCodec.maxFileBytes)", field: "args.path")
                case let .failure(failure): throw ProtocolError(.invalidArgument, "cannot read \(path): \(failure)", field: "args.path")
                }
                do throws(ProtocolError) {
                    let parsed = try bytes.withUnsafeBufferPointer { b throws(ProtocolError) in
                        try JSONCodec.parse(b, changeSetAt: ["records"], limit: JSONCodec.maxFileBytes)
                    }
                    return try restore(engine, parsed.value, changes: parsed.changes)
                } catch {
                    guard error.field == nil || error.field!.hasPrefix("args.document") else { throw error }
                    var moved = error
                    moved.field = "args.path"
                    moved.message = "\(path): " + error.message.replacingPrefix("args.", with: "")
                    throw moved
                }
            case (let document?, nil):
                return try restore(engine, document, changes: args.changeSet)
            case (nil, nil):
                throw ProtocolError(.invalidArgument, "args.document or args.path is required", field: "args.document")
            case (_?, _?):
                throw ProtocolError(.invalidArgument, "give args.document or args.path, not both", field: "args.path")
            }
        },
        Operation(
            "data.importLoop",
            "Imports Loop Habit Tracker's data in one transaction: its backup (`.db`, schema 8–25) or its CSV export (the zip, or its folder). A done day becomes an entry (source import); a SKIP a day off (target 0 that day); NO, UNKNOWN and YES_AUTO nothing; numerical habits keep unit, target and at least/at most; 1/1 is daily, n/7 n per week, other frequencies the nearest (reported); archived stays archived. Habits are found again by Loop's uuid (CSV: by name), so a second import adds nothing.",
            arguments: [Field("path", "string", "The backup file, zip or folder, on this machine.")],
            result: [
                Field(
                    "habits", "array",
                    "`[{name, habitId, outcome, entries, daysOff, notes}]`: outcome `created`, `matched` (imported before) or `skipped` (notes say why); notes also tell how a frequency was mapped."
                ),
                Field("entriesCreated", "integer", "New entries (0 on a second import)."),
                Field("ignored", "integer", "Checkmarks that create nothing (NO, UNKNOWN, YES_AUTO, zero amounts)."),
            ],
            errors: [.invalidArgument, .conflict, .storage]
        ) { engine, args throws(ProtocolError) in
            let path = try args.string("path")
            let summary = try ProtocolError.engine { () throws(HabitFlowError) in try engine.importLoop(try LoopFiles.read(path: path)) }
            return .object([
                (
                    "habits",
                    .array(
                        summary.habits.map { h in
                            .object([
                                ("name", .string(h.name)), ("habitId", h.habitId.map(JSONValue.string) ?? .null),
                                ("outcome", .string(h.outcome)),
                                ("entries", .int(Int64(h.entries))), ("daysOff", .int(Int64(h.daysOff))),
                                ("notes", .array(h.notes.map(JSONValue.string))),
                            ])
                        })
                ),
                ("entriesCreated", .int(Int64(summary.entriesCreated))), ("ignored", .int(Int64(summary.ignored))),
            ])
        },
    ]

    /// The user's active entries as CSV, by day then habit name; each in the unit its habit had
    /// on its day (a unit edit applies from its day on, SPEC §6a).
    static func entriesCSV(_ engine: Engine) throws(ProtocolError) -> String {
        let (input, entries) = try ProtocolError.engine { () throws(HabitFlowError) in
            (try engine.metricsContext().input, try engine.entries(EntryQuery()))
        }
        var byId: [String: HabitMetrics] = [:]
        for h in input.habits { byId[h.id] = input.metrics(for: h) }
        var out = "day,habit,habit_id,value,unit,note,source,timestamp_utc,entry_id\r\n"
        for e in entries {
            let habit = byId[e.habitId]
            let row = [
                e.dayKey.description, habit?.habit.name ?? "", e.habitId, e.value.map(csvNumber) ?? "",
                habit?.rules.rule(on: e.dayKey).unit ?? "", e.note ?? "", e.source.rawValue, e.timestampUtc.description, e.id,
            ]
            out += row.map(csvField).joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// A field quoted as RFC 4180 asks when it holds a comma, a quote or a line break.
    static func csvField(_ s: String) -> String {
        // By scalars: "\r\n" is one Character, equal to neither "\r" nor "\n".
        guard s.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        var quoted = "\""
        for c in s.unicodeScalars {
            if c == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(c) }
        }
        return quoted + "\""
    }

    static func csvNumber(_ d: Double) -> String {
        d.rounded() == d && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }
}

extension Operation {
    /// Restores `document` (a data.export document; `changes` its records when they were read
    /// apart from it), naming its fields as `args.document`'s.
    private static func restore(_ engine: Engine, _ document: JSONValue, changes read: [ChangeRecord]?) throws(ProtocolError) -> JSONValue {
        guard case .object = document else {
            throw ProtocolError(.invalidArgument, "args.document must be a data.export document (an object)", field: "args.document")
        }
        guard document["format"] == .string(exportFormat) else {
            throw ProtocolError(.invalidArgument, "args.document.format must be \"\(exportFormat)\"", field: "args.document.format")
        }
        guard case let .int(version)? = document["version"], version >= 1 else {
            throw ProtocolError(.invalidArgument, "args.document.version must be a version number", field: "args.document.version")
        }
        guard version <= exportVersion else {
            throw ProtocolError(
                .invalidArgument, "args.document.version \(version) was written by a newer library (this one reads \(exportVersion))",
                field: "args.document.version")
        }
        guard case let .array(items)? = document["records"] else {
            throw ProtocolError(.invalidArgument, "args.document.records must be an array", field: "args.document.records")
        }
        var changes: [ChangeRecord] = read ?? []
        if read == nil {
            changes.reserveCapacity(items.count)
            for (i, item) in items.enumerated() { changes.append(try ChangeJSON.change(item, at: "args.document.records[\(i)]")) }
        }
        let summary: ApplySummary
        do throws(HabitFlowError) { summary = try engine.applyChanges(changes) } catch {
            var moved = ChangeJSON.relocate(error)
            moved.field = moved.field.map { $0.replacingPrefix("changes", with: "document.records") }
            moved.message = moved.message.replacingPrefix("changes", with: "document.records")
            throw ProtocolError(moved)
        }
        return .object([
            ("records", .int(Int64(changes.count))), ("applied", .int(Int64(summary.applied))),
            ("ignored", .int(Int64(summary.ignored))), ("repairs", .int(Int64(summary.repairs))),
        ])
    }
}

extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
