/// Fills a command's arguments from the words after its name. Options and flags may come in
/// any order and between positional words; `--name=value` and `--name value` are the same;
/// after `--` every word is positional. The last of a repeated option wins.
struct CommandParser {
    let definitions: [ArgumentDefinition]

    /// Throws `HelpRequest` or `VersionRequest` when asked for them (before any other error,
    /// as a person who types `--help` wants help, not the mistake), else `UsageError`.
    func parse(_ words: ArraySlice<String>) throws {
        for word in words {
            if word == "--" { break }
            if word == "-h" || word == "--help" { throw HelpRequest() }
            if word == "--version" { throw VersionRequest() }
        }
        var named: [String: ArgumentDefinition] = [:]
        for definition in definitions {
            for name in definition.names { named[name] = definition }
        }
        var inverted: [String: ArgumentDefinition] = [:]
        for definition in definitions {
            for name in definition.inversions { inverted[name] = definition }
        }
        var positional: [String] = []
        var rest = words
        while let word = rest.popFirst() {
            if word == "--" {
                positional += rest
                break
            }
            guard word.hasPrefix("-"), word.count > 1 else {
                positional.append(word)
                continue
            }
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let attached = parts.count == 2 && name.hasPrefix("--") ? String(parts[1]) : nil
            if let definition = inverted[name] {
                guard attached == nil else {
                    throw UsageError(message: "The option '\(name)' does not take any value, but '\(attached!)' was specified.")
                }
                definition.set(false)
                definition.given = true
                continue
            }
            guard let definition = named[attached == nil ? word : name] else { throw UsageError(message: "Unknown option '\(name)'") }
            if definition.kind == .flag {
                guard attached == nil else {
                    throw UsageError(message: "The option '\(name)' does not take any value, but '\(attached!)' was specified.")
                }
                definition.set(true)
                definition.given = true
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else if let next = rest.first, definition.unconditional || !(next.hasPrefix("-") && next.count > 1) {
                value = next
                rest.removeFirst()
            } else {
                throw UsageError(message: "Missing value for '\(definition.synopsis)'", argument: definition)
            }
            try take(value, for: definition, as: definition.synopsis)
        }
        var slots = definitions.filter { $0.kind == .positional }[...]
        var unexpected: [String] = []
        for word in positional {
            guard let slot = slots.first else {
                unexpected.append(word)
                continue
            }
            try take(word, for: slot, as: slot.synopsis)
            if !slot.isRepeating { slots.removeFirst() }
        }
        if unexpected.count == 1 { throw UsageError(message: "Unexpected argument '\(unexpected[0])'") }
        if unexpected.count > 1 {
            throw UsageError(message: "\(unexpected.count) unexpected arguments: " + unexpected.map { "'\($0)'" }.joined(separator: ", "))
        }
        if let missing = definitions.first(where: { $0.isRequired && !$0.given }) {
            throw UsageError(message: "Missing expected argument '\(missing.synopsis)'", argument: missing)
        }
    }

    private func take(_ value: String, for definition: ArgumentDefinition, as shown: String) throws {
        guard definition.take(value) else {
            let choices = definition.values
            let listed =
                choices.isEmpty
                ? "" : ". Please provide one of " + choices.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(choices.last!)'."
            throw UsageError(message: "The value '\(value)' is invalid for '\(shown)'\(listed)", argument: definition)
        }
        definition.given = true
    }
}
