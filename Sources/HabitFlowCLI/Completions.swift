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

extension CompletionKind {
    /// The names of your habits, from the store the command line names (issue 29).
    static var habitNames: CompletionKind { .custom { words, _, prefix in Completions.names("habit", words, prefix) } }
    /// The titles of your goals.
    static var goalTitles: CompletionKind { .custom { words, _, prefix in Completions.names("goal", words, prefix) } }
}

/// What a shell offers while a person types a habit or a goal: read from the store the
/// command line (or the environment, or the config file) names, as the command would; never
/// a store created by asking.
enum Completions {
    static func names(_ kind: String, _ words: [String], _ prefix: String) -> [String] {
        var given: [String] = []
        for (i, word) in words.enumerated() {
            for name in ["--db", "--user"] {
                if word == name, i + 1 < words.count { given += [name, words[i + 1]] }
                if word.hasPrefix(name + "=") { given.append(word) }
            }
        }
        guard let options = try? StoreOptions.parse(given) else { return [] }
        // Opened as the user already in the store, with no zone: a completion never makes a
        // user, nor changes one's zone (`engine()` would set the one the command line gives).
        guard access(options.path, R_OK) == 0 else { return [] }
        let (engine, error) = Engine.open(storePath: options.path, user: options.userName, zone: nil, now: nil, firstWeekday: nil)
        guard error == nil else { return [] }
        let dispatcher = Dispatcher(engine: engine)
        var names: [String] = []
        if kind == "habit", case let .array(habits)? = try? dispatcher.handle(.object([("op", .string("habit.list"))]))["habits"] {
            names = habits.map { CLI.text($0["name"]) }
        }
        if kind == "goal", case let .array(groups)? = try? dispatcher.handle(.object([("op", .string("goal.list"))]))["groups"] {
            for group in groups {
                if case let .array(goals)? = group["goals"] { names += goals.map { CLI.text($0["goal"]?["title"]) } }
            }
        }
        let typed = prefix.lowercased()
        return names.filter { $0.lowercased().hasPrefix(typed) }.sorted()
    }
}
