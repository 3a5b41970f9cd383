/// Help and usage, as a person reads them at a terminal: an overview, the usage line, then
/// the arguments, options and subcommands, each explained in a column at 26 characters.
enum HelpText {
    static let labelWidth = 26

    /// The command's whole help, wrapped to the terminal (`COLUMNS`, else its width, else 80).
    static func render(_ path: [ParsableCommand.Type], columns: Int = terminalWidth()) -> String {
        let command = path.last!
        let configuration = command.configuration
        let definitions = command.init().definitions()
        var overview = configuration.abstract
        if !configuration.discussion.isEmpty { overview += (overview.isEmpty ? "\n" : "\n\n") + configuration.discussion }
        var text = overview.isEmpty ? "" : wrap("OVERVIEW: " + overview, to: columns) + "\n\n"
        text += "USAGE: " + usage(path, definitions) + "\n\n"
        var sections: [String] = []
        let positional = definitions.filter { $0.kind == .positional }
        if !positional.isEmpty {
            sections.append(section("ARGUMENTS", positional.map { ($0.label, $0.helpText) }, columns))
        }
        var options = definitions.filter { $0.kind != .positional }.map { ($0.label, $0.helpText) }
        if !path[0].configuration.version.isEmpty { options.append(("--version", "Show the version.")) }
        options.append(("-h, --help", "Show help information."))
        sections.append(section("OPTIONS", options, columns))
        if !configuration.subcommands.isEmpty {
            let rows = configuration.subcommands.map { sub -> (String, String) in
                let name = sub.configuration.commandName
                let isDefault = configuration.defaultSubcommand.map { $0.configuration.commandName == name } ?? false
                return (isDefault ? name + " (default)" : name, sub.configuration.abstract)
            }
            sections.append(section("SUBCOMMANDS", rows, columns))
        }
        text += sections.joined(separator: "\n")
        if !configuration.subcommands.isEmpty {
            let names = [path[0].configuration.commandName, "help"] + path.dropFirst().map { $0.configuration.commandName }
            text += "\n  See '\(names.joined(separator: " ")) <subcommand>' for detailed help."
        }
        return text
    }

    /// `habitflow log [--db <db>] … <habit> [<value>] …`: every argument in declaration order;
    /// past 12, the optional ones fold into `[<options>]`.
    static func usage(_ path: [ParsableCommand.Type], _ definitions: [ArgumentDefinition]) -> String {
        var words = path.map { $0.configuration.commandName }
        var shown = definitions
        if shown.count > 12 {
            shown = shown.filter { $0.kind == .positional || $0.isRequired }
            words.append(shown.isEmpty || shown.count > 12 ? "<options>" : "[<options>]")
            if shown.count > 12 { shown = [] }
        }
        for definition in shown {
            var synopsis =
                definition.kind == .flag && !definition.inversions.isEmpty
                ? "[\(definition.synopsis)] [\(definition.inversions[0])]" : definition.synopsis
            if definition.isRepeating { synopsis += " ..." }
            if !definition.isRequired && definition.inversions.isEmpty { synopsis = "[\(synopsis)]" }
            words.append(synopsis)
        }
        if !path.last!.configuration.subcommands.isEmpty { words.append("<subcommand>") }
        return words.joined(separator: " ")
    }

    private static func section(_ title: String, _ rows: [(label: String, help: String)], _ columns: Int) -> String {
        var text = title + ":\n"
        for (label, help) in rows {
            let padded = "  " + label
            text += padded
            if !help.isEmpty {
                let wrapped = wrap(help, to: columns, indent: labelWidth)
                text += padded.count < labelWidth ? String(wrapped.dropFirst(padded.count)) : "\n" + wrapped
            }
            text += "\n"
        }
        return text
    }

    /// `text` in lines of at most `columns` characters, each after the first `indent` spaces
    /// in (the first too: callers drop what a label covers). Breaks at spaces, keeps the
    /// text's own line breaks; a word longer than a line stands alone.
    static func wrap(_ text: String, to columns: Int, indent: Int = 0) -> String {
        let width = max(1, columns - indent)
        var lines: [Substring] = []
        var rest = Substring(text)
        while true {
            let chunk = rest.prefix(width)
            if let newline = chunk.lastIndex(of: "\n") {
                lines += rest[..<newline].split(separator: "\n", omittingEmptySubsequences: false)
                rest = rest[rest.index(after: newline)...]
            } else if chunk.endIndex == rest.endIndex {
                lines.append(rest)
                break
            } else if let space = chunk.lastIndex(of: " ") {
                lines.append(rest[..<space])
                rest = rest[rest.index(after: space)...]
            } else if let space = rest.firstIndex(of: " ") {
                lines.append(rest[..<space])
                rest = rest[rest.index(after: space)...]
            } else {
                lines.append(rest)
                break
            }
        }
        let margin = String(repeating: " ", count: indent)
        return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
    }

    /// The width help wraps to: `TerminalColumns`, else 80.
    static func terminalWidth() -> Int { TerminalColumns.current ?? 80 }
}
