import HabitFlowCore

/// One page of the user's change log, as `Engine.syncChanges` gives it.
public struct ChangePage: Sendable {
    /// The records changed here or received, parents first.
    public var changes: [ChangeRecord]
    /// Pass it as `since` next time: the page's highest sequence number.
    public var cursor: Int64
    /// Whether changes after `cursor` are left (a paged call).
    public var more: Bool

    /// A page of `changes` ending at `cursor`.
    public init(changes: [ChangeRecord], cursor: Int64, more: Bool) {
        self.changes = changes
        self.cursor = cursor
        self.more = more
    }
}
