import HabitFlowCore
import HabitFlowStore

/// A page of the changes still to push to a sync server (`Engine.changesToPush`).
public struct PushPage: Sendable {
    /// The page's changes, parents first; the server takes them in one transaction.
    public var changes: [ChangeRecord]
    /// Acknowledge this once the server has the page (`Engine.acknowledgePush`): the page's
    /// end, or, while a record is held back here, the cursor already acknowledged (so what
    /// points at the held record goes out again once it is fixed).
    public var cursor: Int64
    /// Records left out for breaking a rule, with those that point at them.
    public var heldBack: [HeldBackRecord]
    /// The page's last sequence: pass it as `after` for the next page.
    public var end: Int64
    /// Whether changes after `end` are left.
    public var more: Bool
}
