extension Migration {
    /// Ids are per owner (issue 13; the engine's store schema 9): every key but a user's or a
    /// partnership side's leads with its owner, entries and target versions carry their
    /// habit's owner (`owner_id`, the second field), goal links their goal's
    /// (`goal_owner_id`, the first), and the day index names a habit by its key (owner ␟ id).
    /// Fields are tagged text (`RowCoding`): `substring(f from 2)` is a text field's value.
    /// Written out, not generated from `RecordKind`, so it stays what it was when it shipped.
    static let ownerKeys = Migration(
        version: 3, name: "owner keys",
        statements: [
            // An entry's or target version's owner is its habit's (a habit's second field).
            """
            UPDATE records r SET fields = r.fields[1:1] || h.fields[2] || r.fields[2:]
            FROM records h
            WHERE r.kind IN ('entry', 'targetVersion') AND h.user_id = r.user_id AND h.kind = 'habit'
                AND h.key = substring(r.fields[2] from 2)
            """,
            // A link's goal owner is its goal's.
            """
            UPDATE records r SET fields = g.fields[2:2] || r.fields
            FROM records g
            WHERE r.kind = 'goalLink' AND g.user_id = r.user_id AND g.kind = 'goal' AND g.key = substring(r.fields[1] from 2)
            """,
            """
            UPDATE records SET key = substring(fields[2] from 2) || chr(31) || key
            WHERE kind IN ('habit', 'category', 'goal', 'targetVersion', 'entry', 'routine', 'journalTemplate', 'journal', 'wellbeing', 'lens')
            """,
            "UPDATE records SET key = substring(fields[3] from 2) || chr(31) || key WHERE kind IN ('routineExecution', 'reflection')",
            "UPDATE records SET key = substring(fields[4] from 2) || chr(31) || key WHERE kind = 'evidence'",
            // goal_owner_id, goal_id, created_by, habit_id.
            """
            UPDATE records SET key = substring(fields[1] from 2) || chr(31) || substring(fields[2] from 2) || chr(31)
                || substring(fields[6] from 2) || chr(31) || substring(fields[3] from 2)
            WHERE kind = 'goalLink'
            """,
            "UPDATE records SET habit_id = substring(fields[2] from 2) || chr(31) || habit_id WHERE kind IN ('entry', 'targetVersion')",
            // A row whose parent was missing keeps its old fields: refuse to start on it.
            """
            DO $$ BEGIN
                IF EXISTS (SELECT 1 FROM records WHERE (kind = 'entry' AND cardinality(fields) <> 12)
                    OR (kind = 'targetVersion' AND cardinality(fields) <> 6) OR (kind = 'goalLink' AND cardinality(fields) <> 8)) THEN
                    RAISE EXCEPTION 'records without their parent: entries, target versions or links whose owner is unknown';
                END IF;
            END $$
            """,
        ])
}
