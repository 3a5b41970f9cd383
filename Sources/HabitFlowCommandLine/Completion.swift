/// Shell completion. The scripts are small and ask the command itself for candidates
/// (`habitflow ---completion SHELL INDEX WORDS…`), so what a shell offers is what this
/// version of the command takes, habit names included, and no logic is written three times.
struct Completion {
    let root: ParsableCommand.Type

    /// The script a shell sources, or `nil` for a shell there is none for.
    func script(for shell: String) -> String? {
        let name = root.configuration.commandName
        switch shell {
        case "bash":
            return """
                # \(name) completions for bash: source this file, or install it as
                # /usr/share/bash-completion/completions/\(name). The candidates come from \(name) itself.
                _\(name)() {
                    # Inserted as file names are: a space or a * in a habit's name is escaped.
                    compopt -o filenames 2>/dev/null
                    mapfile -t COMPREPLY < <("$1" ---completion bash "$COMP_CWORD" "${COMP_WORDS[@]}" 2>/dev/null)
                }
                complete -o default -F _\(name) \(name)

                """
        case "zsh":
            return """
                #compdef \(name)
                # \(name) completions for zsh: install this file as _\(name) in a folder of $fpath.
                # The candidates come from \(name) itself; with none, files.
                _\(name)() {
                    local -a candidates
                    candidates=("${(@f)$("${words[1]}" ---completion zsh $((CURRENT - 1)) "${(@Q)words}" 2>/dev/null)}")
                    if [[ -n ${candidates[1]} ]]; then
                        compadd -- "${candidates[@]}"
                    else
                        _files
                    fi
                }
                # Autoloaded from $fpath, this file is the completion function's body; sourced
                # (`source <(\(name) --generate-completion-script zsh)`), it registers one.
                if [[ ${funcstack[1]} == _\(name) ]]; then
                    _\(name) "$@"
                else
                    compdef _\(name) \(name)
                fi

                """
        case "fish":
            return """
                # \(name) completions for fish: install this file in ~/.config/fish/completions/.
                # The candidates come from \(name) itself; with none, files.
                function __\(name)_complete
                    set -l words (commandline -opc) (commandline -ct)
                    set -l candidates (command \(name) ---completion fish (math (count $words) - 1) $words 2>/dev/null)
                    if set -q candidates[1]
                        printf '%s\\n' $candidates
                    else
                        __fish_complete_path (commandline -ct)
                    end
                end
                complete -c \(name) -f -a '(__\(name)_complete)'

                """
        default:
            return nil
        }
    }

    /// Prints the candidates for `[shell, index, words…]`, one a line (fish: with its
    /// description after a tab), and exits 0. Nothing printed: the shell offers files.
    func answer(_ arguments: [String]) -> Never {
        guard arguments.count >= 2, let index = Int(arguments[1]), index >= 1 else { terminate(0) }
        let words = Array(arguments.dropFirst(2))
        let current = index < words.count ? words[index] : ""
        let candidates = self.candidates(words: words, index: index, current: current)
        for (candidate, description) in candidates {
            print(arguments[0] == "fish" && !description.isEmpty ? "\(candidate)\t\(description)" : candidate)
        }
        terminate(0)
    }

    /// What may come at `index`: a subcommand, an option, or a value for the option or
    /// positional argument there.
    func candidates(words: [String], index: Int, current: String) -> [(String, String)] {
        // Bash splits `--db=x` at the `=` and `10:30` at the `:`: join them again. `joined`
        // is the line as the command would read it, for completions that read other options
        // (a custom one's store: `--db=x`).
        var before: [String] = []
        var glue = false
        var current = current
        var typed = Array(words.prefix(index).dropFirst())
        // Right after `--color=`, bash's current word is the `=` (the text replaced is empty).
        if current == "=" || current == ":" {
            typed.append(current)
            current = ""
        }
        for word in typed {
            if word == "=" || word == ":", !before.isEmpty {
                before[before.count - 1] += word
                glue = true
            } else if glue {
                before[before.count - 1] += word
                glue = false
            } else {
                before.append(word)
            }
        }
        let joined = [words.first ?? ""] + before + [current]
        // `--color=` then the value being typed: bash's current word is the value alone.
        var attached: String? = nil
        if glue, let last = before.last, last.hasPrefix("--"), last.hasSuffix("=") {
            attached = String(last.dropLast())
            before.removeLast()
        } else if glue {
            return []  // the rest of a word such as `10:30`: nothing to offer
        }
        var path: [ParsableCommand.Type] = [root]
        var rest = before[...]
        while let configuration = path.last?.configuration, !configuration.subcommands.isEmpty {
            if let word = rest.first, let next = configuration.subcommand(named: word) {
                path.append(next)
                rest.removeFirst()
                continue
            }
            // Options before the command's name at the top (`habitflow --db x log`: the CLI
            // moves them after it), with their values.
            if path.count == 1, let word = rest.first, word.hasPrefix("-"), word != "--", let implied = configuration.defaultSubcommand {
                rest.removeFirst()
                if let option = implied.init().definitions().first(where: { $0.kind == .option && $0.names.contains(word) }) {
                    guard !rest.isEmpty else { return values(of: option, words: joined, current: current) }
                    rest.removeFirst()
                }
                continue
            }
            guard !rest.isEmpty || attached != nil, let implied = configuration.defaultSubcommand else { break }
            path.append(implied)
        }
        let command = path.last!
        let subcommands = command.configuration.subcommands
        let definitions = (command.configuration.defaultSubcommand ?? command).init().definitions()
        if let attached {
            guard let option = definitions.first(where: { $0.kind == .option && $0.names.contains(attached) }) else { return [] }
            return values(of: option, words: joined, current: current)
        }
        // Where the words before this one leave the command: after an option that wants a
        // value, or after how many positional words.
        var pending: ArgumentDefinition? = nil
        var positionals = 0
        var terminated = false
        for word in rest {
            if pending != nil {
                pending = nil
                continue
            }
            if word == "--" {
                terminated = true
            } else if !terminated, word.hasPrefix("-"), word.count > 1 {
                pending = definitions.first { $0.kind == .option && $0.names.contains(word) }
            } else {
                positionals += 1
            }
        }
        if let option = pending { return values(of: option, words: joined, current: current) }
        if !terminated, current.hasPrefix("-") {
            var names: [(String, String)] = []
            for definition in definitions where definition.kind != .positional {
                names += (definition.names + definition.inversions).map { ($0, definition.help) }
            }
            names.append(("--help", "Show help information."))
            return names.filter { $0.0.hasPrefix(current) }
        }
        if !subcommands.isEmpty, rest.isEmpty {
            return subcommands.map { ($0.configuration.commandName, $0.configuration.abstract) }.filter { $0.0.hasPrefix(current) }
        }
        let slots = definitions.filter { $0.kind == .positional }
        guard let slot = positionals < slots.count ? slots[positionals] : slots.last.flatMap({ $0.isRepeating ? $0 : nil }) else {
            return []
        }
        // A value that begins with a dash would read as an option: offered only after `--`.
        return values(of: slot, words: joined, current: current).filter { terminated || !$0.0.hasPrefix("-") }
    }

    /// The values offered for `definition`, `words` the line as the command reads it, the last
    /// one being typed.
    private func values(of definition: ArgumentDefinition, words: [String], current: String) -> [(String, String)] {
        if let completion = definition.completion {
            return completion.candidates(words, words.count - 1, current).map { ($0, "") }
        }
        return definition.values.filter { $0.hasPrefix(current) }.map { ($0, "") }
    }
}
