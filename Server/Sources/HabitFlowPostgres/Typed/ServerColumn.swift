import HabitFlowCore

/// One of a record kind's columns as the server keeps it: the engine's column (`name`, one of
/// `RecordKind.columns`), the PostgreSQL column (or columns) holding it, and how.
struct ServerColumn: Sendable {
    /// How a value is held. Each is exact: the engine's value comes back as it went in.
    enum Storage: Sendable, Equatable {
        /// A user's id as the user's `int4` key (`user_keys`): users are few and named often.
        case user
        /// A record's id as a `uuid`. An id that is not a UUID in the engine's form (lowercase,
        /// 8-4-4-4-12) keeps its text in `<sql>_text` beside a version-8 UUID made from it.
        case id
        /// A `YYYY-MM-DD` day as a `date`.
        case day
        /// An instant as a `timestamptz` (microseconds) and the nanoseconds below them in
        /// `<sql>_ns` (`int2`), NULL when they are none.
        case instant
        /// An integer the core holds within 16 bits (`int2`) or 32 (`int4`); others `int8`.
        case int2, int4, int8
        /// A real (`float8`).
        case real
        /// A 0-or-1 integer as a `boolean`.
        case flag
        /// Text as it is (names, notes, enumerations, the engine's list encoding).
        case text
    }

    /// A value the row implies, kept as NULL: most entries repeat their log time in
    /// `created_at` and `updated_at`, come from a person (`manual`), belong to a habit logged
    /// once a day and to the replica's user. (A NULL costs a bit; an entry's two flags, two bytes,
    /// made its row cross an 8-byte boundary.) Only a column the engine never leaves NULL has one, so NULL means it alone.
    enum Implied: Sendable, Equatable {
        /// The replica's user.
        case replicaUser
        /// The value of another column of the row (read before this one is).
        case column(String)
        /// This value.
        case value(ChangeRecord.Value)
    }

    /// The engine's column name.
    let name: String
    /// The PostgreSQL column's name (for `id` and `instant`, also the stem of the second one).
    let sql: String
    let storage: Storage
    /// Whether PostgreSQL's column is NOT NULL (a key with no implied value).
    let required: Bool
    /// What NULL stands for here, if anything.
    let implied: Implied?

    init(_ name: String, _ storage: Storage, sql: String? = nil, required: Bool = false, implied: Implied? = nil) {
        self.name = name
        self.storage = storage
        let sql = sql ?? (storage == .user ? Self.userKeyName(name) : name)
        self.sql = sql
        self.required = required && implied == nil
        self.implied = implied
        sqlColumns = Self.sqlColumns(sql, storage, self.required)
    }

    /// Whether the engine never writes NULL here.
    var neverNull: Bool { required || implied != nil }

    /// A user column's key: `owner_id` → `owner_key`, `created_by` → `created_by_key`.
    private static func userKeyName(_ name: String) -> String {
        (name.hasSuffix("_id") ? String(name.dropLast(3)) : name) + "_key"
    }

    /// The PostgreSQL columns, in the order the codec reads and writes them.
    let sqlColumns: [(name: String, type: String, required: Bool)]

    private static func sqlColumns(_ sql: String, _ storage: Storage, _ required: Bool) -> [(name: String, type: String, required: Bool)] {
        switch storage {
        case .user: [(sql, "int4", required)]
        case .id: [(sql, "uuid", required), (sql + "_text", "text", false)]
        case .day: [(sql, "date", required)]
        case .instant: [(sql, "timestamptz", required), (sql + "_ns", "int2", false)]
        case .int2: [(sql, "int2", required)]
        case .int4: [(sql, "int4", required)]
        case .int8: [(sql, "int8", required)]
        case .real: [(sql, "float8", required)]
        case .flag: [(sql, "boolean", required)]
        case .text: [(sql, "text", required)]
        }
    }
}
