import Foundation
import HabitFlowTestSupport
import Testing

/// The library as hosts get it from scripts/build-lib: release, Swift runtime linked in,
/// SONAME, only hf_* exported, pkg-config, the static variant.
@Suite struct ShippedLibraryTests {
    /// The install prefix: `HABITFLOW_DIST` (scripts/test builds it), else built here.
    static let prefix: String = {
        if let dist = ProcessInfo.processInfo.environment["HABITFLOW_DIST"], !dist.isEmpty { return dist }
        let prefix = Repository.path(".build-release/dist")
        let built = try? run(Repository.path("scripts/build-lib"), [prefix])
        precondition(built?.status == 0, "scripts/build-lib failed: \(built?.stderr ?? "")")
        return prefix
    }()

    var library: String { Self.prefix + "/lib/libhabitflow.so" }

    @Test func needsOnlyJsonCSQLiteLibstdcxxAndLibc() throws {
        let dynamic = try run("readelf", ["-d", library]).stdout
        #expect(dynamic.contains("Library soname: [libhabitflow.so.0]"))
        let needed = dynamic.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap {
            $0.split(separator: "[").last?.dropLast()
        }.map(String.init)
        let allowed: Set = [
            "libjson-c.so.5", "libsqlite3.so.0", "libz.so.1", "libstdc++.so.6", "libc.so.6", "libm.so.6", "libgcc_s.so.1",
            "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
        ]
        #expect(!needed.isEmpty)
        #expect(Set(needed).isSubset(of: allowed), "\(needed)")
        #expect(!needed.contains { $0.contains("swift") || $0.contains("Foundation") || $0.contains("icu") })
    }

    @Test func exportsOnlyTheHeadersFunctions() throws {
        let symbols = try run("nm", ["-D", "--defined-only", library]).stdout.split(separator: "\n")
            .filter { $0.contains(" T ") }.compactMap { $0.split(separator: " ").last }
            .map { String($0.split(separator: "@").first!) }
        // The header's declarations: lines of code (not comments) naming an hf_ function.
        let header = try String(contentsOfFile: Repository.path("include/habitflow.h"), encoding: .utf8)
        let declared = header.split(separator: "\n").filter { line in
            guard let first = line.first, first.isLetter else { return false }
            return line.contains(" hf_") || line.contains("*hf_")
        }.compactMap { line -> String? in
            guard let start = line.range(of: "hf_"), let end = line[start.lowerBound...].firstIndex(of: "(") else { return nil }
            return String(line[start.lowerBound..<end])
        }
        #expect(declared.count >= 15 && declared.contains("hf_set_tzdata"), "\(declared)")
        #expect(symbols.sorted() == declared.sorted())
    }

    /// Issue 62: the library and the CLI stay within docs/size-budget.txt (scripts/size
    /// --check), and the check fails, naming the binary, when one weighs more than allowed;
    /// neither links the regex runtime, Foundation or the concurrency runtime.
    @Test func theShippedBinariesKeepTheirSizeBudget() throws {
        let checked = try run(Repository.path("scripts/size"), ["--check", Self.prefix])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains("libhabitflow.so's parts:") && checked.stdout.contains("HabitFlowCore"), "\(checked.stdout)")
        // What a convenience brings back (CONTRIBUTING's reading of scripts/size): the regex
        // runtime (1.2 MB), Foundation (6 MB with swift-argument-parser), the concurrency
        // runtime. Neither binary links any of them.
        #expect(checked.stdout.contains("the CLI's parts:"), "\(checked.stdout)")
        for runtime in ["libswift_StringProcessing.a", "libswift_RegexParser.a", "libswift_Concurrency.a", "Foundation"] {
            #expect(!checked.stdout.contains(runtime), "\(runtime) is linked:\n\(checked.stdout)")
        }
        let tight = Repository.temporaryDirectory("size-budget").appendingPathComponent("budget.txt")
        try "libhabitflow.so 1000000\nhabitflow 100000000\n".write(to: tight, atomically: true, encoding: .utf8)
        let over = try run(Repository.path("scripts/size"), ["--check", Self.prefix], environment: ["HABITFLOW_SIZE_BUDGET": tight.path])
        #expect(over.status == 1)
        #expect(
            over.stderr.contains("size: libhabitflow.so weighs") && over.stderr.contains("over its budget of 1,000,000"), "\(over.stderr)")
        #expect(!over.stderr.contains("size: habitflow weighs"), "\(over.stderr)")
    }

    /// Issue 59: the C ABI a host links keeps every promise of the release's baseline
    /// (docs/abi/libhabitflow.abi, libabigail): scripts/check-abi passes on the built library.
    @Test func theCABIKeepsItsBaseline() throws {
        let checked = try run(Repository.path("scripts/check-abi"), [library])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains("keeps the ABI of docs/abi/libhabitflow.abi (17 functions)"), "\(checked.stdout)")
    }

    /// Each break of the ABI fails the check — a function removed, retyped, given another
    /// parameter type, a host-allocated struct grown, a function the library exports without
    /// the header — and adding a function, or any break with a new soname major, passes.
    @Test func theABICheckCatchesEachBreak() throws {
        let header = try String(contentsOfFile: Repository.path("include/habitflow.h"), encoding: .utf8)
        let dir = Repository.temporaryDirectory("abi")
        func check(_ edit: (String) -> String, library: String? = nil) throws -> ProcessResult {
            let edited = edit(header)
            #expect(edited != header || library != nil, "the edit found its text")
            let path = dir.appendingPathComponent("habitflow.h").path
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
            let environment = ["HABITFLOW_ABI_HEADER": path]
            // A library built from the broken header: what a build that broke it would ship.
            let standIn = dir.appendingPathComponent("libhabitflow.so").path
            let built = try run(Repository.path("scripts/check-abi"), ["--stand-in", standIn], environment: environment)
            #expect(built.status == 0, "\(built.stderr)")
            return try run(Repository.path("scripts/check-abi"), [library ?? standIn], environment: environment)
        }
        func replacing(_ old: String, _ new: String) -> (String) -> String { { $0.replacingOccurrences(of: old, with: new) } }
        let breaks: [((String) -> String, String)] = [
            (replacing("void hf_zone_close(hf_zone *zone);\n", ""), "1 Removed function"),
            (replacing("int hf_version_number(void);", "long hf_version_number(void);"), "return type changed"),
            (replacing("int hf_day_key(int64_t unix_seconds,", "int hf_day_key(int32_t unix_seconds,"), "parameter 1 of type"),
            (
                replacing("    int64_t intervals[4][2];\n", "    int64_t intervals[4][2];\n    int more;\n"),
                "type size changed from 704 to 768"
            ),
        ]
        for (edit, expected) in breaks {
            let checked = try check(edit)
            #expect(checked.status == 1, "\(expected): \(checked.stdout)")
            #expect(checked.stderr.contains(expected) && checked.stderr.contains("breaks the ABI of its baseline"), "\(checked.stderr)")
        }
        // The real library against a header without one of its functions.
        let undeclared = try check(replacing("void hf_zone_close(hf_zone *zone);\n", ""), library: library)
        #expect(undeclared.status == 1 && undeclared.stderr.contains("> hf_zone_close@@HABITFLOW_0"), "\(undeclared.stderr)")
        let added = try check(
            replacing("void hf_zone_close(hf_zone *zone);\n", "void hf_zone_close(hf_zone *zone);\nint hf_zone_count(void);\n"))
        #expect(added.status == 0 && added.stdout.contains("keeps the ABI"), "\(added.stdout)\(added.stderr)")
        let major = try check {
            replacing("void hf_zone_close(hf_zone *zone);\n", "")($0)
                .replacingOccurrences(of: "#define HF_VERSION        \"0.1.0\"", with: "#define HF_VERSION        \"1.0.0\"")
        }
        #expect(major.status == 0 && major.stdout.contains("changed with the soname's major (0 → 1)"), "\(major.stdout)\(major.stderr)")
    }

    /// Issue 59: what is shipped is the same bytes whenever its code is — no `.swift_modhash`
    /// (per-module hashes that move with the build folder) and a build ID that hashes the
    /// rest (scripts/reproducible-elf): running it again changes nothing.
    @Test func shippedBinariesCarryNothingOfTheirBuildFolder() throws {
        let dir = Repository.temporaryDirectory("reproducible")
        for path in [URL(fileURLWithPath: library).resolvingSymlinksInPath().path, Self.prefix + "/bin/habitflow"] {
            let file = URL(fileURLWithPath: path).lastPathComponent
            #expect(!(try run("readelf", ["-S", "-W", path]).stdout.contains(".swift_modhash")), "\(file)")
            let copy = dir.appendingPathComponent(file).path
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            #expect(try run(Repository.path("scripts/reproducible-elf"), [copy]).status == 0)
            #expect(
                FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: path),
                "\(file)'s build ID is the hash of its bytes")
        }
        let build = try run("strings", ["-a", Self.prefix + "/lib/libhabitflow.so"]).stdout
        #expect(!build.contains(Repository.path("")), "the library names the folder it was built in")
    }

    /// As the Makefile's comment says: the search path on make's command line (issue 58: GNU
    /// make 4.3 did not pass it to pkg-config), and in the environment.
    @Test(arguments: [true, false]) func pkgConfigBuildsTheCExample(onTheCommandLine: Bool) throws {
        let dir = Repository.temporaryDirectory("pkgconfig")
        let path = "PKG_CONFIG_PATH=" + Self.prefix + "/lib/pkgconfig"
        let make =
            onTheCommandLine
            ? try run("env", ["-u", "PKG_CONFIG_PATH", "make", "-s", "-C", Repository.path("Examples/c"), "OUT=" + dir.path, path])
            : try run(
                "make", ["-s", "-C", Repository.path("Examples/c"), "OUT=" + dir.path],
                environment: ["PKG_CONFIG_PATH": Self.prefix + "/lib/pkgconfig"])
        #expect(make.status == 0, "\(make.stderr)")
        let result = try run(dir.appendingPathComponent("example").path, [])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("dayKey: 2024-03-31"))
    }

    @Test func theInstalledTreeWorksWhereverItIsCopied() throws {
        // A copy of the installed tree, and a pkg-config that sees only it (no json-c, SQLite
        // or zlib .pc files, as on a host without their -dev packages).
        let copy = Repository.temporaryDirectory("relocated").appendingPathComponent("opt/habitflow").path
        #expect(try run("mkdir", ["-p", copy]).status == 0)
        #expect(try run("cp", ["-a", Self.prefix + "/lib", Self.prefix + "/include", copy]).status == 0)
        let env = ["PKG_CONFIG_PATH": copy + "/lib/pkgconfig", "PKG_CONFIG_LIBDIR": copy + "/lib/pkgconfig"]
        let cflags = try run("pkg-config", ["--cflags", "habitflow"], environment: env)
        #expect(cflags.status == 0, "\(cflags.stderr)")
        #expect(cflags.stdout.contains(copy + "/lib/pkgconfig/../../include"), "\(cflags.stdout)")
        let out = Repository.temporaryDirectory("relocated-example")
        let make = try run("make", ["-s", "-C", Repository.path("Examples/c"), "OUT=" + out.path], environment: env)
        #expect(make.status == 0, "\(make.stderr)")
        let ldd = try run("ldd", [out.appendingPathComponent("example").path])
        #expect(ldd.stdout.contains(copy + "/lib/pkgconfig/../../lib/libhabitflow.so"), "loads the copy: \(ldd.stdout)")
        let result = try run(out.appendingPathComponent("example").path, [])
        #expect(result.stdout.contains("dayKey: 2024-03-31"), "\(result.stderr)")
        let statics = try run("pkg-config", ["--static", "--libs", "habitflow"], environment: env)
        #expect(statics.stdout.contains("-ljson-c -lsqlite3 -lz"), "\(statics.stdout)")
    }

    @Test func pythonLoadsTheShippedLibrary() throws {
        let result = try run(
            "python3", ["-c", "import habitflow; print(habitflow.day_key('Asia/Kolkata', 1711841400))"],
            environment: ["HABITFLOW_LIB": library, "PYTHONPATH": Repository.path("bindings/python")])
        #expect(result.stdout == "2024-03-31\n", "\(result.stderr)")
    }

    /// Issue 58: `pkg-config --static` gives a line a C compiler links with, no Swift toolchain
    /// in it: the static library carries the Swift runtime and swiftrt.o. In a tree with only
    /// the static library, the header's own test program links with that line and passes.
    @Test func pkgConfigStaticLinksACProgram() throws {
        let copy = Repository.temporaryDirectory("static").appendingPathComponent("prefix").path
        #expect(try run("mkdir", ["-p", copy + "/lib/pkgconfig"]).status == 0)
        #expect(try run("cp", ["-a", Self.prefix + "/include", copy]).status == 0)
        #expect(
            try run("cp", [Self.prefix + "/lib/libhabitflow.a", Self.prefix + "/lib/pkgconfig/habitflow.pc", copy + "/lib/pkgconfig"])
                .status == 0)
        #expect(try run("mv", [copy + "/lib/pkgconfig/libhabitflow.a", copy + "/lib"]).status == 0)
        let exe = copy + "/abi_test"
        let link = try run(
            "/bin/sh",
            [
                "-c",
                "cc -std=c11 -pthread '\(Repository.path("Tests/C/abi_test.c"))' $(pkg-config --static --cflags --libs habitflow) -o '\(exe)'",
            ],
            environment: ["PKG_CONFIG_PATH": copy + "/lib/pkgconfig", "PATH": "/usr/bin:/bin"])
        #expect(link.status == 0, "\(link.stderr)")
        #expect(try run("ldd", [exe]).stdout.contains("habitflow") == false, "linked statically")
        let result = try run(exe, [])
        #expect(result.status == 0 && result.stdout.contains(" passed, 0 failed"), "\(result.stdout)\(result.stderr)")
    }

    @Test func theInstalledCLIRuns() throws {
        let result = try run(Self.prefix + "/bin/habitflow", ["time", "day-key", "Australia/Lord_Howe", "2024-10-05T13:29:59Z"])
        #expect(result.stdout == "2024-10-05\n")
    }

    /// Issue 58's backup of 100,000 entries (37 MB: more than a request's 16 MiB), made once for
    /// every face's restore (the first to ask waits): a folder with the store (`big.sqlite`),
    /// the CLI's export (`backup.json`) and Python's (`python.json`); and what making it printed.
    static let bigBackup: (folder: String, made: Result<ProcessResult, any Error>) = {
        let dir = Repository.temporaryDirectory("backup-100k").path
        let script = """
            import datetime, json, os, subprocess, sys, habitflow
            cli = sys.argv[1]
            env = dict(os.environ, HABITFLOW_USER="alice", HABITFLOW_ZONE="UTC")
            with habitflow.Engine("big.sqlite", user="alice", zone="UTC", now="2026-01-01T10:00:00Z") as e:
                first = datetime.date(2012, 1, 1)
                days = [(first + datetime.timedelta(days=n)).isoformat() for n in range(5000)]
                for h in range(20):
                    e.call("habit.create", habitId="h%d" % h, name="Habit %d" % h)
                    e.call("entry.import", entries=[{"habitId": "h%d" % h, "dayKey": d, "timestampUtc": d + "T12:00:00Z",
                                                     "note": "day %d of habit %d" % (n, h)} for n, d in enumerate(days)])
                with open("python.json", "w") as f:
                    json.dump(e.export(), f)
                print("big", sum(1 for r in e.export()["records"] if r["kind"] == "entry"))
            subprocess.run([cli, "export", "--db", "big.sqlite", "-o", "backup.json"], env=env, check=True, stdout=subprocess.DEVNULL)
            print(os.path.getsize("backup.json") > 16 << 20)
            """
        let made = Result {
            try run(
                "python3", ["-c", script, prefix + "/bin/habitflow"],
                environment: ["HABITFLOW_LIB": prefix + "/lib/libhabitflow.so", "PYTHONPATH": Repository.path("bindings/python")],
                directory: dir)
        }
        return (dir, made)
    }()

    /// Issue 58: that backup restores on every face — Python's `import_data`, the CLI's
    /// `import FILE`, `import -` and `sync export | sync import -` — with every entry. A case a
    /// face, side by side.
    @Test(arguments: ["python", "file", "stdin", "sync"])
    func aBackupOf100000EntriesRestoresOnEveryFace(face: String) throws {
        let dir = Self.bigBackup.folder
        let made = try Self.bigBackup.made.get()
        try #require(made.status == 0 && made.stdout == "big 100000\nTrue\n", "making the backup: \(made.stdout)\(made.stderr)")
        let script = """
            import json, os, subprocess, sys, habitflow
            cli, face = sys.argv[1], sys.argv[2]
            env = dict(os.environ, HABITFLOW_USER="alice", HABITFLOW_ZONE="UTC")
            store = face + ".sqlite"
            if face == "python":
                with open("python.json") as f:
                    document = json.load(f)
                with habitflow.Engine(store, user="alice", zone="UTC") as e:
                    e.import_data(document)
            elif face == "file":
                subprocess.run([cli, "import", "--db", store, "backup.json"], env=env, check=True, stdout=subprocess.DEVNULL)
            elif face == "stdin":
                with open("backup.json", "rb") as f:
                    subprocess.run([cli, "import", "--db", store, "-"], env=env, check=True, stdin=f, stdout=subprocess.DEVNULL)
            else:
                subprocess.run("'%s' sync export --db big.sqlite | '%s' sync import --db '%s' -" % (cli, cli, store), shell=True,
                               env=env, check=True, stdout=subprocess.DEVNULL)
            with habitflow.Engine(store, user="alice") as e:
                print(face, sum(1 for r in e.export()["records"] if r["kind"] == "entry"))
            """
        let result = try run(
            "python3", ["-c", script, Self.prefix + "/bin/habitflow", face],
            environment: ["HABITFLOW_LIB": library, "PYTHONPATH": Repository.path("bindings/python")], directory: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(face) 100000\n", "\(result.stdout)")
    }

    /// Issue 59: THIRD_PARTY.md names every component — each package a `Package.resolved` pins
    /// (the server's, the benchmarks' when built; the engine depends on no package, so it has
    /// none), each library the shipped
    /// library, CLI and server load, each library the wheel carries — and the licence is
    /// Apache-2.0 wherever a host reads it: `engine.version`, the `.pc` file, the wheel.
    @Test func thirdPartyListsEveryComponent() throws {
        let list = try String(contentsOfFile: Repository.path("THIRD_PARTY.md"), encoding: .utf8)
        let rows = Set(
            list.split(separator: "\n").filter { $0.hasPrefix("| ") }.compactMap {
                $0.split(separator: "|").first?.trimmingCharacters(in: .whitespaces).lowercased()
            })
        let manifest = try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(".package("), "the engine depends on a package: its Package.resolved must be checked here")
        var resolved = [Repository.path("Server/Package.resolved")]
        if FileManager.default.fileExists(atPath: Repository.path("Benchmarks/Package.resolved")) {
            resolved.append(Repository.path("Benchmarks/Package.resolved"))
        }
        for file in resolved {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
            let pins = try #require(json?["pins"] as? [[String: Any]], "\(file)")
            #expect(!pins.isEmpty)
            for pin in pins {
                let identity = try #require(pin["identity"] as? String)
                #expect(rows.contains(identity), "\(file) pins \(identity), which THIRD_PARTY.md does not list")
            }
        }
        for binary in [library, Self.prefix + "/bin/habitflow", Self.prefix + "/bin/habitflow-server"] {
            let needed = try run("readelf", ["-d", binary]).stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
                .compactMap { $0.split(separator: "[").last?.dropLast() }
            #expect(!needed.isEmpty, "\(binary)")
            for soname in needed { #expect(list.contains("`\(soname)`"), "\(binary) loads \(soname), which THIRD_PARTY.md does not list") }
        }
        let wheels = Self.prefix + "/share/habitflow/python"
        let wheel = try #require(try FileManager.default.contentsOfDirectory(atPath: wheels).first { $0.hasSuffix(".whl") })
        let listing = try run("python3", ["-m", "zipfile", "-l", wheels + "/" + wheel]).stdout
        // `habitflow.libs/libjson-c-c149286f.so.5.2.0`: auditwheel's copy, renamed by a hash.
        let carried = listing.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "habitflow.libs/lib"), let so = line.range(of: ".so") else { return nil }
            let renamed = line[line.index(start.upperBound, offsetBy: -3)..<so.lowerBound]
            return renamed.lastIndex(of: "-").map { String(renamed[..<$0]) }
        }
        #expect(!carried.isEmpty, "\(listing)")
        for name in carried { #expect(list.contains("`\(name).so"), "the wheel carries \(name), which THIRD_PARTY.md does not list") }
        let metadata = try run(
            "python3",
            [
                "-c",
                "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(''.join(z.read(n).decode() for n in z.namelist() if n.endswith('METADATA')))",
                wheels + "/" + wheel,
            ]
        ).stdout
        #expect(metadata.contains("License: Apache-2.0") && metadata.contains("License-File: LICENSE"), "\(metadata)")
        #expect(listing.contains("/LICENSE"), "the wheel carries the licence's text: \(listing)")
        let pc = try String(contentsOfFile: Self.prefix + "/lib/pkgconfig/habitflow.pc", encoding: .utf8)
        #expect(pc.contains("\nLicense: Apache-2.0\n"), "\(pc)")
        let version = try run(Self.prefix + "/bin/habitflow", ["version"]).stdout
        #expect(version.hasPrefix("habitflow 0.1.0 (protocol 1, licence Apache-2.0)\n"), "\(version)")
    }
}
