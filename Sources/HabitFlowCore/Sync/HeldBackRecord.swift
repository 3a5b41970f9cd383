/// A record sync leaves out because it breaks a rule of this version: written before the
/// rule (an older version of the engine, a server that trusted its clients), or by a replica
/// that does not keep it. It stays where it is, reported, and the rest syncs: one bad record
/// never stops a device's pushes or pulls (issue 26). A server's push door refuses it instead,
/// whole, so nothing new of the kind is stored.
public struct HeldBackRecord: Sendable, Equatable {
    /// The sync kind (`habit`, `entry`, …), as the change names it.
    public var kind: String
    /// The record's key (owner first), as far as the change gives it.
    public var key: [String]
    /// The field that breaks the rule, as the change names it (`changes[3].timesPerWeek`).
    public var field: String?
    /// The rule, and what to do.
    public var message: String

    /// A record held back, with the field and rule it breaks.
    public init(kind: String, key: [String], field: String?, message: String) {
        self.kind = kind
        self.key = key
        self.field = field
        self.message = message
    }

    /// `change`, held back for `error`; `advice` says what to do about it.
    public init(_ change: ChangeRecord, _ error: HabitFlowError, advice: String) {
        self.init(
            kind: change.kind, key: RecordKind(syncName: change.kind).map(change.key) ?? [], field: error.field,
            message: "\(error.message) (held back: \(advice))")
    }
}
