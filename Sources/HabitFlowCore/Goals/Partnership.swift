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
    /// What this side answers: the `createdAt` of the partner's side it accepts — consent is
    /// per invitation, so an acceptance of an earlier invitation is no consent to a new one
    /// (issue 56). An invitation names its own `createdAt`. `nil`: a side written before
    /// sides said (both such sides read as before: active while both are live).
    public var acceptedInvitationAt: Instant?

    /// A record of these fields, as given: `validate()` checks them against the engine's limits.
    public init(userId: String, partnerId: String, createdAt: Instant, deletedAt: Instant? = nil, acceptedInvitationAt: Instant? = nil) {
        self.userId = userId
        self.partnerId = partnerId
        self.createdAt = createdAt
        self.deletedAt = deletedAt
        self.acceptedInvitationAt = acceptedInvitationAt
    }

    /// Whether this side is an invitation (or an answer that names no invitation): it accepts
    /// nothing of the partner's.
    public var isInvitation: Bool { acceptedInvitationAt == createdAt }

    /// Whether this side accepts `theirs` as it is now: it answers that invitation.
    public func accepts(_ theirs: Partnership) -> Bool {
        !isInvitation && acceptedInvitationAt == theirs.createdAt
    }
}
