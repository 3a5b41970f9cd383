import Dispatch

/// Where the pool's own task runs (`PostgresClient.run`: connecting, closing idle
/// connections): Dispatch threads of its own, not Swift concurrency's shared ones — a host or a
/// test that blocks those (a blocking call, a synchronous wait) must not keep the pool from
/// making a connection; on two cores the shared pool has two threads. (Leases and statements
/// run on their connection's event loop: `LoopExecutor`.)
final class PoolExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "habitflow.postgres", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    static let shared = PoolExecutor()
}
