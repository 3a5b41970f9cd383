import HabitFlowCore
import PostgresNIO

/// A statement of `ServerTable`'s, for one kind: its text made once (`sql(for:)`), and
/// values that touch nothing, to prepare it with (`harmless(for:)`: a user with no key,
/// empty lists).
protocol TypedOperation {
    static func sql(for kind: RecordKind) -> String
    static func harmless(for kind: RecordKind) -> PostgresBindings
}

extension TypedOperation {
    /// No user's key, then an empty array of each of `types`.
    fileprivate static func nobody(_ types: [String]) -> PostgresBindings {
        var binds = PostgresBindings(Int32(0))
        CellColumns(types: types).append(to: &binds)
        return binds
    }
}

/// The rows of a list of keys (`ServerTable.rowsByKeysSQL`).
enum RowsByKeys: TypedOperation {
    private static let texts = ServerTable.all.map(\.rowsByKeysSQL)
    static func sql(for kind: RecordKind) -> String { texts[kind.ordinal] }
    static func harmless(for kind: RecordKind) -> PostgresBindings { nobody(ServerTable.of(kind).keySQLColumns.map(\.type)) }
}

/// Rows written, each replacing its key's (`ServerTable.writeSQL`).
enum WriteRows: TypedOperation {
    private static let texts = ServerTable.all.map(\.writeSQL)
    static func sql(for kind: RecordKind) -> String { texts[kind.ordinal] }
    static func harmless(for kind: RecordKind) -> PostgresBindings { nobody(ServerTable.of(kind).sqlColumns.map(\.type)) }
}

/// An unlocked write's one statement (`ServerTable.writeIfUnchangedSQL`).
enum WriteRowsIfUnchanged: TypedOperation {
    private static let texts = ServerTable.all.map(\.writeIfUnchangedSQL)
    static func sql(for kind: RecordKind) -> String { texts[kind.ordinal] }
    static func harmless(for kind: RecordKind) -> PostgresBindings {
        var binds = nobody(ServerTable.of(kind).sqlColumns.map(\.type))
        FinishReplica(user: "", seq: 0, lastStamp: nil, replicaId: "").appendUserAndBindings(to: &binds)
        binds.append(Int64(-1))
        return binds
    }
}

/// The rows of a list of sequence numbers (`ServerTable.rowsBySeqSQL`): a pull's page.
enum RowsBySeq: TypedOperation {
    private static let texts = ServerTable.all.map(\.rowsBySeqSQL)
    static func sql(for kind: RecordKind) -> String { texts[kind.ordinal] }
    static func harmless(for kind: RecordKind) -> PostgresBindings { nobody(["int4"]) }
}

/// The partnership sides naming users (`ServerTable.rowsWhereSQL` of `partner_id`).
enum SidesNaming: TypedOperation {
    private static let text = ServerTable.of(.partnership).rowsWhereSQL(ServerTable.of(.partnership).columns[1])
    static func sql(for kind: RecordKind) -> String { text }
    static func harmless(for kind: RecordKind) -> PostgresBindings { nobody(["int4"]) }
}

/// A list of habit days' entries (`ServerTable.dayEntriesSQL`).
enum EntriesOnDays: TypedOperation {
    private static let text = ServerTable.dayEntriesSQL
    static func sql(for kind: RecordKind) -> String { text }
    static func harmless(for kind: RecordKind) -> PostgresBindings { nobody(["int4", "uuid", "date"]) }
}

/// What applying a push reads, in one statement (`ServerTable.prefetchSQL`).
enum PrefetchRows: TypedOperation {
    private static let text = ServerTable.prefetchSQL
    static func sql(for kind: RecordKind) -> String { text }
    static func harmless(for kind: RecordKind) -> PostgresBindings {
        nobody(ServerTable.prefetchKinds.flatMap { ServerTable.of($0).keySQLColumns.map(\.type) } + ["int4", "int4", "uuid", "date"])
    }
}

/// The kinds and sequence numbers of a pull's page, from every table's log
/// (`ServerTable.pageSQL`).
enum PageOfChanges: TypedOperation {
    private static let text = ServerTable.pageSQL
    static func sql(for kind: RecordKind) -> String { text }
    static func harmless(for kind: RecordKind) -> PostgresBindings {
        var binds = PostgresBindings(Int32(0))
        binds.append(Int32(0))
        binds.append(Int64(0))
        return binds
    }
}

/// The kinds nearly every push reads and writes: their statements are prepared on every
/// connection (`PreparedStatements.all`), so PostgreSQL parses each once. Another kind's are
/// sent as they are (`TypedReplica.send`): preparing every kind's made each new connection's
/// warm-up long, for statements most connections never run.
protocol PreparedKind { static var kind: RecordKind { get } }
enum UserRows: PreparedKind { static var kind: RecordKind { .user } }
enum HabitRows: PreparedKind { static var kind: RecordKind { .habit } }
enum EntryRows: PreparedKind { static var kind: RecordKind { .entry } }
enum PartnershipRows: PreparedKind { static var kind: RecordKind { .partnership } }
enum TargetVersionRows: PreparedKind { static var kind: RecordKind { .targetVersion } }

/// `O` for the kind `K`, prepared (its name: `hf_TypedStatement<EntryRows, RowsByKeys>`).
struct TypedStatement<K: PreparedKind, O: TypedOperation>: PreparedStatement {
    static var sql: String { O.sql(for: K.kind) }
    let binds: PostgresBindings
    func makeBindings() -> PostgresBindings { binds }
}

extension TypedStatement {
    /// With harmless values (`PreparedStatements.all`).
    init(harmless _: Void) { self.init(binds: O.harmless(for: K.kind)) }
}

enum TypedStatements {
    /// Every prepared one, with harmless values.
    static let all: [any PreparedStatement] = {
        var out: [any PreparedStatement] = []
        func each<K: PreparedKind>(_: K.Type) {
            out.append(TypedStatement<K, RowsByKeys>(harmless: ()))
            out.append(TypedStatement<K, WriteRows>(harmless: ()))
            out.append(TypedStatement<K, WriteRowsIfUnchanged>(harmless: ()))
            out.append(TypedStatement<K, RowsBySeq>(harmless: ()))
        }
        each(UserRows.self)
        each(HabitRows.self)
        each(EntryRows.self)
        each(PartnershipRows.self)
        each(TargetVersionRows.self)
        out.append(TypedStatement<PartnershipRows, SidesNaming>(harmless: ()))
        out.append(TypedStatement<EntryRows, EntriesOnDays>(harmless: ()))
        out.append(TypedStatement<EntryRows, PrefetchRows>(harmless: ()))
        out.append(TypedStatement<EntryRows, PageOfChanges>(harmless: ()))
        return out
    }()
}

extension Pipeline {
    /// Sends `O` for `kind` with `binds`: prepared for the kinds that are, else as it is.
    func send<O: TypedOperation>(_: O.Type, _ kind: RecordKind, _ binds: PostgresBindings) -> Answer<[PostgresRow]> {
        switch kind {
        case .user: send(TypedStatement<UserRows, O>(binds: binds))
        case .habit: send(TypedStatement<HabitRows, O>(binds: binds))
        case .entry: send(TypedStatement<EntryRows, O>(binds: binds))
        case .partnership: send(TypedStatement<PartnershipRows, O>(binds: binds))
        case .targetVersion: send(TypedStatement<TargetVersionRows, O>(binds: binds))
        default: send(PostgresQuery(unsafeSQL: O.sql(for: kind), binds: binds))
        }
    }
}
