import HabitFlow
import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

/// `entry.import`: one transaction, all or none, the entry rules applied to each.
@Suite struct ImportTests {
    let store = TestStore("import")

    @Test func importsAllOrNothing() throws {
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        let dispatcher = Dispatcher(engine: engine)
        _ = try dispatcher.handle(
            JSONCodec.parse(#"{"op":"habit.create","args":{"habitId":"run","name":"Run","kind":"numeric","unit":"km"}}"#))
        let good = #"""
            {"op":"entry.import","args":{"entries":[
              {"entryId":"a","habitId":"run","timestampUtc":"2025-03-01T08:00:00Z","value":5},
              {"entryId":"b","habitId":"run","timestampUtc":"2025-03-01T18:00:00Z","value":6},
              {"entryId":"c","habitId":"run","timestampUtc":"2025-03-02T08:00:00Z","value":7,"source":"manual"},
              {"entryId":"a","habitId":"run","timestampUtc":"2025-03-01T08:00:00Z","value":6}]}}
            """#
        let result = try dispatcher.handle(JSONCodec.parse(good))
        // b lands on a's day: a is updated (never a second entry); the repeat of a is unchanged.
        #expect(result == .object([("created", .int(2)), ("updated", .int(1)), ("unchanged", .int(1))]))
        let entries = try engine.entries(EntryQuery())
        #expect(entries.map(\.id) == ["a", "c"])
        #expect(entries.map(\.value) == [6, 7])
        #expect(entries.map(\.source) == [.import, .manual])

        let before = try store.dump()
        let bad = #"""
            {"op":"entry.import","args":{"entries":[
              {"entryId":"d","habitId":"run","timestampUtc":"2025-03-03T08:00:00Z","value":1},
              {"entryId":"e","habitId":"run","timestampUtc":"2025-03-04T08:00:00Z"}]}}
            """#
        let (text, code) = dispatcher.respond(to: bad)
        #expect(code == .invalidArgument)
        #expect(try JSONCodec.parse(text)["error"]?["field"] == .string("args.entries[1].value"))
        #expect(try store.dump() == before)
        let (unknown, _) = dispatcher.respond(to: #"{"op":"entry.import","args":{"entries":[{"habitId":"run","when":"x"}]}}"#)
        #expect(try JSONCodec.parse(unknown)["error"]?["field"] == .string("args.entries[0].when"))
    }
}
