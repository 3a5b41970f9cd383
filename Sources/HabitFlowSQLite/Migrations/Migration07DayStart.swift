extension Migration {
    /// 7: when the user's day begins (issue 16), minutes after local midnight; 0 keeps
    /// every existing user's days as they were.
    static let dayStart = Migration(
        name: "dayStart",
        sql: """
            ALTER TABLE users ADD COLUMN day_starts_at INTEGER NOT NULL DEFAULT 0 CHECK (day_starts_at BETWEEN 0 AND 720);
            """)
}
