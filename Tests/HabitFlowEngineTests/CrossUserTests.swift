@_spi(Faces) import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// Issue 13: one user never reads or changes another's records. Alice and Bob share a store
/// file; Alice holds one record of every kind. Bob sends every operation of the protocol —
/// from the dispatcher's own list, so a new operation is covered the day it is added — with
/// each of its id arguments naming Alice's record. Every answer is `forbidden` or
/// `not_found`, nothing of Alice's comes back, and her canonical dump is unchanged. Ids are
/// per owner: where Bob creates a record with Alice's id, he gets his own, answered exactly
/// as with an id no one uses.
@Suite struct CrossUserTests {
    static let now = "2025-03-12T11:00:00Z"

    /// Alice's ids, by the argument names that refer to them.
    static let alices: [String: String] = [
        "habitId": "a-habit", "bundleId": "a-bundle", "entryId": "a-entry", "goalId": "a-goal", "categoryId": "a-cat",
        "routineId": "a-routine", "journalId": "a-journal", "templateId": "a-template", "wellbeingId": "a-mood",
        "personaId": "a-persona", "identityId": "a-identity", "skillId": "a-skill", "reflectionId": "a-reflection",
    ]

    /// Arguments that name a record the request creates with a client id: Bob naming Alice's
    /// id there asks for a record of his own.
    static let creating: Set<String> = [
        "habit.create habitId", "entry.log entryId", "goal.create goalId", "routine.create routineId",
        "journal.create journalId", "journal.createTemplate templateId", "wellbeing.log wellbeingId",
        "category.save categoryId",
        "bundle.create bundleId", "entry.import entryId", "goal.log entryId",
        "reflection.save reflectionId", "persona.save personaId", "identity.save identityId", "skill.save skillId",
    ]

    /// Plausible values for the other arguments, so a request reaches its ownership check.
    static let defaults: [String: String] = [
        "name": #""Bob's""#, "title": #""Bob's""#, "target": "5", "value": "1", "dayKey": #""2025-03-12""#,
        "effectiveDayKey": #""2025-03-12""#, "confirm": "true", "type": #""targetAmount""#, "metric": #""mood""#,
        "text": #""t""#, "fields": #"["f"]"#, "from": #""2025-03-01""#, "to": #""2025-03-12""#, "action": #""confirm""#,
        "kind": #""numeric""#, "unit": #""km""#, "habitIds": "[]", "responses": "{}", "entries": "[]",
    ]

    func setUp() throws -> (alice: Engine, bob: Dispatcher, store: TestStore) {
        let store = TestStore("cross-user")
        let alice = try store.engine(now: Self.now)
        let a = Dispatcher(engine: alice)
        for request in [
            #"{"op":"category.save","args":{"categoryId":"a-cat","name":"Alice secret cat"}}"#,
            #"{"op":"habit.create","args":{"habitId":"a-habit","name":"Alice secret","kind":"numeric","unit":"km","categoryId":"a-cat"}}"#,
            #"{"op":"entry.log","args":{"habitId":"a-habit","entryId":"a-entry","value":3,"note":"Alice secret note"}}"#,
            #"{"op":"bundle.create","args":{"bundleId":"a-bundle","name":"Alice secret bundle","kind":"all"}}"#,
            #"{"op":"goal.create","args":{"goalId":"a-goal","title":"Alice secret goal","type":"targetAmount","kind":"quantity","target":5,"unit":"km","habitIds":["a-habit"]}}"#,
            #"{"op":"routine.create","args":{"routineId":"a-routine","name":"Alice secret routine","habitIds":["a-habit"]}}"#,
            #"{"op":"journal.createTemplate","args":{"templateId":"a-template","name":"Alice secret template","fields":["x"]}}"#,
            #"{"op":"journal.create","args":{"journalId":"a-journal","text":"Alice secret journal"}}"#,
            #"{"op":"wellbeing.log","args":{"wellbeingId":"a-mood","metric":"mood","value":4}}"#,
            #"{"op":"persona.save","args":{"personaId":"a-persona","name":"Alice secret persona"}}"#,
            #"{"op":"reflection.save","args":{"reflectionId":"a-reflection","entryId":"a-entry","text":"Alice secret reflection"}}"#,
            #"{"op":"identity.save","args":{"identityId":"a-identity","name":"Alice secret identity"}}"#,
            #"{"op":"skill.save","args":{"skillId":"a-skill","name":"Alice secret skill"}}"#,
        ] {
            let (text, code) = a.respond(to: request)
            #expect(code == nil, "\(request): \(text)")
        }
        // Bob's own records, named by every id argument but the one under test.
        let bob = Dispatcher(engine: try store.engine(now: Self.now, zone: "UTC", user: "bob"))
        for request in [
            #"{"op":"category.save","args":{"categoryId":"b-cat","name":"Bob's"}}"#,
            #"{"op":"habit.create","args":{"habitId":"b-habit","name":"Bob's","kind":"numeric","unit":"km"}}"#,
            #"{"op":"entry.log","args":{"habitId":"b-habit","entryId":"b-entry","value":3}}"#,
            #"{"op":"bundle.create","args":{"bundleId":"b-bundle","name":"Bob's bundle","kind":"all"}}"#,
            #"{"op":"goal.create","args":{"goalId":"b-goal","title":"Bob's","type":"targetAmount","kind":"quantity","target":5,"unit":"km","habitIds":["b-habit"]}}"#,
            #"{"op":"routine.create","args":{"routineId":"b-routine","name":"Bob's","habitIds":["b-habit"]}}"#,
            #"{"op":"journal.createTemplate","args":{"templateId":"b-template","name":"Bob's","fields":["x"]}}"#,
            #"{"op":"journal.create","args":{"journalId":"b-journal","text":"Bob's"}}"#,
            #"{"op":"wellbeing.log","args":{"wellbeingId":"b-mood","metric":"mood","value":4}}"#,
            #"{"op":"persona.save","args":{"personaId":"b-persona","name":"Bob's"}}"#,
        ] {
            let (text, code) = bob.respond(to: request)
            #expect(code == nil, "\(request): \(text)")
        }
        return (alice, bob, store)
    }

    @Test func bobNamesEveryOneOfAlicesRecordsInEveryOperation() throws {
        let (alice, bob, store) = try setUp()
        let before = try alice.canonicalDump()
        var tried = 0
        for op in Dispatcher.operations {
            for field in op.arguments where Self.alices[field.name] != nil || field.name.hasSuffix("Ids") {
                let id = Self.alices[field.name] ?? Self.alices[String(field.name.dropLast())] ?? "a-habit"
                var args = [(field.name, field.name.hasSuffix("Ids") ? #"["\#(id)"]"# : #""\#(id)""#)]
                for other in op.arguments where other.required && other.name != field.name {
                    let bobs = Self.alices[other.name].map { #""b-\#($0.dropFirst(2))""# }
                    let value =
                        op.name == "bundle.create" && other.name == "kind"
                        ? #""all""#
                        : other.name == "name"
                            ? #""Bob's \#(tried)""#  // a name of his own: names are unique
                            : Self.defaults[other.name] ?? bobs ?? #""x""#
                    args.append((other.name, value))
                }
                if op.name == "goal.create" { args.append(("target", "5")) }
                let body = args.map { #""\#($0.0)":\#($0.1)"# }.joined(separator: ",")
                let request = #"{"op":"\#(op.name)","args":{\#(body)}}"#
                tried += 1
                let place = "\(op.name) \(field.name)"
                if Self.creating.contains(place) {
                    // On stores of their own (Bob's new record would answer later requests):
                    // Alice's id and an id no one uses get the same answer.
                    let (aliceNow, bobNow, _) = try setUp()
                    let untouched = try aliceNow.canonicalDump()
                    let (text, code) = bobNow.respond(to: request)
                    let (_, bobFresh, _) = try setUp()
                    let (freshText, freshCode) = bobFresh.respond(to: request.replacingOccurrences(of: #""\#(id)""#, with: #""n-unused""#))
                    #expect(code == freshCode, "\(place): \(text) vs, with an unused id, \(freshText)")
                    #expect(code != .conflict && code != .forbidden, "\(place): \(text)")
                    #expect(!text.contains("Alice secret"), "\(place) read Alice's record: \(text)")
                    #expect(try aliceNow.canonicalDump() == untouched, "\(place) changed Alice's records: \(text)")
                    continue
                }
                let (text, code) = bob.respond(to: request)
                #expect(!text.contains("Alice secret"), "\(place) read Alice's record: \(text)")
                #expect(code == .forbidden || code == .notFound, "\(place): \(text)")
                #expect(try alice.canonicalDump() == before, "\(place) changed Alice's records: \(text)")
            }
        }
        #expect(tried > 40)
        _ = store
    }
}
