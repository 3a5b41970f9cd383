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
