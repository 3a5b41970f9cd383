/// Habit names as people use them: unique among a user's live habits, compared without case
/// (a second "Run" or "run" is a conflict), and found by name wherever an id is taken, with the
/// closest names offered when none matches.
public enum HabitNames {
    /// What names compare by: surrounding spaces dropped, case folded.
    public static func key(_ name: String) -> String { String(name.trimmingSpaces).lowercased() }

    /// Refuses `name` for habit `id` when another live (not deleted) habit in `habits` has it.
    /// - Throws: `conflict` naming `name`.
    public static func checkUnique(_ name: String, id: String, among habits: [Habit]) throws(HabitFlowError) {
        let wanted = key(name)
        if let other = habits.first(where: { $0.id != id && $0.deletedAt == nil && key($0.name) == wanted }) {
            throw HabitFlowError(
                .conflict, "you already have a habit named \"\(other.name)\" (\(other.id)): pick another name", field: "name")
        }
    }

    /// The live habits named `name`: the exact spelling first, else any case.
    public static func matches(_ name: String, in habits: [Habit]) -> [Habit] {
        let live = habits.filter { $0.deletedAt == nil }
        let exact = live.filter { $0.name == name }
        return exact.isEmpty ? live.filter { key($0.name) == key(name) } : exact
    }

    /// Up to `limit` names of live habits close to `name` (a typo, a prefix, a part), closest first.
    public static func closest(to name: String, in habits: [Habit], limit: Int = 3) -> [String] {
        Suggestions.closest(to: name, among: habits.filter { $0.deletedAt == nil }.map(\.name), limit: limit)
    }
}
