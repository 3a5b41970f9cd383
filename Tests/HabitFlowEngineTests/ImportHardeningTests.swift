@_spi(Faces) import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// What a review of the import and export found, each held by a test: hostile Loop data
/// never traps or floods memory, a second import never overwrites what was logged here, an
/// export holds nothing of a partner's.
@Suite struct ImportHardeningTests {
    static let now = "2025-01-10T12:00:00Z"

    func call(_ d: Dispatcher, _ op: String, _ args: String) throws -> JSONValue {
        try d.handle(JSONCodec.parse(#"{"op":"\#(op)","args":\#(args)}"#))
    }

    /// Runs a Python script (argument: a folder) that writes hostile Loop data there.
    func loopFiles(_ script: String) throws -> String {
        let dir = Repository.temporaryDirectory("loop-hostile").path
        let r = try run("python3", ["-c", "import os, sqlite3, sys, zipfile\nout = sys.argv[1]\n" + script, dir])
        #expect(r.status == 0, "\(r.stderr)")
        return dir
    }

    static let schema = """
        def backup(path, habits, reps):
            db = sqlite3.connect(path)
            db.executescript('''CREATE TABLE Habits (id INTEGER PRIMARY KEY, archived INTEGER, freq_den INTEGER, freq_num INTEGER,
                name TEXT, position INTEGER, type INTEGER, target_type INTEGER, target_value REAL, unit TEXT, uuid TEXT);
                CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER, notes TEXT);
                PRAGMA user_version = 25;''')
            db.executemany('INSERT INTO Habits VALUES (?,0,?,?,?,0,?,0,?,?,?)', habits)
            db.executemany('INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?,?,?,?)', reps)
            db.commit()

        """

    /// Frequencies, timestamps and targets at the edges of their types: refused or mapped, never a trap.
    @Test func hostileBackupsNeverTrap() throws {
        let dir = try loopFiles(
            Self.schema + """
                backup(out + '/huge.db', [(1, 1, 9223372036854775807, 'Often', 0, 0, '', 'u1'), (2, 1, 1, 'Big', 1, 1e300, 'g', 'u2')],
                       [(1, 1735689600000, 2, None), (2, 1735689600000, 5000, None)])
                backup(out + '/ancient.db', [(1, 1, 1, 'Old', 0, 0, '', 'u3')], [(1, -9223372036854775808, 2, None)])
                """)
        let d = Dispatcher(engine: try TestStore("loop-hostile").engine(now: Self.now))
        let huge = try call(d, "data.importLoop", #"{"path":"\#(dir)/huge.db"}"#)
        guard case let .array(habits)? = huge["habits"] else {
            Issue.record("\(huge)")
            return
        }
        #expect(habits.first?["notes"] == .array([.string("9223372036854775807 times every 1 days is mapped to daily (the nearest)")]))
        // A target of 1e300 g is no target: that habit is skipped, and says why.
        #expect(habits.count == 2 && habits[1]["outcome"] == .string("skipped"), "\(habits)")
        #expect(
            habits[1]["notes"].map { if case let .array(n) = $0 { n.contains { "\($0)".contains("is not a target") } } else { false } }
                == true)
        _ = try call(d, "chart.calendar", #"{"habitId":"loop-u1"}"#)
        #expect(throws: ProtocolError.self) { try call(d, "data.importLoop", #"{"path":"\#(dir)/ancient.db"}"#) }
    }

    /// Zip members that lie about their size, and CSV exports past their bounds, are refused.
    @Test func hostileArchivesAreRefused() throws {
        let dir = try loopFiles(
            """
            with zipfile.ZipFile(out + '/liar.zip', 'w', zipfile.ZIP_STORED) as z:
                z.writestr('Habits.csv', 'Position,Name\\n001,Run\\n')
            data = bytearray(open(out + '/liar.zip', 'rb').read())
            cd = data.rfind(b'PK\\x01\\x02')
            data[cd + 24:cd + 28] = (10 ** 9).to_bytes(4, 'little')   # uncompressed size: 1 GB
            open(out + '/liar.zip', 'wb').write(data)
            os.makedirs(out + '/many')
            open(out + '/many/Habits.csv', 'w').write('Name\\n' + ''.join('h%d\\n' % i for i in range(10001)))
            os.makedirs(out + '/twice')
            open(out + '/twice/Habits.csv', 'w').write('Name\\nRun\\nRun\\n')
            """)
        let d = Dispatcher(engine: try TestStore("loop-archives").engine(now: Self.now))
        for (path, words) in [("liar.zip", "MiB unpacked"), ("many", "more than 10000 habits"), ("twice", "names Run twice")] {
            do {
                _ = try call(d, "data.importLoop", #"{"path":"\#(dir)/\#(path)"}"#)
                Issue.record("\(path) accepted")
            } catch let error as ProtocolError {
                #expect(error.code == .invalidArgument && error.message.contains(words), "\(path): \(error)")
            }
        }
        #expect(try call(d, "habit.list", "{}")["habits"] == .array([]), "nothing written")
    }

    /// Habits whose names hold no id characters still get ids of their own; a second import
    /// keeps what was logged here meanwhile and ends a new day off on the target set here.
    @Test func aSecondImportKeepsWhatWasDoneHere() throws {
        let dir = try loopFiles(
            """
            os.makedirs(out + '/one/001');
            open(out + '/one/Habits.csv', 'w').write('Position,Name,Type,FrequencyNumerator,FrequencyDenominator,Unit,Target Type,Target Value\\n001,Бег,NUMERICAL,1,1,km,AT_LEAST,5\\n002,Сон,YES_NO,1,1,,,\\n')
            open(out + '/one/001/Checkmarks.csv', 'w').write('Date,Value\\n2025-01-02,6\\n2025-01-01,6\\n')
            os.makedirs(out + '/two/001')
            open(out + '/two/Habits.csv', 'w').write(open(out + '/one/Habits.csv').read())
            open(out + '/two/001/Checkmarks.csv', 'w').write('Date,Value\\n2025-01-05,SKIP\\n2025-01-04,6\\n2025-01-02,6\\n2025-01-01,6\\n')
            """)
        let store = TestStore("loop-again")
        // In the order it happened (a store's clock never goes back): imported on the 3rd, and a
        // new target from that day set then; logged here on the 4th later.
        let thirdOfJanuary = Dispatcher(engine: try store.engine(now: "2025-01-03T10:00:00Z"))
        let first = try call(thirdOfJanuary, "data.importLoop", #"{"path":"\#(dir)/one"}"#)
        guard case let .array(habits)? = first["habits"], habits.count == 2 else {
            Issue.record("\(first)")
            return
        }
        let run = habits[0]["habitId"], sleep = habits[1]["habitId"]
        #expect(run != sleep && habits.allSatisfy { $0["outcome"] == .string("created") }, "\(first)")
        #expect(first["entriesCreated"] == .int(2), "\(first)")
        let runId: String = if case let .string(s)? = run { s } else { "" }
        _ = try call(thirdOfJanuary, "target.set", #"{"habitId":"\#(runId)","effectiveDayKey":"2025-01-03","target":8}"#)
        let d = Dispatcher(engine: try store.engine(now: Self.now, zone: nil))
        _ = try call(d, "entry.log", #"{"habitId":"\#(runId)","dayKey":"2025-01-04","value":3,"confirm":true,"entryId":"mine"}"#)
        let second = try call(d, "data.importLoop", #"{"path":"\#(dir)/two"}"#)
        #expect(second["entriesCreated"] == .int(0), "\(second)")
        #expect(try call(d, "entry.get", #"{"entryId":"mine"}"#)["entry"]?["value"] == .double(3), "the entry logged here stays")
        #expect(try call(d, "metrics.day", #"{"habitId":"\#(runId)","dayKey":"2025-01-05"}"#)["status"] == .string("notRequired"))
        #expect(
            try call(d, "metrics.day", #"{"habitId":"\#(runId)","dayKey":"2025-01-06"}"#)["target"] == .double(8),
            "the target set here resumes")
    }

    /// An at-most day over its limit is missed, never partly done.
    @Test func overALimitIsMissed() throws {
        let d = Dispatcher(engine: try TestStore("at-most").engine(now: Self.now))
        _ = try call(
            d, "habit.create", #"{"habitId":"sugar","name":"Sugar","kind":"numeric","unit":"g","targetType":"atMost","target":30}"#)
        _ = try call(d, "entry.log", #"{"habitId":"sugar","dayKey":"2025-01-08","value":45,"confirm":true}"#)
        _ = try call(d, "entry.log", #"{"habitId":"sugar","dayKey":"2025-01-09","value":20,"confirm":true}"#)
        guard case let .array(days)? = try call(d, "metrics.history", #"{"habitId":"sugar","from":"2025-01-08","to":"2025-01-09"}"#)["days"]
        else {
            Issue.record("no days")
            return
        }
        let marks: [JSONValue?] = days.map { $0["mark"] }
        #expect(marks == [.string("missed"), .string("done")], "\(days)")
    }

    /// A CSV field holding CRLF is quoted; a zone name past 255 bytes is no POSIX rule.
    @Test func csvLineBreaksAndLongZones() throws {
        let d = Dispatcher(engine: try TestStore("csv-crlf").engine(now: Self.now))
        _ = try call(d, "habit.create", #"{"habitId":"read","name":"Read"}"#)
        _ = try call(d, "entry.log", #"{"habitId":"read","note":"a\r\nb"}"#)
        let csv = try call(d, "data.export", #"{"format":"csv"}"#)["csv"]
        #expect(csv.map { if case let .string(s) = $0 { s.contains("\"a\r\nb\"") } else { false } } == true, "\(String(describing: csv))")
        let long = String(repeating: "A", count: 300) + "0"
        #expect(throws: ProtocolError.self) { try call(d, "time.dayKey", #"{"zone":"\#(long)","instant":"2025-01-01T00:00:00Z"}"#) }
    }

    /// A partner's records — profile, shared goal, linked habit, entries — and what points at
    /// them stay out of a user's export; the export still restores into an empty store.
    @Test func anExportHoldsNothingOfAPartners() throws {
        let alice = try TestStore("export-partner-a").engine(now: Self.now)
        let bob = try TestStore("export-partner-b").engine(now: Self.now, user: "bob")
        func exchange() throws {
            _ = try bob.applyChanges(try alice.syncChanges(forPartner: true).changes)
            _ = try alice.applyChanges(try bob.syncChanges(forPartner: true).changes)
        }
        var h = HabitDraft(name: "Walk")
        h.id = "a-walk"
        _ = try alice.createHabit(h)
        h.id = "b-walk"
        _ = try bob.createHabit(h)
        var l = LogRequest(habitId: "b-walk")
        l.dayKey = DayKey("2025-01-09")
        l.confirm = true
        _ = try bob.log(l)
        _ = try alice.invitePartner("bob")
        try exchange()
        _ = try bob.acceptPartner("alice")
        try exchange()
        var g = GoalDraft(title: "Walk together")
        g.id = "walk"
        g.type = .weeklyHabit
        g.target = 4
        g.shared = true
        _ = try alice.createGoal(g, habitIds: ["a-walk"])
        try exchange()
        _ = try bob.linkHabit(goalId: "walk", habitId: "b-walk")
        try exchange()
        try exchange()
        #expect(try alice.canonicalDump().contains { $0["id"] == .text("b-walk") }, "alice holds bob's linked habit")
        let d = Dispatcher(engine: bob)
        let document = try d.handle(.object([("op", .string("data.export")), ("args", .object([]))]))["document"] ?? .null
        guard case let .array(records)? = document["records"] else {
            Issue.record("no records")
            return
        }
        let text = JSONCodec.serialize(document)
        #expect(!text.contains("\"a-walk\"") && !text.contains("\"alice\""), "nothing of alice's: \(text.prefix(2000))")
        #expect(records.contains { $0["record"]?["id"] == .string("b-walk") })
        let empty = Dispatcher(engine: try TestStore("export-partner-restore").engine(now: Self.now, user: "bob"))
        _ = try empty.handle(.object([("op", .string("data.import")), ("args", .object([("document", document)]))]))
        #expect(try empty.engine.entries(EntryQuery()).count == 1)
    }
}
