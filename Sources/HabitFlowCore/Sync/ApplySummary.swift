/// What `apply` did.
public struct ApplySummary: Sendable, Equatable {
    /// Records written (newer than the held version).
    public var applied = 0
    /// Older than, or the same as, what this replica holds.
    public var ignored = 0
    /// (habit, day) groups that now hold a set-aside entry.
    public var repairs = 0
    /// Records left out for breaking a rule (a pull from a server only; see `HeldBackRecord`).
    public var heldBack: [HeldBackRecord] = []

    /// Nothing applied yet.
    public init() {}
}
