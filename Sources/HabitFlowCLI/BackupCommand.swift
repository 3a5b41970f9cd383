import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow backup FILE`: a consistent copy of the store file, the safe way to copy an open
/// store (a plain `cp` can miss writes still in the WAL, and carries the replica id along).
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Copy the store file safely, also while it is in use (SQLite's backup API).",
        discussion: """
            The copy keeps this store's replica id: it restores here (put it back in place of the \
            store). For another device, --for-device gives the copy a replica id of its own, so \
            both sync as replicas; habitflow sync with FILE --create does the same by syncing.
            """)
    @OptionGroup var store: StoreOptions
    @Argument(help: "The new file (an existing one is refused).") var file: String
    @Flag(help: "A copy for another device: a replica id of its own.") var forDevice = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let engine = try store.openedEngine(json: json)
        let r = try CLI.run("data.backup", [("path", .string(file)), ("forDevice", .bool(forDevice))], json: json, engine: engine)
        if json { return CLI.printJSON(r) }
        print(
            "Backed up \(store.path) to \(file)"
                + (forDevice ? " (for another device: replica \(CLI.shortId(CLI.text(r["replicaId"]))))" : ""))
    }
}
