import Foundation
import HabitFlowTestSupport
import Testing

/// Every route refuses a request without a live token, and one user never reads or changes
/// another's records; bad input gets a clear 4xx, writes nothing, and the server keeps serving.
@Suite(.serialized) struct ServerIsolationTests {
    static let routes: [(method: String, path: String)] = [("POST", "/v1/changes"), ("GET", "/v1/changes"), ("GET", "/v1/watch?timeout=0")]

    @Test func tokensAndUsers() throws {
        let database = try TestDatabase.fresh("isolation")
        let server = try ServerProcess(database: database)
        let alice = try makeToken(database, user: "alice"), bob = try makeToken(database, user: "bob")
        let device = Device("alice", user: "alice")
        try device.cli(["habit", "add", "Run", "--id", "h-alice"])
        try device.cli(["log", "Run", "--id", "e-alice"])
        try device.sync(server.url, token: alice)
        let snapshot = "SELECT kind, id, seq, stamp, fields FROM \(TestDatabase.rows) WHERE user_id = 'alice' ORDER BY 1, 2, 5"
        let before = try TestDatabase.query(database, snapshot)
        let body = Data(#"{"changes":[]}"#.utf8)

        // Revoke a second token of alice's, to try it.
        let revoked = try makeToken(database, user: "alice")
        let listed = try run(ServerProcess.binary, ["token", "list", "--database", database, "--user", "alice"]).stdout
        let ids = listed.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(ids.count == 2)
        #expect(try HTTP.send("GET", server.url + "/v1/changes", token: revoked).status == 200)
        #expect(try run(ServerProcess.binary, ["token", "revoke", "--database", database, "--user", "alice", ids[1]]).status == 0)
        #expect(try HTTP.send("GET", server.url + "/v1/changes", token: revoked).status == 401, "revoking a token stops it")
        #expect(try HTTP.send("GET", server.url + "/v1/changes", token: alice).status == 200)

        let forged = "hf1.YWxpY2U." + String(repeating: "A", count: 43)  // alice's name, a made-up secret
        // A user the server has never seen: their first request would make their replica (a
        // write, which the token check rides along with): refused, it makes nothing.
        let stranger = "hf1.bWFsbG9yeQ." + String(repeating: "B", count: 43)
        for (method, path) in Self.routes {
            for token in [nil, "bogus", forged, revoked, stranger] as [String?] {
                let answer = try HTTP.send(method, server.url + path, token: token, body: method == "POST" ? body : nil)
                #expect(
                    answer.status == 401 && answer.errorCode == "forbidden",
                    "\(method) \(path) with \(token ?? "no token"): \(answer.status) \(answer.body)")
            }
        }
        #expect(try TestDatabase.query(database, "SELECT count(*) FROM replicas WHERE user_id = 'mallory'") == ["0"])
        #expect(try TestDatabase.query(database, "SELECT count(*) FROM \(TestDatabase.rows) WHERE user_id = 'mallory'") == ["0"])

        // Bob names alice's records: refused, and nothing of alice's changes.
        let export = try JSONSerialization.jsonObject(with: Data(try device.cli(["sync", "export"]).utf8)) as! [String: Any]
        var stolen = (export["changes"] as! [[String: Any]]).filter { $0["kind"] as? String != "user" }
        for i in stolen.indices { stolen[i]["stamp"] = ServerTrustTests.anHourAhead("rbob") }
        let push = try HTTP.send(
            "POST", server.url + "/v1/changes", token: bob, body: try JSONSerialization.data(withJSONObject: ["changes": stolen]))
        #expect(push.status == 403 && push.errorCode == "forbidden", "\(push.body)")
        let pull = try HTTP.send("GET", server.url + "/v1/changes?since=0", token: bob)
        #expect(pull.status == 200 && !pull.body.contains("h-alice") && !pull.body.contains("e-alice"))
        #expect(try TestDatabase.query(database, snapshot) == before)

        // Inviting ids that are nobody's here makes no replica for them (the server is not a
        // place to create users by typing names); a user with a token gets the invitation.
        for name in ["nobody-1", "nobody-2"] {
            try device.cli(["partner", "unlink"], expectFailure: name == "nobody-1")
            try device.cli(["partner", "invite", name])
            try device.sync(server.url, token: alice)
        }
        #expect(try TestDatabase.query(database, "SELECT count(*) FROM replicas WHERE user_id LIKE 'nobody-%'") == ["0"])
        try device.cli(["partner", "unlink"])
        try device.cli(["partner", "invite", "bob"])
        try device.sync(server.url, token: alice)
        let bobs = Device("bob", user: "bob")
        try bobs.sync(server.url, token: bob)
        #expect(try bobs.cli(["partner"]).contains("Invitations from: alice"))
    }

    /// A token in the query string is refused (a token goes in the Authorization header) and
    /// written nowhere, even at trace level (issue 28); a valid request logs its route, not its
    /// query.
    @Test func queryStringTokensAreNeverLogged() throws {
        let database = try TestDatabase.fresh("querytoken")
        let server = try ServerProcess(database: database, extra: ["--log-level", "trace"])
        let token = try makeToken(database, user: "alice")
        for path in [
            "/v1/changes?token=\(token)", "/v1/changes?since=0&access_token=\(token)", "/v1/watch?timeout=0&token=\(token)",
        ] {
            #expect(try HTTP.send("GET", server.url + path, token: nil).status == 401, "\(path)")
        }
        #expect(try HTTP.send("GET", server.url + "/v1/changes?since=0", token: token).status == 200)
        try waitUntil("the request is logged", seconds: 10) { server.logText.contains("route=/v1/changes") }
        let log = server.logText
        #expect(!log.contains(token) && !log.contains(String(token.suffix(16))), "the token is in the log")
        #expect(!log.contains("since=0") && !log.contains("token="), "a query string is in the log")
        #expect(log.contains("status=401") && log.contains("status=200"), "\(log.suffix(2000))")
    }

    /// `--max-body` beyond what the engine parses would never take effect: refused at start.
    @Test func maxBodyAboveTheEnginesLimitIsRefusedAtStart() throws {
        let r = try run(ServerProcess.binary, ["serve", "--database", "postgres://nowhere/none", "--max-body", "\(32 << 20)"])
        #expect(r.status == 64 && r.stderr.contains("--max-body takes 1024 to 16777216 bytes"), "\(r.status) \(r.stderr)")
    }

    /// A tz data setting the server cannot read is refused at start: every user's engine
    /// would read zones through it until the process ends.
    @Test func unusableTZDataIsRefusedAtStart() throws {
        let r = try run(
            ServerProcess.binary, ["serve", "--database", "postgres://nowhere/none"],
            environment: ["HABITFLOW_TZDATA": "/nonexistent/tzdata"])
        #expect(
            r.status == 64 && r.stderr.contains("HABITFLOW_TZDATA: tz data \"/nonexistent/tzdata\" cannot be used"),
            "\(r.status) \(r.stderr)")
    }

    @Test func badInputEveryEndpoint() throws {
        let database = try TestDatabase.fresh("badinput")
        let server = try ServerProcess(database: database, extra: ["--max-body", "65536"])
        let token = try makeToken(database, user: "alice")
        let device = Device("bad", user: "alice")
        try device.cli(["habit", "add", "Run", "--id", "h-1"])
        try device.sync(server.url, token: token)
        let snapshot = "SELECT kind, user_id, id, seq, stamp, fields FROM \(TestDatabase.rows) ORDER BY 1, 2, 3, 6"
        let before = try TestDatabase.query(database, snapshot)
        let pushes: [(String, Int, String)] = [
            ("{", 400, "invalid_json"),
            ("[]", 400, "invalid_argument"),
            (#"{"changes": 3}"#, 400, "invalid_argument"),
            (#"{"changes": [], "extra": 1}"#, 400, "invalid_argument"),
            (#"{"changes": [{"kind": "nonsense", "stamp": "x", "record": {}}]}"#, 400, "invalid_argument"),
            (#"{"changes": [{"kind": "habit", "stamp": "0000000000000001.000000.rx", "record": {"id": "h-2"}}]}"#, 400, "invalid_argument"),
            ("{\"changes\": [], \"x\": \"\u{FFFD}\"}".replacingOccurrences(of: "\u{FFFD}", with: "\\ud800"), 400, "invalid_json"),
            ("{\"changes\": [" + String(repeating: "{\"kind\":\"habit\"},", count: 8000) + "{}]}", 413, "limit_exceeded"),
        ]
        for (text, status, code) in pushes {
            let answer = try HTTP.send("POST", server.url + "/v1/changes", token: token, body: Data(text.utf8))
            #expect(answer.status == status && answer.errorCode == code, "\(text.prefix(60)): \(answer.status) \(answer.body.prefix(200))")
        }
        for path in [
            "/v1/changes?since=-1", "/v1/changes?since=x", "/v1/changes?cursor=1", "/v1/changes?since=1&since=2",
            "/v1/watch?timeout=61", "/v1/watch?timeout=1.5", "/v1/changes?since=99999999999999999999",
        ] {
            let answer = try HTTP.send("GET", server.url + path, token: token)
            #expect(answer.status == 400 && answer.errorCode == "invalid_argument", "\(path): \(answer.status) \(answer.body)")
        }
        #expect(try HTTP.send("GET", server.url + "/v1/nothing", token: token).status == 404)
        #expect(try TestDatabase.query(database, snapshot) == before)
        #expect(try server.health())
    }
}
