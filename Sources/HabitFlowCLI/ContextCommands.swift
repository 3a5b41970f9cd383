@_spi(Faces) import HabitFlow
import HabitFlowCommandLine
import HabitFlowProtocol

/// `habitflow routine …`: routines start executions and evidence, never entries.
struct RoutineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routine", abstract: "Routines: ordered habits; starting one suggests evidence, never entries.",
        subcommands: [Add.self, List.self, Start.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Create a routine from habits (ids or names), in order.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The routine's name.") var name: String
        @Argument(help: "Its habits, in order.") var habits: [String]
        @Option(help: "The routine's id.") var id: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            var ids: [JSONValue] = []
            for h in habits { ids.append(try CLI.resolveHabit(h, engine: engine, json: json)["id"] ?? .null) }
            let r = try CLI.run(
                "routine.create", CLI.args([("name", .string(name)), ("habitIds", .array(ids)), ("routineId", id.map(JSONValue.string))]),
                json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Created routine \(CLI.text(r["routine"]?["id"]))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List routines.")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Print JSON (one routine per line).") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            guard case let .array(list)? = try CLI.run("routine.list", [], json: json, engine: engine)["routines"] else { return }
            if json { return list.forEach(CLI.printJSON) }
            if list.isEmpty { return print("No routines yet: habitflow routine add NAME HABIT...") }
            let names = try CLI.habitNames(engine: engine, json: json)
            for r in list {
                let habits: [String] = if case let .array(h)? = r["habitIds"] { h.map { names[CLI.text($0)] ?? CLI.text($0) } } else { [] }
                print("\(CLI.text(r["name"])): \(habits.joined(separator: " → "))  (\(CLI.text(r["id"])))")
            }
        }
    }

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start", abstract: "Start a routine: evidence to confirm or dismiss, no entries.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The routine: id or name.") var routine: String
        @Option(help: "The execution's id (its evidence is then EXECUTION:HABIT).") var id: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let (routineId, name) = try RoutineCommand.resolve(routine, engine: engine, json: json)
            var args: [(String, JSONValue)] = [("routineId", .string(routineId))]
            if let id { args.append(("executionId", .string(id))) }
            let r = try CLI.run("routine.start", args, json: json, engine: engine)
            if json { return CLI.printJSON(r) }
            print("Started \(name) (execution \(CLI.text(r["execution"]?["id"]))). Confirm what you did:")
            let names = try CLI.habitNames(engine: engine, json: json)
            if case let .array(list)? = r["evidence"] {
                for e in list {
                    print(
                        "  habitflow evidence confirm \(CLI.text(e["id"]))   # \(names[CLI.text(e["habitId"])] ?? CLI.text(e["habitId"]))")
                }
            }
        }
    }
}

extension RoutineCommand {
    /// A routine named on the command line — its id, name or short id, as the engine reads
    /// them (`RecordNames`) — with its name; or exit 1 with the engine's reason.
    static func resolve(_ text: String, engine: Engine, json: Bool) throws -> (id: String, name: String) {
        guard case let .array(list)? = try CLI.run("routine.list", [], json: json, engine: engine)["routines"] else { return (text, text) }
        if let r = list.first(where: { CLI.text($0["id"]) == text }) { return (text, CLI.text(r["name"])) }
        let found: String
        do throws(HabitFlowError) {
            found = try engine.recordId(.routine, referencedBy: text, field: "routineId") ?? text
        } catch {
            CLI.report(ProtocolError(error), json: json)
            throw ExitCode(1)
        }
        return (found, CLI.text(list.first { CLI.text($0["id"]) == found }?["name"]))
    }
}

/// `habitflow evidence …`: suggestions that become entries only when confirmed.
struct EvidenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evidence", abstract: "Evidence from routines: confirm (an entry) or dismiss (nothing).",
        subcommands: [List.self, Confirm.self, Dismiss.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List today's evidence.")
        @OptionGroup var store: StoreOptions
        @Flag(help: "Print JSON (one per line).") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            guard case let .array(list)? = try CLI.run("evidence.list", [], json: json, engine: engine)["evidence"] else { return }
            if json { return list.forEach(CLI.printJSON) }
            if list.isEmpty { return print("No evidence waiting.") }
            let names = try CLI.habitNames(engine: engine, json: json)
            for e in list {
                print("\(CLI.text(e["id"]))  \(names[CLI.text(e["habitId"])] ?? CLI.text(e["habitId"])) on \(CLI.text(e["dayKey"]))")
            }
        }
    }

    struct Confirm: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "confirm", abstract: "Confirm evidence: log the habit (once; again changes nothing).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The evidence: its id, or the habit's name when one piece of today's evidence is for it.") var evidence: String
        @Argument(help: "The value (numeric habits).") var value: Double?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try EvidenceCommand.resolve(evidence, engine: engine, json: json)
            let r = try CLI.run(
                "evidence.confirm", CLI.args([("evidenceId", .string(id)), ("value", value.map(JSONValue.double))]),
                json: json, engine: engine)
            let name = try CLI.habitNames(engine: engine, json: json)[CLI.text(r["entry"]?["habitId"])] ?? CLI.text(r["entry"]?["habitId"])
            json ? CLI.printJSON(r) : print("Logged \(name) on \(CLI.text(r["entry"]?["dayKey"])) (\(CLI.text(r["action"])))")
        }
    }

    struct Dismiss: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "dismiss", abstract: "Dismiss evidence: nothing is logged.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The evidence: its id, or the habit's name when one piece of today's evidence is for it.") var evidence: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let id = try EvidenceCommand.resolve(evidence, engine: engine, json: json)
            let r = try CLI.run("evidence.dismiss", [("evidenceId", .string(id))], json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Dismissed \(evidence)")
        }
    }
}

extension EvidenceCommand {
    /// Evidence named on the command line: its id, or a habit (id or name) with exactly one
    /// piece of evidence waiting today.
    static func resolve(_ text: String, engine: Engine, json: Bool) throws -> String {
        guard case let .array(list)? = try CLI.run("evidence.list", [], json: json, engine: engine)["evidence"] else { return text }
        if list.contains(where: { CLI.text($0["id"]) == text }) { return text }
        let dispatcher = Dispatcher(engine: engine)
        // The habit's id, name or short id: the engine reads each (RecordNames).
        let habit = try? dispatcher.handle(.object([("op", .string("habit.get")), ("args", .object([("habitId", .string(text))]))]))
        guard let habitId = habit?["habit"]?["id"] else { return text }  // evidence.* then says what is wrong with the id
        let waiting = list.filter { $0["habitId"] == habitId }
        guard waiting.count == 1 else {
            let why =
                waiting.isEmpty
                ? "no evidence waiting for \(text)"
                : "\(waiting.count) pieces of evidence wait for \(text): use an id (habitflow evidence list)"
            CLI.report(ProtocolError(.notFound, why, field: "evidence"), json: json)
            throw ExitCode(1)
        }
        return CLI.text(waiting[0]["id"])
    }
}

/// `habitflow journal …`: reflection that never implies completion.
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal", abstract: "Journal entries: reflection, never completion.",
        subcommands: [Add.self, List.self, Edit.self, Delete.self, Restore.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Write a journal entry.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The text.") var text: String
        @Option(help: "A title.") var title: String?
        @Option(parsing: .unconditional, help: "The day (YYYY-MM-DD, yesterday, -N, monday …; default today).") var day: String?
        @Option(help: "Habits it is about (ids or names), comma-separated: context only.") var habits: String?
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            var ids: [JSONValue] = []
            for h in (habits ?? "").split(separator: ",") {
                ids.append(try CLI.resolveHabit(String(h), engine: engine, json: json)["id"] ?? .null)
            }
            let r = try CLI.run(
                "journal.create",
                CLI.args([
                    ("text", .string(text)), ("title", title.map(JSONValue.string)),
                    ("dayKey", try CLI.day(day, engine: engine, json: json)),
                    ("referencedHabitIds", ids.isEmpty ? nil : .array(ids)),
                ]), json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Wrote journal entry \(CLI.text(r["journal"]?["id"])) for \(CLI.text(r["journal"]?["dayKey"]))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List journal entries.")
        @OptionGroup var store: StoreOptions
        @Option(help: "First day.") var from: String?
        @Option(help: "Last day.") var to: String?
        @Flag(help: "Print JSON (one per line).") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            guard
                case let .array(list)? = try CLI.run(
                    "journal.list", CLI.args([("from", from.map(JSONValue.string)), ("to", to.map(JSONValue.string))]),
                    json: json, engine: engine)["journals"]
            else { return }
            if json { return list.forEach(CLI.printJSON) }
            if list.isEmpty { return print("No journal entries.") }
            for j in list {
                let title = j["title"] == .null ? "" : CLI.text(j["title"]) + ": "
                print("\(CLI.text(j["dayKey"]))  \(CLI.text(j["id"]))  \(title)\(CLI.text(j["text"]))")
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Edit a journal entry (moving it to another day needs --confirm).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The journal entry's id.") var id: String
        @Option(help: "New text.") var text: String?
        @Option(help: "New title.") var title: String?
        @Option(parsing: .unconditional, help: "Move it to this day.") var day: String?
        @Flag(name: [.long, .customLong("yes")], help: "Go ahead with a change of day.") var confirm = false
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let r = try CLI.run(
                "journal.edit",
                CLI.args([
                    ("journalId", .string(id)), ("text", text.map(JSONValue.string)),
                    ("title", title.map(JSONValue.string)), ("dayKey", try CLI.day(day, engine: engine, json: json)),
                    ("confirm", .bool(confirm)),
                ]), json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Updated journal entry \(id)")
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a journal entry (no habit, streak or goal changes).")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The journal entry's id.") var id: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let r = try CLI.run("journal.delete", [("journalId", .string(id))], json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Deleted journal entry \(id)")
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "restore", abstract: "Bring back a deleted journal entry.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The journal entry's id.") var id: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let engine = try store.openedEngine(json: json)
            let r = try CLI.run("journal.restore", [("journalId", .string(id))], json: json, engine: engine)
            json ? CLI.printJSON(r) : print("Restored journal entry \(id)")
        }
    }
}
