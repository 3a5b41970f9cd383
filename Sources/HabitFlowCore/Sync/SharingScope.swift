/// What two partners share, as one replica knows it: the facts `SyncRules.checkOwner` and
/// `SyncRules.visible` decide by, gathered by the engine from the store (and, while a change
/// set is applied, from the set itself).
///
/// A partnership is two records, one side each (001 FR-025…027, by consent): a user's side
/// names the partner they invite or accept; it is active when both sides are live and name
/// each other. Only then is anything shared: goals marked shared, the habits either partner
/// links to them and those habits' entries and targets — nothing else of the other user.
public struct SharingScope: Sendable, Equatable {
    /// The user whose records are shared.
    public var user: String
    /// The active partner.
    public var partner: String?
    /// Users whose profile this replica may hold and show: the partner, whoever invites the
    /// user, and whoever the user invites.
    public var related: Set<String> = []
    /// Goals shared between the user and the active partner (either one's).
    public var sharedGoals: Set<RecordRef> = []
    /// The partner's habits linked to a shared goal (by the partner).
    public var partnerHabits: Set<String> = []
    /// The user's habits linked to a shared goal (by the user): what the partner sees.
    public var userHabits: Set<String> = []

    /// What `user` shares with `partner`.
    public init(user: String, partner: String? = nil) {
        self.user = user
        self.partner = partner
    }

    /// The active partner of `user`, from the two sides: `mine` (the user's) and `theirs`
    /// (the side of the user mine names). Both live, naming each other, and one accepting the
    /// other's invitation as it is now: consent is per invitation, so after an end a new
    /// invitation waits for a new answer (issue 56). Two sides written before sides said what
    /// they answer read as they did: active while both are live.
    public static func activePartner(user: String, mine: Partnership?, theirs: Partnership?) -> String? {
        guard let mine, mine.deletedAt == nil, mine.userId == user, let theirs, theirs.deletedAt == nil,
            theirs.userId == mine.partnerId, theirs.partnerId == user
        else { return nil }
        let legacy = mine.acceptedInvitationAt == nil && theirs.acceptedInvitationAt == nil
        guard legacy || mine.accepts(theirs) || theirs.accepts(mine) else { return nil }
        return mine.partnerId
    }

    /// Whether a link counts toward its goal: made by the goal's owner, or by the owner's
    /// active partner while the goal is shared.
    public static func linkCounts(_ link: GoalLink, goal: Goal, ownersPartner: String?) -> Bool {
        link.deletedAt == nil && link.goalOwnerId == goal.ownerId && link.goalId == goal.id
            && (link.createdBy == goal.ownerId || (goal.shared && ownersPartner != nil && link.createdBy == ownersPartner))
    }
}
