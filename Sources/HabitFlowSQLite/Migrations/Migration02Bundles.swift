extension Migration {
    /// 2: bundles (a parent's kind, a child's parent); a covering index of active days,
    /// the read every metric starts from.
    static let bundles = Migration(
        name: "bundles",
        sql: """
            ALTER TABLE habits ADD COLUMN bundle TEXT CHECK (bundle IN ('all', 'choice'));
            ALTER TABLE habits ADD COLUMN bundle_id TEXT REFERENCES habits(id);
            CREATE INDEX habits_by_bundle ON habits(bundle_id) WHERE bundle_id IS NOT NULL;
            CREATE INDEX entries_active_days ON entries(habit_id, day_key, value) WHERE deleted_at IS NULL;
            """)
}
