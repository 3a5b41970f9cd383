@_spi(Faces) import HabitFlow
import HabitFlowCore

/// Names and short ids where an id goes (issue 29): `habitId: "Morning run"`, `goalId: "Fit"`,
/// `entryId: "46770c51"`, `habitIds: ["読書", "h2"]`. The rule is the engine's
/// (`Engine.recordId`, `RecordNames`); here is only when to ask it: once an operation answered
/// that an id argument named nothing (`not_found`, or `invalid_argument` for a name no id could
/// be). A failed request changed nothing, so it runs again with the id, and a request by id
/// costs nothing more.
extension Dispatcher {
    /// The arguments that name records of the user's, and their kind: one id, or a list.
    static let references: [String: RecordKind] = [
        "habitId": .habit, "goalId": .goal, "routineId": .routine, "entryId": .entry, "habitIds": .habit, "goalIds": .goal,
    ]

    /// Where those arguments give the id of a record being made, never a reference.
    static let newIds: Set<String> = [
        "habit.create habitId", "entry.log entryId", "goal.create goalId", "goal.log entryId", "routine.create routineId",
    ]

    /// The most references one request may have resolved (each costs a run of the operation).
    public static let maxReferences = 16

    func runResolvingReferences(
        _ operation: Operation, _ given: [(String, JSONValue)], changeSet: [ChangeRecord]? = nil
    ) throws(ProtocolError) -> JSONValue {
        var args = given, resolved = 0
        while true {
            do throws(ProtocolError) {
                return try operation.handler(engine, Arguments(args, changeSet: changeSet))
            } catch {
                guard let (member, index, id) = try reference(in: error, args, of: operation.name) else { throw error }
                guard resolved < Self.maxReferences else {
                    throw ProtocolError(
                        .limitExceeded, "at most \(Self.maxReferences) names or short ids per request: use ids", field: error.field)
                }
                resolved += 1
                args = args.map { key, value in
                    guard key == member else { return (key, value) }
                    guard let index, case var .array(items) = value else { return (key, .string(id)) }
                    items[index] = .string(id)
                    return (key, .array(items))
                }
            }
        }
    }

    /// When `error` is about an id argument (`args.habitId`, `args.habitIds[2]`) whose text
    /// names a record of the user's by name or short id: the argument, its index in a list, and
    /// the id. `nil` when the error is about something else, or the text is an id.
    /// - Throws: the engine's `not_found` (with the closest names) or `conflict` for the reference.
    private func reference(
        in error: ProtocolError, _ args: [(String, JSONValue)], of op: String
    ) throws(ProtocolError) -> (String, Int?, String)? {
        guard error.code == .notFound || error.code == .invalidArgument, let field = error.field, field.hasPrefix("args.") else {
            return nil
        }
        var member = String(field.dropFirst("args.".count))
        var index: Int? = nil
        if let open = member.firstIndex(of: "["), member.hasSuffix("]") {
            index = Int(member[member.index(after: open)..<member.index(before: member.endIndex)])
            member = String(member[..<open])
            guard index != nil else { return nil }
        }
        guard let kind = Self.references[member], !Self.newIds.contains(op + " " + member),
            !args.contains(where: { $0.0 == "records" && $0.1 != .null }),
            let value = args.first(where: { $0.0 == member })?.1
        else { return nil }
        let text: String
        switch (value, index) {
        case let (.string(s), nil): text = s
        case let (.array(items), i?) where items.indices.contains(i):
            guard case let .string(s) = items[i] else { return nil }
            text = s
        default: return nil
        }
        // What no name could be (empty, longer than a name may be) keeps its invalid_argument.
        if error.code == .invalidArgument, text.isEmpty || text.utf8.count > TextLimit.name { return nil }
        do throws(HabitFlowError) {
            let restore = op.hasSuffix(".restore")  // a restore names a deleted record first
            guard
                let id = try engine.recordId(
                    kind, referencedBy: text, field: String(field.dropFirst("args.".count)), preferDeleted: restore)
            else { return nil }
            return (member, index, id)
        } catch  where error.code == .conflict || error.code == .notFound {
            throw ProtocolError(error)
        } catch {
            return nil  // no store (a stateless call): the error stands
        }
    }
}
