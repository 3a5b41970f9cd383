import HabitFlowCore

/// What an entry mutation would do, as `Engine.preview(_:)` gives it without writing.
public struct EntryPreview: Sendable {
    /// The entry as it would be, and whether it would be made, updated or left.
    public var outcome: EntryRules.Outcome
    /// What it would change in the derived values: statuses, weeks, streaks, momentum, goals.
    public var impact: ImpactPreview

    /// A preview of `outcome` and its `impact`.
    public init(outcome: EntryRules.Outcome, impact: ImpactPreview) {
        self.outcome = outcome
        self.impact = impact
    }
}
