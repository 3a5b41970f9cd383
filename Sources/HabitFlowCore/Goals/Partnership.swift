/// Two users who share goals (001 User Story 1, FR-025…027). A user has at most one partner.
public struct Partnership: Hashable, Sendable {
    public var userId: String
    public var partnerId: String
    public var createdAt: Instant

    public init(userId: String, partnerId: String, createdAt: Instant) {
        self.userId = userId
        self.partnerId = partnerId
        self.createdAt = createdAt
    }
}

/// A named group for habits and goals, in the user's order (000 "Sorting & Organization").
public struct Category: Hashable, Sendable {
    public var id: String
    public var ownerId: String
    public var name: String
    /// Categories are listed by this, then by name.
    public var sortOrder: Int
    public var createdAt: Instant

    public init(id: String, ownerId: String, name: String, sortOrder: Int, createdAt: Instant) {
        self.id = id
        self.ownerId = ownerId
        self.name = name
        self.sortOrder = sortOrder
        self.createdAt = createdAt
    }
}
