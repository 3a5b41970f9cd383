import Foundation
import HabitFlow
import HabitFlowProtocol
import HabitFlowSQLite
import HabitFlowTestSupport
import Testing

/// Issue 12: a store written by the last schema-5 library (`Tests/Fixtures/schema5`, made by
/// its `make.py` with that version's CLI) opens with this one, is migrated with nothing lost,
/// and every record and metric reads as that library read it (`answers.jsonl`: its answers to
/// 69 requests on the same store at the same instant).
@Suite struct MigrationFixtureTests {
    /// The first place `old` is not in `new` (nil when every member, item and value of `old`
    /// is there — new members are allowed: later versions add fields).
    static func missing(_ old: JSONValue, in new: JSONValue, at path: String) -> String? {
        switch (old, new) {
        case let (.object(o), .object(n)):
            for (key, value) in o {
                guard let now = n.first(where: { $0.0 == key })?.1 else { return "\(path).\(key) is gone" }
                if let difference = missing(value, in: now, at: "\(path).\(key)") { return difference }
            }
            return nil
        case let (.array(o), .array(n)):
            guard o.count == n.count else { return "\(path): \(o.count) items, now \(n.count)" }
            for (i, (a, b)) in zip(o, n).enumerated() {
                if let difference = missing(a, in: b, at: "\(path)[\(i)]") { return difference }
            }
            return nil
        case let (.double(a), .double(b)) where abs(a - b) <= 1e-12 * max(1, abs(a)):
            return nil
        case let (.int(a), .double(b)) where Double(a) == b, let (.double(b), .int(a)) where Double(a) == b:
            return nil
        default:
            return old == new ? nil : "\(path): \(old), now \(new)"
        }
    }

    @Test func aSchema5StoreMigratesWithEveryRecordAndMetricAsItWas() throws {
        try migrates("schema5", from: 5, answers: 69, changedOnPurpose: Self.atMostMomentum)
    }

    /// Changed on purpose since (issue 55, SPEC §6): momentum reads each day's status, so a
    /// day over an at-most limit earns what a missed day earns (0) and the score starts at 0
    /// for every target type. The fixtures' at-most habits (`sugar`, `smoke`) read otherwise.
    ///
    /// And (issue 57): evidence is offered while its habit has something to confirm; the
    /// fixtures' routine evidence (`stretch`, `walk`) is of habits logged after the start, so
    /// `evidence.list` no longer lists it (`evidenceOfLoggedHabitsIsNoLongerOffered` checks it).
    static func atMostMomentum(_ args: JSONValue, _ members: [(String, JSONValue)]) -> Set<String> {
        if members.contains(where: { $0.0 == "evidence" }) { return ["evidence"] }
        let habit = members.first { $0.0 == "habitId" }?.1 ?? args["habitId"]
        return habit == .string("sugar") || habit == .string("smoke") ? ["momentum"] : []
    }

    /// The fixtures' evidence of habits logged after the routine started is no longer offered;
    /// the records stay, and the entries are the ones the old library held.
    @Test func evidenceOfLoggedHabitsIsNoLongerOffered() throws {
        for name in ["schema5", "schema10"] {
            let path = Repository.temporaryDirectory(name + "-evidence").appendingPathComponent("store.sqlite").path
            try FileManager.default.copyItem(atPath: Repository.path("Tests/Fixtures/\(name)/store.sqlite"), toPath: path)
            let d = Dispatcher(
                engine: try Engine(
                    storePath: path, user: "alice", zone: "Europe/Amsterdam", now: try Instant(parsing: "2025-03-12T11:00:00Z")))
            let old = try String(contentsOfFile: Repository.path("Tests/Fixtures/\(name)/answers.jsonl"), encoding: .utf8)
                .split(separator: "\n").map { try JSONCodec.parse(String($0)) }.first { $0["op"] == .string("evidence.list") }
            guard case let .array(offered)? = old?["answer"]?["result"]?["evidence"], !offered.isEmpty else {
                Issue.record("\(name): the fixture offered no evidence")
                continue
            }
            let now = try d.result("evidence.list", "{}")["evidence"]
            #expect(now == .array([]), "\(name): \(JSONCodec.serialize(now ?? .null))")
            for item in offered {
                let habit = item["habitId"] ?? .null
                let day = try d.result("metrics.day", #"{"habitId":\#(JSONCodec.serialize(habit)),"dayKey":"2025-03-12"}"#)
                #expect(day["status"] == .string("complete"), "\(name): \(JSONCodec.serialize(habit)) was logged that day")
            }
        }
    }

    /// Issue 27: a store of the last schema-10 library (`Tests/Fixtures/schema10`): its target
    /// versions become definition versions (a stored target 0 a pause, the at-most 0 that
    /// "asked nothing" among them, a version inside a pause), and every answer holds.
    @Test func aSchema10StoreMigratesWithEveryRecordAndMetricAsItWas() throws {
        try migrates("schema10", from: 10, answers: 92) { args, members in
            // Changed on purpose since: the change format's version (3), and an ended goal
            // reads as its weeks met ("5/5"), no longer as its last week (issue 27, item 11).
            var gone = Self.atMostMomentum(args, members).union(["syncVersion"])
            if members.contains(where: { $0.0 == "goalId" && $0.1 == .string("gymweeks") }), members.contains(where: { $0.0 == "fraction" })
            {
                gone.formUnion(["value", "target", "fraction", "percent"])
            }
            return gone
        }
    }

    /// Issue 59: the store of release 0.1.0 (`Tests/Fixtures/schema20`, its definitions changed
    /// over weeks: targets, pauses, a goal's edit, the first weekday) answers as that release did.
    @Test func theSchema20StoreOfRelease010AnswersAsItDid() throws {
        // The one member that differs: the test opens a copy of the file, and a copy takes a
        // replica id of its own (it must never speak as the device it was copied from).
        try migrates("schema20", from: 20, answers: 117) { _, members in members.contains { $0.0 == "replicaId" } ? ["replicaId"] : [] }
    }

    /// `value` without the members `gone` names in each object (answers changed on purpose).
    static func without(_ value: JSONValue, _ gone: ([(String, JSONValue)]) -> Set<String>) -> JSONValue {
        switch value {
        case let .object(members):
            let drop = gone(members)
            return .object(members.filter { !drop.contains($0.0) }.map { ($0.0, without($0.1, gone)) })
        case let .array(items):
            return .array(items.map { without($0, gone) })
        default:
            return value
        }
    }

    /// Opens a copy of fixture `name` (schema `version`) with this library and asks it what
    /// that library was asked (`answers` lines), twice: from the migrated records, then from
    /// the store's cache of them.
    func migrates(
        _ name: String, from version: Int, answers: Int,
        changedOnPurpose: (JSONValue, [(String, JSONValue)]) -> Set<String> = { _, _ in [] }
    ) throws {
        let fixture = Repository.path("Tests/Fixtures/\(name)")
        let path = Repository.temporaryDirectory(name).appendingPathComponent("store.sqlite").path
        try FileManager.default.copyItem(atPath: fixture + "/store.sqlite", toPath: path)
        #expect(try run("sqlite3", [path, "PRAGMA user_version"]).stdout == "\(version)\n")

        let engine = try Engine(storePath: path, user: "alice", zone: "Europe/Amsterdam", now: try Instant(parsing: "2025-03-12T11:00:00Z"))
        #expect(try run("sqlite3", [path, "PRAGMA user_version"]).stdout == "\(SQLiteStore.schemaVersion)\n")
        let dispatcher = Dispatcher(engine: engine)
        let lines = try String(contentsOfFile: fixture + "/answers.jsonl", encoding: .utf8).split(separator: "\n")
        try #require(lines.count == answers)
        for pass in 1...2 {
            for line in lines {
                let asked = try JSONCodec.parse(String(line))
                guard let op = asked["op"], let args = asked["args"], let answer = asked["answer"] else {
                    Issue.record("a fixture line without op, args and answer: \(line)")
                    continue
                }
                let old = Self.without(answer) { changedOnPurpose(args, $0) }
                let request = JSONCodec.serialize(.object([("op", op), ("args", args)]))
                let now = try JSONCodec.parse(dispatcher.respond(to: request).text)
                if let difference = Self.missing(old, in: now, at: "answer") {
                    Issue.record("\(name), pass \(pass), \(request): \(difference)")
                }
            }
        }
        #expect(try run("sqlite3", [path, "PRAGMA integrity_check"]).stdout == "ok\n")
    }

    /// The same records as a schema-5 library sent them (its `sync.changes` answer: entries,
    /// target versions and links without the owners ids now carry), applied to a new store
    /// as a restored backup or an older peer's push: every other old answer holds there too.
    @Test func changesWrittenBeforeIdsWerePerOwnerApplyToANewStore() throws {
        let fixture = Repository.path("Tests/Fixtures/schema5")
        let lines = try String(contentsOfFile: fixture + "/answers.jsonl", encoding: .utf8).split(separator: "\n")
        let asked = try lines.map { try JSONCodec.parse(String($0)) }
        let old = try #require(asked.first { $0["op"] == .string("sync.changes") }?["answer"]?["result"]?["changes"])
        guard case let .array(changes) = old else {
            Issue.record("no changes in the fixture")
            return
        }
        #expect(changes.contains { $0["kind"] == .string("entry") && $0["record"]?["ownerId"] == nil })
        let engine = try TestStore("schema5-changes").engine(now: "2025-03-12T11:00:00Z")
        let dispatcher = Dispatcher(engine: engine)
        let applied = try JSONCodec.parse(
            dispatcher.respond(
                to: JSONCodec.serialize(
                    .object([
                        ("op", .string("sync.apply")), ("args", .object([("changes", old)])),
                    ]))
            ).text)
        #expect(applied["ok"] == .bool(true), "\(JSONCodec.serialize(applied))")
        for line in asked where line["op"] != .string("sync.changes") {
            guard let op = line["op"], let args = line["args"], let answer = line["answer"] else { continue }
            let request = JSONCodec.serialize(.object([("op", op), ("args", args)]))
            let now = try JSONCodec.parse(dispatcher.respond(to: request).text)
            let old = Self.without(answer) { Self.atMostMomentum(args, $0) }
            if let difference = Self.missing(old, in: now, at: "answer") { Issue.record("\(request): \(difference)") }
        }
    }
}
