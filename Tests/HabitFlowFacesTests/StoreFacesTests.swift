import Foundation
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// The store through its real faces: C and Python processes on one SQLite file, the CLI
/// reading back, racing writers, bad input, and a writer killed mid-write.
@Suite struct StoreFacesTests {
    let pythonEnvironment = ["HABITFLOW_LIB": Repository.sharedLibrary, "PYTHONPATH": Repository.path("bindings/python")]

    func compile(_ source: String) throws -> String {
        let exe = Repository.temporaryDirectory("cstore").appendingPathComponent("prog").path
        let lib = Repository.buildDirectory
        let cc = try run(
            "cc",
            [
                "-std=gnu11", "-Wall", "-Werror", "-I", Repository.path("include"), Repository.path(source),
                "-o", exe, "-L", lib, "-lhabitflow", "-Wl,-rpath," + lib,
            ])
        try #require(cc.status == 0, "cc failed: \(cc.stderr)")
        return exe
    }

    func python(_ script: String, _ args: [String]) throws -> ProcessResult {
        try run("python3", ["-c", script] + args, environment: pythonEnvironment)
    }

    /// A python3 process running `script` on the package, its stdout piped back (to kill it midway).
    func startPython(_ script: String, _ args: [String]) throws -> (Process, FileHandle) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", script] + args
        var env = ProcessInfo.processInfo.environment
        for (k, v) in pythonEnvironment { env[k] = v }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try launch(process)
        return (process, out.fileHandleForReading)
    }

    func cli(_ args: [String], db: String, stdin: Data = Data()) throws -> ProcessResult {
        try run(Repository.cli, args + ["--db", db, "--user", "alice", "--zone", "Europe/Amsterdam"], stdin: stdin)
    }

    @Test func cAndPythonShareAFileAndTheCLIReadsItBack() throws {
        let store = TestStore("shared")
        let c = try run(try compile("Tests/C/store_test.c"), [store.path])
        #expect(c.status == 0, "\(c.stdout)\(c.stderr)")
        #expect(c.stdout.contains(" passed, 0 failed"))
        let py = try python(
            """
            import sys, habitflow
            with habitflow.Engine(sys.argv[1], user="alice", zone="Europe/Amsterdam") as hf:
                print(hf.log("shared", value=20, entry_id="from-python")["action"])
            """, [store.path])
        #expect(py.stdout == "created\n", "\(py.stderr)")
        let back = try cli(["entries", "Shared", "--json"], db: store.path)
        #expect(back.status == 0, "\(back.stderr)")
        let ids = try back.stdout.split(separator: "\n").map { try JSONCodec.parse(String($0))["id"] }
        #expect(Set(ids.compactMap { if case let .string(s)? = $0 { s } else { nil } }) == ["from-c", "from-python"])
    }

    @Test func twoProcessesRacingOnOneDayEndWithOneEntry() async throws {
        let store = TestStore("race")
        let setup = try cli(["habit", "add", "Race", "--id", "race"], db: store.path)
        try #require(setup.status == 0, "\(setup.stderr)")
        let script = """
            import sys, habitflow
            with habitflow.Engine(sys.argv[1], user="alice", zone="Europe/Amsterdam") as hf:
                for i in range(150):
                    hf.log("race", entry_id="%s-%d" % (sys.argv[2], i))
            print("done")
            """
        async let a = Task.detached { try python(script, [store.path, "a"]) }.value
        async let b = Task.detached { try python(script, [store.path, "b"]) }.value
        let (ra, rb) = try await (a, b)
        #expect(ra.stdout == "done\n" && rb.stdout == "done\n", "\(ra.stderr)\(rb.stderr)")
        let count = try run("sqlite3", [store.path, "SELECT count(*) FROM entries WHERE deleted_at IS NULL"])
        #expect(count.stdout == "1\n")
        let check = try run("sqlite3", [store.path, "PRAGMA integrity_check"])
        #expect(check.stdout == "ok\n")
    }

    @Test func badInputThroughCLeavesTheStoreUnchanged() throws {
        let store = TestStore("bad-c")
        for args in [
            ["habit", "add", "Walk", "--id", "h1"], ["log", "h1", "--id", "e1"],
            ["habit", "add", "Run", "--id", "h2", "--numeric", "km"],
        ] {
            #expect(try cli(args, db: store.path).status == 0)
        }
        let before = try store.dump()
        let requests: [[UInt8]] =
            [
                "{", "[]", #"{"op":"entry.nope"}"#,
                #"{"op":"entry.log","args":{"habitId":"h1","value":1}}"#,
                #"{"op":"entry.log","args":{"habitId":"h2"}}"#,
                #"{"op":"entry.log","args":{"habitId":"h2","value":1e400}}"#,
                #"{"op":"entry.log","args":{"habitId":"h2","value":"5"}}"#,
                #"{"op":"entry.log","args":{"habitId":"h9"}}"#,
                #"{"op":"entry.log","args":{"habitId":"h1","dayKey":"2025-02-29"}}"#,
                #"{"op":"entry.log","args":{"habitId":"h1","timestampUtc":"yesterday"}}"#,
                #"{"op":"entry.log","args":{"habitId":"h1\u0000"}}"#,
                #"{"op":"entry.log","args":{"habitId":"../../etc"}}"#,
                #"{"op":"entry.delete","args":{"entryId":"e1"}}"#,
                #"{"op":"entry.edit","args":{"entryId":"e1","dayKey":"2000-01-01"}}"#,
                #"{"op":"habit.create","args":{"habitId":"h1","name":"Again"}}"#,
                #"{"op":"habit.create","args":{"name":"X","kind":"numeric"}}"#,
                #"{"op":"habit.create","args":{"name":"X","cadence":"weekly","timesPerWeek":9}}"#,
                #"{"op":"target.set","args":{"habitId":"h1","effectiveDayKey":"2999-01-01","target":-2}}"#,
                #"{"op":"target.set","args":{"habitId":"h1","effectiveDayKey":"2999-01-01","target":99999999999999999999}}"#,
                #"{"op":"habit.pause","args":{"habitId":"h1","from":"2999-01-05","to":"2999-01-01"}}"#,
                #"{"op":"user.update","args":{"zone":"/etc/passwd"}}"#,
                #"{"op":"engine.migrateLegacyTargets","args":{"habits":[{"habitId":5}]}}"#,
                String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
                // Issue 13: lone surrogate escapes, request ids that are not short scalars, tz files that are not zones.
                #"{"op":"habit.create","args":{"name":"\ud800x"}}"#,
                #"{"op":"habit.create","args":{"name":"\udc00"}}"#,
                #"{"op":"habit.create","args":{"name":"X"},"requestId":{"a":1}}"#,
                #"{"op":"habit.create","args":{"name":"X"},"requestId":true}"#,
                #"{"op":"user.update","args":{"zone":"posixrules"}}"#,
                #"{"op":"user.update","args":{"zone":"right/UTC"}}"#,
            ].map { Array($0.utf8) }
            + [
                // Bytes that are not UTF-8: overlong, an encoded surrogate, above U+10FFFF.
                [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            ].map { Array(#"{"op":"habit.create","args":{"name":"X"#.utf8) + $0 + Array(#""}}"#.utf8) }
        let result = try run(
            try compile("Tests/C/bad_requests.c"), [store.path],
            stdin: Data(requests.flatMap { $0 + [0x0A] }))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == requests.count, "\(result.stderr)")
        for (line, request) in zip(lines, requests.map { String(decoding: $0, as: UTF8.self) }) {
            #expect(!line.hasPrefix("0 "), "accepted: \(request) → \(line)")
            #expect(line.contains(#""ok":false"#))
        }
        #expect(try store.dump() == before)
    }

    @Test func badInputThroughTheCLIAndPythonLeavesTheStoreUnchanged() throws {
        let store = TestStore("bad-cli")
        #expect(try cli(["habit", "add", "Walk", "--id", "h1"], db: store.path).status == 0)
        #expect(try cli(["log", "h1", "--id", "e1"], db: store.path).status == 0)
        let before = try store.dump()
        for args in [
            ["log", "h1", "3"], ["log", "nope"], ["log", "h1", "--day", "2025-02-29"], ["log", "h1", "--at", "noon"],
            ["delete", "e1"], ["edit", "e1", "--day", "2001-01-01"], ["habit", "add", "  "],
            ["target", "set", "h1", "1.5"], ["pause", "h1", "--from", "2999-01-02", "--to", "2999-01-01"],
            ["habit", "add", "X", "--weekly", "8"], ["entries", "--from", "2025-13-01"],
        ] {
            let r = try cli(args, db: store.path)
            #expect(r.status == 1, "\(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.hasPrefix("habitflow: "), "\(args)")
        }
        #expect(try cli(["log"], db: store.path).status == 64)
        let batch = try cli(
            ["batch"], db: store.path, stdin: Data("{\"op\":\"entry.delete\",\"args\":{\"entryId\":\"e1\"}}\nnot json\n".utf8))
        #expect(batch.status == 1)
        #expect(batch.stdout.contains("confirmation_required") && batch.stdout.contains("invalid_json"))
        let py = try python(
            """
            import sys, habitflow
            with habitflow.Engine(sys.argv[1], user="alice") as hf:
                for op, args in [("entry.log", {"habitId": "h1", "value": 2}), ("entry.edit", {"entryId": "e1", "note": 7}),
                                 ("habit.update", {"habitId": "h1", "cadence": "weekly"})]:
                    try:
                        hf.call(op, **args)
                        print("accepted", op)
                    except habitflow.HabitFlowError as e:
                        print(e.code, e.field)
            """, [store.path])
        #expect(
            py.stdout == "invalid_argument args.value\ninvalid_argument args.note\ninvalid_argument args.timesPerWeek\n", "\(py.stderr)")
        #expect(try store.dump() == before)
    }

    /// Issue 13 through the faces hosts use: bob, on alice's store file, names her records in
    /// writes and reads from a C program and from the CLI; each is refused (forbidden or not
    /// found), says nothing of hers, and the file is unchanged.
    @Test func bobCannotReachAlicesRecordsThroughCOrTheCLI() throws {
        let store = TestStore("cross-user-faces")
        let c = try run(try compile("Tests/C/cross_user_test.c"), [TestStore("cross-user-c").path])  // it leaves bob records of his own
        #expect(c.status == 0, "\(c.stdout)\(c.stderr)")
        #expect(c.stdout.contains(" passed, 0 failed"), "\(c.stdout)")
        let alice = Dispatcher(engine: try store.engine(now: "2025-03-12T11:00:00Z"))
        for request in [
            #"{"op":"habit.create","args":{"habitId":"a-habit","name":"Alice secret","kind":"numeric","unit":"km"}}"#,
            #"{"op":"entry.log","args":{"habitId":"a-habit","entryId":"a-entry","value":3,"note":"Alice secret note"}}"#,
            #"{"op":"goal.create","args":{"goalId":"a-goal","title":"Alice secret goal","type":"targetAmount","kind":"quantity","target":5,"unit":"km","habitIds":["a-habit"]}}"#,
        ] {
            let (text, code) = alice.respond(to: request)
            #expect(code == nil, "\(text)")
        }
        _ = try store.engine(now: "2025-03-12T11:00:00Z", zone: "Europe/Amsterdam", user: "bob")  // bob's profile
        let before = try store.dump()
        func bob(_ args: [String]) throws -> ProcessResult {
            try run(Repository.cli, args + ["--db", store.path, "--user", "bob", "--zone", "Europe/Amsterdam"])
        }
        for args in [
            ["habit", "delete", "a-habit", "--confirm"], ["habit", "edit", "a-habit", "--name", "Bob was here"],
            ["habit", "archive", "a-habit"], ["log", "a-habit", "9"], ["edit", "a-entry", "--value", "9"],
            ["delete", "a-entry", "--confirm"], ["target", "set", "a-habit", "0"],
            ["goal", "delete", "a-goal"], ["streaks", "a-habit"], ["history", "a-habit"],
        ] {
            let r = try bob(args)
            #expect(r.status == 1, "\(args): \(r.status) \(r.stdout)\(r.stderr)")
            #expect(r.stderr.hasPrefix("habitflow: "), "\(args): \(r.stderr)")
            #expect(!(r.stdout + r.stderr).contains("Alice secret"), "\(args): \(r.stdout)\(r.stderr)")
        }
        for args in [["habit", "list"], ["entries"], ["today"], ["goal", "list"], ["export", "--format", "json"]] {
            let r = try bob(args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(!r.stdout.contains("Alice secret") && !r.stdout.contains("a-entry"), "\(args): \(r.stdout)")
        }
        #expect(try store.dump() == before)
        // Ids are per owner: under alice's ids bob makes a habit and an entry of his own; hers stay.
        let export = #"{"op":"data.export"}"#
        let hers = alice.respond(to: export).0
        let made = try bob(["habit", "add", "Bob's", "--id", "a-habit"])
        #expect(made.status == 0 && made.stdout.contains("a-habit"), "\(made.stdout)\(made.stderr)")
        let logged = try bob(["log", "a-habit", "--id", "a-entry"])
        #expect(logged.status == 0, "\(logged.stdout)\(logged.stderr)")
        #expect(try bob(["habit", "list"]).stdout.contains("Bob's"))
        #expect(alice.respond(to: export).0 == hers)
    }

    /// 003 §9.7.1: a replica killed while applying a change set holds none of it (or all of
    /// it), never a part, and the retry brings exactly the set.
    @Test func syncApplyKilledMidwayCommitsNothingAndARetrySucceeds_9_7_1() throws {
        let source = TestStore("sync-source"), target = TestStore("sync-target")
        let changes = Repository.temporaryDirectory("sync-kill").appendingPathComponent("changes.json").path
        let build = try python(
            """
            import sys, json, habitflow
            with habitflow.Engine(sys.argv[1], user="alice", zone="UTC", now="2025-03-12T11:00:00Z") as hf:
                hf.call("habit.create", habitId="reps", name="Reps", kind="numeric", unit="reps", multiplePerDay=True)
                hf.call("entry.import", entries=[{"habitId": "reps", "entryId": "e%d" % i, "value": i,
                        "timestampUtc": "2025-03-%02dT10:00:00Z" % (1 + i % 10)} for i in range(20000)])
                json.dump(hf.sync_changes(), open(sys.argv[2], "w"))
            """, [source.path, changes])
        try #require(build.status == 0, "\(build.stderr)")
        let apply = """
            import sys, json, habitflow
            hf = habitflow.Engine(sys.argv[1], user="alice", zone="UTC", now="2025-03-12T11:00:00Z")
            changes = json.load(open(sys.argv[2]))["changes"]
            print("applying", flush=True)
            print(hf.sync_apply(changes)["applied"], flush=True)
            """
        let (process, out) = try startPython(apply, [target.path, changes])
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("applying\n") {
            let chunk = out.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }  // while the apply runs
        process.waitUntilExit()
        let count = { () throws -> String in
            try run("sqlite3", [target.path, "SELECT count(*) FROM entries; PRAGMA integrity_check;"]).stdout
        }
        let after = try count()
        #expect(after == "0\nok\n" || after == "20000\nok\n", "a partial apply: \(after)")
        let retry = try python(apply, [target.path, changes])
        #expect(retry.status == 0, "\(retry.stderr)")
        #expect(try count() == "20000\nok\n")
    }

    @Test func sigkillMidWriteLosesNoAcknowledgedEntry_10_9_1() throws {
        let store = TestStore("kill")
        #expect(try cli(["habit", "add", "Reps", "--id", "reps", "--numeric", "reps", "--multiple-per-day"], db: store.path).status == 0)
        let (process, out) = try startPython(
            """
            import sys, habitflow
            hf = habitflow.Engine(sys.argv[1], user="alice", zone="Europe/Amsterdam")
            i = 0
            while True:
                hf.log("reps", value=i, entry_id="k%d" % i, note="x" * 200)
                print("k%d" % i, flush=True)
                i += 1
            """, [store.path])
        var acknowledged = Data()
        while acknowledged.split(separator: UInt8(ascii: "\n")).count <= 401 {
            let chunk = out.availableData
            if chunk.isEmpty { break }
            acknowledged.append(chunk)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }  // never a recycled pid
        process.waitUntilExit()
        acknowledged.append(out.readDataToEndOfFile())
        #expect(process.terminationReason == .uncaughtSignal)
        // Only whole lines were acknowledged; a cut last line was not.
        var lines = String(decoding: acknowledged, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last != "" { lines.removeLast() } else { lines.removeLast() }
        #expect(lines.count >= 400)
        let check = try run("sqlite3", [store.path, "PRAGMA integrity_check"])
        #expect(check.stdout == "ok\n")
        let stored = Set(try run("sqlite3", [store.path, "SELECT id FROM entries"]).stdout.split(separator: "\n").map(String.init))
        let missing = lines.filter { !stored.contains($0) }
        #expect(missing.isEmpty, "acknowledged but lost: \(missing.prefix(5))")
        // And it opens again for business.
        #expect(try cli(["entries", "reps", "--json"], db: store.path).status == 0)
    }

    /// Issue 58: readers never wait. Another process holds the store's write lock (a long
    /// write, uncommitted) while the CLI reads: a current store opens without taking the lock
    /// (WAL), so read-only commands answer at once instead of failing after the busy timeout.
    @Test func readersNeverWaitForAWriter() throws {
        let store = Repository.temporaryDirectory("readers").appendingPathComponent("s.sqlite").path
        #expect(try cli(["habit", "add", "Read", "--id", "h-read"], db: store).status == 0)
        #expect(try cli(["log", "Read"], db: store).status == 0)
        let writer = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE habits SET name = 'Writing' WHERE id = 'h-read'")
            print("locked", flush=True)
            time.sleep(120)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", writer, store]
        let out = Pipe()
        process.standardOutput = out
        try launch(process)
        defer { process.terminate() }
        #expect(String(decoding: out.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("locked"))
        // (Waiting, each would fail after the store's busy timeout, 10 s.)
        for command in [["habit", "list"], ["today"], ["entries", "--json"], ["streaks", "--json"]] {
            let r = try cli(command, db: store)
            #expect(r.status == 0, "\(command): \(r.status) \(r.stderr)")
            if command == ["habit", "list"] { #expect(r.stdout.contains("Read") && !r.stdout.contains("Writing"), "\(r.stdout)") }
        }
    }
}
