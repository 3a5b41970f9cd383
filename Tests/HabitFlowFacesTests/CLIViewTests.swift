import Foundation
import HabitFlowTestSupport
import Testing

/// The CLI's views as people see them (issue 15): widths, colour, names, pictures, config.
@Suite struct CLIViewTests {
    /// Runs a shell script with `habitflow` on PATH, a store and a config folder of its own.
    func sh(_ script: String, environment: [String: String] = [:]) throws -> ProcessResult {
        let bin = Repository.temporaryDirectory("cli-views")
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("habitflow").path,
            withDestinationPath: Repository.cli)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        var env = [
            "PATH": path, "HABITFLOW_DB": bin.appendingPathComponent("store.sqlite").path, "HABITFLOW_USER": "tester",
            "XDG_DATA_HOME": bin.path, "XDG_CONFIG_HOME": bin.appendingPathComponent("config").path, "NO_COLOR": "",
            "HOME": bin.path, "REPO": Repository.root.path,
        ]
        for (k, v) in environment { env[k] = v }
        return try run("/bin/sh", ["-c", "set -e\n" + script], environment: env, directory: bin.path)
    }

    /// A week of history on four habits whose names are emoji, CJK, combining marks and too long.
    static let store = """
        export HABITFLOW_NOW=2026-11-19T03:00:00Z HABITFLOW_ZONE=Asia/Tokyo
        habitflow habit add '🏃 Run' --numeric km --target 5 --id run >/dev/null
        habitflow habit add '読書' --id read >/dev/null
        habitflow habit add "$(printf 'Cafe\\314\\201 cre\\314\\200me')" --id cafe >/dev/null
        habitflow habit add 'A very long habit name that cannot fit' --id long >/dev/null
        habitflow goal add 'Read 🇯🇵 books' --weekly 3 --habits 読書 --weeks 4 >/dev/null
        export HABITFLOW_NOW=2026-11-25T03:00:00Z
        for d in 20 21 23 24; do
          echo '{"op":"entry.log","args":{"habitId":"run","entryId":"run'$d'","dayKey":"2026-11-'$d'","value":6,"confirm":true}}'
          echo '{"op":"entry.log","args":{"habitId":"read","entryId":"read'$d'","dayKey":"2026-11-'$d'","confirm":true}}'
        done | habitflow batch >/dev/null
        echo '{"op":"entry.log","args":{"habitId":"run","entryId":"run22","dayKey":"2026-11-22","value":2,"confirm":true}}' | habitflow batch >/dev/null
        habitflow log cafe --id cafe25 >/dev/null
        """

    /// Snapshot of every terminal view at a fixed width, with emoji, CJK and combining names:
    /// columns line up by display width, long names end in "…", today and later days are open.
    @Test func viewsAtAFixedWidthWithEmojiAndCJK() throws {
        let r = try sh(
            Self.store + "\n" + """
                export COLUMNS=100
                for view in today week 'history 読書' 'streaks' 'entries' 'goal list' 'strength run --per day --from -6'; do
                  echo "\\$ habitflow $view"; habitflow $view
                done
                """)
        #expect(r.status == 0, "\(r.stderr)")
        let path = Repository.path("Tests/Snapshots/views.txt")
        if ProcessInfo.processInfo.environment["HABITFLOW_WRITE_SNAPSHOTS"] == "1" {
            try r.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(
            r.stdout == (try String(contentsOfFile: path, encoding: .utf8)),
            "the views changed: HABITFLOW_WRITE_SNAPSHOTS=1 swift test --disable-xctest --filter CLIViewTests")
        #expect(!r.stdout.contains("\u{1B}["), "no colour when piped")

        // Independent of the snapshot: Python's East Asian widths agree that the columns line up.
        let check = try sh(
            Self.store + "\n" + """
                { habitflow today; habitflow week; } | python3 -c '
                import sys, unicodedata
                def width(s):
                    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
                today = [l for l in sys.stdin.read().splitlines() if l.startswith("  [")]
                print(sorted({width(l[:l.index("streak")]) for l in today}))'
                """)
        #expect(check.stdout.hasPrefix("[") && !check.stdout.contains(","), "one column for every row: \(check.stdout) \(check.stderr)")
        #expect(r.stdout.contains("A very long habit name …"), "long names end in an ellipsis")
    }

    /// Charts fit the terminal's width (issue 29): COLUMNS, else the terminal's; the latest
    /// periods that fit, and a line saying what was left out. Piped without COLUMNS: all of it.
    @Test func chartsFitTheWidth() throws {
        let r = try sh(
            Self.store + "\n" + """
                COLUMNS=40 habitflow strength run --per day --from -60
                echo ==
                COLUMNS=40 habitflow history 読書 --from -200
                echo ==
                unset COLUMNS; habitflow strength run --per day --from -60 | head -1
                """)
        #expect(r.status == 0, "\(r.stderr)")
        let parts = r.stdout.components(separatedBy: "==\n")
        try #require(parts.count == 3, "\(r.stdout)")
        for part in parts.prefix(2) {
            for line in part.split(separator: "\n") { #expect(String(line).displayColumns <= 40, "\(line)") }
        }
        // Text lines wrap to the width too.
        let joined = parts.map { $0.replacingOccurrences(of: "\n", with: " ") }
        #expect(joined[0].contains("(the last 34 of 61 days fit in 40 columns: --per week shows more)"), "\(parts[0])")
        #expect(joined[0].hasPrefix("🏃 Run  strength per day, 2026-10-23 … 2026-11-25  now 20%"), "\(parts[0])")
        #expect(joined[1].contains("weeks fit in 40 columns; from 2026-05-09: a wider terminal)"), "\(parts[1])")
        #expect(parts[2].hasPrefix("🏃 Run  strength per day, 2026-09-26 … 2026-11-25"), "\(parts[2])")
    }

    /// Colour on a terminal, none when piped, none with NO_COLOR; --color always/never win.
    @Test func colourFollowsTheTerminalAndNO_COLOR() throws {
        let r = try sh(
            Self.store + "\n" + """
                esc=$(printf '\\033')
                count() { grep -c "$esc\\[" || true; }
                echo "piped $(habitflow week | count)"
                echo "always $(habitflow week --color always | count)"
                echo "tty $(script -qec 'habitflow week' /dev/null | count)"
                echo "tty-no-color $(NO_COLOR=1 script -qec 'habitflow week' /dev/null | count)"
                echo "tty-never $(script -qec 'habitflow week --color never' /dev/null | count)"
                echo "no-color-always $(NO_COLOR=1 habitflow week --color always | count)"
                """)
        #expect(r.status == 0, "\(r.stderr)")
        let counts = Dictionary(
            uniqueKeysWithValues: r.stdout.split(separator: "\n").map { line in
                let parts = line.split(separator: " ")
                return (String(parts[0]), Int(parts[1]) ?? -1)
            })
        #expect(counts["piped"] == 0 && counts["tty-no-color"] == 0 && counts["tty-never"] == 0, "\(r.stdout)")
        #expect((counts["always"] ?? 0) > 0 && (counts["tty"] ?? 0) > 0 && (counts["no-color-always"] ?? 0) > 0, "\(r.stdout)")
    }

    /// $TZ as the C library reads it: a POSIX rule, a tz file name, a leading colon.
    @Test func posixTZValuesWork() throws {
        let r = try sh(
            """
            export HABITFLOW_NOW=2026-07-01T23:30:00Z
            for tz in UTC0 EST5EDT :Europe/Amsterdam 'CET-1CEST,M3.5.0,M10.5.0/3' '<+0530>-5:30'; do
              TZ="$tz" habitflow today | head -1
            done
            status=0; TZ=Nowhere/Special habitflow today 2>err || status=$?
            echo "bad $status $(grep -c 'unknown zone' err)"
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(r.stdout)")
        #expect(lines[0].hasPrefix("2026-07-01 in UTC0: 2026-07-01T00:00:00Z"), "\(r.stdout)")
        #expect(lines[1].hasPrefix("2026-07-01 in EST5EDT: 2026-07-01T04:00:00Z"), "\(r.stdout)")
        #expect(lines[2].hasPrefix("2026-07-02 in Europe/Amsterdam: 2026-07-01T22:00:00Z"), "\(r.stdout)")
        #expect(lines[3].hasPrefix("2026-07-02 in CET-1CEST,M3.5.0,M10.5.0/3: 2026-07-01T22:00:00Z"), "\(r.stdout)")
        #expect(lines[4].hasPrefix("2026-07-02 in <+0530>-5:30: 2026-07-01T18:30:00Z"), "\(r.stdout)")
        #expect(lines[5] == "bad 1 1", "\(r.stdout)")
    }

    /// Routines and evidence by name; lists show names, not ids.
    @Test func routinesAndEvidenceByName() throws {
        let r = try sh(
            """
            export HABITFLOW_ZONE=UTC
            habitflow habit add Stretch >/dev/null; habitflow habit add Plank >/dev/null
            habitflow routine add Morning Stretch Plank >/dev/null
            habitflow routine list
            habitflow routine start MORNING | head -1 | cut -c1-16
            habitflow evidence list | cut -d' ' -f3-4
            habitflow evidence confirm stretch
            habitflow entries | cut -c13-20
            status=0; habitflow routine start Mornin 2>err || status=$?; echo "$status"; cat err
            status=0; habitflow evidence confirm Stretch 2>err || status=$?; echo "$status"; cat err
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        #expect(r.stdout.contains("Morning: Stretch → Plank"), "\(r.stdout)")
        #expect(r.stdout.contains("Started Morning "), "\(r.stdout)")
        #expect(r.stdout.contains("\nStretch on\n") && r.stdout.contains("\nPlank on\n"), "\(r.stdout)")
        #expect(r.stdout.contains("Logged Stretch on"), "\(r.stdout)")
        #expect(r.stdout.contains("Stretch "), "\(r.stdout)")
        #expect(
            r.stdout.contains("1\nhabitflow: no routine with the id or name \"Mornin\": did you mean \"Morning\"? (args.routineId)"),
            "\(r.stdout)")
        #expect(r.stdout.contains("1\nhabitflow: no evidence waiting for Stretch (evidence)"), "\(r.stdout)")
    }

    /// `--json` errors keep the engine's details (a refused backfill's affected days and impact).
    @Test func jsonErrorsKeepDetails() throws {
        let r = try sh(
            """
            export HABITFLOW_NOW=2026-11-25T12:00:00Z HABITFLOW_ZONE=UTC
            habitflow habit add Read >/dev/null
            status=0; habitflow log Read --day -2 --json 2>err >/dev/null || status=$?
            echo $status; python3 -c 'import json; e = json.load(open("err"))["error"]; print(e["code"], e["details"]["affectedDays"], "impact" in e["details"])'
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "1\nconfirmation_required ['2026-11-23'] True\n", "\(r.stdout)")
    }

    /// Pictures: each chart is a real SVG that renders, sized, not blank, and coloured where
    /// the data says (done days in the colour of done, and as many of them).
    @Test func chartsRenderWithTheColoursOfTheData() throws {
        let r = try sh(
            Self.store + "\n" + """
                habitflow chart calendar 読書 --output cal.svg >/dev/null
                habitflow chart calendar long --output empty.svg >/dev/null
                habitflow chart strength run -o strength.svg >/dev/null
                habitflow chart goal 'Read 🇯🇵 books' > goal.svg
                for f in cal empty strength goal; do rsvg-convert -o $f.png $f.svg; done
                for f in cal empty strength goal; do python3 "$REPO/Tests/Docs/png_colours.py" $f.png '#2da44e' '#9be9a8' '#d0d7de' '#d4a72c'; done
                """)
        #expect(r.status == 0, "\(r.stderr)")
        let reports = r.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(reports.count == 4, "\(r.stdout)")
        guard reports.count == 4, let cal = reports[0], let empty = reports[1], let strength = reports[2], let goal = reports[3] else {
            return
        }
        func colour(_ report: [String: Any], _ hex: String) -> Int { (report["colours"] as? [String: Int])?[hex] ?? -1 }
        for report in [cal, empty, strength, goal] {
            #expect((report["width"] as? Int ?? 0) >= 360 && (report["height"] as? Int ?? 0) >= 150, "\(report)")
            #expect((report["notWhite"] as? Int ?? 0) > 2000, "not blank: \(report)")
        }
        // 読書: four days done: four cells of about 12 × 12 and the legend's swatch.
        let done = colour(cal, "#2da44e")
        #expect(done >= 5 * 100 && done <= 5 * 150, "done cells: \(done)")
        // The long habit has nothing logged: only the legend's swatch is green, nothing is partly done.
        #expect(colour(empty, "#2da44e") <= 150 && colour(empty, "#2da44e") >= 100, "\(empty)")
        #expect(colour(cal, "#d0d7de") > 150 && colour(empty, "#d0d7de") > colour(cal, "#d0d7de"), "missed days are drawn: \(cal) \(empty)")
        // Strength: a green line. The goal (3 a week from Thursday 2026-11-19, so 2 in its short
        // first week): that week met with 2, this week in progress with 2, no week short.
        #expect(colour(strength, "#2da44e") > 200, "\(strength)")
        #expect(colour(goal, "#2da44e") > 1000 && colour(goal, "#9be9a8") > 1000 && colour(goal, "#d4a72c") == 0, "\(goal)")
    }

    /// The config file sets defaults below flags and the environment; `habitflow config` says
    /// where each value comes from; a bad file is a usage error naming its line.
    @Test func configFileDefaultsAndTheirSources() throws {
        let r = try sh(
            """
            mkdir -p config/habitflow
            cat > config/habitflow/config.toml <<'TOML'
            # my defaults
            store = "~/from-config.sqlite"
            zone = "Asia/Tokyo"   # where I live
            first_weekday = 'sunday'
            color = "always"
            TOML
            unset HABITFLOW_DB
            habitflow config --json
            habitflow habit add Read > /dev/null
            test -f from-config.sqlite && echo "store from config"
            habitflow user --json | python3 -c 'import json,sys; u = json.load(sys.stdin)["user"]; print(u["zone"], u["firstWeekday"])'
            HABITFLOW_ZONE=UTC habitflow config | grep '^zone'
            habitflow config --zone Europe/Paris | grep '^zone'
            habitflow log Read >/dev/null
            habitflow week | grep -c "$(printf '\\033')\\[" >/dev/null && echo "colour from config"
            echo 'colour = "never"' >> config/habitflow/config.toml
            status=0; habitflow today 2>err || status=$?; echo "$status $(cat err)"
            printf '# written on Windows\\r\\nzone = "Etc/UTC"\\r\\n' > config/habitflow/config.toml
            habitflow config | grep '^zone'
            printf 'zone = "UTC\\n' > config/habitflow/config.toml
            status=0; habitflow today 2>err || status=$?; echo "$status $(cat err)"
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let config = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        let settings = config?["settings"] as? [String: [String: String]]
        #expect(settings?["zone"] == ["value": "Asia/Tokyo", "source": "config file"], "\(lines[0])")
        #expect(settings?["store"]?["source"] == "config file" && settings?["store"]?["value"]?.hasSuffix("/from-config.sqlite") == true)
        #expect(settings?["color"] == ["value": "always", "source": "config file"])
        #expect(settings?["user"] == ["value": "tester", "source": "environment HABITFLOW_USER"])
        #expect(
            lines.contains("store from config") && lines.contains("Asia/Tokyo sunday") && lines.contains("colour from config"),
            "\(r.stdout)")
        #expect(lines.contains("zone           UTC  (environment HABITFLOW_ZONE)"), "\(r.stdout)")
        #expect(lines.contains("zone           Europe/Paris  (flag --zone)"), "\(r.stdout)")
        #expect(
            r.stdout.contains("64 habitflow: ") && r.stdout.contains("config.toml:6: unknown key colour (did you mean color?)"),
            "\(r.stdout)")
        #expect(r.stdout.contains("config.toml:1: unterminated string"), "\(r.stdout)")
        #expect(lines.contains("zone           Etc/UTC  (config file)"), "a CRLF file reads as any other: \(r.stdout)")
    }

    /// `habitflow export` → `habitflow import` into a new store: the same views; twice is
    /// idempotent; the CSV quotes what needs it.
    @Test func exportAndImportThroughTheCLI() throws {
        let r = try sh(
            Self.store + "\n" + """
                habitflow log run 7 --note 'fast, "windy"' --id run25 > /dev/null
                habitflow export --output backup.json
                habitflow export --format csv > entries.csv
                head -1 entries.csv; grep run25 entries.csv
                habitflow import backup.json --db copy.sqlite
                habitflow import backup.json --db copy.sqlite
                for view in today streaks entries; do
                  [ "$(habitflow $view)" = "$(habitflow $view --db copy.sqlite)" ] || { echo "$view differs"; exit 1; }
                done
                echo '{"format":"habitflow-export","version":9,"records":[]}' > future.json
                status=0; habitflow import future.json --db copy.sqlite 2>err || status=$?; echo "$status $(cat err)"
                status=0; habitflow import nothing.json --db copy.sqlite 2>err || status=$?; echo "$status $(cat err)"
                """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Exported ") == true && lines.first?.hasSuffix(" records to backup.json") == true, "\(r.stdout)")
        #expect(r.stdout.contains("day,habit,habit_id,value,unit,note,source,timestamp_utc,entry_id\r\n"), "\(r.stdout)")
        #expect(r.stdout.contains("2026-11-25,🏃 Run,run,7,km,\"fast, \"\"windy\"\"\",manual,"), "\(r.stdout)")
        #expect(
            r.stdout.contains("records, 18 applied, 1 already here") && r.stdout.contains("records, 0 applied, 19 already here"),
            "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "1 habitflow: args.document.version 9 was written by a newer library (this one reads 1) (args.document.version)"),
            "\(r.stdout)")
        #expect(r.stdout.contains("1 habitflow: cannot read nothing.json (file)"), "\(r.stdout)")
    }

    /// Loop Habit Tracker's backup (schema 25, built by the test as Loop writes it) and CSV
    /// export (the zip and its folder, symbolic and integer values): the same habits, entries
    /// and days off; a SKIP neither extends nor breaks a streak; a second import adds nothing.
    @Test func importFromLoopHabitTracker() throws {
        let r = try sh(
            """
            export HABITFLOW_NOW=2025-01-10T12:00:00Z HABITFLOW_ZONE=Europe/Amsterdam
            python3 "$REPO/Tests/Fixtures/make_loop_backup.py" loop
            habitflow import loop 'loop/Loop Habits Backup.db'
            habitflow import loop 'loop/Loop Habits Backup.db' | head -1
            habitflow streaks
            habitflow entries | tr -s ' '
            habitflow habit list --json --include-archived 2>/dev/null || habitflow batch <<'EOF'
            {"op":"habit.list","args":{"includeArchived":true}}
            EOF
            echo '{"op":"metrics.day","args":{"habitId":"loop-0f1c2d3e4b5a69788796a5b4c3d2e1f0","dayKey":"2025-01-04"}}' | habitflow batch
            echo '{"op":"metrics.day","args":{"habitId":"loop-sugar-uuid-0001","dayKey":"2025-01-10"}}' | habitflow batch
            for form in 'loop/Loop Habits CSV 2025-01-10.zip' loop/csv; do
              habitflow import loop "$form" --db csv.sqlite | head -1
              habitflow streaks --db csv.sqlite | head -1
            done
            [ "$(habitflow entries --db csv.sqlite | cut -c1-22)" = "$(habitflow entries | grep -v Sugar | cut -c1-22)" ] && echo "same days"
            status=0; habitflow import loop /etc/hostname 2>err || status=$?; echo "$status $(cat err)"
            """)
        #expect(r.status == 0, "\(r.stdout) \(r.stderr)")
        let out = r.stdout
        #expect(out.contains("Imported from Loop: 12 new entries, 4 checkmarks with nothing to log"), "\(out)")
        #expect(
            out.contains("  created  Water: 2 entries, 1 days off (2 times every 3 days is mapped to 5 per week (the nearest))"), "\(out)")
        #expect(
            out.contains("Imported from Loop: 0 new entries, 4 checkmarks with nothing to log\n"), "a second import adds nothing: \(out)")
        // 1–5 January with the SKIP on the 4th: four days, neither broken nor extended by it.
        #expect(out.contains("Meditate: current 2 (2025-01-09 – 2025-01-10), longest 4 (2025-01-01 – 2025-01-05) days"), "\(out)")
        #expect(out.contains("2025-01-02 Run 5.2 loop-11112222333344445555666677778888-2025-01-02"), "\(out)")
        #expect(out.contains(#""status":"notRequired""#), "the SKIP day is a day off: \(out)")
        #expect(out.contains(#"{"ok":true,"result":{"status":"incomplete","value":45,"target":30}"#), "at most 30 g: \(out)")
        #expect(
            out.contains(#""name":"Water","kind":"binary","unit":null,"cadence":"weekly","timesPerWeek":5"#)
                || out.contains(#""timesPerWeek":5"#), "\(out)")
        #expect(out.contains(#""archived":true"#), "Water stays archived: \(out)")
        #expect(
            out.contains("Imported from Loop: 10 new entries") && out.contains("Imported from Loop: 0 new entries, 4 checkmarks"),
            "zip, then its folder: \(out)")
        #expect(
            out.components(separatedBy: "Meditate: current 2 (2025-01-09 – 2025-01-10), longest 4 (2025-01-01 – 2025-01-05) days").count
                == 4, "\(out)")
        #expect(out.contains("same days"), "\(out)")
        #expect(
            out.contains("1 habitflow: /etc/hostname: neither a Loop backup (.db) nor Loop's CSV export (a zip or its folder) (args.path)"),
            "\(out)")
    }

    /// The pictures the README shows are what the CLI draws from the demo store today.
    @Test func theReadmePicturesAreCurrent() throws {
        let out = Repository.temporaryDirectory("pictures")
        let r = try run(
            "/bin/bash", [Repository.path("scripts/docs-pictures")],
            environment: ["HABITFLOW_CLI": Repository.cli, "DOCS_OUT": out.path])
        #expect(r.status == 0, "\(r.stderr)")
        for name in ["calendar", "strength", "goal"] {
            let drawn = try String(contentsOfFile: out.appendingPathComponent("\(name).svg").path, encoding: .utf8)
            let committed = try String(contentsOfFile: Repository.path("docs/\(name).svg"), encoding: .utf8)
            #expect(drawn == committed, "docs/\(name).svg is stale: scripts/docs-pictures")
        }
    }
}

extension String {
    /// Columns in a terminal, as Python's East Asian widths count them (emoji and CJK: 2).
    fileprivate var displayColumns: Int {
        reduce(0) { n, c in
            let v = c.unicodeScalars.first!.value
            return n
                + ((0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v) || v >= 0x1F300 ? 2 : 1)
        }
    }
}
