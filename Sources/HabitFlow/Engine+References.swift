import HabitFlowCore
import HabitFlowStore

extension Engine {
    /// The id of the user's record of `kind` (habit, goal, routine or entry) that `reference`
    /// names — its name or title, or a short id (`RecordNames`) — or `nil` when `reference` is
    /// already one of their ids. Faces ask when a request's id was not found, so a name works
    /// wherever an id does and an id costs nothing more.
    /// - Throws: `notFound` (with the closest names) or `conflict`, naming `field`.
    ///
    /// A goal's title names the user's goals and those a partner shares with them (what they
    /// see); `preferDeleted` (a restore) looks among deleted records before live ones.
    @_spi(Faces) public func recordId(
        _ kind: RecordKind, referencedBy reference: String, field: String, preferDeleted: Bool = false
    ) throws(HabitFlowError) -> String? {
        let (store, user) = try requireStore()
        return try store.read { store throws(HabitFlowError) in
            let records: [RecordNames.Named]
            switch kind {
            case .habit: records = try store.habits(owner: user).map { .init(id: $0.id, name: $0.name, deleted: $0.deletedAt != nil) }
            case .goal:
                let own = try store.fetchAll(Goal.self, where: .ownerId, in: [user])
                let shared = try visibleGoals(store, user, .shared).filter { $0.ownerId != user }
                records = (own + shared).map { .init(id: $0.id, name: $0.title, deleted: $0.deletedAt != nil) }
            case .routine:
                records = try store.fetchAll(Routine.self, where: .ownerId, in: [user])
                    .map { .init(id: $0.id, name: $0.name, deleted: $0.deletedAt != nil) }
            case .entry:
                records = try store.entry(reference, of: user).map { [.init(id: $0.id, name: nil, deleted: false)] } ?? []
            default: return nil
            }
            let prefixed =
                reference.count >= RecordNames.shortIdLength
                ? try store.ids(kind, owner: user, startingWith: reference, limit: 2) : []
            return try RecordNames.resolve(
                reference, among: records, prefixed: prefixed, noun: kind.noun, field: field, preferDeleted: preferDeleted)
        }
    }
}

extension RecordKind {
    /// What messages call a record of this kind.
    fileprivate var noun: String {
        switch self {
        case .targetVersion: "target version"
        case .goalLink: "goal link"
        default: rawValue
        }
    }
}
