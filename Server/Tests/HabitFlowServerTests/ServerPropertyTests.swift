import Foundation
import HabitFlowTestSupport
import Testing

/// Random offline edits on several devices, synced in random orders through two server
/// processes on one database: every device and the server end with the same records, and
/// the devices with the same metrics.
@Suite(.serialized) struct ServerPropertyTests {
    @Test(arguments: [UInt64(7), 1_234_567])
    func devicesAndServersConverge(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let database = try TestDatabase.fresh("property")
        let servers = [try ServerProcess(database: database), try ServerProcess(database: database)]
        let token = try makeToken(database, user: "alice")
        let devices = (0..<4).map { Device("prop-\(seed)-\($0)", user: "alice") }
        try devices[0].cli(["habit", "add", "Read", "--numeric", "pages", "--id", "h-read"])
        try devices[0].cli(["habit", "add", "Run", "--id", "h-run"])
        for d in devices { try d.sync(servers[0].url, token: token) }
        let days = (15...19).map { "2026-11-\($0)" }

        for _ in 0..<8 {
            let d = devices[Int.random(in: 0..<devices.count, using: &random)]
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5:
                    let day = days.randomElement(using: &random)!
                    if Bool.random(using: &random) {
                        try d.cli(["log", "Read", String(Int.random(in: 1...40, using: &random)), "--day", day, "--confirm"])
                    } else {
                        try d.cli(["log", "Run", "--day", day, "--confirm"])
                    }
                case 5..<7:
                    if let id = try Self.entryIDs(d).randomElement(using: &random) { try d.cli(["delete", id, "--confirm"]) }
                case 7..<9:
                    if let id = try Self.entryIDs(d, habit: "h-read").randomElement(using: &random) {
                        try d.cli(["edit", id, "--value", String(Int.random(in: 1...40, using: &random)), "--confirm"])
                    }
                default:
                    // A target applies from today or later: past days keep theirs.
                    try d.cli([
                        "target", "set", "Read", String(Int.random(in: 5...30, using: &random)),
                        "--from", ["today", "+1", "+3"].randomElement(using: &random)!,
                    ])
                }
            }
            if Bool.random(using: &random) { try d.sync(servers.randomElement(using: &random)!.url, token: token) }
        }
        // Everyone syncs twice, each time through either server.
        for _ in 0..<2 {
            for d in devices.shuffled(using: &random) { try d.sync(servers.randomElement(using: &random)!.url, token: token) }
        }

        let expected = try devices[0].records()
        for d in devices.dropFirst() {
            #expect(try d.records() == expected, "\(d.path)")
            #expect(try d.activeEntries() == devices[0].activeEntries())
            #expect(try d.cli(["streaks", "--json"]) == devices[0].cli(["streaks", "--json"]))
        }
        #expect(try serverRecords(servers[1].url, token: token).lines == expected)
    }

    static func entryIDs(_ device: Device, habit: String? = nil) throws -> [String] {
        try device.activeEntries().compactMap { line in
            guard let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            if let habit, entry["habitId"] as? String != habit { return nil }
            return entry["id"] as? String
        }.sorted()
    }
}

/// A server killed with SIGKILL while pushes arrive: every push it acknowledged is there after
/// a restart, and a push it never answered, sent again, lands exactly once.
@Suite(.serialized) struct ServerCrashTests {
    @Test func acknowledgedPushesSurviveSIGKILL() throws {
        let database = try TestDatabase.fresh("crash")
        var server = try ServerProcess(database: database)
        let token = try makeToken(database, user: "alice")
        let device = Device("crash", user: "alice")
        try device.cli(["habit", "add", "Water", "--numeric", "ml", "--multiple-per-day", "--id", "h-water"])
        try device.cli(["log", "Water", "250", "--id", "e-template"])
        try device.sync(server.url, token: token)
        let export = try JSONSerialization.jsonObject(with: Data(try device.cli(["sync", "export"]).utf8)) as! [String: Any]
        let template = (export["changes"] as! [[String: Any]]).first { $0["kind"] as? String == "entry" }!
        let bodies: [(id: String, body: Data)] = try (0..<60).map { i in
            var change = template
            var record = change["record"] as! [String: Any]
            record["id"] = "e-crash-\(i)"
            record["value"] = Double(i)
            change["record"] = record
            change["stamp"] = String(format: "%016d.000000.rcrash", 1_900_000_000_000 + i)
            return ("e-crash-\(i)", try JSONSerialization.data(withJSONObject: ["changes": [change]]))
        }
        final class Acks: @unchecked Sendable {
            private let lock = NSLock()
            private var ids: [String] = []
            func add(_ id: String) {
                lock.lock()
                ids.append(id)
                lock.unlock()
            }
            var all: [String] {
                lock.lock()
                defer { lock.unlock() }
                return ids
            }
        }
        let acks = Acks()
        let finished = DispatchSemaphore(value: 0)
        let url = server.url
        let sender = Thread {
            for (id, body) in bodies {
                if let answer = try? HTTP.send("POST", url + "/v1/changes", token: token, body: body), answer.status == 200 { acks.add(id) }
            }
            finished.signal()
        }
        sender.start()
        try waitUntil("some pushes are acknowledged", seconds: 60) { acks.all.count >= 15 }
        server.kill()
        finished.wait()  // its remaining pushes fail fast: nothing listens
        let done = acks.all
        #expect(done.count < bodies.count, "the kill came during the pushes")

        server = try ServerProcess(database: database)
        let held = Set(
            try TestDatabase.query(
                database,
                "SELECT id FROM \(TestDatabase.rows) WHERE user_id = 'alice' AND kind = 'entry' AND id LIKE 'e-crash-%'"
            ))
        #expect(Set(done).isSubset(of: held), "acknowledged but lost: \(Set(done).subtracting(held))")
        // Every push again (a client retries what it did not see answered): each lands once.
        var applied = 0
        for (_, body) in bodies {
            let answer = try HTTP.send("POST", server.url + "/v1/changes", token: token, body: body)
            #expect(answer.status == 200)
            applied += answer.json?["applied"] as? Int ?? 0
        }
        #expect(applied == bodies.count - held.count)
        #expect(
            try TestDatabase.query(
                database, "SELECT count(*) FROM \(TestDatabase.rows) WHERE user_id = 'alice' AND kind = 'entry' AND id LIKE 'e-crash-%'")
                == [
                    "60"
                ])
        let sequences = try TestDatabase.query(
            database, "SELECT count(DISTINCT seq), count(*) FROM \(TestDatabase.rows) WHERE user_id = 'alice' AND seq IS NOT NULL")
        #expect(sequences.count == 1 && sequences[0].split(separator: "|").count == 2 && Set(sequences[0].split(separator: "|")).count == 1)
    }
}
