import HabitFlowCore

/// Records every write reads again, kept decoded between transactions on one connection:
/// users and habits by key, and the replica's clock row. An `entry.log` read all three first;
/// now it reads them from here while no other connection has committed.
///
/// Valid only while `PRAGMA data_version` (checked as each transaction begins) stays what it
/// was when they were read: another connection's commit empties it. This connection's own
/// writes forget the kind they write (users, habits) or leave the replica state they made; a
/// transaction that does not commit empties it. So what a transaction reads from here is what
/// it would have read from the file.
struct RecordMemo {
    /// The `data_version` these records were read at (`nil`: nothing kept).
    var dataVersion: Int64?
    private var records: [RecordKind: [[String]: any StoredRecord]] = [:]
    /// The replica row as the last committed write left it.
    var replica: ReplicaState?
    /// The replica state a write made, kept once its transaction commits.
    var committing: ReplicaState?

    /// Kinds worth keeping: few records, read by every write.
    static func keeps(_ kind: RecordKind) -> Bool { kind == .habit || kind == .user }

    /// More than this many kept records: start again (a bound, never reached by one user).
    static let limit = 4096

    mutating func clear() {
        dataVersion = nil
        records = [:]
        replica = nil
        committing = nil
    }

    /// Starts a transaction that sees `version`: empties the memo if another connection
    /// committed since it was filled.
    mutating func begin(seeing version: Int64) {
        if dataVersion != version {
            clear()
            dataVersion = version
        }
        committing = nil
    }

    func record<R: StoredRecord>(_ type: R.Type, key: [String]) -> R? {
        records[R.kind]?[key] as? R
    }

    mutating func keep<R: StoredRecord>(_ record: R, key: [String]) {
        guard Self.keeps(R.kind) else { return }
        if records.values.reduce(0, { $0 + $1.count }) >= Self.limit { records = [:] }
        records[R.kind, default: [:]][key] = record
    }

    /// This connection wrote a record of `kind`.
    mutating func forget(_ kind: RecordKind) {
        if Self.keeps(kind) { records[kind] = nil }
    }
}
