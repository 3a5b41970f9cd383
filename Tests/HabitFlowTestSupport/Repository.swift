import Foundation
import HabitFlow

/// Where the package's files and build products are, for tests that use the real parts.
public enum Repository {
    /// The package root (the folder holding Package.swift).
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// A file of the package, by path relative to the root.
    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The text on disk of a file generated from code (docs/PROTOCOL.md, docs/SCHEMA.md,
    /// _operations.py), which a test compares with `generated`; when the environment sets
    /// `variable` to 1 the file is written from `generated` first (how it is regenerated).
    public static func generatedFile(_ relative: String, _ generated: String, writtenWhen variable: String) throws -> String {
        let file = path(relative)
        if ProcessInfo.processInfo.environment[variable] == "1" { try generated.write(toFile: file, atomically: true, encoding: .utf8) }
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    /// The folder with the debug build's products (`libhabitflow.so`, `habitflow-cli`).
    /// `HABITFLOW_BUILD_DIR` overrides it.
    public static var buildDirectory: String {
        if let dir = ProcessInfo.processInfo.environment["HABITFLOW_BUILD_DIR"], !dir.isEmpty { return dir }
        return path(".build/debug")
    }

    /// The built shared library.
    public static var sharedLibrary: String { buildDirectory + "/libhabitflow.so" }

    /// The built CLI.
    public static var cli: String { buildDirectory + "/habitflow-cli" }

    /// An engine over the system tz database, shared by the tests of one process.
    public static let engine = Engine()

    /// A fresh temporary directory, inside this test process's own (`testFolder`).
    public static func temporaryDirectory(_ label: String = "habitflow") -> URL {
        let url = testFolder.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// This test process's folder in the system's temporary directory,
    /// `habitflow-tests-<pid>`: removed when the process exits, and one a process left that no
    /// longer runs (killed midway) is removed at the first call a day later — not sooner: what
    /// such a run started with `setsid` (a test cluster) may still run from it, and
    /// `scripts/cluster down` needs its folder. Tests made their folders in the temporary
    /// directory itself and left them: 100,000 folders, 50 GB, on a machine that ran the suites
    /// for weeks.
    public static let testFolder: URL = {
        let base = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] {
            guard name.hasPrefix(testFolderPrefix), let pid = Int32(name.dropFirst(testFolderPrefix.count)) else { continue }
            let stale = base.appendingPathComponent(name)
            let changed = (try? FileManager.default.attributesOfItem(atPath: stale.path)[.modificationDate]) as? Date
            if kill(pid, 0) != 0, errno == ESRCH, let changed, changed.timeIntervalSinceNow < -86_400 {
                try? FileManager.default.removeItem(at: stale)
            }
        }
        let folder = base.appendingPathComponent(testFolderPrefix + "\(getpid())")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habitflow-tests-\(getpid())")
            try? FileManager.default.removeItem(at: folder)
        }
        return folder
    }()

    private static let testFolderPrefix = "habitflow-tests-"
}
