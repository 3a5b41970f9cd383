/// Two users who share goals (001 User Story 1, FR-025…027). A user has at most one partner.
public struct Partnership: Hashable, Sendable {
    public var userId: String
    public var partnerId: String
    public var createdAt: Instant
    /// When it was deleted (a tombstone that sync carries); `nil` while it exists.
    public var deletedAt: Instant?

    public init(userId: String, partnerId: String, createdAt: Instant, deletedAt: Instant? = nil) {
        self.userId = userId
        self.partnerId = partnerId
        self.createdAt = createdAt
        self.deletedAt = deletedAt
    }
}
