extension Migration {
    /// Access tokens, kept only as SHA-256 hashes. A token names its user
    /// (`hf1.<user>.<secret>`), so checking one reads one user's shard.
    static let tokens = Migration(
        version: 2, name: "tokens",
        statements: [
            """
            CREATE TABLE tokens (
                user_id    text        NOT NULL,
                hash       bytea       NOT NULL,  -- SHA-256 of the whole token text
                label      text        NOT NULL DEFAULT '',
                created_at timestamptz NOT NULL DEFAULT now(),
                revoked_at timestamptz,
                PRIMARY KEY (user_id, hash)
            )
            """
        ])
}
