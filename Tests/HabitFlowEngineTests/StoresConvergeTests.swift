@_spi(Faces) import HabitFlow
import HabitFlowStore
import HabitFlowTestSupport
import Testing

/// The engine on any store gives the same answers, and stores of different kinds sync.
@Suite struct StoresConvergeTests {
    /// The engine on either store gives the same answers, and the two sync with each other.
    @Test func theEngineRunsOnEveryStoreAndTheyConverge() throws {
        let now = try Instant(parsing: "2025-03-12T11:00:00Z")
        let memory = try Engine(store: MemoryStore(clock: { now }), user: "alice", zone: "Europe/Amsterdam", now: now)
        let file = try TestStore("suite-engine").engine(now: "2025-03-12T11:00:00Z")
        for engine in [memory, file] {
            var draft = HabitDraft(name: "Run")
            draft.kind = .numeric
            draft.unit = "km"
            let habit = try engine.createHabit(draft)
            var log = LogRequest(habitId: habit.id)
            log.entryId = "e-\(engine === memory ? "m" : "f")"
            log.value = 5
            _ = try engine.log(log)
        }
        _ = try file.applyChanges(try memory.syncChanges().changes)
        _ = try memory.applyChanges(try file.syncChanges().changes)
        #expect(try memory.canonicalDump() == file.canonicalDump())
        #expect(try memory.metricsContext().reports() == file.metricsContext().reports())
        #expect(try memory.entries(EntryQuery()).count == 2)
    }
}
