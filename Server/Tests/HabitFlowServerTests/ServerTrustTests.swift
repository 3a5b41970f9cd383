import Foundation
import HabitFlowTestSupport
import Testing

/// Issue 26, through the real server and the CLI: consent is each user's own, a push that
/// breaks a limit is refused whole and stops nobody, and a partnership ends cleanly.
@Suite(.serialized) struct ServerTrustTests {
    /// A change of `kind` as the CLI's `sync export` writes it.
    /// A stamp an hour ahead of this clock, of replica `replica`: later than any the devices
    /// made, and within the day ahead a server takes (a stamp further ahead is refused first).
    static func anHourAhead(_ replica: String) -> String {
        let ms = Int64(Date().timeIntervalSince1970 * 1000) + 3_600_000
        return String(repeating: "0", count: 16 - String(ms).count) + String(ms) + ".000000." + replica
    }

    static func change(_ kind: String, stamp: String, _ record: [String: Any]) -> [String: Any] {
        ["kind": kind, "stamp": stamp, "record": record]
    }

    /// `a` invites `b`, who accepts, each syncing after.
    static func partner(_ a: Device, _ b: Device, sync: (Device) throws -> Void) throws {
        try a.cli(["partner", "invite", b.user])
        try sync(a)
        try sync(b)
        try b.cli(["partner", "accept", a.user])
        try sync(b)
        try sync(a)
    }

    /// Item 1: Mallory pushes Victim's side of a partnership naming her, next to her own
    /// invitation. Nothing of what Victim shares with Pat — the goal, the linked habit, its
    /// noted entries — ever reaches Mallory, now or after Victim logs more.
    @Test func forgedConsentLeaksNothing() throws {
        let database = try TestDatabase.fresh("trust_consent")
        let server = try ServerProcess(database: database)
        let tokens = try ["victim", "pat", "mallory"].reduce(into: [String: String]()) { $0[$1] = try makeToken(database, user: $1) }
        let victim = Device("t-victim", user: "victim"), pat = Device("t-pat", user: "pat"), mallory = Device("t-mallory", user: "mallory")
        func sync(_ d: Device) throws { try d.sync(server.url, token: tokens[d.user]!) }

        try victim.cli(["habit", "add", "Diary", "--id", "v-diary"])
        try victim.cli(["log", "Diary", "--note", "victim's secret"])
        try Self.partner(victim, pat, sync: sync)
        try victim.cli(["goal", "add", "Write daily", "--weekly", "5", "--shared", "--habits", "Diary", "--id", "write"])
        try sync(victim)
        try sync(pat)
        #expect(try pat.cli(["goal", "list"]).contains("Write daily"), "the partner gets the share")

        try mallory.cli(["partner", "invite", "victim"])
        try sync(mallory)
        let forged = Self.change(
            "partnership", stamp: Self.anHourAhead("forger"),
            ["userId": "victim", "partnerId": "mallory", "createdAt": "2026-01-01T00:00:00Z", "deletedAt": NSNull()])
        let push = try HTTP.send(
            "POST", server.url + "/v1/changes", token: tokens["mallory"]!,
            body: try JSONSerialization.data(withJSONObject: ["changes": [forged]]))
        #expect(push.status == 200, "\(push.body)")
        try victim.cli(["log", "Diary", "--note", "victim's second secret", "--day", "2026-01-02", "--confirm"])
        for d in [victim, mallory, victim, mallory] { try sync(d) }

        let pulled = try HTTP.send("GET", server.url + "/v1/changes?since=0", token: tokens["mallory"]!)
        #expect(pulled.status == 200)
        for secret in ["secret", "Write daily", "v-diary"] {
            #expect(!pulled.body.contains(secret), "mallory's pull holds \(secret)")
        }
        #expect(try !mallory.cli(["sync", "export"]).contains("secret"))
        #expect(try !mallory.cli(["partner"]).contains("Partnered with victim"))
        #expect(
            try TestDatabase.query(
                database, "SELECT count(*) FROM \(TestDatabase.rows) WHERE user_id = 'mallory' AND fields LIKE '%secret%'") == [
                    "0"
                ])
        #expect(try victim.cli(["partner"]).contains("Partnered with pat"))
    }

    /// Items 2 and 6: a push holding a record every device would refuse is refused whole with
    /// a 400 naming the record and the rule; nothing is stored and the user's devices, a new
    /// one included, go on syncing.
    @Test func aPoisonedPushIsRefusedWholeAndStopsNobody() throws {
        let database = try TestDatabase.fresh("trust_poison")
        let server = try ServerProcess(database: database)
        let token = try makeToken(database, user: "alice")
        let phone = Device("t-phone", user: "alice")
        try phone.cli(["habit", "add", "Swim", "--id", "swim"])
        try phone.sync(server.url, token: token)
        let snapshot = "SELECT kind, id, stamp, fields FROM \(TestDatabase.rows) WHERE user_id = 'alice' ORDER BY 1, 2, 4"
        let before = try TestDatabase.query(database, snapshot)
        let bad: [(String, [String: Any], String)] = [
            (
                "habit",
                [
                    "id": "h9", "ownerId": "alice", "name": "Nine", "kind": "binary", "unit": NSNull(), "cadence": "weekly",
                    "timesPerWeek": 9, "targetType": "atLeast", "multiplePerDay": false, "categoryId": NSNull(), "archived": false,
                    "legacyGoal": NSNull(), "createdAt": "2026-01-01T00:00:00Z", "createdDayKey": "2026-01-01",
                    "updatedAt": "2026-01-01T00:00:00Z", "deletedAt": NSNull(), "bundle": NSNull(), "bundleId": NSNull(),
                ], "timesPerWeek"
            ),
            (
                "partnership", ["userId": "alice", "partnerId": "alice", "createdAt": "2026-01-01T00:00:00Z", "deletedAt": NSNull()],
                "partnerId"
            ),
            (
                "user",
                [
                    "id": "alice", "zone": "Nowhere/Atlantis", "firstWeekday": 1, "createdAt": "2026-01-01T00:00:00Z",
                    "updatedAt": "2026-01-01T00:00:00Z", "dayStartsAt": 0,
                ], "zone"
            ),
        ]
        for (kind, record, field) in bad {
            let body = try JSONSerialization.data(withJSONObject: [
                "changes": [Self.change(kind, stamp: "0001900000000000.000000.evil", record)]
            ])
            let answer = try HTTP.send("POST", server.url + "/v1/changes", token: token, body: body)
            let error = answer.json?["error"] as? [String: Any]
            #expect(
                answer.status == 400 && (error?["field"] as? String)?.hasSuffix(field) == true, "\(kind): \(answer.status) \(answer.body)")
            #expect(
                !answer.body.contains("SQLite") && !answer.body.contains(".sqlite") && !answer.body.contains("/tmp"),
                "no internals: \(answer.body)")
        }
        let stamp = Self.change("habit", stamp: "9999999999999999.999999.evil", ["id": "late"])
        let late = try HTTP.send(
            "POST", server.url + "/v1/changes", token: token, body: try JSONSerialization.data(withJSONObject: ["changes": [stamp]]))
        #expect(late.status == 400, "\(late.body)")
        #expect(try TestDatabase.query(database, snapshot) == before)
        let laptop = Device("t-laptop", user: "alice")
        try laptop.sync(server.url, token: token)
        #expect(try laptop.cli(["habit", "list"]).contains("Swim"))
        try phone.cli(["log", "Swim"])
        try phone.sync(server.url, token: token)
    }

    /// Item 5: after the partnership ends, the ex-partner's new device syncs, and no device
    /// of either side keeps a copy of what the other shared (the goal, the link to it).
    @Test func anExPartnerSetsUpANewDevice() throws {
        let database = try TestDatabase.fresh("trust_ex")
        let server = try ServerProcess(database: database)
        let tokens = try ["alice", "bob"].reduce(into: [String: String]()) { $0[$1] = try makeToken(database, user: $1) }
        let alice = Device("x-alice", user: "alice"), bob = Device("x-bob", user: "bob")
        func sync(_ d: Device) throws { try d.sync(server.url, token: tokens[d.user]!) }
        try Self.partner(alice, bob, sync: sync)
        try alice.cli(["goal", "add", "Walk together", "--weekly", "3", "--shared", "--id", "walk"])
        try sync(alice)
        try sync(bob)
        try bob.cli(["habit", "add", "Stroll", "--id", "b-walk"])
        try bob.cli(["goal", "link", "walk", "Stroll"])
        for d in [bob, alice, bob] { try sync(d) }
        try alice.cli(["partner", "unlink"])
        for d in [alice, bob, alice] { try sync(d) }

        let newPhone = Device("x-bob-new", user: "bob")
        try sync(newPhone)
        #expect(try newPhone.cli(["habit", "list"]).contains("Stroll"))
        for device in [bob, newPhone] {
            let held = try device.cli(["sync", "export"])
            #expect(!held.contains("goalLink") && !held.contains("Walk together"), "\(device.path)")
        }
        #expect(try !alice.cli(["sync", "export"]).contains("b-walk"))
        let pulled = try HTTP.send("GET", server.url + "/v1/changes?since=0", token: tokens["bob"]!)
        #expect(!pulled.body.contains("Walk together") && !pulled.body.contains("goalLink"), "\(pulled.body.prefix(300))")
    }
}
