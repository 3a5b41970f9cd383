import HabitFlowCore
import Testing

/// The server keeps a record as its values in column order (`RowCoding`: one `text[]`), and a
/// row written before a column existed is shorter: so a kind's `Columns` only ever grow at the
/// end. This pins the order every stored row has been written in; a new column is appended
/// here and in its `Columns` (docs/SERVER.md, "A new column").
@Suite struct ColumnOrderTests {
    static let pinned: [RecordKind: [String]] = [
        .user: ["id", "zone", "first_weekday", "created_at", "updated_at", "day_starts_at", "earlier_first_weekdays"],
        .habit: [
            "id", "owner_id", "name", "kind", "unit", "cadence", "times_per_week", "target_type", "multiple_per_day",
            "category_id", "archived", "legacy_goal", "created_at", "created_day_key", "updated_at", "deleted_at",
            "bundle", "bundle_id", "bundle_days",
        ],
        .category: ["id", "owner_id", "name", "sort_order", "created_at", "deleted_at"],
        .goal: [
            "id", "owner_id", "title", "description", "icon", "category_id", "kind", "type", "target", "unit",
            "duration_weeks", "start_day_key", "target_date", "status", "shared", "sort_order", "created_at",
            "updated_at", "deleted_at", "shared_with", "access_changed_at",
        ],
        .targetVersion: [
            "id", "owner_id", "habit_id", "effective_day_key", "target", "recorded_at", "paused", "cadence",
            "times_per_week", "target_type", "unit",
        ],
        .entry: [
            "id", "owner_id", "habit_id", "timestamp_utc", "day_key", "value", "note", "source", "created_at", "updated_at",
            "deleted_at", "multiple_per_day",
        ],
        .goalLink: [
            "goal_owner_id", "goal_id", "habit_id", "contribution", "unit", "created_by", "created_at", "deleted_at", "linked_days",
        ],
        .partnership: ["user_id", "partner_id", "created_at", "deleted_at", "accepted_invitation_at"],
        .routine: ["id", "owner_id", "name", "habit_ids", "created_at", "updated_at", "deleted_at"],
        .routineExecution: ["id", "routine_id", "owner_id", "started_at", "day_key", "deleted_at"],
        .evidence: ["id", "execution_id", "habit_id", "owner_id", "day_key", "created_at", "deleted_at", "resolution", "entry_id"],
        .journalTemplate: ["id", "owner_id", "name", "fields", "created_at", "updated_at", "deleted_at"],
        .journal: [
            "id", "owner_id", "timestamp_utc", "day_key", "template_id", "responses", "title", "text",
            "referenced_habit_ids", "referenced_goal_ids", "created_at", "updated_at", "deleted_at",
        ],
        .reflection: ["id", "entry_id", "owner_id", "text", "created_at", "updated_at", "deleted_at"],
        .wellbeing: [
            "id", "owner_id", "metric", "value", "timestamp_utc", "day_key", "note", "created_at", "updated_at", "deleted_at", "source",
        ],
        .lens: ["id", "owner_id", "kind", "name", "description", "habit_ids", "goal_ids", "created_at", "updated_at", "deleted_at"],
        .goalVersion: ["id", "owner_id", "goal_id", "effective_day_key", "target", "recorded_at"],
    ]

    @Test(arguments: RecordKind.allCases) func columnsOnlyGrowAtTheEnd(kind: RecordKind) throws {
        let pinned = try #require(Self.pinned[kind], "\(kind) is not pinned: add its columns to ColumnOrderTests.pinned")
        #expect(
            Array(kind.columns.prefix(pinned.count)) == pinned,
            "\(kind.rawValue)'s columns moved: \(kind.columns); a column is only ever appended (docs/SERVER.md)")
        #expect(kind.columns.count == pinned.count, "\(kind.rawValue) gained columns: append them to ColumnOrderTests.pinned")
    }

    /// Every key, owner and reference column names a column of its kind; kinds never shrink.
    @Test(arguments: RecordKind.allCases) func keysOwnersAndReferencesNameColumns(kind: RecordKind) {
        for column in kind.key + [kind.ownerColumn] + kind.references.flatMap(\.columns) + kind.addedColumns {
            #expect(kind.columns.contains(column), "\(kind.rawValue).\(column)")
        }
        #expect(Set(kind.columns).count == kind.columns.count)
    }

    /// `RecordColumns.position` reads a column's place from its enum value, not its name: for
    /// every kind and column it is the name's place in `columns`.
    @Test(arguments: RecordKind.allCases) func aColumnsPositionIsItsPlaceByName(kind: RecordKind) {
        func check<R: StoredRecord>(_: R.Type) {
            #expect(MemoryLayout<R.Columns>.size == 1, "\(kind.rawValue): one byte per column value")
            for (i, column) in R.Columns.allCases.enumerated() {
                #expect(column.position == i && kind.columns.firstIndex(of: column.rawValue) == i, "\(kind.rawValue).\(column.rawValue)")
            }
        }
        check(kind.recordType)
    }
}
