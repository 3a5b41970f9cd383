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
                    local IFS=$'\\n'
                    COMPREPLY=($("$1" ---completion bash "$COMP_CWORD" "${COMP_WORDS[@]}" 2>/dev/null))
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
                    candidates=("${(@f)$("${words[1]}" ---completion zsh $((CURRENT - 1)) "${words[@]}" 2>/dev/null)}")
                    if [[ -n ${candidates[1]} ]]; then
                        compadd -- "${candidates[@]}"
                    else
                        _files
                    fi
                }
                _\(name) "$@"

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
        // Bash splits `--db=x` at the `=`: join it again.
        var before: [String] = []
        for word in words.prefix(index).dropFirst() {
            if word == "=", let last = before.last, last.hasPrefix("--") {
                before[before.count - 1] += "="
            } else if let last = before.last, last.hasSuffix("="), last.hasPrefix("--") {
                before[before.count - 1] += word
            } else {
                before.append(word)
            }
        }
        var path: [ParsableCommand.Type] = [root]
        var rest = before[...]
        while let configuration = path.last?.configuration, !configuration.subcommands.isEmpty {
            // Options before a command's name (`habitflow --db x log`), with their values.
            if let word = rest.first, word.hasPrefix("-"), word != "--", let implied = configuration.defaultSubcommand {
                rest.removeFirst()
                let takesValue = implied.init().definitions().contains { $0.kind == .option && $0.names.contains(word) }
                if takesValue, !rest.isEmpty { rest.removeFirst() }
                continue
            }
            if let word = rest.first, let next = configuration.subcommand(named: word) {
                path.append(next)
                rest.removeFirst()
            } else if !rest.isEmpty, let implied = configuration.defaultSubcommand {
                path.append(implied)
            } else {
                break
            }
        }
        let command = path.last!
        let subcommands = command.configuration.subcommands
        let definitions = (command.configuration.defaultSubcommand ?? command).init().definitions()
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
        if let option = pending { return values(of: option, words: words, index: index, current: current) }
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
        return values(of: slot, words: words, index: index, current: current)
    }

    private func values(of definition: ArgumentDefinition, words: [String], index: Int, current: String) -> [(String, String)] {
        if let completion = definition.completion {
            return completion.candidates(words, index, current).map { ($0, "") }
        }
        return definition.values.filter { $0.hasPrefix(current) }.map { ($0, "") }
    }
}
