/// An interpretive lens over habits and goals (003 §1.1): Persona (a focus that filters lists),
/// Identity (narrative context), Skill (which habits express a capability). Deleting one loses
/// no entry and changes no metric.
public struct Lens: Hashable, Sendable {
    /// What a lens says about its habits and goals.
    public enum Kind: String, Sendable, CaseIterable {
        /// Someone the user wants to be ("an athlete"): the Today screen may show only theirs.
        case persona
        /// An identity the habits express.
        case identity
        /// A skill the habits build.
        case skill
    }

    /// Its id: the client's, unique among its owner's records of the kind (`Identifiable`).
    public var id: String
    /// The user whose record it is.
    public var ownerId: String
    /// Whether it is a persona, an identity or a skill.
    public var kind: Kind
    /// Its name.
    public var name: String
    /// A longer text about it.
    public var description: String?
    /// The habits it gathers.
    public var habitIds: [String]
    /// The goals it gathers.
    public var goalIds: [String]
    /// When it was made.
    public var createdAt: Instant
    /// When it last changed.
    public var updatedAt: Instant
    /// When it was deleted (a tombstone sync carries); `nil` while it exists.
    public var deletedAt: Instant?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(
        id: String, ownerId: String, kind: Kind, name: String, description: String?, habitIds: [String],
        goalIds: [String], createdAt: Instant, updatedAt: Instant, deletedAt: Instant?
    ) {
        self.id = id
        self.ownerId = ownerId
        self.kind = kind
        self.name = name
        self.description = description
        self.habitIds = habitIds
        self.goalIds = goalIds
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }
}
