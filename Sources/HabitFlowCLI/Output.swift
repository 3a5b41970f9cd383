import HabitFlow
import HabitFlowCommandLine
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
    static func run(
        _ op: String, _ args: [(String, JSONValue)], json: Bool, engine: Engine? = nil, changeSet: [ChangeRecord]? = nil
    ) throws -> JSONValue {
        let dispatcher = engine.map { Dispatcher(engine: $0) } ?? Self.dispatcher
        do throws(ProtocolError) {
            return try dispatcher.handle(.object([("op", .string(op)), ("args", .object(args))]), changeSet: changeSet)
        } catch {
            // A person at a terminal sees what the change would move and answers y/N; a script
            // (no terminal, or --json) gets the error and exit 1, as before (issue 29).
            if error.code == .confirmationRequired, !json, Prompt.interactive {
                guard Prompt.ask(preview(error) + ["Go ahead? [y/N] "]) else {
                    writeError("Nothing changed.")
                    throw ExitCode(1)
                }
                return try run(
                    op, args.filter { $0.0 != "confirm" } + [("confirm", .bool(true))], json: json, engine: engine, changeSet: changeSet)
            }
            report(error, json: json)
            throw ExitCode(1)
        }
    }

    /// A refused change's message and what it would move: the days it touches and, per goal
    /// it counts toward, the fraction before → after.
    static func preview(_ error: ProtocolError) -> [String] {
        var lines = ["habitflow: \(shown(error.message))" + (error.field.map { " (\(shown($0)))" } ?? "")]
        if case let .array(days)? = error.details?["affectedDays"], !days.isEmpty {
            lines.append("  days: " + days.map { text($0) }.joined(separator: ", "))
        }
        if case let .array(goals)? = error.details?["impact"]?["goals"] {
            for g in goals {
                lines.append("  goal \(text(g["title"])): \(text(g["fraction"]?["before"])) → \(text(g["fraction"]?["after"]))")
            }
        }
        return lines
    }

    /// Prints an error to stderr: JSON with --json, else a sentence naming the field.
    static func report(_ error: ProtocolError, json: Bool) {
        if json {
            writeError(JSONCodec.serialize(.object([("ok", .bool(false)), ("error", errorJSON(error))])))
        } else {
            guard error.code == .confirmationRequired else {
                // Messages quote names: shown as text output shows them.
                return writeError("habitflow: \(shown(error.message))" + (error.field.map { " (\(shown($0)))" } ?? ""))
            }
            // What the change would move (issue 27, item 12), and how to go ahead.
            writeError((preview(error) + ["  run it again with --confirm (or --yes) to go ahead"]).joined(separator: "\n"))
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

    /// A habit named on the command line — its id, name or short id, as the engine reads them
    /// (`RecordNames`) — or exit 1 with the engine's reason (the closest names).
    static func resolveHabit(_ text: String, engine: Engine, json: Bool) throws -> JSONValue {
        try run("habit.get", [("habitId", .string(text))], json: json, engine: engine)["habit"] ?? .null
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

    /// An id as a person reads and types it: a UUID the engine made by its first 8 characters
    /// (a short id, taken wherever the id goes: `RecordNames`); an id a client chose whole
    /// (`loop-…`, `run20`), since it means something and its prefix may not.
    static func shortId(_ id: String, length: Int = 8) -> String { isGenerated(id) ? String(id.prefix(length)) : id }

    /// The short ids of `ids` shown together: as long as it takes (8 at least) for the UUIDs
    /// among them to differ, as git lengthens its short hashes.
    static func shortIds(_ ids: [String]) -> [String] {
        let generated = Set(ids.filter(isGenerated))
        var length = 8
        while length < 36, Set(generated.map { $0.prefix(length) }).count < generated.count { length += 1 }
        return ids.map { shortId($0, length: length) }
    }

    /// A string of a document the CLI writes whole (an SVG picture, a CSV file): as it is,
    /// not `shown`.
    static func document(_ value: JSONValue?) -> String {
        if case let .string(s)? = value { return s }
        return text(value)
    }

    /// `text` as a terminal may show it: C0 and C1 controls, DEL and the bidirectional marks,
    /// embeddings, overrides and isolates escaped as `\n`, `\t`, `\r` or `\u{…}` (and a
    /// backslash before them doubled), as git and ls quote file names. Plain text is returned
    /// as it is.
    static func shown(_ text: String) -> String {
        func unsafe(_ v: UInt32) -> Bool {
            v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x061C || v == 0x200E || v == 0x200F || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v)
        }
        guard text.unicodeScalars.contains(where: { unsafe($0.value) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x5C: out += "\\\\"
            case let v where unsafe(v): out += "\\u{" + String(v, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isGenerated(_ id: String) -> Bool {
        id.utf8.count == 36 && id.utf8.allSatisfy { $0 == UInt8(ascii: "-") || ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    /// A value as text output shows it: a string with its control characters, escapes and
    /// bidirectional overrides made visible (`shown`), so no name or note — typed, synced from
    /// a partner, imported — can draw rows of its own or drive the terminal (issue 58).
    /// `--json` output keeps strings as they are (JSON escapes them).
    static func text(_ value: JSONValue?) -> String {
        switch value {
        case let .string(s)?: shown(s)
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
