/// How a person or a program names a record besides its full id (issue 29): a habit or a
/// routine by its name, a goal by its title — compared as `HabitNames.key` compares, the exact
/// spelling first — and any record by a unique prefix of its id, as copied from a list.
public enum RecordNames {
    /// The shortest id prefix taken as a short id (git's is 4 too).
    public static let shortIdLength = 4

    /// A record as a reference may name it.
    public struct Named: Sendable {
        /// The record's id.
        public var id: String
        /// Its name; `nil` when it has none.
        public var name: String?
        /// Whether it is deleted.
        public var deleted: Bool

        /// A record's name and whether it is deleted.
        public init(id: String, name: String?, deleted: Bool) {
            self.id = id
            self.name = name
            self.deleted = deleted
        }
    }

    /// What `reference` names among `records` (the owner's records of one kind), or `nil` when
    /// it is one of their ids (a reference that is an id stays that id).
    ///
    /// In order: the one live record with that name, else the one deleted record with it (a
    /// restore, with `preferDeleted`, looks among deleted ones first), else the one id that
    /// `prefixed` (ids starting with the reference, from the store) holds when the reference is
    /// at least `shortIdLength` long.
    /// - Throws: `conflict` when several records match, `notFound` offering the closest names.
    public static func resolve(
        _ reference: String, among records: [Named], prefixed: [String], noun: String, field: String, preferDeleted: Bool = false
    ) throws(HabitFlowError) -> String? {
        if records.contains(where: { $0.id == reference }) { return nil }
        for deleted in preferDeleted ? [true, false] : [false, true] {
            let named = records.filter { $0.deleted == deleted && $0.name != nil }
            var matches = named.filter { $0.name == reference }
            if matches.isEmpty { matches = named.filter { HabitNames.key($0.name!) == HabitNames.key(reference) } }
            if matches.count == 1 { return matches[0].id }
            if matches.count > 1 {
                let state = deleted ? "deleted " : ""
                throw HabitFlowError(
                    .conflict, "\(matches.count) \(state)\(noun)s are named \"\(reference)\": use the id", field: field)
            }
        }
        if reference.count >= shortIdLength {
            if prefixed.count == 1 { return prefixed[0] }
            if prefixed.count > 1 {
                throw HabitFlowError(
                    .conflict, "more than one \(noun) id starts with \"\(reference)\": give more of it", field: field)
            }
        }
        let names = records.filter { !$0.deleted }.compactMap(\.name)
        let close = Suggestions.closest(to: reference, among: names)
        let hint = close.isEmpty ? "" : ": did you mean " + close.map { "\"\($0)\"" }.joined(separator: " or ") + "?"
        let what = names.isEmpty && records.allSatisfy { $0.name == nil } ? "id" : "id or name"
        throw HabitFlowError(.notFound, "no \(noun) with the \(what) \"\(reference)\"\(hint)", field: field)
    }
}
