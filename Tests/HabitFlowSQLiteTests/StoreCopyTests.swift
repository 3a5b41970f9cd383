import Foundation
import HabitFlow
import HabitFlowSQLite
import HabitFlowTestSupport
import Testing

/// Issue 28: a store file copied to another file (a plain `cp`, a restore from a copy) takes a
/// replica id of its own at its first open, and says so; the original, a moved file and a
/// `habitflow backup` keep theirs. Two files sharing a replica id would lose each other's
/// changes in sync.
@Suite struct StoreCopyTests {
    static let now = "2025-03-12T11:00:00Z"

    static func replicaId(_ path: String) throws -> String {
        try run("sqlite3", [path, "SELECT replica_id FROM replica"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func open(_ path: String) throws -> Engine {
        try Engine(storePath: path, user: "alice", zone: "Europe/Amsterdam", now: try Instant(parsing: now))
    }

    @Test func aCopiedFileSyncsAsAReplicaOfItsOwn() throws {
        let store = TestStore("copy")
        do { _ = try store.engine(now: Self.now) }  // closed: its WAL is in the file
        let original = try Self.replicaId(store.path)
        let copyPath = Repository.temporaryDirectory("copy-target").appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: store.path, toPath: copyPath)
        do {
            let copy = try Self.open(copyPath)
            #expect(copy.storeNotice?.contains("is a copy of another store file") == true, "\(copy.storeNotice ?? "nil")")
        }
        let renewed = try Self.replicaId(copyPath)
        #expect(renewed != original && renewed.hasPrefix("r"))
        // Opened again, the copy keeps its new id; the original keeps its own; neither says more.
        do {
            let copy = try Self.open(copyPath)
            #expect(copy.storeNotice == nil)
            let again = try store.engine(now: Self.now)
            #expect(again.storeNotice == nil)
        }
        #expect(try Self.replicaId(copyPath) == renewed)
        #expect(try Self.replicaId(store.path) == original)
        // The CLI tells a person, on stderr.
        let second = Repository.temporaryDirectory("copy-cli").appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: store.path, toPath: second)
        let result = try run(Repository.cli, ["today", "--db", second, "--user", "alice", "--zone", "Europe/Amsterdam"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning:") && result.stderr.contains("habitflow backup"), "\(result.stderr)")
    }

    @Test func aMovedFileAndABackupKeepTheirId() throws {
        let store = TestStore("move")
        let backupPath = Repository.temporaryDirectory("move-backup").appendingPathComponent("backup.sqlite").path
        do {
            let engine = try store.engine(now: Self.now)
            #expect(try engine.backup(to: backupPath) == Self.replicaId(store.path))
        }
        let original = try Self.replicaId(store.path)
        let moved = Repository.temporaryDirectory("moved").appendingPathComponent("moved.sqlite").path
        try FileManager.default.moveItem(atPath: store.path, toPath: moved)
        do {
            let engine = try Self.open(moved)
            #expect(engine.storeNotice == nil)
            let backup = try Self.open(backupPath)
            #expect(backup.storeNotice == nil)
        }
        #expect(try Self.replicaId(moved) == original)
        #expect(try Self.replicaId(backupPath) == original)
    }
}
