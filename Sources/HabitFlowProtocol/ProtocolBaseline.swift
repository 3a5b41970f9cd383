@_spi(Faces) import HabitFlow

/// The protocol as a host depends on it — each operation's arguments (name, type, required or
/// not) and result fields, and the error codes with their numbers — as lines of text, and the
/// check that a later table keeps every promise of an earlier one (issue 59). A release commits
/// its text (`docs/protocol-baseline.txt`); a test compares the operation table with it, so
/// removing or retyping anything fails while adding passes. A new protocol version may break
/// what it likes: its baseline is written anew.
public enum ProtocolBaseline {
    /// `operations` (default: the dispatcher's) and the error codes as baseline text, one
    /// fact a line: `protocol N`, `error CODE NUMBER`, `op NAME`, then its `arg NAME TYPE
    /// required|optional` and `result NAME TYPE` lines.
    public static func text(
        _ operations: [Operation] = Dispatcher.operations, protocolVersion: Int = HabitFlowVersion.protocolVersion
    )
        -> String
    {
        text(
            version: "\(protocolVersion)", errors: ErrorCode.allCases.map { ($0.rawValue, "\($0.number)") },
            operations: operations.map { ($0.name, $0.arguments, $0.result) })
    }

    /// Any API described as operations — a name (which may hold spaces: the sync server's
    /// `POST /v1/changes`), arguments and result fields — and its error codes with what each
    /// answers (a number, an HTTP status) as baseline text, which `breaks` reads.
    public static func text(
        version: String, errors: [(code: String, answer: String)],
        operations: [(name: String, arguments: [Operation.Field], result: [Operation.Field])]
    ) -> String {
        var lines = ["protocol \(version)"]
        lines += errors.map { "error \($0.code) \($0.answer)" }
        for op in operations.sorted(by: { $0.name < $1.name }) {
            lines.append("op \(op.name)")
            lines += op.arguments.map { "arg \($0.name) \($0.type) \($0.required ? "required" : "optional")" }
            lines += op.result.map { "result \($0.name) \($0.type)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `current` breaks of `baseline` (both baseline texts), one sentence each; empty
    /// when every promise holds or the protocol version moved on. An argument or result field
    /// gone or retyped, an optional argument made required, a new required argument, an
    /// operation or error code gone or renumbered: each is a break. Anything added is not.
    public static func breaks(from baseline: String, to current: String) -> [String] {
        let old = Facts(baseline), new = Facts(current)
        guard old.protocolVersion == new.protocolVersion else { return [] }
        var found: [String] = []
        for (code, number) in old.errors.sorted(by: { $0.key < $1.key }) where new.errors[code] != number {
            found.append(
                new.errors[code] == nil ? "error code \(code) removed" : "error code \(code) renumbered \(number) → \(new.errors[code]!)")
        }
        for (name, op) in old.operations.sorted(by: { $0.key < $1.key }) {
            guard let now = new.operations[name] else {
                found.append("operation \(name) removed")
                continue
            }
            for (arg, (type, required)) in op.arguments.sorted(by: { $0.key < $1.key }) {
                guard let held = now.arguments[arg] else {
                    found.append("\(name): argument \(arg) removed")
                    continue
                }
                if held.type != type { found.append("\(name): argument \(arg) retyped \(type) → \(held.type)") }
                if held.required && !required { found.append("\(name): argument \(arg) made required") }
            }
            for (arg, held) in now.arguments.sorted(by: { $0.key < $1.key }) where held.required && op.arguments[arg] == nil {
                found.append("\(name): new argument \(arg) is required (old requests lack it)")
            }
            for (field, type) in op.results.sorted(by: { $0.key < $1.key }) {
                guard let held = now.results[field] else {
                    found.append("\(name): result field \(field) removed")
                    continue
                }
                if held != type { found.append("\(name): result field \(field) retyped \(type) → \(held)") }
            }
        }
        return found
    }

    /// A baseline text read back.
    private struct Facts {
        struct Op {
            var arguments: [String: (type: String, required: Bool)] = [:]
            var results: [String: String] = [:]
        }
        var protocolVersion = ""
        var errors: [String: String] = [:]
        var operations: [String: Op] = [:]

        init(_ text: String) {
            var op: String?
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                switch (words.first, words.count) {
                case ("protocol", 2): protocolVersion = words[1]
                case ("error", 3): errors[words[1]] = words[2]
                case ("op", 2...):
                    op = words.dropFirst().joined(separator: " ")
                    operations[op!] = Op()
                case ("arg", 4): if let op { operations[op]?.arguments[words[1]] = (words[2], words[3] == "required") }
                case ("result", 3): if let op { operations[op]?.results[words[1]] = words[2] }
                default: continue
                }
            }
        }
    }
}
