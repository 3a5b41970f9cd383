import HabitFlowCore

/// Where the user stands with partners (`Engine.partner()`).
public struct PartnerStatus: Sendable, Equatable {
    /// The active partnership (both sides live), as the user's side.
    public var partner: Partnership?
    /// The user the user has invited, while they have not answered.
    public var invited: String?
    /// The user who declined the user's invitation (or left the partnership).
    public var declinedBy: String?
    /// Users whose invitation the user has not answered.
    public var invitations: [String] = []
    /// The user's own side as it stands (live or ended): whom their replica tells.
    public var side: Partnership?

    /// A status with `partner` and nothing pending.
    public init(partner: Partnership?) { self.partner = partner }
}
