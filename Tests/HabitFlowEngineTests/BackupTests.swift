import Foundation
import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Copying a store safely (issue 28, "local copies"): `data.backup` writes every committed
/// write — those still in the WAL too, which a copy of the main file alone loses — and keeps
/// or renews the replica id as asked.
@Suite struct BackupTests {
    func call(_ d: Dispatcher, _ op: String, _ args: String) throws -> JSONValue {
        try d.handle(try JSONCodec.parse(#"{"op":"\#(op)","args":\#(args)}"#))
    }

    @Test func aBackupHoldsTheWALsWritesAndKeepsOrRenewsTheReplica() throws {
        let store = TestStore("backup")
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        let d = Dispatcher(engine: engine)
        _ = try call(d, "habit.create", #"{"habitId":"run","name":"Run"}"#)
        for day in 1...9 { _ = try call(d, "entry.log", #"{"habitId":"run","dayKey":"2025-03-0\#(day)","confirm":true}"#) }
        let dir = Repository.temporaryDirectory("backup-copies")
        // What `cp` of the main file alone gives while the store is open: writes still in the WAL are missing.
        let plain = dir.appendingPathComponent("plain.sqlite").path
        try FileManager.default.copyItem(atPath: store.path, toPath: plain)
        let counted = try run("sqlite3", [plain, "SELECT count(*) FROM entries"]).stdout
        let plainCount = Int(counted.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        let backup = dir.appendingPathComponent("backup.sqlite").path
        let kept = try call(d, "data.backup", #"{"path":"\#(backup)"}"#)["replicaId"]
        let device = dir.appendingPathComponent("device.sqlite").path
        let renewed = try call(d, "data.backup", #"{"path":"\#(device)","forDevice":true}"#)["replicaId"]
        let here = try engine.replicaId()
        #expect(kept == .string(here) && renewed != .string(here), "\(String(describing: kept)) \(String(describing: renewed)) \(here)")
        for path in [backup, device] {
            let copy = try Engine(storePath: path, user: "alice", zone: nil)
            #expect(try copy.entries(EntryQuery()).count == 9, "\(path)")
        }
        #expect(plainCount < 9, "the plain copy was expected to miss the WAL's writes (it had \(plainCount))")
        // An existing file is never replaced; a store that is not a file cannot be backed up.
        let before = try Data(contentsOf: URL(fileURLWithPath: backup))
        #expect(throws: ProtocolError.self) { _ = try call(d, "data.backup", #"{"path":"\#(backup)"}"#) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == before)
        let memory = Dispatcher(engine: try Engine(storePath: ":memory:", user: "alice", zone: "UTC"))
        #expect(throws: ProtocolError.self) { _ = try call(memory, "data.backup", #"{"path":"\#(dir.path)/m.sqlite"}"#) }
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/m.sqlite"))
    }
}
