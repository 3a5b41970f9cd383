/// What text a column holds, as `SyncRules.validated` checks it: a record id, a day, an
/// instant, or anything else. Read from the column's name once per kind, not per change.
enum ColumnRole: Sendable {
    case id, day, instant, other

    init(column name: String) {
        if name == "id" || name.hasSuffix("_id") || name == "created_by" {
            self = .id
        } else if name.hasSuffix("day_key") || name == "target_date" {
            self = .day
        } else if name.hasSuffix("_at") || name == "timestamp_utc" {
            self = .instant
        } else {
            self = .other
        }
    }

    /// Each kind's roles, in `columns` order.
    static let byKind: [[ColumnRole]] = RecordKind.allCases.map { $0.columns.map(ColumnRole.init(column:)) }

    static func of(_ kind: RecordKind) -> [ColumnRole] { byKind[kind.ordinal] }
}
