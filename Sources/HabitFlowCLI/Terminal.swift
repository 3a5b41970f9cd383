import HabitFlow
import HabitFlowCommandLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// When to colour what the CLI prints.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

/// How views are printed: `--color` (default: the config file's `color`, else auto — colour
/// only on a terminal, never with NO_COLOR set or TERM=dumb).
struct ViewOptions: ParsableArguments {
    @Option(help: "Colour: auto (a terminal without NO_COLOR), always or never.")
    var color: ColorChoice?

    var palette: Palette {
        switch color ?? Config.current.color ?? .auto {
        case .always: Palette(enabled: true)
        case .never: Palette(enabled: false)
        case .auto:
            Palette(enabled: isatty(1) == 1 && CLI.environment("NO_COLOR") == nil && CLI.environment("TERM") != "dumb")
        }
    }
}

/// A question to the person at the terminal (a y/N before a change that needs confirmation).
enum Prompt {
    /// Both stdin and stderr are a terminal: someone can read the question and answer it.
    static var interactive: Bool { isatty(0) == 1 && isatty(2) == 1 }

    /// Writes `lines` to stderr (the last without a newline) and reads one answer: `true`
    /// for y or yes, in any case; anything else, or the end of input, is no.
    static func ask(_ lines: [String]) -> Bool {
        CLI.write(fd: 2, lines.joined(separator: "\n"))
        guard let answer = readLine() else {
            CLI.write(fd: 2, "\n")
            return false
        }
        return ["y", "yes"].contains(answer.trimmingSpaces.lowercased())
    }
}

/// ANSI styles, or plain text when colour is off.
struct Palette {
    var enabled: Bool

    private func wrap(_ code: String, _ s: String) -> String { enabled ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    func green(_ s: String) -> String { wrap("32", s) }
    func red(_ s: String) -> String { wrap("31", s) }
    func yellow(_ s: String) -> String { wrap("33", s) }
    func dim(_ s: String) -> String { wrap("2", s) }
    func bold(_ s: String) -> String { wrap("1", s) }
}

extension Character {
    /// Columns this character takes in a terminal: 0 for a lone combining mark or a control,
    /// 2 for wide East Asian characters and emoji, else 1 (as wcwidth, by grapheme cluster).
    var displayWidth: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        if Self.isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, UAX #11).
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default: false
        }
    }
}

extension Substring {
    /// The parts between runs of two spaces, none empty: `split(separator: "  ")` without
    /// the regex runtime it comes from (1.2 MB of the CLI).
    fileprivate func splitAtTwoSpaces() -> [String] {
        var parts: [String] = []
        var part = ""
        var i = startIndex
        while i < endIndex {
            let next = index(after: i)
            if self[i] == " ", next < endIndex, self[next] == " " {
                if !part.isEmpty { parts.append(part) }
                part = ""
                i = index(after: next)
            } else {
                part.append(self[i])
                i = next
            }
        }
        if !part.isEmpty { parts.append(part) }
        return parts
    }
}

extension String {
    /// The text with its first `target` replaced by `replacement`.
    func replacingFirst(_ target: Character, _ replacement: String) -> String {
        guard let i = firstIndex(of: target) else { return self }
        return String(self[..<i]) + replacement + String(self[index(after: i)...])
    }

    /// The text in lines of at most `width` columns (`nil`: one line), broken between the
    /// parts it separates with two spaces, else between words; continued lines keep its indent.
    func wrapped(to width: Int?) -> [String] {
        guard let width, displayWidth > width else { return [self] }
        let indent = String(prefix { $0 == " " })
        // Each part with the separator that went before it.
        var parts: [(text: String, gap: String)] = []
        for part in dropFirst(indent.count).splitAtTwoSpaces() {
            if indent.count + part.displayWidth <= width {
                parts.append((part, "  "))
            } else {
                for (i, word) in part.split(separator: " ").enumerated() { parts.append((String(word), i == 0 ? "  " : " ")) }
            }
        }
        var lines: [String] = [], line = ""
        for (text, gap) in parts {
            if line.isEmpty {
                line = text
            } else if indent.count + (line + gap + text).displayWidth <= width {
                line += gap + text
            } else {
                lines.append(indent + line)
                line = text
            }
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines
    }

    /// The text without trailing spaces (leading ones place labels in columns).
    var withoutTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }

    /// Columns the text takes in a terminal; colour codes (`ESC [ … m`) take none.
    var displayWidth: Int {
        var width = 0, inEscape = false
        for c in self {
            if inEscape {
                inEscape = c != "m"
            } else if c == "\u{1B}" {
                inEscape = true
            } else {
                width += c.displayWidth
            }
        }
        return width
    }

    /// The text in exactly `width` columns: padded with spaces, or cut with "…" (never
    /// through a character, so a wide one may leave a space before the ellipsis).
    func fitted(_ width: Int) -> String {
        let w = displayWidth
        if w <= width { return self + String(repeating: " ", count: width - w) }
        guard width > 0 else { return "" }
        var out = "", used = 0
        for c in self {
            let cw = c.displayWidth
            if used + cw > width - 1 { break }
            out.append(c)
            used += cw
        }
        return out + "…" + String(repeating: " ", count: width - 1 - used)
    }
}
