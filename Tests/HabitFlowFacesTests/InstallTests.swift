import Foundation
import HabitFlowTestSupport
import Testing

/// Issue 14: what scripts/build-lib installs works for every host with no Swift toolchain —
/// the CLI, the man pages, the C example as the README writes it, and the Python package
/// from a fresh virtual environment (built from source, and from the prebuilt wheel).
@Suite(.serialized) struct InstallTests {
    var prefix: String { ShippedLibraryTests.prefix }

    /// The toolchain's folder (`/opt/swift` here): what "no toolchain" hides.
    static let toolchain: String = {
        let swift = (try? run("/bin/sh", ["-c", "command -v swift"]).stdout) ?? ""
        let resolved = URL(fileURLWithPath: swift.trimmingCharacters(in: .whitespacesAndNewlines)).resolvingSymlinksInPath().path
        // …/usr/bin/swift → the folder above usr
        return URL(fileURLWithPath: resolved).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }()

    /// Runs `script` in a private mount namespace with an empty tmpfs over the toolchain;
    /// `nil` (with the reason printed) where namespaces cannot be made.
    func withoutToolchain(_ script: String, environment: [String: String] = [:]) throws -> ProcessResult? {
        let probe = try run("unshare", ["-m", "true"])
        guard probe.status == 0 else {
            print(
                "InstallTests: cannot hide the toolchain here (unshare: \(probe.stderr.trimmingCharacters(in: .whitespacesAndNewlines))); checked with ldd only"
            )
            return nil
        }
        return try run(
            "unshare", ["-m", "/bin/sh", "-c", "mount -t tmpfs tmpfs '\(Self.toolchain)' && \(script)"], environment: environment)
    }

    @Test func theCLINeedsNoToolchain() throws {
        let cli = prefix + "/bin/habitflow"
        let ldd = try run("ldd", [cli]).stdout
        #expect(!ldd.contains(Self.toolchain) && !ldd.contains("swift") && !ldd.contains("Foundation"), "\(ldd)")
        if let hidden = try withoutToolchain(
            "'\(cli)' time day-key Europe/Amsterdam 2024-03-30T23:30:00Z && ls '\(Self.toolchain)' | wc -l")
        {
            #expect(hidden.status == 0, "\(hidden.stderr)")
            #expect(hidden.stdout == "2024-03-31\n0\n", "the toolchain was not hidden: \(hidden.stdout)")
        }
    }

    /// `habitflow-server`, built release with the Swift runtime linked in, starts without the
    /// toolchain (its help, which needs no database).
    @Test func theServerNeedsNoToolchain() throws {
        let server = prefix + "/bin/habitflow-server"
        let ldd = try run("ldd", [server]).stdout
        #expect(!ldd.contains(Self.toolchain) && !ldd.contains("libswift") && !ldd.contains("Foundation"), "\(ldd)")
        if let hidden = try withoutToolchain("'\(server)' token create --help && ls '\(Self.toolchain)' | wc -l") {
            #expect(hidden.status == 0, "\(hidden.stderr)")
            #expect(hidden.stdout.contains("--user") && hidden.stdout.hasSuffix("\n0\n"), "\(hidden.stdout)")
        }
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/doc/habitflow/SERVER.md"))
    }

    @Test func manPagesAndDocsAreInstalled() throws {
        let man1 = prefix + "/share/man/man1"
        let pages = try FileManager.default.contentsOfDirectory(atPath: man1)
        for page in ["habitflow.1", "habitflow.log.1", "habitflow.goal.add.1", "habitflow.sync.with.1", "habitflow.time.day-key.1"] {
            #expect(pages.contains(page), "\(page) not in \(pages.count) pages")
        }
        let rendered = try run("man", ["-l", man1 + "/habitflow.log.1"], environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stdout.contains("habitflow log"), "\(rendered.stdout.prefix(300))")
        let protocolDoc = try String(contentsOfFile: prefix + "/share/doc/habitflow/PROTOCOL.md", encoding: .utf8)
        #expect(protocolDoc == (try String(contentsOfFile: Repository.path("docs/PROTOCOL.md"), encoding: .utf8)))
    }

    /// The README's C example, as written there: `cc app.c $(pkg-config --cflags --libs habitflow)`,
    /// then run with no LD_LIBRARY_PATH (the rpath in habitflow.pc finds the library).
    @Test func theReadmeCExampleBuildsAndRuns() throws {
        let dir = Repository.temporaryDirectory("readme-c")
        try FileManager.default.copyItem(atPath: Repository.path("Examples/c/example.c"), toPath: dir.appendingPathComponent("app.c").path)
        let build = try run(
            "/bin/sh", ["-c", "cc app.c $(pkg-config --cflags --libs habitflow) -o app && ./app"],
            environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig", "LD_LIBRARY_PATH": ""], directory: dir.path)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("dayKey: 2024-03-31"))
    }

    /// A fresh virtual environment (at `dir/venv`), its python's path.
    func venv(_ dir: URL) throws -> String {
        let made = try run("python3", ["-m", "venv", dir.appendingPathComponent("venv").path])
        #expect(made.status == 0, "\(made.stderr)")
        return dir.appendingPathComponent("venv/bin/python").path
    }

    @Test func pipInstallsThePackageWithItsLibrary() throws {
        let dir = Repository.temporaryDirectory("pip-source")
        let python = try venv(dir)
        // From source: its build step bundles the library this checkout built (in
        // .build-release/dist, where scripts/test and scripts/run put it; else say where), and
        // says which (issue 29: pip shows it with -v; a terminal sees it anyway).
        let built = prefix == Repository.path(".build-release/dist")
        let install = try run(
            python, ["-m", "pip", "install", "-v", Repository.path("bindings/python")],
            environment: built ? ["HABITFLOW_SO": ""] : ["HABITFLOW_SO": prefix + "/lib/libhabitflow.so"])
        #expect(install.status == 0, "\(install.stderr)")
        let said =
            built
            ? "habitflow: bundling \(prefix)/lib/libhabitflow.so" : "habitflow: bundling \(prefix)/lib/libhabitflow.so ($HABITFLOW_SO)"
        #expect((install.stdout + install.stderr).contains(said), "\(install.stdout.suffix(2000))")
        let example = try run(
            python, [Repository.path("Examples/python/month.py")], environment: ["HABITFLOW_LIB": "", "PYTHONPATH": ""],
            directory: dir.path)
        #expect(example.status == 0, "\(example.stderr)")
        #expect(
            example.stdout == "Read: current 6, longest 6, strength 71%\nRun: current 2, longest 2, strength 75%\n", "\(example.stdout)")
    }

    /// The wheel PyPI would take (issue 29): manylinux, with json-c inside. In a fresh virtual
    /// environment with no toolchain and no json-c of the system's visible to the loader, the
    /// package's own tests pass and the library runs on the wheel's json-c — and on the
    /// interpreter's SQLite, the one copy in the process (issue 58: a second copy lost writes).
    @Test func thePrebuiltWheelNeedsNoToolchain() throws {
        let wheels = prefix + "/share/habitflow/python"
        let wheel = try #require(try FileManager.default.contentsOfDirectory(atPath: wheels).first { $0.hasSuffix(".whl") })
        #expect(wheel.hasPrefix("habitflow-0.1.0-py3-none-manylinux_2_"), "\(wheel)")
        let listing = try run("python3", ["-m", "zipfile", "-l", wheels + "/" + wheel]).stdout
        #expect(listing.contains("habitflow.libs/libjson-c-") && !listing.contains("libsqlite3"), "\(listing)")
        let dir = Repository.temporaryDirectory("pip-wheel")
        let python = try venv(dir)
        let install = try run(python, ["-m", "pip", "install", "-q", "--no-index", wheels + "/" + wheel])
        #expect(install.status == 0, "\(install.stderr)")
        let show = try run(python, ["-m", "pip", "show", "habitflow"]).stdout
        #expect(show.contains("Summary: HabitFlow Core") && show.contains("Author: HabitFlow Core developers"), "\(show)")
        // The system's json-c, hidden: /dev/null over the file its soname names.
        let jsonc = try run("/bin/sh", ["-c", "readlink -f \"$(ldconfig -p | awk '/libjson-c.so.5 /{print $NF; exit}')\""])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(jsonc.hasPrefix("/"), "no system json-c found by ldconfig")
        let tests = Repository.path("bindings/python/tests")
        let script = """
            mount --bind /dev/null '\(jsonc)' && cd '\(dir.path)' && \
            '\(python)' -c 'import ctypes; ctypes.CDLL("libjson-c.so.5")' 2>/dev/null && echo "json-c is visible"; \
            '\(python)' -m unittest discover -s '\(tests)' -t '\(tests)' 2>&1 | tail -1 && \
            '\(python)' -c 'import habitflow; print(habitflow.__file__); print(sorted({l.split("/")[-1].strip() for l in open("/proc/self/maps") if "json-c" in l or "sqlite3" in l}))'
            """
        if let hidden = try withoutToolchain(script, environment: ["HABITFLOW_LIB": "", "PYTHONPATH": ""]) {
            #expect(hidden.status == 0, "\(hidden.stderr)")
            let lines = hidden.stdout.split(separator: "\n").map(String.init)
            #expect(!hidden.stdout.contains("json-c is visible"), "\(hidden.stdout)")
            #expect(lines.first == "OK", "the package's tests from the wheel: \(hidden.stdout)")
            #expect(lines.count == 3 && lines[1].hasPrefix(dir.path + "/venv/"), "\(hidden.stdout)")
            #expect(lines.last?.contains("libjson-c-") == true, "\(hidden.stdout)")
            #expect(lines.last?.components(separatedBy: "libsqlite3").count == 2, "one SQLite: \(hidden.stdout)")
            #expect(lines.last?.contains("libsqlite3-") == false, "the interpreter's, not a copy: \(hidden.stdout)")
        }
    }
}
