import HabitFlow
import HabitFlowCore

/// What one or more commits to a store changed, as `Engine.changes()` reports it: enough for
/// a view to refresh only what moved.
///
/// It names the records the engine's user sees — their own, and what a partner shares with
/// them (`SyncRules.visible`) — never another user's.
public struct StoreChange: Sendable, Hashable {
    /// The kinds of the records written (made, edited, deleted or received by sync).
    public var kinds: Set<RecordKind>
    /// The habits named by the records written: a habit itself; the habit of an entry, a
    /// target version, a goal link or evidence; the habits a routine, a lens or a journal
    /// entry lists.
    public var habitIds: Set<String>
    /// The days of the records written that fall on one — entries (an entry moved to another
    /// day names both), routine runs, evidence, journal entries, wellbeing readings — and a
    /// reflection's, its entry's day. A profile edit (zone, day start) names no day: it
    /// moves every one (`kinds` holds `.user`).
    public var days: Set<DayKey>
    /// The store's change sequence after them: it grows with every record written or received.
    public var sequence: Int64

    /// A change naming these kinds, habits and days, read up to `sequence`.
    public init(kinds: Set<RecordKind> = [], habitIds: Set<String> = [], days: Set<DayKey> = [], sequence: Int64 = 0) {
        self.kinds = kinds
        self.habitIds = habitIds
        self.days = days
        self.sequence = sequence
    }

    /// Yields `change` to a stream that keeps one change waiting (`bufferingNewest(1)`): one
    /// the consumer has not taken yet is merged into it, so the consumer gets both as one.
    static func deliver(_ change: StoreChange, to continuation: AsyncStream<StoreChange>.Continuation) {
        guard case let .dropped(older) = continuation.yield(change) else { return }
        // `change` now waits, `older` was dropped: one more yield puts both in its place (and
        // drops `change`, which the merge holds). Once: another loop would drop it for ever.
        var merged = change
        merged.merge(older)
        _ = continuation.yield(merged)
    }

    /// Adds what `other` names (an earlier change the consumer had not taken).
    mutating func merge(_ other: StoreChange) {
        kinds.formUnion(other.kinds)
        habitIds.formUnion(other.habitIds)
        days.formUnion(other.days)
        sequence = max(sequence, other.sequence)
    }

    /// Whether nothing of the user's changed.
    public var isEmpty: Bool { kinds.isEmpty }

    /// Whether a view of `habitId`'s `day` must be read again: the habit changed (its target,
    /// say, which moves every day's status), or a record of that day did.
    public func touches(habitId: String, day: DayKey) -> Bool {
        habitIds.contains(habitId) || days.contains(day)
    }
}
