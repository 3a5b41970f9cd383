import Foundation
import Logging
import NIOPosix
import PostgresNIO
import Synchronization
import Testing

@testable import HabitFlowPostgres

/// Committed writes' notifications go out without their writer waiting, many in a statement
/// (`ChangeAnnouncer`): none may be lost on the way, nor a partnership's mark. The tests wait
/// on threads of their own, with limits: the announcer's work runs on event loops, never on
/// Swift concurrency's few threads, which the suite's other tests hold.
@Suite struct ChangeAnnouncerTests {
    /// 300 users announced from several threads at once (every third also with a partnership
    /// change, announced second), and the database closed at once after: a connection
    /// listening on the channel hears every user, with the mark where it was given.
    @Test func everyAnnouncementIsHeardBeforeTheDatabaseCloses() throws {
        let database = try ServerDatabase(url: try TestDatabase.fresh("announce"), connections: 2)
        let users = (0..<300).map { "announced\($0)" }
        let listening = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let heard = Mutex<[String: Bool]>([:]), failure = Mutex<(any Error)?>(nil)
        let listener = Task(executorPreference: LoopExecutor.on(MultiThreadedEventLoopGroup.singleton.any())) {
            defer { done.signal() }
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: database.configuration, id: 1, logger: Logger(label: "test"))
                try await connection.listen(on: PostgresStore.channel) { notifications in
                    listening.signal()
                    for try await notification in notifications {
                        let (user, partnership) = PostgresStore.parse(notification: notification.payload)
                        let all = heard.withLock { heard in
                            heard[user] = partnership || heard[user] == true
                            return heard.count == users.count && users.indices.allSatisfy { $0 % 3 != 0 || heard[users[$0]] == true }
                        }
                        if all { break }
                    }
                }
                try await connection.close()
            } catch {
                failure.withLock { $0 = error }
                listening.signal()
            }
        }
        defer { listener.cancel() }
        #expect(listening.wait(timeout: .now() + 30) == .success, "no LISTEN within 30 s")
        DispatchQueue.concurrentPerform(iterations: users.count) { n in
            database.announcer.announce(users[n], partnership: false)
            if n % 3 == 0 { database.announcer.announce(users[n], partnership: true) }
        }
        database.close()
        #expect(done.wait(timeout: .now() + 30) == .success, "not every announcement was heard within 30 s")
        if let error = failure.withLock({ $0 }) { Issue.record(error) }
        let seen = heard.withLock { $0 }
        let unheard = Set(users).subtracting(seen.keys)
        #expect(unheard.isEmpty, "\(unheard.count) of \(users.count) users never heard")
        #expect(users.indices.allSatisfy { seen[users[$0]] == ($0 % 3 == 0) })
    }

    /// What is announced while a statement is under way goes in the next one, once that one
    /// has answered: one statement at a time, and nothing left waiting when they stop.
    @Test func whatGathersMeanwhileGoesNext() throws {
        let sends = Sends()
        let announcer = ChangeAnnouncer(logger: Logger(label: "test")) { payloads in
            await withCheckedContinuation { sends.record(payloads, answer: $0) }
        }
        announcer.announce("ann", partnership: false)
        #expect(try sends.next() == ["ann"])
        // The first statement waits for its answer: these gather meanwhile.
        announcer.announce("bob", partnership: false)
        announcer.announce("cy", partnership: true)
        announcer.announce("bob", partnership: false)
        sends.answer()
        #expect(try Set(sends.next()) == ["bob", "cy\npartnership"])
        sends.answer()
        // Stopped with nothing waiting, it starts again for the next.
        announcer.announce("dee", partnership: false)
        #expect(try sends.next() == ["dee"])
        sends.answer()
        announcer.settle(seconds: 10)
        #expect(sends.count == 3)
    }
}

/// The statements a test's announcer sent, each waiting for the test to answer it.
private final class Sends: @unchecked Sendable {
    private let condition = NSCondition()
    private var sent: [[String]] = []
    private var taken = 0
    private var unanswered: [CheckedContinuation<Void, Never>] = []

    func record(_ payloads: [String], answer: CheckedContinuation<Void, Never>) {
        condition.lock()
        sent.append(payloads)
        unanswered.append(answer)
        condition.broadcast()
        condition.unlock()
    }

    /// The next statement sent, within 10 seconds.
    func next() throws -> [String] {
        condition.lock()
        defer { condition.unlock() }
        let limit = Date() + 10
        while sent.count <= taken {
            guard condition.wait(until: limit) else { throw TestSetupError(description: "no statement sent within 10 s") }
        }
        taken += 1
        return sent[taken - 1]
    }

    /// Answers the oldest statement waiting.
    func answer() {
        condition.lock()
        let first = unanswered.isEmpty ? nil : unanswered.removeFirst()
        condition.unlock()
        first?.resume()
    }

    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return sent.count
    }
}
