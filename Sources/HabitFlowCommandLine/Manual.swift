#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Man pages, one a command (`habitflow.1`, `habitflow.log.1`, `habitflow.goal.add.1`), in
/// mdoc, from the same declarations help is made from.
struct Manual {
    let root: ParsableCommand.Type

    /// Writes every page into `directory`, dated `date` (as `mdocDate` writes it); `false`,
    /// with a message on standard error, when a page cannot be written.
    func write(to directory: String, date dated: String) -> Bool {
        var pending: [[ParsableCommand.Type]] = [[root]]
        while let path = pending.popLast() {
            let name = path.map { $0.configuration.commandName }.joined(separator: ".")
            let file = directory + "/" + name + ".1"
            guard let stream = fopen(file, "w") else {
                writeError("--generate-manual: cannot write \(file): \(String(cString: strerror(errno)))\n")
                return false
            }
            let text = page(path, date: dated)
            let written = fputs(text, stream) >= 0
            guard fclose(stream) == 0, written else {
                writeError("--generate-manual: cannot write \(file)\n")
                return false
            }
            pending += path.last!.configuration.subcommands.reversed().map { path + [$0] }
        }
        return true
    }

    /// One command's page.
    func page(_ path: [ParsableCommand.Type], date: String) -> String {
        let configuration = path.last!.configuration
        let definitions = path.last!.init().definitions()
        let names = path.map { $0.configuration.commandName }
        var lines = [
            #".\" Written by \#(root.configuration.commandName) --generate-manual"#, ".Dd \(date)",
            ".Dt \(names.joined(separator: ".").uppercased()) 1", ".Os", ".Sh NAME", ".Nm \(quoted(names.joined(separator: " ")))",
            ".Nd \(quoted(configuration.abstract))", ".Sh SYNOPSIS", ".Nm",
        ]
        for definition in definitions {
            var item = macro(definition)
            if definition.isRepeating { item += " Ar ..." }
            lines.append(definition.isRequired ? "." + item : ".Op " + item)
        }
        if !configuration.subcommands.isEmpty { lines.append(".Ar subcommand") }
        lines.append(".Sh DESCRIPTION")
        if !configuration.discussion.isEmpty {
            for paragraph in configuration.discussion.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(paragraph.isEmpty ? ".Pp" : text(String(paragraph)))
            }
        }
        lines.append(".Bl -tag -width 6n")
        for definition in definitions {
            lines += [".It " + macro(definition, allNames: true), text(definition.helpText)]
        }
        if !root.configuration.version.isEmpty { lines += [".It Fl -version", "Show the version."] }
        lines += [".It Fl h , Fl -help", "Show help information.", ".El"]
        if !configuration.subcommands.isEmpty {
            lines += [".Pp", "Subcommands:", ".Bl -tag -width 6n"]
            for sub in configuration.subcommands {
                lines += [".It Cm \(sub.configuration.commandName)", text(sub.configuration.abstract)]
            }
            lines.append(".El")
        }
        lines += [".Sh EXIT STATUS", ".Ex -std"]
        if !configuration.subcommands.isEmpty {
            lines.append(".Sh SEE ALSO")
            let pages = configuration.subcommands.map { (names + [$0.configuration.commandName]).joined(separator: ".") }
            for (i, page) in pages.enumerated() { lines.append(".Xr \(page) 1" + (i < pages.count - 1 ? " ," : "")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Fl -at Ar at`, `Ar habit`; with `allNames`, every name (`Fl -confirm , Fl -yes`).
    private func macro(_ definition: ArgumentDefinition, allNames: Bool = false) -> String {
        switch definition.kind {
        case .positional:
            return "Ar \(definition.valueName)"
        case .flag, .option:
            let shown = allNames ? definition.names + definition.inversions : [definition.synopsis.split(separator: " ")[0].description]
            let flags = shown.map { "Fl " + $0.dropFirst() }.joined(separator: " , ")
            return definition.kind == .option ? flags + " Ar \(definition.valueName)" : flags
        }
    }

    /// Running text, a line each: a leading dot or quote would read as a request.
    private func text(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let escaped = Self.roff(String(line))
            return escaped.first == "." || escaped.first == "'" ? "\\&" + escaped : escaped
        }.joined(separator: "\n")
    }

    /// A macro's argument in quotes.
    private func quoted(_ argument: String) -> String {
        "\"" + Self.roff(argument).split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\\(dq") + "\""
    }

    /// Text as roff reads it whatever the input encoding: a backslash as `\e`, any character
    /// past ASCII (`…`, `✓`) by its code point, `\[u2026]`.
    static func roff(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                out += "\\e"
            } else if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }

    /// Today in UTC, YYYY-MM-DD.
    static func today() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let month = parts.tm_mon + 1
        let day = parts.tm_mday
        return "\(parts.tm_year + 1900)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    /// `2026-12-07` as mdoc dates are written: `December 7, 2026`.
    static func mdocDate(_ date: String) -> String? {
        let parts = date.split(separator: "-")
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
        ]
        guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return nil }
        return "\(months[month - 1]) \(day), \(year)"
    }
}
