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

    /// Refuses a blank `text`, or one over `max` UTF-8 bytes.
    /// - Throws: `invalidArgument` naming `field`.
    public static func checkName(_ text: String, field: String, max: Int = name) throws(HabitFlowError) {
        guard !text.trimmingSpaces.isEmpty, text.utf8.count <= max else {
            throw HabitFlowError.invalid(field, "\(field) must be 1 to \(max) bytes and not blank")
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
