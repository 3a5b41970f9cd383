extension Migration {
    /// 6: the change sequence indexed in every synced table: sync.changes reads rows after a
    /// cursor, and without an index that is a scan of every table.
    static let syncSequenceIndexes = Migration(
        name: "syncSequenceIndexes",
        sql: """
            CREATE INDEX users_by_seq ON users(seq);
            CREATE INDEX habits_by_seq ON habits(seq);
            CREATE INDEX categories_by_seq ON categories(seq);
            CREATE INDEX goals_by_seq ON goals(seq);
            CREATE INDEX target_versions_by_seq ON target_versions(seq);
            CREATE INDEX entries_by_seq ON entries(seq);
            CREATE INDEX goal_links_by_seq ON goal_links(seq);
            CREATE INDEX partnerships_by_seq ON partnerships(seq);
            CREATE INDEX routines_by_seq ON routines(seq);
            CREATE INDEX routine_executions_by_seq ON routine_executions(seq);
            CREATE INDEX evidence_by_seq ON evidence(seq);
            CREATE INDEX journal_templates_by_seq ON journal_templates(seq);
            CREATE INDEX journal_entries_by_seq ON journal_entries(seq);
            CREATE INDEX reflections_by_seq ON reflections(seq);
            CREATE INDEX wellbeing_entries_by_seq ON wellbeing_entries(seq);
            CREATE INDEX lenses_by_seq ON lenses(seq);
            """)
}
