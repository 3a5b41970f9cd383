import Foundation
import HabitFlow
import HabitFlowTestSupport
import Testing

/// `Engine.run` (issue 30): awaited off the caller's executor, errors typed, cancellation
/// honoured before a call starts.
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
}
