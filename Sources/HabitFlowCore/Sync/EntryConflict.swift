/// Two active entries for one (habit, day) of a one-per-day habit, met in a merge (003 §8.4):
/// which one stays. Values are never summed or merged.
public enum EntryConflict {
    /// Why the kept entry won.
    public enum Reason: String, Sendable {
        /// Explicit intent: manual > routine or evidence > import.
        case intent
        /// Same intent; only the kept one has a value.
        case value
        /// Same intent and value presence; the kept one was edited last.
        case recency
        /// Nothing tells them apart: a deterministic choice, to be confirmed by the user.
        case tie
    }

    static func intent(_ s: EntrySource) -> Int {
        switch s {
        case .manual: 2
        case .routine, .evidence: 1
        case .import: 0
        }
    }

    /// The entry that stays active among `entries` (≥ 2, each with its stamp), and why.
    /// A pure function of the set, so every replica decides alike whatever the order.
    public static func keep(_ entries: [(entry: HabitEntry, stamp: HybridTimestamp)]) -> (kept: HabitEntry, reason: Reason) {
        let ranked = entries.sorted { a, b in
            (intent(a.entry.source), a.entry.value != nil ? 1 : 0, a.entry.updatedAt, a.stamp.description, a.entry.id)
                > (intent(b.entry.source), b.entry.value != nil ? 1 : 0, b.entry.updatedAt, b.stamp.description, b.entry.id)
        }
        let (first, second) = (ranked[0].entry, ranked[1].entry)
        let reason: Reason =
            if intent(first.source) != intent(second.source) { .intent } else if (first.value != nil) != (second.value != nil) {
                .value
            } else if first.updatedAt != second.updatedAt { .recency } else { .tie }
        return (first, reason)
    }
}
