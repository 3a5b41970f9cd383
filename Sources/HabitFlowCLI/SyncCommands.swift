@_spi(Faces) import HabitFlow
import HabitFlowCommandLine
import HabitFlowProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `habitflow sync …`: exchange changes between replicas (store files) of one user.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Sync with a server or another store file, or move change sets by hand.",
        subcommands: [With.self, Watch.self, Export.self, Import.self, Repairs.self, Resolve.self])

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Print every change since a cursor as JSON ({changes, cursor, replicaId}).")
        @OptionGroup var store: StoreOptions
        @Option(help: "A cursor from an earlier export (default: everything).") var since: String?

        func run() throws {
            let engine = try store.openedEngine(json: true)
            CLI.printJSON(try CLI.run("sync.changes", CLI.args([("since", since.map(JSONValue.string))]), json: true, engine: engine))
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Apply a change set (an export, or its changes array) from FILE or - (stdin): all or nothing.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The file, or - for stdin.") var file: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let parsed = try SyncCommand.readJSON(file, json: json, changeSetAt: ["changes"])
            let changes = parsed.value["changes"] ?? parsed.value
            let r = try CLI.run("sync.apply", [("changes", changes)], json: json, engine: engine, changeSet: parsed.changes)
            if json { return CLI.printJSON(r) }
            print("Applied \(CLI.text(r["applied"])), ignored \(CLI.text(r["ignored"])), repairs \(CLI.text(r["repairs"]))")
            GoalCommand.sayOverLimit(r)
        }
    }

    struct With: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "with",
            abstract: "Sync both ways with a sync server (URL) or another store file (same user).",
            discussion: "A server needs a token: --token, or HABITFLOW_TOKEN (habitflow-server token create makes one).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "A sync server's URL (http:// or https://), or another store file.") var other: String
        @Option(help: "The server's access token (default: $HABITFLOW_TOKEN).") var token: String?
        @Flag(help: "Make the other store file when there is none (a first copy for another device).") var create = false
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let here = try store.openedEngine(json: json)
            let sent: JSONValue, received: JSONValue
            if RemoteSync.isRemote(other) {
                let remote = RemoteSync(url: other, token: try SyncCommand.token(token, json: json), engine: here, json: json)
                (sent, received) = try remote.sync()
            } else {
                // Another store file must be there: a mistyped name or a URL without its scheme
                // would otherwise make a new, empty store and "sync" into it (issue 29).
                guard token == nil else {
                    throw ValidationError(
                        "--token is for a sync server; \(other) is not a URL (a server's starts with http:// or https://)")
                }
                guard create || access(other, F_OK) == 0 else {
                    throw ValidationError(
                        "no store file at \(other) (a sync server's URL starts with http:// or https://; --create makes a new store file)")
                }
                var options = store
                options.db = other
                let there = try options.openedEngine(json: json)
                sent = try CLI.run(
                    "sync.apply", [("changes", try CLI.run("sync.changes", [], json: json, engine: here)["changes"] ?? .array([]))],
                    json: json, engine: there)
                received = try CLI.run(
                    "sync.apply", [("changes", try CLI.run("sync.changes", [], json: json, engine: there)["changes"] ?? .array([]))],
                    json: json, engine: here)
            }
            let repairs = try CLI.run("sync.repairs", [], json: json, engine: here)["repairs"]
            let count = if case let .array(list)? = repairs { list.count } else { 0 }
            if json {
                CLI.printJSON(.object([("sent", sent), ("received", received), ("repairs", repairs ?? .array([]))]))
            } else {
                print(
                    "Sent \(CLI.text(sent["applied"])) changes, received \(CLI.text(received["applied"])); \(count) day(s) to review (habitflow sync repairs)"
                )
                GoalCommand.sayOverLimit(received)
            }
        }
    }

    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Keep this store in sync with a server until interrupted: local writes go up, the server's come down as they arrive.",
            discussion:
                "Prints one line per exchange that moved something, starting with its time (UTC). A server needs a token: --token, or HABITFLOW_TOKEN."
        )
        @OptionGroup var store: StoreOptions
        @Argument(help: "The sync server's URL.") var url: String
        @Option(help: "The server's access token (default: $HABITFLOW_TOKEN).") var token: String?
        @Option(help: "Seconds between pushes of local writes while the server has nothing new (1-60).") var interval = 2
        @Option(help: "Stop after this many exchanges (default: never).") var rounds: Int?
        @Flag(help: "Print JSON (one object per exchange that moved something).") var json = false

        func run() throws {
            guard RemoteSync.isRemote(url) else { throw ValidationError("sync watch takes a server's URL (http:// or https://)") }
            guard (1...60).contains(interval) else { throw ValidationError("--interval takes 1 to 60 seconds") }
            let remote = RemoteSync(
                url: url, token: try SyncCommand.token(token, json: json), engine: try store.openedEngine(json: json), json: json)
            var round = 0
            while rounds.map({ round < $0 }) ?? true {
                round += 1
                let (sent, received) = try remote.sync(wait: interval)
                let up = CLI.text(sent["applied"]), down = CLI.text(received["applied"])
                guard up != "0" || down != "0" else { continue }
                // Each line says when (UTC), so a log of a long watch can be read later.
                let now = StoreOptions.fixedNow ?? SystemClock.now()
                let at = Instant.format(seconds: now.seconds)  // whole seconds: a line for people
                if json {
                    CLI.printJSON(.object([("at", .string(at)), ("sent", sent), ("received", received)]))
                } else {
                    print("\(at) Sent \(up) changes, received \(down)")
                }
                fflush(nil)  // each line as it happens, even into a pipe
            }
        }
    }

    /// The token: the option, else HABITFLOW_TOKEN.
    static func token(_ option: String?, json: Bool) throws -> String {
        if let option, !option.isEmpty { return option }
        if let env = CLI.environment("HABITFLOW_TOKEN") { return env }
        CLI.report(ProtocolError(.invalidArgument, "a sync server needs a token: --token T or HABITFLOW_TOKEN", field: "token"), json: json)
        throw ExitCode(64)
    }

    struct Repairs: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repairs", abstract: "List days where a merge kept one entry and set another aside.")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Print JSON (one repair per line).") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            guard case let .array(list)? = try CLI.run("sync.repairs", [], json: json, engine: engine)["repairs"] else { return }
            if json { return list.forEach(CLI.printJSON) }
            if list.isEmpty { return print("Nothing to review.") }
            // Per repair: the habit and day, then each entry as a person tells them apart —
            // value, note, time, device — by a short id that `sync resolve` takes.
            for r in list {
                print(
                    "\(CLI.text(r["habitName"] == .null ? r["habitId"] : r["habitName"])) on \(CLI.text(r["dayKey"])) (\(CLI.text(r["reason"]))):"
                )
                let aside: [JSONValue] = if case let .array(a)? = r["setAside"] { a } else { [] }
                for (label, e) in [("kept", r["kept"] ?? .null)] + aside.map({ ("set aside", $0) }) {
                    let value = e["value"] == .null ? "done" : "value \(CLI.text(e["value"]))"
                    let note = e["note"] == .null ? "" : "  \"\(CLI.text(e["note"]))\""
                    let device = e["thisReplica"] == .bool(true) ? "this device" : "device \(CLI.shortId(CLI.text(e["replicaId"])))"
                    let time = String(CLI.text(e["timestampUtc"]).prefix(16)).replacingFirst("T", " ")
                    print("  \(label.fitted(9))  \(CLI.shortId(CLI.text(e["id"])))  \(value), \(time) UTC, \(device)\(note)")
                }
            }
            print("Keep one with: habitflow sync resolve ID")
        }
    }

    struct Resolve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resolve", abstract: "Keep this entry for its day; the others of the repair are deleted.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The entry to keep: its id or short id (habitflow sync repairs lists them).") var entry: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let r = try CLI.run("sync.resolve", [("entryId", .string(entry))], json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Kept \(CLI.shortId(CLI.text(r["entry"]?["id"]))) for \(CLI.text(r["entry"]?["dayKey"]))")
        }
    }

    /// The JSON document in `path` (`-`: stdin); a file that cannot be read or parsed is
    /// reported (naming the file) and ends the run with exit 1.
    static func readJSON(_ path: String, json: Bool) throws -> JSONValue {
        try readJSON(path, json: json, changeSetAt: nil).value
    }

    /// The JSON in `path`, the change set at member path `changeSet` read straight into records
    /// (`JSONCodec.parse(_:changeSetAt:)`: a restore's records).
    static func readJSON(_ path: String, json: Bool, changeSetAt changeSet: [String]?) throws -> ParsedWithChanges {
        // A file (or a pipe) is read whole, whatever its size: no request limit applies to a
        // backup the CLI reads itself (`export`'s output always restores), only json-c's.
        guard let bytes = read(path) else {
            CLI.report(ProtocolError(.invalidArgument, "cannot read \(path)", field: "file"), json: json)
            throw ExitCode(1)
        }
        do throws(ProtocolError) {
            return try bytes.withUnsafeBufferPointer { b throws(ProtocolError) in
                guard b.count <= JSONCodec.maxFileBytes else { throw JSONCodec.tooLarge(b.count, limit: JSONCodec.maxFileBytes) }
                guard let changeSet else {
                    return ParsedWithChanges(value: try JSONCodec.parse(b, limit: JSONCodec.maxFileBytes), changes: nil, path: nil)
                }
                return try JSONCodec.parse(b, changeSetAt: changeSet, limit: JSONCodec.maxFileBytes)
            }
        } catch {
            CLI.report(ProtocolError(error.code, "\(path): \(error.message)", field: "file"), json: json)
            throw ExitCode(1)
        }
    }

    /// The bytes of `path` (`-`: stdin), or `nil` when it cannot be read; past
    /// `JSONCodec.maxFileBytes` it stops, longer than the limit, for the caller to refuse.
    static func read(_ path: String) -> [UInt8]? {
        guard let f = path == "-" ? fdopen(dup(0), "rb") : fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        return FileBytes.read(f, limit: JSONCodec.maxFileBytes)
    }
}
