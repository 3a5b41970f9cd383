import Foundation
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// The real CLI, in real shell pipelines.
@Suite struct CLITests {
    /// Runs a shell command line with `habitflow` on PATH.
    func sh(_ script: String, stdin: Data = Data()) throws -> ProcessResult {
        let bin = Repository.temporaryDirectory("cli-bin")
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("habitflow").path,
            withDestinationPath: Repository.cli)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        // A store of the test's own, never the default one in the user's home.
        // In a directory of its own: files a script writes never land in the repository.
        return try run(
            "/bin/sh", ["-c", "set -e\n" + script], stdin: stdin,
            environment: [
                "PATH": path, "HABITFLOW_DB": bin.appendingPathComponent("store.sqlite").path,
                "HABITFLOW_USER": "tester", "XDG_DATA_HOME": bin.path,
            ],
            directory: bin.path)
    }

    @Test func dayKeyInAPipeline() throws {
        let r = try sh(
            "habitflow time day-key Europe/Amsterdam 2024-03-30T23:30:00Z --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[\"dayKey\"])'"
        )
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "2024-03-31\n")
        let text = try sh("habitflow time day-key Pacific/Kiritimati 2024-01-01T10:30:00Z")
        #expect(text.stdout == "2024-01-02\n")
    }

    /// Issue 55: `UTC+5` (POSIX reads it five hours behind UTC) and `localtime` are refused
    /// with the fix, from `--zone`, `$TZ` and the time commands alike, and nothing is written.
    @Test func zonesThatWouldNotMeanWhatTheySayAreRefused() throws {
        let r = try sh(
            """
            habitflow habit add Read --zone UTC >/dev/null
            before=$(habitflow habit list --json --zone UTC)
            for z in UTC+5 GMT+5 FOO+5:30 localtime; do
              status=0; habitflow log Read --zone "$z" 2>err || status=$?
              [ "$status" = 1 ] || { echo "$z: status $status"; exit 1; }
              grep -q "unknown zone \\"$z\\"" err || { cat err; exit 1; }
              status=0; TZ="$z" habitflow log Read 2>err || status=$?
              [ "$status" = 1 ] || { echo "TZ=$z: status $status"; exit 1; }
              status=0; habitflow time day-key "$z" 2025-03-01T22:00:00Z 2>err || status=$?
              [ "$status" = 1 ] || { echo "day-key $z: status $status"; exit 1; }
            done
            habitflow log Read --zone UTC+5 2>&1 | grep -q 'Etc/GMT-5 is UTC+05:00'
            [ "$(habitflow habit list --json --zone UTC)" = "$before" ]
            [ "$(habitflow time day-key '<+05>-5' 2025-03-01T22:00:00Z)" = 2025-03-02 ]
            [ "$(TZ=UTC0 habitflow time day-key Etc/GMT-5 2025-03-01T22:00:00Z)" = 2025-03-02 ]
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
    }

    /// Issue 55, the seeds' goal rows as a user types them: a card says how many habits are
    /// linked; `goal show` gives the description, marks a deleted habit, rounds weeks as the
    /// card does; a deleted goal's id says it is deleted and how to bring it back; asked as of
    /// a past day, a goal counts the entries up to that day; an unlink keeps what was counted.
    @Test func goalRowsOfTheSeedsThroughTheCLI() throws {
        let r = try sh(
            """
            export HABITFLOW_ZONE=Europe/Amsterdam HABITFLOW_NOW=2025-03-03T10:00:00Z
            habitflow habit add Run --numeric km >/dev/null; habitflow habit add Swim --numeric km >/dev/null
            habitflow goal add Move --weekly 20 --unit km --habits Run,Swim --id move --description 'Twenty km a week' >/dev/null
            habitflow log Run 3.333 >/dev/null; habitflow log Swim 1 >/dev/null
            export HABITFLOW_NOW=2025-03-05T10:00:00Z
            habitflow log Run 2 >/dev/null
            export HABITFLOW_NOW=2025-03-12T10:00:00Z
            habitflow goal list | grep -q '2 habits'
            habitflow goal unlink move Run >/dev/null
            habitflow habit delete Swim --confirm >/dev/null
            habitflow goal show move
            echo '{"op":"goal.history","args":{"goalId":"move","dayKey":"2025-03-04"}}' | habitflow batch
            habitflow goal delete move --confirm >/dev/null
            status=0; habitflow goal show move 2>err || status=$?; echo "show $status"; cat err
            status=0; habitflow goal add Again --weekly 2 --id move 2>err || status=$?; echo "add $status"; cat err
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let out = r.stdout
        #expect(out.contains("  Twenty km a week\n"), "\(out)")
        #expect(out.contains("Linked habits: Swim [deleted] (sum)"), "\(out)")
        #expect(out.contains("Unlinked: Run (its days until 2025-03-12 still count)"), "\(out)")
        #expect(out.contains("  week of 2025-03-03  6.33/20\n"), "the week rounds as the card, and Run's days still count: \(out)")
        #expect(out.contains(#""fraction":"4.33/20""#), "as of the 4th, the 5th's entry does not count: \(out)")
        #expect(out.contains("show 1") && out.contains("goal move is deleted: goal.restore brings it back"), "\(out)")
        #expect(out.contains("add 1") && out.contains("an id is never reused: goal.restore brings it back"), "\(out)")
    }

    /// 003 §10 in a shell, as a person types it (the whole list runs through the dispatcher in
    /// `InvariantScenarioTests`): a start logs nothing (10.4.1), a deleted entry leaves every
    /// answer as before it (10.2.2), a second option asks (10.7.2), a bundle parent takes no
    /// entry (10.7.1), a zone change rewrites no day (10.3.2), dismissed evidence logs nothing
    /// (10.4.2).
    @Test func invariantScenariosInAShell_10() throws {
        let r = try sh(
            """
            export HABITFLOW_ZONE=Europe/Amsterdam HABITFLOW_NOW=2025-03-12T11:00:00Z
            count() { wc -l | tr -d ' '; }  # --json lists are JSON Lines
            habitflow habit add Run --numeric km --target 5 --id run >/dev/null
            for h in Read Tea Coffee; do habitflow habit add $h >/dev/null; done
            echo '{"op":"bundle.create","args":{"bundleId":"drink","name":"Drink","kind":"choice","habitIds":["tea","coffee"]}}' | habitflow batch | grep -q '"ok":true'
            habitflow routine add Morning Read --id am >/dev/null
            habitflow today --json >before.json; habitflow streaks >before.txt
            habitflow routine start am >/dev/null
            echo "after start: $(habitflow entries --json | count)"
            habitflow evidence list --json | python3 -c 'import json,sys; [print(json.loads(l)["id"]) for l in sys.stdin]' >ids
            habitflow evidence dismiss "$(head -1 ids)" >/dev/null
            echo "after dismiss: $(habitflow entries --json | count)"
            id=$(habitflow log Run 8 --day 2025-03-11 --confirm --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["entry"]["id"])')
            habitflow today --json | cmp -s - before.json && echo "logging changed nothing?"
            habitflow delete "$id" --confirm >/dev/null
            habitflow today --json | cmp - before.json && habitflow streaks | cmp - before.txt && echo "as before"
            habitflow log Tea >/dev/null
            status=0; habitflow log Coffee 2>err || status=$?; echo "coffee $status"; cat err
            status=0; habitflow log Drink 2>err || status=$?; echo "parent $status"; cat err
            habitflow log Read --at 2025-03-11T22:30:00Z --confirm >/dev/null
            HABITFLOW_ZONE=Asia/Tokyo habitflow entries Read --json | python3 -c 'import json,sys; print("read on", json.loads(sys.stdin.readline())["dayKey"])'
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let out = r.stdout
        #expect(out.contains("after start: 0\n") && out.contains("after dismiss: 0\n"), "\(out)")
        #expect(out.contains("as before\n") && !out.contains("logging changed nothing?"), "\(out)")
        #expect(out.contains("coffee 1\n") && out.contains("one option a day"), "the second option asks: \(out)")
        #expect(out.contains("run it again with --confirm"), "\(out)")
        #expect(out.contains("parent 1\n") && out.contains("is a bundle"), "\(out)")
        #expect(out.contains("read on 2025-03-11\n"), "\(out)")
    }

    /// Issue 55, seed row: a unit edit that would leave a linked goal's entries unconverted asks
    /// first, naming the goal, and changes nothing until confirmed; `goal show` then says what
    /// it left out. A unit that converts needs no confirmation.
    /// Issue 58: text output cannot be forged. A habit named with a newline and a fake "done"
    /// row, a terminal escape and a right-to-left override is refused, the error naming the
    /// first such character; one an older version stored shows escaped in `today`, `habit
    /// list` and an error quoting it; `--json` keeps the name as it is.
    @Test func namesCannotForgeRowsOrDriveTheTerminal() throws {
        let r = try sh(
            #"""
            export HABITFLOW_ZONE=Europe/Amsterdam
            name=$(printf 'Read\n  \342\234\223 Tax return   streak 99\033[2J\342\200\256kcab')
            status=0; habitflow habit add "$name" --id h-read >/dev/null 2>err || status=$?
            [ "$status" = 1 ] || { echo "added: status $status"; exit 1; }
            cat err
            habitflow habit add Read --id h-read >/dev/null
            # A name an older version let in, as it would have stored it.
            sqlite3 "$HABITFLOW_DB" "UPDATE habits SET name = '$name' WHERE id = 'h-read'"
            habitflow today
            habitflow habit list
            habitflow habit delete h-read 2>&1 || true
            echo '--- json'
            habitflow habit list --json
            """#)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let parts = r.stdout.components(separatedBy: "--- json\n")
        try #require(parts.count == 2, "\(r.stdout)")
        let text = parts[0]
        #expect(
            text.hasPrefix("habitflow: name must not hold control characters, line breaks or bidi overrides (U+000A, code point 5)"),
            "\(text)")
        let shown = #"Read\n  ✓ Tax return   streak 99\u{1b}[2J\u{202e}kcab"#
        #expect(text.components(separatedBy: shown).count == 3, "habit list and the error show it escaped: \(text)")
        #expect(text.contains(#"  [ ] Read\n  ✓ Tax return"#), "today shows it escaped (and cut to its column): \(text)")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E }, "\(text)")
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("  ✓ Tax return") }, "a forged row: \(text)")
        let listed = try JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [String: Any]
        #expect(listed?["name"] as? String == "Read\n  ✓ Tax return   streak 99\u{1B}[2J\u{202E}kcab", "\(parts[1])")
    }

    @Test func aUnitEditALinkedGoalCannotConvertAsksFirst() throws {
        let r = try sh(
            """
            export HABITFLOW_ZONE=Europe/Amsterdam HABITFLOW_NOW=2025-03-03T10:00:00Z
            habitflow habit add Run --numeric km >/dev/null
            habitflow goal add 'Run 100' --total 100 --unit km --habits Run --id r100 >/dev/null
            habitflow log Run 5 >/dev/null
            export HABITFLOW_NOW=2025-03-05T10:00:00Z
            before=$(habitflow habit list --json)
            status=0; habitflow habit edit Run --unit pages </dev/null 2>err || status=$?
            [ "$status" = 1 ] || { echo "status $status"; exit 1; }
            cat err
            [ "$(habitflow habit list --json)" = "$before" ]
            habitflow habit edit Run --unit mi
            habitflow habit edit Run --unit pages --yes
            habitflow log Run 7 >/dev/null
            habitflow goal show r100
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains(#"from 2025-03-05 on, "Run" in pages does not convert to goal "Run 100" (km)"#), "\(r.stdout)")
        #expect(r.stdout.contains("1 entry left out: its habit's unit on its day does not convert to km"), "\(r.stdout)")
        #expect(r.stdout.contains("5/100 (5%) km"), "\(r.stdout)")
    }

    /// Issue 55, seed row: the 10-goal limit on the paths that reopen a goal on one device. A
    /// reached target raised is refused at 10 open goals, changing nothing; an entry deleted
    /// under a reached goal is truth and goes through, and `goal list` then says the user holds
    /// 11, without blaming a device merge that never happened.
    @Test func theGoalLimitHoldsWhereAGoalReopens() throws {
        let r = try sh(
            """
            export HABITFLOW_ZONE=Europe/Amsterdam HABITFLOW_NOW=2025-03-12T10:00:00Z
            habitflow habit add Read >/dev/null
            habitflow goal add Total --total 1 --habits Read --id total >/dev/null
            habitflow log Read --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["entry"]["id"])' > entry
            for n in 1 2 3 4 5 6 7 8 9 10; do habitflow goal add "Weekly $n" --weekly 2 >/dev/null; done
            before=$(habitflow goal list --json)
            status=0; habitflow goal edit total --target 5 2>err || status=$?
            echo "raise $status"; cat err
            status=0; habitflow goal edit total --target 5 --from tomorrow 2>err || status=$?
            echo "raise later $status"; cat err
            [ "$(habitflow goal list --json)" = "$before" ]
            habitflow delete "$(cat entry)" --confirm >/dev/null
            habitflow goal list | tail -1
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("raise 1") && r.stdout.contains(#"this change reopens "Total""#), "\(r.stdout)")
        #expect(r.stdout.contains("raise later 1"), "a raise dated later reopens it then: \(r.stdout)")
        #expect(r.stdout.contains("note: you have 11 open goals, more than 10") && !r.stdout.contains("devices merged"), "\(r.stdout)")
    }

    /// Issue 55: a malformed `HABITFLOW_NOW` is an error (64) naming it, never silently the
    /// clock; nothing is written.
    @Test func aMalformedFixedClockIsAnError() throws {
        let r = try sh(
            """
            HABITFLOW_NOW=2025-03-01T10:00:00Z habitflow habit add Read --zone UTC >/dev/null
            before=$(habitflow habit list --json --zone UTC)
            for bad in 2025-13-01 2025-03-01 tomorrow 2025-03-01T25:00:00Z; do
              status=0; HABITFLOW_NOW="$bad" habitflow log Read --zone UTC 2>err || status=$?
              [ "$status" = 64 ] || { echo "$bad: status $status"; exit 1; }
              grep -q "HABITFLOW_NOW: invalid instant \\"$bad\\"" err || { cat err; exit 1; }
            done
            [ "$(habitflow habit list --json --zone UTC)" = "$before" ]
            HABITFLOW_NOW=2025-03-01T10:00:00Z habitflow today --zone UTC | head -1 | grep -q '^2025-03-01 in UTC'
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
    }

    /// Issue 13: an argument that is not UTF-8 is a usage error (64), and nothing is written.
    @Test func argumentsThatAreNotUTF8AreRefused() throws {
        let r = try sh(
            """
            habitflow habit add Read --zone UTC
            before=$(habitflow habit list --json)
            for bad in '\\300\\257' '\\355\\240\\200' '\\364\\220\\200\\200'; do
              status=0; habitflow habit add "Run$(printf "$bad")" --zone UTC 2>err || status=$?
              [ "$status" = 64 ] || { echo "status $status"; exit 1; }
              grep -q 'not valid UTF-8' err
            done
            [ "$(habitflow habit list --json)" = "$before" ]
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
    }

    /// Issue 16 through the CLI: a bad day start exits 1 naming the field and changes nothing;
    /// a good one moves "today" and the day of a late log.
    @Test func dayStartThroughTheCLI() throws {
        let r = try sh(
            """
            export HABITFLOW_NOW=2025-03-30T01:30:00Z HABITFLOW_ZONE=Europe/Amsterdam
            habitflow habit add Read >/dev/null
            before=$(habitflow user --json)
            for bad in 25:00 -1:00 4am 12:01; do
              status=0; habitflow user set --day-starts-at=$bad 2>err || status=$?
              [ "$status" = 1 ] && grep -q 'args.dayStartsAt' err || { echo "bad $bad: $status"; cat err; exit 1; }
            done
            [ "$(habitflow user --json)" = "$before" ]
            habitflow user set --day-starts-at 04:00 >/dev/null
            habitflow log Read
            habitflow time day-key Europe/Amsterdam 2025-03-30T01:30:00Z --day-starts-at 04:00
            # Issue 55: today's range runs from the day start, so "now" (03:30 CEST) lies in it,
            # and --at 01:00 is tonight's 01:00, within today, not the day before.
            habitflow today | head -1
            habitflow habit add Write >/dev/null
            habitflow log Write --at 01:00 --json | grep -o '"dayKey":"[^"]*","value[^,]*'
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("on 2025-03-29") && r.stdout.contains("\n2025-03-29\n"), "\(r.stdout)")
        #expect(
            r.stdout.contains("2025-03-29 in Europe/Amsterdam: 2025-03-29T03:00:00Z to 2025-03-30T02:00:00Z (23 h)"), "\(r.stdout)")
        #expect(r.stdout.contains(#""dayKey":"2025-03-29","value"#), "\(r.stdout)")
    }

    /// Issue 55 through the CLI: a new first weekday applies after this week; `user` says from
    /// when, and `week` shows the short week it leaves (Monday to Sunday: six days).
    @Test func firstWeekdayThroughTheCLI() throws {
        let r = try sh(
            """
            export HABITFLOW_ZONE=UTC
            HABITFLOW_NOW=2025-03-03T12:00:00Z habitflow habit add Read >/dev/null
            HABITFLOW_NOW=2025-03-03T12:00:00Z habitflow log Read >/dev/null
            export HABITFLOW_NOW=2025-03-12T12:00:00Z
            habitflow user set --first-weekday sunday
            habitflow user
            habitflow week | head -1
            HABITFLOW_NOW=2025-03-18T12:00:00Z habitflow week | head -1
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("weeks on monday, on sunday from 2025-03-17 in UTC"), "\(r.stdout)")
        #expect(r.stdout.contains("weeks start on monday, on sunday from 2025-03-17,"), "\(r.stdout)")
        #expect(r.stdout.contains("Week of 2025-03-10   M T W T F S S\n"), "\(r.stdout)")
        #expect(r.stdout.contains("Week of 2025-03-17   M T W T F S\n"), "\(r.stdout)")
    }

    /// Days and times as people type them (issue 15): resolved in the user's zone.
    @Test func relativeDaysAndWallTimes() throws {
        let r = try sh(
            """
            export HABITFLOW_NOW=2026-11-24T18:00:00Z HABITFLOW_ZONE=America/New_York
            habitflow habit add Read >/dev/null
            habitflow log Read --day yesterday --confirm
            habitflow log Read --day -3 --confirm
            habitflow log Read --day sunday --confirm
            habitflow log Read --at 07:30 --json | grep -o '"timestampUtc":"[^"]*"'
            habitflow entries --from -7 --to today | cut -c1-10 | tr '\n' ' '; echo
            status=0; habitflow log Read --day someday 2>err || status=$?
            echo "$status $(grep -c 'invalid day' err)"
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(
            r.stdout.contains("on 2026-11-23") && r.stdout.contains("on 2026-11-21") && r.stdout.contains("on 2026-11-22"), "\(r.stdout)")
        #expect(r.stdout.contains(#""timestampUtc":"2026-11-24T12:30:00Z""#), "\(r.stdout)")
        #expect(r.stdout.contains("2026-11-21 2026-11-22 2026-11-23 2026-11-24 \n1 1"), "\(r.stdout)")
    }

    /// An unknown command is a usage error naming the closest commands (issue 15).
    @Test func anUnknownCommandSuggestsTheNearest() throws {
        let r = try sh("status=0; habitflow strakes 2>err || status=$?; echo $status; cat err")
        #expect(r.stdout.hasPrefix("64\n") && r.stdout.contains("did you mean 'streaks'?"), "\(r.stdout)")
        // At every level (issue 29): `habit ls`, `goal lst`, `sync wiht`.
        for (typed, meant) in [("habit ls", "habit list"), ("goal lst", "goal list"), ("sync wiht", "sync with")] {
            let r = try sh("status=0; habitflow \(typed) 2>err || status=$?; echo $status; cat err")
            #expect(
                r.stdout.hasPrefix("64\n") && r.stdout.contains("unknown command '\(typed)': did you mean '\(meant)'"),
                "\(typed): \(r.stdout)")
        }
        // A group whose default command takes words passes them on; real commands still run.
        #expect(try sh("habitflow habit list >/dev/null && echo ok").stdout == "ok\n")
    }

    /// Global options work before the command too, as in git and sqlite3 (issue 29).
    @Test func globalOptionsBeforeTheCommand() throws {
        let r = try sh(
            """
            habitflow --db other.sqlite --user ann habit add Run >/dev/null
            habitflow --db other.sqlite --user ann --zone Asia/Tokyo --json streaks
            habitflow --db=other.sqlite --user=ann --color never today
            habitflow --db other.sqlite --user ann --json user | head -c 9; echo
            habitflow --db other.sqlite --user ann user
            habitflow --json streaks
            echo '{"op":"engine.version"}' | habitflow --json --color never batch | head -c 12; echo
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix(#"{"habitId":"#) == true, "\(r.stdout)")
        #expect(lines.contains { $0.contains("[ ] Run") }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("ann: zone ") }, "\(r.stdout)")
        // The default store (HABITFLOW_DB) has no habits: --db went to the command, not lost.
        #expect(lines.count == 7 && lines[5].hasPrefix("ann: ") == true, "\(r.stdout)")
        // A group's default command (`user` shows) takes them, --json included.
        #expect(lines[4] == #"{"user":{"#, "\(r.stdout)")
        // --json and --color only tune output: a command without them (batch) leaves them out.
        #expect(lines.last == #"{"ok":true,""#, "\(r.stdout)")
        // An option the command does not take is still a usage error.
        let bad = try sh("status=0; habitflow --db x.sqlite time day-key UTC 2024-01-01T00:00:00Z 2>err || status=$?; echo $status")
        #expect(bad.stdout == "64\n", "\(bad.stdout)")
    }

    /// On a terminal, a change that needs confirmation shows what it would move and asks y/N;
    /// off a terminal the error and exit 1 stay (issue 29).
    @Test func aChangeThatNeedsConfirmationAsksOnATerminal() throws {
        let ask = "python3 \(Repository.path("Tests/Fixtures/pty_answer.py"))"
        let r = try sh(
            """
            habitflow habit add Run >/dev/null
            status=0; \(ask) n habitflow log Run --day yesterday || status=$?; echo "status $status"
            echo "== $(habitflow entries)"
            \(ask) y habitflow log Run --day yesterday
            echo "== $(habitflow entries | wc -l)"
            \(ask) n habitflow log Run --day -2 --yes
            status=0; echo y | habitflow log Run --day -3 2>err || status=$?; echo "status $status"; cat err
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let parts = r.stdout.components(separatedBy: "== ")
        try #require(parts.count == 3, "\(r.stdout)")
        // No: nothing changes and the exit status is 1.
        #expect(parts[0].contains("  days: ") && parts[0].hasSuffix("Go ahead? [y/N] n\nNothing changed.\nstatus 1\n"), "\(parts[0])")
        #expect(parts[1].hasPrefix("No entries.\n") && parts[1].contains("Go ahead? [y/N] y\nLogged Run on "), "\(parts[1])")
        // Yes logged one entry; --yes asks nothing; a pipe gets the error, as scripts always have.
        #expect(parts[2].hasPrefix("1\n") && !parts[2].contains("[y/N]") && parts[2].contains("Logged Run on "), "\(parts[2])")
        #expect(parts[2].contains("status 1\n") && parts[2].contains("run it again with --confirm (or --yes)"), "\(parts[2])")
    }

    @Test func dayRangeText() throws {
        let r = try sh("habitflow time day-range America/St_Johns 2010-11-07")
        #expect(r.status == 0)
        #expect(r.stdout.contains("hours  25"))
        #expect(r.stdout.contains("2010-11-07T02:30:00Z – 2010-11-07T02:31:00Z"))
        let apia = try sh("habitflow time day-range Pacific/Apia 2011-12-30")
        #expect(apia.stdout.contains("does not exist"))
    }

    @Test func batchAnswersEveryLineInOrderAndFlushes() throws {
        let input = """
            {"op":"time.dayKey","args":{"zone":"Europe/Amsterdam","instant":"2024-03-30T23:30:00Z"},"requestId":1}

            {"op":"time.nope","requestId":2}
            not json
            {"op":"time.dayRange","args":{"zone":"Pacific/Apia","dayKey":"2011-12-30"},"requestId":3}

            """
        let r = try sh("habitflow batch | tee /dev/stderr | wc -l", stdin: Data(input.utf8))
        #expect(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "4")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let responses = try lines.map { try JSONCodec.parse($0) }
        #expect(responses[0]["result"]?["dayKey"] == .string("2024-03-31"))
        #expect(responses[0]["requestId"] == .int(1))
        #expect(responses[1]["error"]?["code"] == .string("unknown_op"))
        #expect(responses[2]["error"]?["code"] == .string("invalid_json"))
        #expect(responses[3]["result"]?["exists"] == .bool(false))
    }

    @Test func batchExitStatusAndBail() throws {
        let good = try sh("printf '%s\\n' '{\"op\":\"engine.version\"}' | habitflow batch >/dev/null; echo status=$?")
        #expect(good.stdout == "status=0\n")
        let bad = try sh("set +e; printf '%s\\n' '{}' '{\"op\":\"engine.version\"}' | habitflow batch | wc -l; exit 0")
        #expect(bad.stdout.trimmingCharacters(in: .whitespaces) == "2\n")
        let bail = try sh(
            "set +e; printf '%s\\n' '{}' '{\"op\":\"engine.version\"}' | habitflow batch --bail > out.txt; echo status=$?; wc -l < out.txt",
            stdin: Data())
        #expect(bail.stdout.hasPrefix("status=1\n"))
        #expect(bail.stdout.hasSuffix("1\n"))
        #expect(bail.stderr.contains("stopped at line 1"))
    }

    @Test func batchRefusesHostileLinesWithoutCrashing() throws {
        var input = Data()
        input.append(Data(#"{"op":"time.dayKey","args":{"zone":"../../etc/passwd","instant":"2024-01-01T00:00:00Z"}}"#.utf8 + [0x0A]))
        input.append(Data(#"{"op":"time.dayKey","args":{"zone":"UTC\u0000","instant":"2024-01-01T00:00:00Z"}}"#.utf8 + [0x0A]))
        input.append(Data(Array(#"{"op":"engine.version","requestId":""#.utf8) + [0x00, 0xFF] + Array(#""}"#.utf8) + [0x0A]))
        input.append(Data((String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n").utf8))
        input.append(Data(#"{"op":"time.dayRange","args":{"zone":"UTC","dayKey":"2025-02-29"}}"#.utf8 + [0x0A]))
        input.append(Data(repeating: 0x20, count: JSONCodec.maxRequestBytes + 10))
        input.append(Data(#"{}"#.utf8 + [0x0A]))
        input.append(Data(#"{"op":"engine.version"}"#.utf8 + [0x0A]))
        let r = try sh("set +e; habitflow batch; echo status=$? >&2", stdin: input)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        let codes = try lines.map { line -> String in
            let response = try JSONCodec.parse(line)
            if case let .string(code)? = response["error"]?["code"] { return code }
            return "ok"
        }
        #expect(
            codes == [
                "unknown_zone", "invalid_argument", "invalid_json", "invalid_json", "invalid_date",
                "limit_exceeded", "ok",
            ])
        #expect(r.stderr.contains("status=1"))
    }

    @Test func exitCodes() throws {
        #expect(try sh("habitflow time day-key UTC 2024-01-01T00:00:00Z >/dev/null; echo $?").stdout == "0\n")
        let domain = try sh("set +e; habitflow time day-key Mars/Base 2024-01-01T00:00:00Z; echo $?")
        #expect(domain.stdout == "1\n")
        #expect(domain.stderr.contains("unknown zone \"Mars/Base\""))
        let json = try sh("set +e; habitflow time day-range UTC 2025-02-29 --json; echo $?")
        #expect(json.stdout == "1\n")
        #expect(
            try JSONCodec.parse(json.stderr.trimmingCharacters(in: .whitespacesAndNewlines))["error"]?["field"] == .string("args.dayKey"))
        #expect(try sh("set +e; habitflow time day-key 2>/dev/null; echo $?").stdout == "64\n")
        #expect(try sh("set +e; habitflow --no-such-flag 2>/dev/null; echo $?").stdout == "64\n")
    }

    @Test func todayUsesTheConfiguredZone() throws {
        let r = try sh("HABITFLOW_ZONE=Pacific/Kiritimati habitflow today --json")
        #expect(r.status == 0, "\(r.stderr)")
        let today = try JSONCodec.parse(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(today["zone"] == .string("Pacific/Kiritimati"))
        #expect(today["range"]?["exists"] == .bool(true))
        let bad = try sh("set +e; habitflow today --zone Nowhere/Land; echo $?")
        #expect(bad.stdout.hasSuffix("1\n"))
    }

    @Test func shellFunctionsDriveTheCLI() throws {
        let db = TestStore("shell").path
        let r = try sh(
            """
            export HABITFLOW_DB='\(db)' HABITFLOW_USER=alice HABITFLOW_ZONE=Europe/Amsterdam
            . '\(Repository.path("bindings/shell/habitflow.sh"))'
            habitflow habit add Stretch --id stretch >/dev/null
            hf_log stretch | python3 -c 'import json,sys; print(json.load(sys.stdin)["action"])'
            hf_entries stretch | wc -l
            hf_habits | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["name"])'
            hf_day_key Pacific/Kiritimati 2024-01-01T10:30:00Z
            hf_call '{"op":"time.week","args":{"dayKey":"2024-01-03"}}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["result"]["start"])'
            hf_today | python3 -c 'import json,sys; h = json.load(sys.stdin)["habits"]; print(len(h), h[0]["status"])'
            hf_week | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["completed"])'
            habitflow goal add Stretching --weekly 3 --start monday --habits stretch >/dev/null  # a whole week: 3 a week
            hf_goals | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["progress"]["fraction"])'
            HABITFLOW_DB='\(db).other' habitflow habit list >/dev/null   # the other store, made on purpose
            hf_sync_with '\(db).other' | python3 -c 'import json,sys; print(json.load(sys.stdin)["sent"]["applied"] > 0)'
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                == ["created", "1", "Stretch", "2024-01-02", "2024-01-01", "1 complete", "1", "1/3", "True"])
    }

    @Test func weekShowsProgressDayByDay() throws {
        let db = TestStore("week").path
        let r = try sh(
            """
            export HABITFLOW_DB='\(db)' HABITFLOW_USER=alice HABITFLOW_ZONE=Europe/Amsterdam HABITFLOW_NOW=2025-03-12T11:00:00Z
            habitflow habit add Read --id read >/dev/null
            habitflow habit add Gym --id gym --weekly 3 >/dev/null
            habitflow log read >/dev/null
            habitflow log read --day 2025-03-10 --confirm >/dev/null
            habitflow log gym --day 2025-03-11 --confirm >/dev/null
            habitflow week read
            habitflow week gym
            habitflow week --json | python3 -c 'import json,sys; print(sorted((d["habitId"], d["completed"], d["required"]) for d in map(json.loads, sys.stdin)))'
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Week of 2025-03-10   M T W T F S S")
        #expect(lines.contains("Read                 ✓ ✗ ✓          2/7"))  // Tuesday missed; the rest is ahead
        #expect(lines.contains("Gym                    ✓            1/3"))  // weekly: no empty daily cells
        #expect(lines.last == "[('gym', 1, 3), ('read', 2, 7)]")
    }

    @Test func goalsThroughTheCLI() throws {
        let db = TestStore("cli-goals").path
        let r = try sh(
            """
            export HABITFLOW_DB='\(db)' HABITFLOW_USER=alice HABITFLOW_ZONE=Europe/Amsterdam HABITFLOW_NOW=2025-03-12T11:00:00Z
            habitflow goal list
            habitflow habit add Run --numeric km --id run >/dev/null
            habitflow habit add Read --id read >/dev/null
            habitflow goal add "Run 100 km" --total 100 --unit km --habits run --id run100 >/dev/null
            habitflow goal add Reading --weekly 3 --habits read --start 2025-03-10 --id reading >/dev/null
            habitflow log run 75 >/dev/null
            habitflow goal log Reading read >/dev/null
            habitflow goal list | grep -c '/'
            habitflow goal show run100 | head -1
            habitflow goal suggest | tail -1
            habitflow goal list --json | python3 -c 'import json,sys; print(sorted((g["goal"]["id"], g["progress"]["fraction"]) for g in map(json.loads, sys.stdin)))'
            set +e
            habitflow goal link run100 read 2>&1; echo "status=$?"
            habitflow goal show nope >/dev/null 2>&1; echo "status=$?"
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("No goals yet.") == true)
        #expect(lines[1] == "2")
        #expect(lines[2].hasPrefix("Run 100 km") && lines[2].contains("75/100 (75%) km"))
        #expect(lines[3] == "  Reading: 2 more this week")
        #expect(lines[4] == "[('reading', '1/3'), ('run100', '75/100')]")
        #expect(lines[5].contains("has no values to sum into km") && lines[6] == "status=1")
        #expect(lines[7] == "status=1")
    }

    /// Issue 27 as a person types it: a definition edit from a day on (never a past one), a
    /// goal's new target, a delete that asks first and a restore.
    @Test func definitionEditsAndGoalLifecycleThroughTheCLI() throws {
        let db = TestStore("cli-edits").path
        let r = try sh(
            """
            export HABITFLOW_DB='\(db)' HABITFLOW_USER=alice HABITFLOW_ZONE=Europe/Amsterdam HABITFLOW_NOW=2025-03-12T11:00:00Z
            habitflow habit add Run --numeric km --id run >/dev/null
            habitflow habit edit Run --unit mi --from 2025-03-14
            habitflow target list Run
            habitflow goal add Reading --weekly 3 --habits run --start 2025-03-10 --id reading >/dev/null
            habitflow goal edit Reading --target 5
            set +e
            habitflow habit edit Run --unit m --from yesterday 2>&1; echo "status=$?"
            habitflow goal delete Reading 2>&1; echo "status=$?"
            set -e
            habitflow goal delete Reading --confirm
            habitflow goal restore reading
            habitflow goal show Reading
            set +e
            habitflow log run 3 --day yesterday 2>&1; echo "status=$?"
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.suffix(5) == [
                "habitflow: logging for a past day (backfill) needs confirm: true (args.confirm)", "  days: 2025-03-11",
                "  goal Reading: 0/5 → 1/5", "  run it again with --confirm (or --yes) to go ahead", "status=1",
            ], "\(lines)")
        #expect(
            Array(lines.prefix(4)) == [
                "Updated Run from 2025-03-14", "from the start  daily, atLeast, unit km  (recorded 2025-03-12T11:00:00Z)",
                "2025-03-14  unit mi  (recorded 2025-03-12T11:00:00Z)", "Updated goal reading",
            ])
        #expect(lines[4].contains("past days keep the definition they had") && lines[5] == "status=1")
        #expect(
            lines[6].contains("deleting \"Reading\" removes it, its 1 link") && lines[7].contains("--confirm") && lines[8] == "status=1")
        #expect(lines[9] == "Deleted goal reading; entries and habits are unchanged (habitflow goal restore reading brings it back)")
        #expect(lines[10] == "Restored goal Reading")
        #expect(lines[11].contains("0/5") && lines.contains("  Linked habits: Run (count)"))
    }

    @Test func syncWithAnotherStoreKeepsTheManualEntry() throws {
        let one = TestStore("cli-sync-1").path, two = TestStore("cli-sync-2").path
        let r = try sh(
            """
            export HABITFLOW_USER=alice HABITFLOW_ZONE=Europe/Amsterdam HABITFLOW_NOW=2025-03-12T11:00:00Z
            habitflow habit add Read --id read --db '\(one)' >/dev/null
            habitflow sync with '\(two)' --db '\(one)' 2>&1 || echo "status=$?"   # no such file: refused, nothing made
            test -e '\(two)' || echo "not made"
            habitflow sync with '\(two)' --create --db '\(one)' >/dev/null          # a store made on purpose
            habitflow log read --db '\(one)' >/dev/null
            echo '{"op":"entry.import","args":{"entries":[{"habitId":"read","entryId":"imported","timestampUtc":"2025-03-12T09:00:00Z"}]}}' | habitflow batch --db '\(two)' >/dev/null
            habitflow sync with '\(two)' --db '\(one)'
            for db in '\(one)' '\(two)'; do habitflow entries read --json --db "$db" | python3 -c 'import json,sys; print([e["source"] for e in map(json.loads, sys.stdin)])'; done
            habitflow sync repairs --json --db '\(two)' | python3 -c 'import json,sys; r = json.loads(sys.stdin.readline()); print(r["reason"], [e["id"] for e in r["setAside"]])'
            habitflow sync export --db '\(one)' > changes.json
            habitflow sync import changes.json --db '\(two)'
            habitflow sync export --db '\(one)' | head -c 100 | habitflow sync import - --db '\(two)' 2>&1 || echo "status=$?"
            """)
        #expect(r.status == 0, "\(r.stderr)")
        var lines = r.stdout.split(separator: "\n").map(String.init)
        // Issue 29: a store file that is not there is not made by `sync with` (a typo, a URL
        // without its scheme).
        #expect(lines.first?.contains("no store file at") == true && lines.first?.contains("http://") == true, "\(lines)")
        #expect(lines.contains("status=64"), "\(lines)")
        #expect(lines.contains("not made"))
        lines = Array(lines.drop { $0 != "not made" }.dropFirst())
        #expect(lines.first == "Sent 1 changes, received 1; 1 day(s) to review (habitflow sync repairs)")
        #expect(lines[1] == "['manual']" && lines[2] == "['manual']")  // one active entry each, the manual one
        #expect(lines[3] == "intent ['imported']")  // the import is kept aside, not lost
        #expect(lines[4].hasPrefix("Applied 0, ignored "))  // idempotent
        #expect(lines[5].contains("invalid_json") || lines[5].contains("JSON"))  // a truncated set: refused
        #expect(lines.last == "status=1")

        // Repairs for people (issue 29): the habit by name, each entry's value, time and device,
        // a short id that `sync resolve` takes.
        let view = try sh(
            """
            export HABITFLOW_USER=alice HABITFLOW_ZONE=Europe/Amsterdam HABITFLOW_NOW=2025-03-12T11:00:00Z
            habitflow sync repairs --db '\(two)'
            kept=$(habitflow sync repairs --db '\(two)' | awk '$1 == "kept" {print $2}')
            habitflow sync resolve "$kept" --db '\(two)'
            habitflow sync repairs --db '\(two)'
            """)
        #expect(view.status == 0, "\(view.stderr)")
        let shown = view.stdout.split(separator: "\n").map(String.init)
        try #require(shown.count == 6, "\(view.stdout)")
        #expect(shown[0] == "Read on 2025-03-12 (intent):", "\(shown)")
        #expect(shown[1].hasPrefix("  kept       ") && shown[1].contains("done, 2025-03-12 11:00 UTC, device "), "\(shown)")
        #expect(shown[2] == "  set aside  imported  done, 2025-03-12 09:00 UTC, this device", "\(shown)")
        #expect(shown[3] == "Keep one with: habitflow sync resolve ID")
        #expect(
            shown[4].hasPrefix("Kept ") && shown[4].hasSuffix(" for 2025-03-12") && shown[4].count == "Kept 12345678 for 2025-03-12".count)
        #expect(shown[5] == "Nothing to review.")
    }

    /// Names and short ids wherever a person picks a record (issue 29): an entry by its short
    /// id or by habit and day, a restore by day, a goal by title; completions offer names.
    @Test func namesAndShortIdsPickRecords() throws {
        let completions = Repository.path("bindings/shell/completions/habitflow.bash")
        let r = try sh(
            """
            export HABITFLOW_ZONE=Europe/Amsterdam HABITFLOW_NOW=2025-03-12T11:00:00Z
            habitflow habit add Run --id 0123456789abcdef >/dev/null
            habitflow habit add Read >/dev/null
            habitflow goal add 'Run far' --weekly 3 --habits Run >/dev/null
            habitflow log run --id aaaa1111-2222 >/dev/null
            habitflow log Run --day yesterday --id bbbb1111-2222 --yes >/dev/null
            echo "== $(habitflow entries)"
            echo "== $(habitflow delete Run --on yesterday --yes)"
            echo "== $(habitflow restore Run --day yesterday --yes)"
            echo "== $(habitflow edit aaaa --note 'short id')"
            echo "== $(habitflow edit Run --note 'by habit')"
            echo "== $(habitflow entries --json | python3 -c 'import json,sys; print([e.get("note") for e in map(json.loads, sys.stdin)])')"
            echo "== $(habitflow goal show 'run far' --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["goal"]["title"])')"
            echo "== $(habitflow streaks 0123 --json | head -c 30)"
            echo "== $(habitflow delete Rnu --yes 2>&1 || true; habitflow delete Run --on -5 --yes 2>&1 || true)"
            bash -c '. "$0"
            for line in "habitflow log R" "habitflow goal show " "habitflow delete --db other.sqlite R"; do
              COMPREPLY=(); read -ra COMP_WORDS <<< "$line"; [ "${line% }" != "$line" ] && COMP_WORDS+=("")
              COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE=$line; COMP_POINT=${#line}
              _habitflow habitflow "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
              echo "== ${COMPREPLY[*]}"
            done' '\(completions)'
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let parts = r.stdout.components(separatedBy: "== ").map { $0.trimmingCharacters(in: .newlines) }
        try #require(parts.count == 13, "\(r.stdout)")
        // Ids a client chose show whole; ids the engine made (UUIDs) by their first 8 characters.
        #expect(parts[1] == "2025-03-11  Run    bbbb1111-2222\n2025-03-12  Run    aaaa1111-2222", "\(parts[1])")
        #expect(parts[2] == "Deleted on 2025-03-11 (entry bbbb1111-2222, updated)", "\(parts[2])")
        #expect(parts[3] == "Restored on 2025-03-11 (entry bbbb1111-2222, updated)", "\(parts[3])")
        #expect(parts[4].hasPrefix("Edited on 2025-03-12 (entry aaaa1111"), "\(parts[4])")
        #expect(parts[6] == "[None, 'by habit']", "\(parts[6])")
        #expect(parts[7] == "Run far", "\(parts[7])")
        #expect(parts[8].hasPrefix(#"{"habitId":"0123456789abcdef""#), "\(parts[8])")
        #expect(parts[9].contains(#"no habit with the id or name "Rnu": did you mean "Run"?"#), "\(parts[9])")
        #expect(parts[9].contains("no entry of Run on 2025-03-07"), "\(parts[9])")
        #expect(parts[10] == "Run Read" || parts[10] == "Read Run", "\(parts[10])")
        #expect(parts[11] == "Run far", "\(parts[11])")
        #expect(parts[12] == "", "another store, which does not exist, offers nothing: \(parts[12])")
    }

    @Test func routinesEvidenceJournalsAndWellbeingThroughTheCLI() throws {
        let db = TestStore("cli-context").path
        let r = try sh(
            """
            export HABITFLOW_DB='\(db)' HABITFLOW_USER=alice HABITFLOW_ZONE=UTC HABITFLOW_NOW=2025-03-12T11:00:00Z
            habitflow habit add Stretch --id stretch >/dev/null
            habitflow habit add Plank --id plank >/dev/null
            habitflow routine add Morning stretch Plank --id morning >/dev/null
            habitflow routine start morning --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["evidence"]))'
            habitflow today --json | python3 -c 'import json,sys; print([h["status"] for h in json.load(sys.stdin)["habits"]])'
            habitflow evidence list --json | python3 -c 'import json,sys; [print(e["id"]) for e in map(json.loads, sys.stdin)]' > evidence.txt
            habitflow evidence confirm "$(grep stretch evidence.txt)"
            habitflow evidence confirm "$(grep stretch evidence.txt)"
            habitflow evidence dismiss "$(grep plank evidence.txt)"
            habitflow evidence list
            habitflow journal add "Felt strong" --title Morning --habits Plank >/dev/null
            habitflow journal list | cut -c1-10
            habitflow wellbeing log mood 4 >/dev/null
            habitflow wellbeing log mood 2 --day 2025-03-11 >/dev/null
            habitflow wellbeing trend mood | tail -1
            habitflow wellbeing log sleepHours 7.5 --source import --note "from the watch" >/dev/null
            id=$(habitflow wellbeing list sleepHours --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
            habitflow wellbeing edit "$id" --value 6.5 --source manual
            habitflow wellbeing list sleepHours | cut -d' ' -f3-
            habitflow today --json | python3 -c 'import json,sys; print(sorted((h["habitId"], h["status"]) for h in json.load(sys.stdin)["habits"]))'
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.split(separator: "\n").map(String.init) == [
                "2", "['incomplete', 'incomplete']",  // starting a routine completes nothing
                "Logged Stretch on 2025-03-12 (created)", "Logged Stretch on 2025-03-12 (unchanged)",
                "Dismissed \(try evidenceId(r.stdout))",
                "No evidence waiting.", "2025-03-12", "mean 3",
                "Edited sleepHours 6.5 on 2025-03-12: from the watch", "sleepHours 6.5 on 2025-03-12: from the watch",
                "[('plank', 'incomplete'), ('stretch', 'complete')]",  // the journal about Plank completes nothing
            ])
    }

    /// The plank evidence id, as the dismiss line printed it.
    func evidenceId(_ stdout: String) throws -> String {
        let line = try #require(stdout.split(separator: "\n").first { $0.hasPrefix("Dismissed ") })
        return String(line.dropFirst("Dismissed ".count))
    }

    @Test func demoBuildsItsOwnStoreAndShowsIt() throws {
        let dir = Repository.temporaryDirectory("demo")
        let r = try sh("habitflow demo --db '\(dir.path)/demo.sqlite'")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Demo store: \(dir.path)/demo.sqlite"))
        #expect(r.stdout.contains("Meditate: current"))
        #expect(r.stdout.split(separator: "\n").filter { $0.hasPrefix("Mon ") || $0.hasPrefix("Sun ") }.count == 2)
        #expect(r.stdout.contains("Health\n") && r.stdout.contains("Run 1500 km this year") && r.stdout.contains("/1500 ("))
        // The default store is untouched: the demo never writes there.
        #expect(try sh("habitflow habit list").stdout == "No habits yet: habitflow habit add NAME\n")
    }

    /// The parser's own errors (HabitFlowCommandLine): each says what is wrong, repeats the
    /// argument's help where there is one and gives the usage; exit 64, nothing written.
    @Test func usageErrorsSayWhatIsWrong() throws {
        let usage = "Usage: habitflow log [--db <db>] [--user <user>] [--zone <zone>] <habit> [<value>]"
        let cases: [(String, String)] = [
            ("habitflow log", "Error: Missing expected argument '<habit>'\nHelp:  <habit>  The habit: id or name.\n\(usage)"),
            ("habitflow log Run --at", "Error: Missing value for '--at <at>'\nHelp:  --at <at>  When it happened"),
            ("habitflow log Run --note --json", "Error: Missing value for '--note <note>'"),
            ("habitflow log Run 1 2 3", "Error: 2 unexpected arguments: '2', '3'\n\(usage)"),
            ("habitflow log Run --json=1", "Error: The option '--json' does not take any value, but '1' was specified."),
            ("habitflow log Run one", "Error: The value 'one' is invalid for '<value>'\nHelp:  <value>  The value, for numeric habits."),
            (
                "habitflow today --color purple",
                "Error: The value 'purple' is invalid for '--color <color>'. Please provide one of 'auto', 'always' or 'never'."
            ),
            ("habitflow log Run --bogus", "Error: Unknown option '--bogus'\n\(usage)"),
            (
                "habitflow habit edit Run --daily --weekly 3",
                "Error: --daily and --weekly exclude each other\nUsage: habitflow habit edit [<options>] <habit>\n"
            ),
            ("habitflow --generate-completion-script tcsh", "Error: --generate-completion-script takes one shell: bash, zsh or fish"),
        ]
        for (command, expected) in cases {
            let r = try sh("\(command) 2>&1 || echo \"status $?\"")
            #expect(r.stdout.hasPrefix(expected) && r.stdout.hasSuffix("for more information.\nstatus 64\n"), "\(command): \(r.stdout)")
        }
        #expect(try sh("habitflow habit list").stdout == "No habits yet: habitflow habit add NAME\n", "a usage error wrote nothing")
        // A day option takes a value that begins with a dash; after `--` every word is an argument.
        let r = try sh(
            """
            export HABITFLOW_ZONE=UTC HABITFLOW_NOW=2025-03-12T11:00:00Z
            habitflow habit add -- -5 >/dev/null
            habitflow log --day -3 --yes -- -5
            habitflow entries --from=-7 --to -1 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["dayKey"])'
            """)
        let logged = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            logged.count == 2 && logged[0].hasPrefix("Logged -5 on 2025-03-09 (entry ") && logged[1] == "2025-03-09",
            "\(r.stdout) \(r.stderr)")
    }

    /// Every command of the tree, found as a shell finds them (`---completion`), shows its help
    /// and refuses an option it does not take with exit 64; each help lists what its command
    /// takes, so a declaration the parser cannot read fails here.
    @Test func everyCommandHelpsAndRefusesWhatItDoesNotTake() throws {
        let r = try sh(
            """
            walk() {
              out=$(habitflow "$@" --help) || { echo "no help: $*"; return; }
              echo "command: $*"
              status=0; habitflow "$@" --no-such-option >/dev/null 2>&1 || status=$?
              [ "$status" = 64 ] || echo "status $status: $*"
              case "$out" in
                *SUBCOMMANDS:*) for sub in $(habitflow ---completion bash $(($# + 1)) habitflow "$@" ""); do walk "$@" "$sub"; done ;;
                *OPTIONS:*) ;;
                *) echo "no options section: $*" ;;
              esac
            }
            walk
            """)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.filter { !$0.hasPrefix("command: ") }.isEmpty, "\(r.stdout)")
        #expect(
            lines.count > 80 && lines.contains("command: goal add") && lines.contains("command: time day-key"), "\(lines.count) commands")
    }

    /// `--generate-manual DIR --date D` writes a page a command (scripts/build-lib installs
    /// them), past ASCII by code point; a folder it cannot write to fails (1), a date that is
    /// no day or no folder is a usage error (64).
    @Test func manPagesFromTheDeclarations() throws {
        let r = try sh(
            """
            mkdir man
            habitflow --generate-manual man --date 2026-01-02
            ls man | wc -l
            grep -c '^.It Fl -confirm , Fl -yes$' man/habitflow.log.1
            grep -c 'monday \\\\\\[u2026\\]' man/habitflow.log.1
            habitflow --generate-manual man --date=2024-02-29 && grep '^.Dd ' man/habitflow.goal.add.1
            habitflow --generate-manual missing/folder 2>&1 || echo "status $?"
            habitflow --generate-manual man --date 2026-02-29 2>err || echo "status $?"
            head -1 err
            habitflow --generate-manual '' 2>/dev/null || echo "status $?"
            """)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 9, "\(r.stdout) \(r.stderr)")
        #expect(Int(lines[0].trimmingCharacters(in: .whitespaces)) ?? 0 > 80, "\(lines[0]) pages")
        #expect(lines[1] == "1" && lines[2] == "1" && lines[3] == ".Dd February 29, 2024", "\(lines)")
        #expect(
            lines[4].hasPrefix("--generate-manual: cannot write missing/folder/habitflow.1: No such file") && lines[5] == "status 1",
            "\(lines)")
        #expect(
            lines[6] == "status 64" && lines[7] == "Error: --generate-manual: the date must be a day, YYYY-MM-DD, not '2026-02-29'",
            "\(lines)")
        #expect(lines[8] == "status 64", "\(lines)")
    }

    @Test func helpAndCompletionSnapshots() throws {
        let snapshots = [
            ("Tests/Snapshots/help.txt", "habitflow --help"),
            ("Tests/Snapshots/time-help.txt", "habitflow time --help"),
            ("Tests/Snapshots/batch-help.txt", "habitflow batch --help"),
            ("Tests/Snapshots/log-help.txt", "habitflow log --help"),
            ("Tests/Snapshots/habit-help.txt", "habitflow habit --help"),
            ("bindings/shell/completions/habitflow.bash", "habitflow --generate-completion-script bash"),
            ("bindings/shell/completions/habitflow.zsh", "habitflow --generate-completion-script zsh"),
            ("bindings/shell/completions/habitflow.fish", "habitflow --generate-completion-script fish"),
        ]
        let write = ProcessInfo.processInfo.environment["HABITFLOW_WRITE_SNAPSHOTS"] == "1"
        for (file, command) in snapshots {
            let output = try sh("COLUMNS=100 \(command)").stdout
            let path = Repository.path(file)
            if write { try output.write(toFile: path, atomically: true, encoding: .utf8) }
            let expected = try String(contentsOfFile: path, encoding: .utf8)
            #expect(output == expected, "\(command) changed: HABITFLOW_WRITE_SNAPSHOTS=1 swift test --disable-xctest --filter CLITests")
        }
    }
}
