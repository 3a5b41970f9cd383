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
            throw HabitFlowError(.conflict, "you already have a habit named \"\(other.name)\" (\(other.id)): pick another name", field: "name")
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
        let wanted = key(name)
        guard !wanted.isEmpty else { return [] }
        let scored = habits.filter { $0.deletedAt == nil }.compactMap { habit -> (Int, String)? in
            let candidate = key(habit.name)
            if candidate.hasPrefix(wanted) || candidate.contains(wanted) { return (0, habit.name) }
            let d = distance(Array(wanted), Array(candidate))
            return d <= max(2, wanted.count / 3) ? (d, habit.name) : nil
        }
        return scored.sorted { $0 < $1 }.prefix(limit).map(\.1)
    }

    /// Levenshtein distance over characters (names are short).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
