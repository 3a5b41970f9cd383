import Foundation
import HabitFlow
import HabitFlowTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Time zones on a host without a tz database (issue 32): with /usr/share/zoneinfo hidden
/// behind an empty tmpfs in a private mount namespace and no TZDIR, the real CLI, a real C
/// program on the real .so and a real Python process answer every zone as Python's zoneinfo
/// does on the full system (from the embedded copy); given an Android-format file, the file
/// answers (a zone planted in it proves it).
@Suite(.serialized) struct TZDataFacesTests {
    let dir = Repository.temporaryDirectory("tzdata-faces")

    var python: [String: String] {
        ["HABITFLOW_LIB": Repository.sharedLibrary, "PYTHONPATH": Repository.path("bindings/python")]
    }

    /// `command` in a private mount namespace where the system tz database is an empty folder.
    func hidden(_ command: [String], stdin: String = "", environment: [String: String] = [:]) throws -> ProcessResult {
        let namespace =
            getuid() == 0
            ? ["unshare", "--mount", "--propagation", "private"]
            : ["unshare", "--user", "--map-root-user", "--mount", "--propagation", "private"]
        let script = #"mount -t tmpfs none "$0" && test ! -e "$0/UTC" && exec "$@""#
        var env = environment
        env["TZDIR"] = ""  // no TZDIR: the engine looks at /usr/share/zoneinfo, which is empty
        return try run(
            namespace[0], Array(namespace.dropFirst()) + ["sh", "-c", script, "/usr/share/zoneinfo"] + command,
            stdin: Data(stdin.utf8), environment: env)
    }

    func compile() throws -> String {
        let exe = dir.appendingPathComponent("tzdata_test").path
        let lib = Repository.buildDirectory
        let cc = try run(
            "cc",
            [
                "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", Repository.path("include"),
                Repository.path("Tests/C/tzdata_test.c"), "-o", exe, "-L", lib, "-lhabitflow", "-Wl,-rpath," + lib,
            ])
        try #require(cc.status == 0, "cc failed: \(cc.stderr)")
        return exe
    }

    /// A file in which Europe/Amsterdam holds Asia/Tokyo's data: 2024-03-31T20:00Z is the 1st.
    func plantedFile() throws -> String {
        let path = dir.appendingPathComponent("tzdata-planted").path
        try TZDataFixture.writeAndroidFile(to: path, planting: ["Europe/Amsterdam": "Asia/Tokyo"])
        return path
    }

    @Test func theCCallsKeepTheirPromises() throws {
        let bad = dir.appendingPathComponent("tzdata-bad").path
        let good = try plantedFile()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        try bytes.prefix(bytes.count - 100).write(to: URL(fileURLWithPath: bad))  // truncated: offsets past its end
        let result = try run(try compile(), ["CHECKS", good, bad])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }

    @Test func withNoTzDatabaseEveryFaceAnswersEveryZoneAsZoneinfo() throws {
        var rng = SplitMix64(seed: SplitMix64.testSeed())
        let zones = TZDataFixture.systemZones.map(\.name)
        #expect(zones.count > 400)
        var cases: [(zone: String, seconds: Int64)] = []
        for zone in zones {
            for _ in 0..<40 { cases.append((zone, Int64.random(in: -2_208_988_800..<4_133_980_800, using: &rng))) }
        }
        let casesFile = dir.appendingPathComponent("cases.txt").path, answersFile = dir.appendingPathComponent("answers.txt").path
        try cases.map { "I \($0.zone) \($0.seconds)" }.joined(separator: "\n").appending("\n")
            .write(toFile: casesFile, atomically: true, encoding: .utf8)
        let oracle = try run("python3", [Repository.path("Tests/Oracle/zoneinfo_oracle.py"), "check", casesFile, answersFile])
        try #require(oracle.status == 0, "oracle: \(oracle.stderr)")
        let expected = try String(contentsOfFile: answersFile, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(expected.count == cases.count)
        let lines = cases.map { "\($0.zone) \($0.seconds)" }.joined(separator: "\n") + "\n"

        let c = try hidden([try compile(), "DAYKEYS"], stdin: lines)
        let py = try hidden(
            [
                "python3", "-c",
                "import sys, habitflow\nfor line in sys.stdin:\n    zone, seconds = line.split()\n    print(habitflow.day_key(zone, int(seconds)))",
            ], stdin: lines, environment: python)
        let requests = cases.map {
            #"{"op":"time.dayKey","args":{"zone":"\#($0.zone)","instant":"\#(Instant.format(seconds: $0.seconds))"}}"#
        }
        let db = dir.appendingPathComponent("store.sqlite").path
        let cli = try hidden(
            [Repository.cli, "batch", "--db", db, "--user", "t", "--zone", "UTC"], stdin: requests.joined(separator: "\n") + "\n")
        let cliDays = cli.stdout.split(separator: "\n").map { line -> String in
            guard let range = line.range(of: #""dayKey":""#) else { return String(line) }
            return String(line[range.upperBound...].prefix(10))
        }
        for (face, result, answers) in [
            ("C", c, c.stdout.split(separator: "\n").map(String.init)),
            ("Python", py, py.stdout.split(separator: "\n").map(String.init)), ("CLI", cli, cliDays),
        ] {
            #expect(result.status == 0, "\(face): \(result.stderr.prefix(500))")
            #expect(answers.count == expected.count, "\(face) answered \(answers.count) of \(expected.count)")
            let wrong = zip(cases.indices, zip(answers, expected)).filter { $0.1.0 != $0.1.1 }
            #expect(
                wrong.isEmpty, "\(face): \(wrong.count) differ, e.g. \(wrong.prefix(3).map { "\(cases[$0.0]): \($0.1.0) vs \($0.1.1)" })")
        }
        let info = try hidden([Repository.cli, "version", "--json"])
        #expect(info.stdout.contains(#""tzdata":{"source":"embedded""#), "\(info.stdout)")
        print("hidden tz database: \(cases.count) instants over \(zones.count) zones, C, Python and CLI as zoneinfo")
    }

    @Test func aGivenAndroidFileIsWhatAnswers() throws {
        let file = try plantedFile()
        let env = ["HABITFLOW_TZDATA": file]
        let c = try hidden([try compile(), "DAYKEYS"], stdin: "Europe/Amsterdam 1711915200\nEurope/Berlin 1711915200\n", environment: env)
        #expect(c.stdout == "2024-04-01\n2024-03-31\n", "C: \(c.stdout) \(c.stderr)")
        let py = try hidden(
            ["python3", "-c", "import habitflow; print(habitflow.day_key('Europe/Amsterdam', 1711915200), habitflow.tzdata()['source'])"],
            environment: python.merging(env) { $1 })
        #expect(py.stdout == "2024-04-01 file\n", "Python: \(py.stdout) \(py.stderr)")
        let viaArgument = try hidden(
            [
                "python3", "-c",
                "import habitflow, sys; habitflow.set_tzdata(sys.argv[1], only=True); print(habitflow.day_key('Europe/Amsterdam', 1711915200))",
                file,
            ], environment: python)
        #expect(viaArgument.stdout == "2024-04-01\n", "Python set_tzdata: \(viaArgument.stdout) \(viaArgument.stderr)")
        let cli = try hidden([Repository.cli, "time", "day-key", "Europe/Amsterdam", "2024-03-31T20:00:00Z", "--tzdata", file])
        #expect(cli.stdout == "2024-04-01\n", "CLI: \(cli.stdout) \(cli.stderr)")
        let version = try hidden([Repository.cli, "--tzdata", file, "--tzdata-only", "version"])
        #expect(version.stdout.contains("tz data: file \(TZDataFixture.systemVersion) at \(file)"), "\(version.stdout)")
        #expect(!version.stdout.contains("then:"), "only the file: \(version.stdout)")
    }

    @Test func anUnreadableFolderOrZoneFileIsAnErrorNamingIt() throws {
        // Root reads everything: the CLI runs as nobody then, as a host's user would.
        let asUser = getuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let folder = dir.appendingPathComponent("unreadable")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Europe"), withIntermediateDirectories: true)
        let tokyo = try #require(TZDataFixture.systemZones.first { $0.name == "Asia/Tokyo" }).tzif
        let zoneFile = folder.appendingPathComponent("Europe/Amsterdam")
        try Data(tokyo).write(to: zoneFile)
        for path in [dir.path, folder.path, folder.appendingPathComponent("Europe").path] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: zoneFile.path)
        // A copy of the CLI where any user may run it (the checkout may be private to root).
        let cli = dir.appendingPathComponent("habitflow").path
        try FileManager.default.copyItem(atPath: Repository.cli, toPath: cli)
        let command = asUser + [cli, "--tzdata", folder.path, "time", "day-key", "Europe/Amsterdam", "2024-01-01T00:00:00Z"]
        let zone = try run(command[0], Array(command.dropFirst()))
        #expect(zone.status == 1)
        #expect(
            zone.stderr.contains("zone \"Europe/Amsterdam\" has unreadable data: cannot read \(zoneFile.path): Permission denied"),
            "\(zone.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        let whole = try run(command[0], Array(command.dropFirst()))
        #expect(whole.status == 1)
        #expect(
            whole.stderr.contains("tz data \"\(folder.path)\" cannot be used: cannot open the folder: Permission denied"), "\(whole.stderr)"
        )
    }

    @Test func theCLIRefusesTzDataItCannotUse() throws {
        let garbage = dir.appendingPathComponent("garbage").path
        try Data("nothing like tz data, though long enough for a header".utf8).write(to: URL(fileURLWithPath: garbage))
        for (arguments, message) in [
            (["--tzdata", "/no/such/tzdata", "time", "day-key", "UTC", "2024-01-01T00:00:00Z"], "\"/no/such/tzdata\" cannot be used"),
            (["time", "day-key", "UTC", "2024-01-01T00:00:00Z", "--tzdata=\(garbage)"], "not an Android tzdata file"),
            (["--tzdata-only", "version"], "needs a source"),
        ] {
            let result = try run(Repository.cli, arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let missingValue = try run(Repository.cli, ["time", "day-key", "UTC", "2024-01-01T00:00:00Z", "--tzdata"])
        #expect(missingValue.status == 64, "\(missingValue.stderr)")
        let python = try run(
            "python3",
            [
                "-c",
                "import habitflow\ntry:\n    habitflow.Engine(':memory:', user='u', zone='UTC', tzdata='/no/such')\nexcept habitflow.InvalidArgumentError as e:\n    print(e.field, e)",
            ],
            environment: python)
        #expect(python.stdout.contains("options.tzdata"), "\(python.stdout) \(python.stderr)")
        #expect(python.stdout.contains("/no/such"), "\(python.stdout)")
    }
}
