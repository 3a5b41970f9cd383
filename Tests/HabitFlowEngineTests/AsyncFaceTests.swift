import Foundation
import HabitFlow
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
    static func year() -> [LogRequest] {
        (0..<365).map { n in
            var r = LogRequest(habitId: "read")
            let day = DayKey("2024-03-12").adding(days: n)!
            r.dayKey = day
            r.timestampUtc = try! Instant(parsing: "\(day)T12:00:00Z")
            r.entryId = "e\(n)"
            return r
        }
    }

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
            try StoreCancellation.$check.withValue(check) { _ = try engine.importEntries(Self.year()) }
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
            try StoreCancellation.$check.withValue({ true }) { _ = try engine.importEntries(Self.year()) }
        } throws: { ($0 as? HabitFlowError)?.message == StoreCancellation.error.message }
        #expect(try engine.entries(EntryQuery()).isEmpty)
        #expect(try engine.importEntries(Self.year()).created == 365)
    }

    /// A cancel may land anywhere in a Loop import — in a habit's insert, which the import
    /// otherwise reports as skipped, or between entries: the import is stored whole or not at
    /// all, never in part (SQLite rolls an interrupted write back by itself, and nothing more
    /// runs in that transaction).
    @Test func aLoopImportCancelledAnywhereIsStoredWholeOrNotAtAll() throws {
        // Many habits with few days: many of the import's statements are a habit's insert.
        let days = (0..<4).map { DayKey("2025-02-01").adding(days: $0)! }
        let backup = LoopBackup(
            habits: (1...40).map { n in
                LoopHabit(
                    key: "h\(n)", name: "Habit \(n)", numerator: 1, denominator: 1, numerical: true, unit: "km", target: 5,
                    checkmarks: days.map { LoopCheckmark(day: $0, mark: .done(Double(n))) })
            })
        var stopped = 0
        for stopAt in 1...40 {
            let store = TestStore("loop-cancel")
            let engine = try store.engine(now: "2025-03-12T11:00:00Z")
            let before = try store.dump()
            let asked = Locked(0)
            let check: @Sendable () -> Bool = {
                asked.withLock {
                    $0 += 1
                    return $0 >= stopAt
                }
            }
            do {
                let summary = try StoreCancellation.$check.withValue(check) { try engine.importLoop(backup) }
                #expect(summary.entriesCreated == 160, "stopAt \(stopAt)")
                #expect(try engine.habits().count == 40 && engine.entries(EntryQuery()).count == 160, "stopAt \(stopAt)")
            } catch {
                stopped += 1
                #expect(try store.dump() == before, "stopAt \(stopAt): part of a cancelled import was stored")
            }
        }
        #expect(stopped >= 20)
    }

    /// A store error in the middle of a Loop import — here SQLite interrupting one statement,
    /// a read perhaps, the transaction still open, and no cancel after — ends the import with
    /// nothing stored: it is never taken for a habit the import may skip, the rest committed.
    @Test func aStoreErrorInALoopImportStoresNothing() throws {
        let days = (0..<4).map { DayKey("2025-02-01").adding(days: $0)! }
        let backup = LoopBackup(
            habits: (1...40).map { n in
                LoopHabit(
                    key: "h\(n)", name: "Habit \(n)", numerator: 1, denominator: 1, numerical: true, unit: "km", target: 5,
                    checkmarks: days.map { LoopCheckmark(day: $0, mark: .done(Double(n))) })
            })
        var failed = 0
        for failAt in 1...40 {
            let store = TestStore("loop-error")
            let engine = try store.engine(now: "2025-03-12T11:00:00Z")
            let before = try store.dump()
            let asked = Locked(0)
            let once: @Sendable () -> Bool = {
                asked.withLock {
                    $0 += 1
                    return $0 == failAt
                }
            }
            do {
                let summary = try StoreCancellation.$check.withValue(once) { try engine.importLoop(backup) }
                #expect(summary.habits.allSatisfy { $0.outcome != "skipped" }, "failAt \(failAt): \(summary.habits.map(\.notes))")
                #expect(try engine.habits().count == 40 && engine.entries(EntryQuery()).count == 160, "failAt \(failAt)")
            } catch {
                failed += 1
                #expect(try store.dump() == before, "failAt \(failAt): part of a failed import was stored")
            }
        }
        #expect(failed >= 20)
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
            try StoreCancellation.$check.withValue({
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
