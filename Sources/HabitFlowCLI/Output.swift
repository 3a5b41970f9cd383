import ArgumentParser
import HabitFlow
import HabitFlowProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How every subcommand talks to the engine: it builds a request, the dispatcher answers, and
/// the command only renders. So the CLI cannot disagree with C, Python or batch mode.
enum CLI {
    static let dispatcher = Dispatcher(engine: Engine())

    /// Runs `op` with `args` (on `engine`, else without a store); on failure prints the
    /// error and exits 1.
    static func run(_ op: String, _ args: [(String, JSONValue)], json: Bool, engine: Engine? = nil) throws -> JSONValue {
        let dispatcher = engine.map { Dispatcher(engine: $0) } ?? Self.dispatcher
        do throws(ProtocolError) {
            return try dispatcher.handle(.object([("op", .string(op)), ("args", .object(args))]))
        } catch {
            report(error, json: json)
            throw ExitCode(1)
        }
    }

    /// Prints an error to stderr: JSON with --json, else a sentence naming the field.
    static func report(_ error: ProtocolError, json: Bool) {
        if json {
            writeError(JSONCodec.serialize(.object([("ok", .bool(false)), ("error", errorJSON(error))])))
        } else {
            var line = "habitflow: \(error.message)" + (error.field.map { " (\($0))" } ?? "")
            if error.code == .confirmationRequired {
                // What the change would move in the goals it counts toward (issue 27, item 12).
                if case let .array(goals)? = error.details?["impact"]?["goals"] {
                    for g in goals {
                        line += "\n  goal \(text(g["title"])): \(text(g["fraction"]?["before"])) → \(text(g["fraction"]?["after"]))"
                    }
                }
                line += "\n  run it again with --confirm to go ahead"
            }
            writeError(line)
        }
    }

    /// An environment variable, when set and not empty.
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    /// Optional arguments, leaving out the absent ones.
    static func args(_ pairs: [(String, JSONValue?)]) -> [(String, JSONValue)] {
        pairs.compactMap { key, value in value.map { (key, $0) } }
    }

    /// Today's DayKey in the user's zone.
    static func today(engine: Engine, json: Bool) throws -> String {
        text(try run("user.get", [], json: json, engine: engine)["today"])
    }

    /// A habit named on the command line: its id, or the name of exactly one habit.
    static func resolveHabit(_ text: String, engine: Engine, json: Bool) throws -> JSONValue {
        let dispatcher = Dispatcher(engine: engine)
        if let habit = try? dispatcher.handle(.object([("op", .string("habit.get")), ("args", .object([("habitId", .string(text))]))])) {
            return habit["habit"] ?? .null
        }
        return try run("habit.get", [("name", .string(text))], json: json, engine: engine)["habit"] ?? .null
    }

    /// The error as the protocol writes it: code, message, field and — when the engine gave
    /// them — details (a refused backfill's affected days and impact).
    static func errorJSON(_ error: ProtocolError) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("code", .string(error.code.rawValue)), ("message", .string(error.message)),
            ("field", error.field.map(JSONValue.string) ?? .null),
        ]
        if let details = error.details { members.append(("details", details)) }
        return .object(members)
    }

    /// Every habit's name by id (archived ones too), for views that list records by habit.
    static func habitNames(engine: Engine, json: Bool) throws -> [String: String] {
        guard case let .array(all)? = try run("habit.list", [("includeArchived", .bool(true))], json: json, engine: engine)["habits"] else {
            return [:]
        }
        var names: [String: String] = [:]
        for h in all { names[text(h["id"])] = text(h["name"]) }
        return names
    }

    /// Prints a result as one JSON line.
    static func printJSON(_ value: JSONValue) {
        print(JSONCodec.serialize(value))
    }

    static func writeError(_ line: String) {
        write(fd: 2, line + "\n")
    }

    /// Writes all of `text` to a file descriptor, unbuffered (so each batch line is flushed).
    static func write(fd: Int32, _ text: String) {
        var copy = text
        copy.withUTF8 { bytes in
            var done = 0
            while done < bytes.count {
                let n = systemWrite(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return }
                done += n
            }
        }
    }

    static func text(_ value: JSONValue?) -> String {
        switch value {
        case let .string(s)?: s
        case let .int(i)?: String(i)
        case let .double(d)?: d.rounded() == d && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        case let .bool(b)?: String(b)
        default: "-"
        }
    }
}

/// libc's write(2), named apart from `CLI.write` (which would shadow it inside the type).
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

extension CLI {
    /// Writes `text` to the file at `path` (replacing it); `false` when it cannot.
    static func writeFile(_ path: String, _ text: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        var copy = text
        let written = copy.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        return fclose(file) == 0 && written == text.utf8.count
    }
}
