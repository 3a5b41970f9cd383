/// Two users who share goals (001 User Story 1, FR-025…027). A user has at most one partner.
public struct Partnership: Hashable, Sendable {
    /// The user whose side it is.
    public var userId: String
    /// The partner this side names.
    public var partnerId: String
    /// When this side was made.
    public var createdAt: Instant
    /// When it was deleted (a tombstone that sync carries); `nil` while it exists.
    public var deletedAt: Instant?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(userId: String, partnerId: String, createdAt: Instant, deletedAt: Instant? = nil) {
        self.userId = userId
        self.partnerId = partnerId
        self.createdAt = createdAt
        self.deletedAt = deletedAt
    }
}
