/// An interpretive lens over habits and goals (003 §1.1): Persona (a focus that filters lists),
/// Identity (narrative context), Skill (which habits express a capability). Deleting one loses
/// no entry and changes no metric.
public struct Lens: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case persona
        case identity
        case skill
    }

    public var id: String
    public var ownerId: String
    public var kind: Kind
    public var name: String
    public var description: String?
    public var habitIds: [String]
    public var goalIds: [String]
    public var createdAt: Instant
    public var updatedAt: Instant
    public var deletedAt: Instant?

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
