extension Migration {
    /// 18: what a partnership side answers (issue 56): the `created_at` of the partner's side it
    /// accepts, so consent is per invitation. NULL — every side stored before — reads as it
    /// did: two such sides are active while both are live.
    static let acceptedInvitation = Migration(
        name: "acceptedInvitation",
        sql: "ALTER TABLE partnerships ADD COLUMN accepted_invitation_at TEXT;"
    )
}
