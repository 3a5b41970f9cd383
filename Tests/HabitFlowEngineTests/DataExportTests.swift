import Foundation
@_spi(Faces) import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// `data.export` / `data.import` (issue 15): a user's data out and back into any store.
@Suite struct DataExportTests {
    func call(_ d: Dispatcher, _ op: String, _ args: JSONValue) throws -> JSONValue {
        try d.handle(.object([("op", .string(op)), ("args", args)]))
    }

    func call(_ d: Dispatcher, _ op: String, _ args: String) throws -> JSONValue {
        try d.handle(JSONCodec.parse(#"{"op":"\#(op)","args":\#(args)}"#))
    }

    /// A random store: habits of every kind, entries, target changes, a pause, deletes, a goal
    /// with links, a category, journals and wellbeing.
    /// `store` holds `d`'s file: changes of meaning are made by engines living on their day.
    func randomStore(_ store: TestStore, seed: UInt64) throws -> Dispatcher {
        var rng = SplitMix64(seed: seed)
        // In the order it happened (a store's clock never goes back): habits made on 1 January,
        // a pause and a target set on their days, entries logged on 1 June.
        func on(_ day: String) throws -> Dispatcher {
            Dispatcher(engine: try store.engine(now: "\(day)T10:00:00Z", zone: day == "2025-01-01" ? "Europe/Amsterdam" : nil))
        }
        let first = try on("2025-01-01")
        _ = try call(first, "category.save", #"{"categoryId":"c1","name":"Health"}"#)
        let kinds = [
            #""kind":"binary""#, #""kind":"numeric","unit":"km","target":5"#, #""cadence":"weekly","timesPerWeek":3"#,
            #""kind":"numeric","unit":"g","targetType":"atMost","target":30"#,
        ]
        let habits = (0..<Int(2 + rng.next() % 4)).map { "h\($0)" }
        for (i, h) in habits.enumerated() {
            _ = try call(first, "habit.create", #"{"habitId":"\#(h)","name":"Habit \#(i) ✓","categoryId":"c1",\#(kinds[i % kinds.count])}"#)
        }
        _ = try call(try on("2025-02-10"), "habit.pause", #"{"habitId":"h0","from":"2025-02-10","to":"2025-02-12"}"#)
        _ = try call(try on("2025-03-01"), "target.set", #"{"habitId":"h1","effectiveDayKey":"2025-03-01","target":6}"#)
        let d = try on("2025-06-01")
        for _ in 0..<40 {
            let h = habits[Int(rng.next() % UInt64(habits.count))]
            let day = DayKey(dayNumber: Int(DayKey(year: 2025, month: 1, day: 1)!.dayNumber) + Int(rng.next() % 150))!
            let value = h == "h1" || h == "h3" ? #","value":\#(rng.next() % 40)"# : ""
            _ = try? call(
                d, "entry.log", #"{"habitId":"\#(h)","dayKey":"\#(day)","confirm":true,"note":"n \#(rng.next() % 9), \"q\""\#(value)}"#)
        }
        if case let .array(entries)? = try call(d, "entry.list", #"{"habitId":"h0"}"#)["entries"], let first = entries.first {
            _ = try call(d, "entry.delete", .object([("entryId", first["id"] ?? .null), ("confirm", .bool(true))]))
        }
        _ = try call(
            d, "goal.create",
            #"{"goalId":"g1","title":"Move","type":"weeklyHabit","target":3,"categoryId":"c1","startDayKey":"2025-01-06"}"#)
        _ = try call(d, "goal.link", #"{"goalId":"g1","habitId":"h0"}"#)
        _ = try call(d, "journal.create", #"{"journalId":"j1","text":"Felt strong","referencedHabitIds":["h0"],"dayKey":"2025-03-03"}"#)
        _ = try call(d, "wellbeing.log", #"{"metric":"mood","value":4,"dayKey":"2025-03-03","timestampUtc":"2025-03-03T08:00:00Z"}"#)
        return d
    }

    /// Every record's contents but the user's profile: a store made for the restore holds a
    /// profile of its own, made when it was opened (later than the backup's, so it stays).
    static func records(_ e: Engine) throws -> [String] {
        try e.canonicalDump().filter { $0.kind != "user" }.map(\.contents)
    }

    /// Export → import into a new store: the same records and the same metrics; importing
    /// again changes nothing (a property over random stores).
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func exportThenImportGivesTheSameStore(seed: UInt64) throws {
        let source = TestStore("export-\(seed)"), target = TestStore("import-\(seed)")
        let a = try randomStore(source, seed: seed)
        let document = try call(a, "data.export", "{}")["document"] ?? .null
        #expect(
            document["format"] == .string("habitflow-export") && document["version"] == .int(1) && document["userId"] == .string("alice"))

        let engineB = try target.engine(now: "2025-06-01T10:00:00Z")
        let b = Dispatcher(engine: engineB)
        let first = try call(b, "data.import", .object([("document", document)]))
        #expect(first["applied"] != .int(0), "seed \(seed)")
        // Record by record, field by field (the target store stamped its own copy of the same profile).
        let (dumpA, dumpB) = (try Self.records(a.engine), try Self.records(engineB))
        #expect(try a.engine.user().zone == engineB.user().zone)
        #expect(
            dumpA == dumpB,
            "seed \(seed): records differ: \(dumpA.filter { !dumpB.contains($0) }) vs \(dumpB.filter { !dumpA.contains($0) })")
        for h in ["h0", "h1"] {
            for op in ["metrics.streaks", "metrics.week", "metrics.momentum"] {
                #expect(try call(a, op, #"{"habitId":"\#(h)"}"#) == call(b, op, #"{"habitId":"\#(h)"}"#), "seed \(seed) \(op) \(h)")
            }
        }
        #expect(try call(a, "goal.progress", #"{"goalId":"g1"}"#) == call(b, "goal.progress", #"{"goalId":"g1"}"#))
        #expect(try call(a, "data.export", #"{"format":"csv"}"#) == call(b, "data.export", #"{"format":"csv"}"#))

        let before = try engineB.canonicalDump()
        let again = try call(b, "data.import", .object([("document", document)]))
        #expect(again["applied"] == .int(0) && again["records"] == first["records"], "importing twice changes nothing")
        #expect(try engineB.canonicalDump() == before)
    }

    /// A restore settles each day as the same records applied one by one do: a new habit's
    /// lone days (placed as they arrive), a day two devices both logged (one set aside), a
    /// multiple-per-day habit's day, a deleted entry, and two options of a choice bundle on
    /// one day.
    @Test func aRestoreSettlesEveryDayAsRecordByRecord() throws {
        func count(_ value: JSONValue?) -> Int? { if case let .array(items)? = value { items.count } else { nil } }
        let source = TestStore("settle-source")
        let a = Dispatcher(engine: try source.engine(now: "2025-06-01T10:00:00Z"))
        for request in [
            #"{"habitId":"solo","name":"Solo"}"#, #"{"habitId":"multi","name":"Multi","kind":"numeric","unit":"x","multiplePerDay":true}"#,
            #"{"habitId":"o1","name":"Run"}"#, #"{"habitId":"o2","name":"Swim"}"#,
        ] {
            _ = try call(a, "habit.create", request)
        }
        _ = try call(a, "bundle.create", #"{"bundleId":"b","name":"Move","kind":"choice","habitIds":["o1","o2"]}"#)
        for (id, habit, day) in [("s1", "solo", "05-01"), ("s2", "solo", "05-02"), ("s3", "solo", "05-03"), ("o", "o1", "05-01")] {
            _ = try call(a, "entry.log", #"{"entryId":"\#(id)","habitId":"\#(habit)","dayKey":"2025-\#(day)","confirm":true}"#)
        }
        for id in ["m1", "m2"] {
            _ = try call(a, "entry.log", #"{"entryId":"\#(id)","habitId":"multi","dayKey":"2025-05-01","value":2,"confirm":true}"#)
        }
        _ = try call(a, "entry.delete", #"{"entryId":"s3","confirm":true}"#)
        let exported = try call(a, "data.export", "{}")["document"] ?? .null
        guard case let .object(header) = exported, case let .array(records)? = exported["records"] else {
            Issue.record("no document")
            return
        }
        // Another device's entry on a day already logged: solo's 05-01, and o2 beside o1.
        func twin(of id: String, _ newId: String, habit: String) -> JSONValue? {
            guard let original = records.first(where: { $0["kind"] == .string("entry") && $0["record"]?["id"] == .string(id) }),
                case let .object(fields) = original, case let .object(record)? = original["record"]
            else { return nil }
            let changed = record.map { ($0.0, $0.0 == "id" ? .string(newId) : $0.0 == "habitId" ? .string(habit) : $0.1) }
            return .object(
                fields.map {
                    ($0.0, $0.0 == "record" ? .object(changed) : $0.0 == "stamp" ? .string("0001748775600000.000000.rother") : $0.1)
                })
        }
        let all = records + [twin(of: "s1", "t1", habit: "solo"), twin(of: "o", "t2", habit: "o2")].compactMap { $0 }
        #expect(all.count == records.count + 2)
        func document(_ records: [JSONValue]) -> JSONValue {
            .object(header.map { ($0.0, $0.0 == "records" ? .array(records) : $0.1) })
        }
        let once = TestStore("settle-once"), oneByOne = TestStore("settle-one-by-one")
        let c = Dispatcher(engine: try once.engine(now: "2025-06-01T10:00:00Z"))
        let d = Dispatcher(engine: try oneByOne.engine(now: "2025-06-01T10:00:00Z"))
        let summary = try call(c, "data.import", .object([("document", document(all))]))
        #expect(summary["repairs"] == .int(2), "\(summary)")
        for record in all { _ = try call(d, "data.import", .object([("document", document([record]))])) }
        let (dumpC, dumpD) = (try c.engine.canonicalDump().map(\.contents), try d.engine.canonicalDump().map(\.contents))
        #expect(dumpC == dumpD, "\(dumpC.filter { !dumpD.contains($0) }) vs \(dumpD.filter { !dumpC.contains($0) })")
        let repairs = try call(c, "sync.repairs", "{}")
        #expect(repairs == (try call(d, "sync.repairs", "{}")))
        #expect(count(repairs["repairs"]) == 2, "\(repairs)")
        for habit in ["solo", "multi", "o1", "o2"] {
            let listed = try call(c, "entry.list", #"{"habitId":"\#(habit)"}"#)
            #expect(listed == (try call(d, "entry.list", #"{"habitId":"\#(habit)"}"#)), "\(habit)")
        }
        #expect(count(try call(c, "entry.list", #"{"habitId":"multi"}"#)["entries"]) == 2)
        #expect(try call(c, "metrics.streaks", #"{"habitId":"solo"}"#) == call(a, "metrics.streaks", #"{"habitId":"solo"}"#))
    }

    /// Bad documents and another user's data are refused by field, and nothing is written.
    /// A restore sent as text, large enough that its records are read straight into changes
    /// (`ChangeSetReader`), writes what the same document as a tree writes; a bad record in it
    /// is named as the tree names it, and nothing is written.
    @Test func aLargeRestoreTextReadsAsItsTree() throws {
        let source = TestStore("export-large")
        let a = Dispatcher(engine: try source.engine(now: "2025-06-01T10:00:00Z"))
        _ = try call(a, "habit.create", #"{"habitId":"h0","name":"Run \"far\" ✓","kind":"numeric","unit":"km"}"#)
        let entries = (0..<400).map { i in
            #"{"entryId":"e\#(i)","habitId":"h0","timestampUtc":"\#(DayKey(dayNumber: 20_000 + i)!)T09:00:00Z","value":\#(Double(i) / 4),"note":"n\\u00e9 \#(i)"}"#
        }
        _ = try call(a, "entry.import", "{\"entries\":[\(entries.joined(separator: ","))]}")
        let document = try call(a, "data.export", "{}")["document"] ?? .null
        let text = #"{"op":"data.import","args":{"document":\#(JSONCodec.serialize(document))}}"#
        #expect(text.utf8.count > JSONCodec.changeSetMinimumBytes)

        let byText = try TestStore("import-large-text").engine(now: "2025-06-01T10:00:00Z")
        let byTree = try TestStore("import-large-tree").engine(now: "2025-06-01T10:00:00Z")
        let (response, code) = Dispatcher(engine: byText).respond(to: text)
        #expect(code == nil, "\(response.prefix(300))")
        _ = try call(Dispatcher(engine: byTree), "data.import", .object([("document", document)]))
        #expect(try byText.canonicalDump().map(\.contents) == byTree.canonicalDump().map(\.contents))
        #expect(try byText.canonicalDump().map(\.contents) == a.engine.canonicalDump().map(\.contents))
        // sync.apply takes its changes the same way.
        let changes = try call(a, "sync.changes", "{}")["changes"] ?? .null
        let applyText = #"{"op":"sync.apply","args":{"changes":\#(JSONCodec.serialize(changes))}}"#
        #expect(applyText.utf8.count > JSONCodec.changeSetMinimumBytes)
        let synced = try TestStore("import-large-sync").engine(now: "2025-06-01T10:00:00Z")
        let (applied, failed) = Dispatcher(engine: synced).respond(to: applyText)
        #expect(failed == nil, "\(applied.prefix(300))")
        #expect(try synced.canonicalDump().map(\.contents) == a.engine.canonicalDump().map(\.contents))

        // Record 101 of an unknown kind: the same error by either path, and nothing written.
        guard case var .object(members) = document, let r = members.firstIndex(where: { $0.0 == "records" }),
            case var .array(records) = members[r].1, case let .object(record) = records[101]
        else {
            Issue.record("no records")
            return
        }
        records[101] = .object(record.map { $0.0 == "kind" ? ($0.0, .string("gadget")) : $0 })
        members[r].1 = .array(records)
        let bad = #"{"op":"data.import","args":{"document":\#(JSONCodec.serialize(.object(members)))}}"#
        let empty = try TestStore("import-large-bad").engine(now: "2025-06-01T10:00:00Z")
        let before = try empty.canonicalDump()
        let (refusal, refused) = Dispatcher(engine: empty).respond(to: bad)
        #expect(refused == .invalidArgument)
        let error = try JSONCodec.parse(refusal)["error"]
        #expect(error?["field"] == .string("args.document.records[101].kind"), "\(refusal)")
        #expect(throws: ProtocolError.self) {
            try call(Dispatcher(engine: empty), "data.import", .object([("document", .object(members))]))
        }
        do {
            _ = try call(Dispatcher(engine: empty), "data.import", .object([("document", .object(members))]))
        } catch let tree as ProtocolError {
            #expect(error?["message"] == .string(tree.message) && error?["field"] == tree.field.map(JSONValue.string))
        }
        #expect(try empty.canonicalDump() == before)
    }

    /// `data.import {path}`: the engine reads the backup file itself (a host holding a file
    /// parses and re-serialises nothing); what it writes is what the document writes, and a
    /// file it cannot take is named by its path, with the place in the document.
    @Test func aRestoreReadsABackupFile() throws {
        let source = TestStore("export-file")
        let a = try randomStore(source, seed: 4)
        let document = try call(a, "data.export", "{}")["document"] ?? .null
        let folder = Repository.temporaryDirectory("import-files").path
        func file(_ name: String, _ text: String) throws -> String {
            let path = "\(folder)/\(name)"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let backup = try file("backup.json", JSONCodec.serialize(document))
        let restored = try TestStore("import-file").engine(now: "2025-06-01T10:00:00Z")
        let answer = try call(Dispatcher(engine: restored), "data.import", .object([("path", .string(backup))]))
        #expect(answer["applied"] != .int(0))
        #expect(try Self.records(restored) == Self.records(a.engine))

        let empty = try TestStore("import-file-bad").engine(now: "2025-06-01T10:00:00Z")
        let before = try empty.canonicalDump()
        let cases: [(JSONValue, ErrorCode, String)] = [
            (.object([("path", .string(folder + "/none.json"))]), .invalidArgument, "none.json: no such file"),
            (.object([("path", .string(folder))]), .invalidArgument, "not a regular file"),
            (.object([("path", .string(try file("cut.json", "{\"format\": ")))]), .invalidJSON, "cut.json: malformed JSON at byte"),
            (
                .object([("path", .string(try file("other.json", #"{"format":"other"}"#)))]), .invalidArgument,
                "other.json: document.format must be"
            ),
            (.object([("path", .string(backup)), ("document", document)]), .invalidArgument, "not both"),
            (.object([]), .invalidArgument, "args.document or args.path is required"),
        ]
        for (args, code, words) in cases {
            do {
                _ = try call(Dispatcher(engine: empty), "data.import", args)
                Issue.record("accepted: \(args)")
            } catch let error as ProtocolError {
                #expect(error.code == code && error.message.contains(words), "\(error)")
                #expect(error.field == (words.hasPrefix("args.") ? "args.document" : "args.path"), "\(error)")
            }
        }
        #expect(try empty.canonicalDump() == before)
    }

    @Test func badDocumentsAreRefusedAndChangeNothing() throws {
        let own = try TestStore("import-own").engine(now: "2025-06-01T10:00:00Z")
        let source = TestStore("export-bad"), target = TestStore("import-bad")
        let a = try randomStore(source, seed: 9)
        guard case let .object(document)? = try call(a, "data.export", "{}")["document"] else {
            Issue.record("no document")
            return
        }
        let bob = try target.engine(now: "2025-06-01T10:00:00Z", user: "bob")
        let b = Dispatcher(engine: bob)
        _ = try call(b, "habit.create", #"{"habitId":"mine","name":"Mine"}"#)
        let before = try bob.canonicalDump()
        func replacing(_ key: String, _ value: JSONValue) -> JSONValue {
            .object(document.map { $0.0 == key ? ($0.0, value) : $0 })
        }
        var broken = document
        if let i = broken.firstIndex(where: { $0.0 == "records" }), case var .array(records) = broken[i].1, case var .object(r) = records[1]
        {
            r = r.map { $0.0 == "kind" ? ($0.0, .string("gadget")) : $0 }
            records[1] = .object(r)
            broken[i].1 = .array(records)
        }
        let cases: [(JSONValue, String, ErrorCode)] = [
            (.string("nope"), "args.document", .invalidArgument),
            (replacing("format", .string("other")), "args.document.format", .invalidArgument),
            (replacing("version", .int(2)), "args.document.version", .invalidArgument),
            (replacing("records", .string("x")), "args.document.records", .invalidArgument),
            (.object(broken), "args.document.records[1].kind", .invalidArgument),
            (.object(document), "", .forbidden),  // alice's records in bob's store
        ]
        for (doc, field, code) in cases {
            // A damaged record is found in alice's own store (in bob's, her first record is forbidden first).
            let (d, engine) = field.hasSuffix(".kind") ? (Dispatcher(engine: own), own) : (b, bob)
            let held = try engine.canonicalDump()
            do {
                _ = try call(d, "data.import", .object([("document", doc)]))
                Issue.record("accepted: \(field)")
            } catch let error as ProtocolError {
                #expect(error.code == code, "\(field): \(error)")
                if !field.isEmpty { #expect(error.field == field, "\(error)") }
            }
            #expect(try engine.canonicalDump() == held, "\(field): nothing written")
        }
        #expect(try bob.canonicalDump() == before)
    }
    /// A store whose backup is larger than a request: 6,000 entries (4 habits, 1,500 days each)
    /// with long notes (the 100,000-entry round trips run on the release build:
    /// ShippedLibraryTests, the wheel's Python tests).
    static func largeStore(_ store: TestStore) throws -> Engine {
        let engine = try store.engine(now: "2026-01-01T10:00:00Z")
        for h in 0..<4 {
            var draft = HabitDraft(name: "Habit \(h)")
            draft.id = "h\(h)"
            _ = try engine.createHabit(draft)
            _ = try engine.importEntries(
                LogRequest.daily(habitId: "h\(h)", from: DayKey("2020-01-01"), days: 1_500).map {
                    var r = $0
                    r.entryId = "h\(h)-" + r.entryId!
                    r.note = String(repeating: "A long note, every day. ", count: 125)
                    return r
                })
        }
        return engine
    }

    /// Issue 58: a backup larger than a request (16 MiB) restores from its file, and its text
    /// sent as a request is refused naming its real size and what takes it.
    @Test func aBackupOfAnySizeRestoresFromItsFile() throws {
        let source = try Self.largeStore(TestStore("export-large-file"))
        let document = try call(Dispatcher(engine: source), "data.export", "{}")["document"] ?? .null
        let text = JSONCodec.serialize(document)
        #expect(text.utf8.count > JSONCodec.maxRequestBytes, "\(text.utf8.count) bytes")
        let path = Repository.temporaryDirectory("export-large-file").path + "/backup.json"
        try text.write(toFile: path, atomically: false, encoding: .utf8)

        let restored = try TestStore("import-large-file").engine(now: "2026-01-01T10:00:00Z")
        let answer = try call(Dispatcher(engine: restored), "data.import", .object([("path", .string(path))]))
        // Every record applies but, maybe, the profile: the restored store's open made one too.
        #expect(answer["records"] == .int(6_005) && [.int(6_004), .int(6_005)].contains(answer["applied"]), "\(answer)")
        #expect(try Self.records(restored) == Self.records(source))

        let request = #"{"op":"data.import","args":{"document":\#(text)}}"#
        let (refusal, code) = Dispatcher(engine: restored).respond(to: request)
        #expect(code == .limitExceeded)
        #expect(refusal.contains("request is \(request.utf8.count) bytes") && refusal.contains("data.import {path}"), "\(refusal)")
    }
}

extension ChangeRecord {
    /// Kind and fields, without the stamp.
    var contents: String { "\(kind) " + fields.map { "\($0.name)=\($0.value)" }.joined(separator: " ") }

}
