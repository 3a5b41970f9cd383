import Foundation
import HabitFlow
import HabitFlowAsync
import HabitFlowSQLite
import HabitFlowStore
import HabitFlowTestSupport
import Testing

/// `Engine.run` (issue 30): awaited off the caller's executor, errors typed, cancellation
/// honoured before a call starts and while it runs.
@Suite struct AsyncFaceTests {
    let store = TestStore("async")

    /// The body waits for the main actor to run a task: were it on the main actor, that task
    /// could start only after it returns, and the wait would time out.
    @MainActor @Test func aCallRunsOffTheMainActorAndAnswers() async throws {
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        let mainActorRan = DispatchSemaphore(value: 0)
        Task { @MainActor in mainActorRan.signal() }
        let (habit, freed) = try await engine.run { engine in
            (try engine.createHabit(HabitDraft(name: "Read")), mainActorRan.wait(timeout: .now() + 5) == .success)
        }
        #expect(freed)
        #expect(try engine.habits().map(\.id) == [habit.id])
    }

    @Test func errorsArriveAsTheEngineThrowsThem() async throws {
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        await #expect {
            _ = try await engine.run { try $0.log(LogRequest(habitId: "nope")) }
        } throws: { error in
            (error as? HabitFlowError)?.code == .notFound
        }
    }

    @Test func aCancelledTaskRunsNothing() async throws {
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        let task = Task {
            // Cancelled before it awaits: `run` must refuse without calling the body.
            withUnsafeCurrentTask { $0?.cancel() }
            return try await engine.run { try $0.createHabit(HabitDraft(name: "Read")) }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try engine.habits().isEmpty)
    }

    /// A year of daily entries for habit `read`, as an import takes them.
    static func year() -> [LogRequest] { LogRequest.daily(habitId: "read", from: DayKey("2024-03-12"), days: 365) }

    /// 40 numerical Loop habits with 4 days each: many of an import's statements are a
    /// habit's insert.
    static let loopBackup = LoopBackup(
        habits: (1...40).map { n in
            LoopHabit(
                key: "h\(n)", name: "Habit \(n)", numerator: 1, denominator: 1, numerical: true, unit: "km", target: 5,
                checkmarks: (0..<4).map { LoopCheckmark(day: DayKey("2025-02-01").adding(days: $0)!, mark: .done(Double(n))) })
        })

    /// Cancelled while its body runs: the import's transaction is rolled back whole and `run`
    /// throws `CancellationError`. The body waits until the cancellation has been made, so the
    /// import runs cancelled every time (no race with its end).
    @Test func aCallCancelledWhileItRunsLeavesNoTrace() async throws {
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        var draft = HabitDraft(name: "Read")
        draft.id = "read"
        _ = try engine.createHabit(draft)
        let before = try store.dump()
        let (started, starting) = AsyncStream<Void>.makeStream()
        let cancelMade = DispatchSemaphore(value: 0)
        let task = Task {
            try await engine.run { engine in
                starting.yield()
                cancelMade.wait()
                return try engine.importEntries(Self.year())
            }
        }
        var running = started.makeAsyncIterator()
        await running.next()
        task.cancel()
        cancelMade.signal()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try store.dump() == before)
        // The handle goes on, and an import no one cancels is stored.
        #expect(try await engine.run { try $0.importEntries(Self.year()) }.created == 365)
    }

    /// SQLite's progress handler stops the transaction at the statement running, not only at
    /// its commit: the check is asked a handful of times, not once per statement of a year's
    /// import. And it is the calling thread's alone: the next caller, unbound, is never asked.
    @Test func theStoreStopsAtTheStatementRunning() throws {
        let engine = try store.engine(now: "2025-03-12T11:00:00Z")
        var draft = HabitDraft(name: "Read")
        draft.id = "read"
        _ = try engine.createHabit(draft)
        let before = try store.dump()
        let asked = Locked(0)
        let check: @Sendable () -> Bool = {
            asked.withLock {
                $0 += 1
                return $0 >= 3
            }
        }
        #expect {
            try StoreCancellation.withCheck(check) { _ = try engine.importEntries(Self.year()) }
        } throws: { ($0 as? HabitFlowError)?.message == StoreCancellation.error.message }
        #expect(asked.withLock { $0 } < 10)
        #expect(try store.dump() == before)
        let unbound = asked.withLock { $0 }
        #expect(try engine.importEntries(Self.year()).created == 365)
        #expect(asked.withLock { $0 } == unbound)
    }

    /// The memory store asks once, before it commits, and keeps nothing of a cancelled write.
    @Test func theMemoryStoreKeepsNothingOfACancelledWrite() throws {
        let now = try Instant(parsing: "2025-03-12T11:00:00Z")
        let engine = try Engine(store: MemoryStore(clock: { now }), user: "alice", zone: "Europe/Amsterdam", now: now)
        var draft = HabitDraft(name: "Read")
        draft.id = "read"
        _ = try engine.createHabit(draft)
        #expect {
            try StoreCancellation.withCheck({ true }) { _ = try engine.importEntries(Self.year()) }
        } throws: { ($0 as? HabitFlowError)?.message == StoreCancellation.error.message }
        #expect(try engine.entries(EntryQuery()).isEmpty)
        #expect(try engine.importEntries(Self.year()).created == 365)
    }

    /// A cancel may land anywhere in a Loop import — in a habit's insert, which the import
    /// otherwise reports as skipped, or between entries: the import is stored whole or not at
    /// all, never in part (SQLite rolls an interrupted write back by itself, and nothing more
    /// runs in that transaction).
    @Test func aLoopImportCancelledAnywhereIsStoredWholeOrNotAtAll() throws {
        #expect(try importLoopWholeOrNothing { Self.check(saysYes: $0, andAfter: true) } >= 20)
    }

    /// A store error in the middle of a Loop import — here SQLite interrupting one statement,
    /// a read perhaps, the transaction still open, and no cancel after — ends the import with
    /// nothing stored: it is never taken for a habit the import may skip, the rest committed.
    @Test func aStoreErrorInALoopImportStoresNothing() throws {
        #expect(try importLoopWholeOrNothing { Self.check(saysYes: $0, andAfter: false) } >= 20)
    }

    /// A check that says "cancelled" when asked for the `n`th time (and after, if `andAfter`).
    static func check(saysYes n: Int, andAfter: Bool) -> @Sendable () -> Bool {
        let asked = Locked(0)
        return {
            asked.withLock {
                $0 += 1
                return andAfter ? $0 >= n : $0 == n
            }
        }
    }

    /// `loopBackup` imported into a new store 40 times, with `check(n)` bound the `n`th time:
    /// each is stored whole (no habit skipped) or, when it throws, not at all. How many threw.
    func importLoopWholeOrNothing(_ check: (Int) -> @Sendable () -> Bool) throws -> Int {
        var failed = 0
        for n in 1...40 {
            let store = TestStore("loop-import")
            let engine = try store.engine(now: "2025-03-12T11:00:00Z")
            let before = try store.dump()
            do {
                let summary = try StoreCancellation.withCheck(check(n)) { try engine.importLoop(Self.loopBackup) }
                #expect(summary.habits.allSatisfy { $0.outcome != "skipped" }, "n \(n): \(summary.habits.map(\.notes))")
                #expect(try engine.habits().count == 40 && engine.entries(EntryQuery()).count == 160, "n \(n)")
            } catch {
                failed += 1
                #expect(try store.dump() == before, "n \(n): part of an import that failed was stored")
            }
        }
        return failed
    }

    /// A body that catches a store error and writes on (as a skip-and-continue import would)
    /// writes nothing more once SQLite has rolled an interrupted transaction back: each later
    /// statement is refused, where it would otherwise commit on its own.
    @Test func nothingRunsInATransactionSQLiteEnded() throws {
        let store = TestStore("ended")
        let t0 = StoreContract.t0
        let sqlite = try SQLiteStore(path: store.path, clock: { t0 })
        try sqlite.write { tx throws(HabitFlowError) in try tx.save(StoreContract.user) }
        let before = try store.dump()
        let asked = Locked(0)
        var refused = 0
        #expect(throws: HabitFlowError.self) {
            try StoreCancellation.withCheck({
                asked.withLock {
                    $0 += 1
                    return $0 >= 2
                }
            }) {
                try sqlite.write { tx throws(HabitFlowError) in
                    for n in 0..<300 {
                        do throws(HabitFlowError) { try tx.save(StoreContract.habit("h\(n)")) } catch { refused += 1 }
                    }
                }
            }
        }
        #expect(refused > 0)
        #expect(try store.dump() == before)
    }
}
