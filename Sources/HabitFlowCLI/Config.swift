import HabitFlow
import HabitFlowCommandLine
import HabitFlowCore
import HabitFlowProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The CLI's defaults from `$XDG_CONFIG_HOME/habitflow/config.toml` (`~/.config/…` without
/// it), below flags and the environment in precedence:
///
/// ```toml
/// store = "~/habits.sqlite"
/// user = "alice"
/// zone = "Europe/Amsterdam"
/// first_weekday = "sunday"     # for a user new to a store (later: habitflow user set)
/// color = "never"
/// ```
///
/// A subset of TOML: `key = "text"` lines, comments and blank lines. Anything else is an
/// error naming the file and line, so a typo is never silently ignored.
struct Config {
    var store: String?
    var user: String?
    var zone: String?
    var firstWeekday: String?
    var color: ColorChoice?

    static let keys = ["store", "user", "zone", "first_weekday", "color"]

    /// The file read (it need not exist).
    static var path: String {
        let base = CLI.environment("XDG_CONFIG_HOME") ?? ((CLI.environment("HOME") ?? "/tmp") + "/.config")
        return base + "/habitflow/config.toml"
    }

    /// The configuration of this run; a file that does not parse ends the run (exit 64).
    static let current: Config = {
        do throws(ParseError) { return try load(path: path) } catch {
            CLI.writeError("habitflow: \(error.message)")
            exit(64)
        }
    }()

    struct ParseError: Error { var message: String }

    static func load(path: String) throws(ParseError) -> Config {
        guard let file = fopen(path, "r") else { return Config() }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[..<n]
            guard bytes.count <= 1 << 16 else { throw ParseError(message: "\(path): larger than 64 KiB") }
        }
        // Valid UTF-8 decodes to the same bytes (String(validating:) needs macOS 15).
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { throw ParseError(message: "\(path): not valid UTF-8") }
        return try parse(text, path: path)
    }

    static func parse(_ text: String, path: String) throws(ParseError) -> Config {
        var config = Config()
        // Lines by scalars: a CRLF file's "\r\n" is one Character, which "\n" would not split.
        for (n, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(String(String.UnicodeScalarView(raw)).trimmingSpaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            func fail(_ why: String) -> ParseError { ParseError(message: "\(path):\(n + 1): \(why)") }
            guard let eq = line.firstIndex(of: "=") else { throw fail("expected key = \"value\"") }
            let key = String(String(line[..<eq]).trimmingSpaces)
            var rest = String(String(line[line.index(after: eq)...]).trimmingSpaces)
            guard let quote = rest.first, quote == "\"" || quote == "'" else { throw fail("the value of \(key) must be a quoted string") }
            rest.removeFirst()
            guard let close = rest.firstIndex(of: quote) else { throw fail("unterminated string") }
            let value = String(rest[..<close])
            let after = String(rest[rest.index(after: close)...]).trimmingSpaces
            guard after.isEmpty || after.hasPrefix("#") else { throw fail("unexpected text after the value of \(key)") }
            guard quote == "'" || !value.contains("\\") else { throw fail("escapes are not supported: use 'single quotes'") }
            switch key {
            case "store": config.store = expandHome(value)
            case "user": config.user = value
            case "zone": config.zone = value
            case "first_weekday":
                guard Weekday(name: value) != nil else { throw fail("first_weekday must be a weekday name (monday … sunday)") }
                config.firstWeekday = value
            case "color":
                guard let choice = ColorChoice(rawValue: value) else { throw fail("color must be auto, always or never") }
                config.color = choice
            default:
                let near = Suggestions.closest(to: key, among: keys)
                throw fail("unknown key \(key)" + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: ", "))?)"))
            }
        }
        return config
    }

    private static func expandHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = CLI.environment("HOME") else { return path }
        return home + path.dropFirst()
    }
}

/// `habitflow config`: each default, its value, and where it came from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the defaults in effect and where each comes from (flag, environment, config file, built in).",
        discussion: "The config file is $XDG_CONFIG_HOME/habitflow/config.toml (keys: \(Config.keys.joined(separator: ", "))).")
    @OptionGroup var store: StoreOptions
    @OptionGroup var view: ViewOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let rows = store.settings + [view.colorSetting]
        if json {
            return CLI.printJSON(
                .object([
                    ("file", .string(Config.path)),
                    (
                        "settings",
                        .object(
                            rows.map { row -> (String, JSONValue) in
                                (row.key, .object([("value", .string(row.value)), ("source", .string(row.source))]))
                            })
                    ),
                ]))
        }
        print("config file: \(Config.path)")
        for row in rows { print("\(row.key.fitted(14)) \(row.value)  (\(row.source))") }
    }
}

extension ViewOptions {
    var colorSetting: Setting {
        Setting.first(
            "color", [(color?.rawValue, "flag --color"), (Config.current.color?.rawValue, "config file")],
            otherwise: ("auto", "built in"))
    }
}

/// One resolved default, for `habitflow config`.
struct Setting {
    var key: String
    var value: String
    var source: String

    /// The first of `candidates` that is set.
    static func first(_ key: String, _ candidates: [(String?, String)], otherwise: (String, String)) -> Setting {
        for (value, source) in candidates { if let value { return Setting(key: key, value: value, source: source) } }
        return Setting(key: key, value: otherwise.0, source: otherwise.1)
    }
}
