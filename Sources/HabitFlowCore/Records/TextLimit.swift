/// The engine's limits on text, in one place: every face refuses the same sizes with the
/// same words, and `docs/PROTOCOL.md` can list them.
public enum TextLimit {
    /// Names and titles: habits, routines, templates and their fields, lenses, goals.
    public static let name = 200
    /// Category names (shown in narrow lists).
    public static let categoryName = 100
    /// Units and wellbeing metric names.
    public static let unit = 32
    /// Lens descriptions.
    public static let description = 2000
    /// Legacy target strings kept for migration.
    public static let legacyGoal = 200

    /// Refuses a blank `text`, one over `max` UTF-8 bytes, or one holding a character that
    /// could forge what a list shows (`unsafeInName`).
    /// - Throws: `invalidArgument` naming `field`.
    public static func checkName(_ text: String, field: String, max: Int = name) throws(HabitFlowError) {
        guard !text.trimmingSpaces.isEmpty, text.utf8.count <= max else {
            throw HabitFlowError.invalid(field, "\(field) must be 1 to \(max) bytes and not blank")
        }
        try checkLine(text, field: field)
    }

    /// Refuses a `text` shown as one line among others (a name, a title, a field's label)
    /// that holds a character `unsafeInName` names.
    /// - Throws: `invalidArgument` naming `field`, the character and its place (in code points).
    public static func checkLine(_ text: String, field: String) throws(HabitFlowError) {
        for (offset, scalar) in text.unicodeScalars.enumerated() where unsafeInName(scalar) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw HabitFlowError.invalid(
                field,
                "\(field) must not hold control characters, line breaks or bidi overrides (U+\(String(repeating: "0", count: Swift.max(0, 4 - code.count)) + code), code point \(offset + 1))"
            )
        }
    }

    /// `change` with every name in it (its `name`, `title` and `unit` fields) made safe
    /// (`safeName`), or `nil` when all were: what the sync and restore doors do with a record
    /// an earlier version stored (it refused no such character), so a device or a backup that
    /// holds one still syncs and restores.
    public static func safeNames(in change: ChangeRecord) -> ChangeRecord? {
        var out: ChangeRecord?
        for (i, field) in change.fields.enumerated() where field.name == "name" || field.name == "title" || field.name == "unit" {
            guard let text = field.value.text, text.unicodeScalars.contains(where: unsafeInName) else { continue }
            if out == nil { out = change }
            out!.fields[i].value = .text(safeName(text))
        }
        return out
    }

    /// `text` with every character a name never holds (`unsafeInName`) made a space: what an
    /// import from another program keeps of a name it cannot take as is.
    public static func safeName(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: unsafeInName) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(unsafeInName(scalar) ? " " : scalar) }
        return String(out)
    }

    /// A character a name never holds: a name is one line of text shown among others, and
    /// these would break the line, drive a terminal (escape sequences) or reorder what
    /// follows it (bidi embeddings, overrides and isolates). C0 and C1 controls, DEL, the
    /// line and paragraph separators, U+202A–U+202E and U+2066–U+2069. (Left-to-right and
    /// right-to-left marks stay: names in mixed scripts need them, and they reorder nothing
    /// past the name.)
    public static func unsafeInName(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Refuses an optional `text` over `max` UTF-8 bytes.
    /// - Throws: `limitExceeded` naming `field`.
    public static func checkLength(_ text: String?, field: String, max: Int) throws(HabitFlowError) {
        if let text, text.utf8.count > max {
            throw HabitFlowError(.limitExceeded, "\(field) is longer than \(max) bytes", field: field)
        }
    }
}
