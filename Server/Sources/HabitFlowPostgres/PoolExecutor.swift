import Dispatch

/// Where the database's tasks run: the pool's own (`PostgresClient.run`), each lease, and the
/// rest of each statement after postgres-nio writes it (`Pipeline.send`). Dispatch threads of
/// their own, not Swift concurrency's shared ones: a host or a test that blocks those (a
/// blocking call, a synchronous wait) must not keep the pool from lending a connection or a
/// statement from being answered — on two cores the shared pool has two threads.
final class PoolExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "habitflow.postgres", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    static let shared = PoolExecutor()
}
