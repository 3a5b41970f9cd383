import HabitFlowProtocol
import HabitFlowTestSupport
import Testing

@testable import HabitFlow
@testable import HabitFlowAsync

/// `Engine.changes()` (issue 30): a commit by this handle, another handle, another process or
/// a sync apply each yields, naming what moved, and nothing else does.
@Suite(.timeLimit(.minutes(1))) struct ChangesTests {
    let store = TestStore("changes")
    static let now = "2025-03-12T11:00:00Z"

    func engine(user: String = "alice") throws -> Engine {
        try store.engine(now: Self.now, user: user)
    }

    func habit(_ engine: Engine, _ id: String) throws {
        var draft = HabitDraft(name: id)
        draft.id = id
        _ = try engine.createHabit(draft)
    }

    func log(_ engine: Engine, _ habit: String, _ day: String) throws {
        var r = LogRequest(habitId: habit)
        r.dayKey = DayKey(day)
        r.confirm = true
        _ = try engine.log(r)
    }

    /// The stream's next change, or `nil` when none comes within `limit`. A watcher sees a
    /// commit within a second, but this bound is only a guard against waiting for ever: the
    /// suite's long synchronous tests can hold both of a two-core machine's cooperative threads
    /// for minutes, and the stream's consumer then runs no sooner than the timer (a second's
    /// bound failed every test here once, with no change lost).
    func next(_ stream: AsyncStream<StoreChange>, within limit: Duration = .seconds(600)) async -> StoreChange? {
        await withTaskGroup(of: StoreChange?.self) { group in
            group.addTask {
                for await change in stream { return change }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
    }

    @Test func aWriteOnAnotherHandleYieldsWhatMoved() async throws {
        let watched = try engine()
        try habit(watched, "read")
        let changes = watched.changes()
        let other = try engine()
        try log(other, "read", "2025-03-11")
        let change = try #require(await next(changes))
        #expect(change.kinds == [.entry])
        #expect(change.habitIds == ["read"])
        #expect(change.days == [DayKey("2025-03-11")])
        #expect(change.touches(habitId: "read", day: DayKey("2025-03-11")))
        #expect(!change.touches(habitId: "run", day: DayKey("2025-03-12")))
    }

    @Test func anEntryMovedToAnotherDayNamesBothDays() async throws {
        let engine = try engine()
        try habit(engine, "read")
        try log(engine, "read", "2025-03-10")
        let id = try engine.entries(EntryQuery()).first!.id
        let changes = engine.changes()
        var edit = EntryRules.Edit()
        edit.dayKey = DayKey("2025-03-11")
        edit.confirm = true
        _ = try engine.editEntry(id, with: edit)
        let change = try #require(await next(changes))
        #expect(change.days == [DayKey("2025-03-10"), DayKey("2025-03-11")])
    }

    @Test func aWriteByAnotherProcessYields() async throws {
        let watched = try engine()
        try habit(watched, "read")
        let changes = watched.changes()
        let cli = try run(
            Repository.cli, ["log", "read", "--db", store.path, "--user", "alice", "--day", "2025-03-09", "--confirm"],
            environment: ["HABITFLOW_NOW": Self.now, "HABITFLOW_ZONE": "Europe/Amsterdam"])
        #expect(cli.status == 0, "\(cli.stderr)")
        let change = try #require(await next(changes))
        #expect(change.kinds == [.entry])
        #expect(change.days == [DayKey("2025-03-09")])
    }

    @Test func aSyncApplyYields() async throws {
        let phone = try TestStore("changes-phone").engine(now: Self.now)
        try habit(phone, "run")
        try log(phone, "run", "2025-03-12")
        let watched = try engine()
        let changes = watched.changes()
        // Through the dispatcher, as every face applies what it pulled.
        let pulled = try #require(try Dispatcher(engine: phone).handle(.object([("op", .string("sync.changes"))]))["changes"])
        _ = try Dispatcher(engine: watched).handle(.object([("op", .string("sync.apply")), ("args", .object([("changes", pulled)]))]))
        let change = try #require(await next(changes))
        #expect(change.kinds.isSuperset(of: [.habit, .entry]))
        #expect(change.habitIds == ["run"])
        #expect(change.days.contains(DayKey("2025-03-12")))
    }

    /// Reads, a failed write and another user's commit yield nothing: the first change the
    /// stream gives is the user's own write that follows them.
    @Test func nothingIsYieldedWithoutACommitOfTheUsers() async throws {
        let watched = try engine()
        try habit(watched, "read")
        let changes = watched.changes()
        _ = try watched.habits()
        _ = try watched.metrics(habitId: "read")
        #expect(throws: HabitFlowError.self) { try log(watched, "nope", "2025-03-11") }
        let bob = try engine(user: "bob")
        try habit(bob, "bobs")
        try log(bob, "bobs", "2025-03-10")
        try log(watched, "read", "2025-03-11")
        let change = try #require(await next(changes))
        #expect(change == StoreChange(kinds: [.entry], habitIds: ["read"], days: [DayKey("2025-03-11")], sequence: change.sequence))
    }

    /// A partner's records reach the user only as the partnership shares them: an invitation
    /// not answered shares nothing, and an active one only shared goals and their linked
    /// habits — never the partner's other habits and entries.
    @Test func aPartnersUnsharedRecordsAreNotNamed() async throws {
        let alice = try engine()
        try habit(alice, "read")
        let bob = try engine(user: "bob")
        _ = try alice.invitePartner("bob")
        let changes = alice.changes()
        try habit(bob, "bobs")
        try log(bob, "bobs", "2025-03-10")
        _ = try bob.acceptPartner("alice")
        try log(bob, "bobs", "2025-03-09")
        try log(alice, "read", "2025-03-11")
        var seen = StoreChange()
        while let change = await next(changes) {
            seen.kinds.formUnion(change.kinds)
            seen.habitIds.formUnion(change.habitIds)
            seen.days.formUnion(change.days)
            if change.habitIds.contains("read") { break }
        }
        #expect(!seen.habitIds.contains("bobs") && !seen.days.contains(DayKey("2025-03-10")) && !seen.days.contains(DayKey("2025-03-09")))
        #expect(seen.habitIds.contains("read") && seen.days.contains(DayKey("2025-03-11")))
    }

    /// A consumer that falls behind finds one change naming all it missed, not a backlog:
    /// the stream `changes()` makes, fed as its watch feeds it.
    @Test func aConsumerThatFallsBehindGetsOneFoldedChange() async {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .bufferingNewest(1))
        StoreChange.deliver(StoreChange(kinds: [.entry], habitIds: ["read"], days: [DayKey("2025-03-10")], sequence: 4), to: continuation)
        StoreChange.deliver(StoreChange(kinds: [.habit], habitIds: ["run"], sequence: 5), to: continuation)
        StoreChange.deliver(StoreChange(kinds: [.entry], habitIds: ["read"], days: [DayKey("2025-03-11")], sequence: 6), to: continuation)
        continuation.finish()
        var received: [StoreChange] = []
        for await change in stream { received.append(change) }
        #expect(
            received == [
                StoreChange(
                    kinds: [.entry, .habit], habitIds: ["read", "run"], days: [DayKey("2025-03-10"), DayKey("2025-03-11")], sequence: 6)
            ])
    }

    @Test func aCancelledConsumerEndsTheStream() async throws {
        let watched = try engine()
        try habit(watched, "read")
        let changes = watched.changes()
        let consumer = Task {
            var seen = 0
            for await _ in changes { seen += 1 }
            return seen
        }
        consumer.cancel()
        #expect(await consumer.value == 0)
        // Ended for good: a commit afterwards reaches nobody, and iterating again ends at once.
        try log(watched, "read", "2025-03-11")
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    @Test func anEngineWithoutAStoreFinishesAtOnce() async {
        var iterator = Engine().changes().makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }
}
