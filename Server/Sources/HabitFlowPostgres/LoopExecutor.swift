import NIOConcurrencyHelpers
import NIOCore

/// An event loop as a task executor, for the tasks that wait on a connection of the pool: the
/// rest of such a task runs on the loop the answer arrives on, so resuming it costs no thread
/// wake-up (on another executor, each answer would wake a thread of it, and its result would
/// wake the loop again). The tasks are short and never block: they take rows and hand them on
/// (`Answer`). One per loop, kept for the process.
final class LoopExecutor: TaskExecutor {
    let loop: any EventLoop

    private init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    private static let made = NIOLockedValueBox<[ObjectIdentifier: LoopExecutor]>([:])

    /// The executor of `loop`.
    static func on(_ loop: any EventLoop) -> LoopExecutor {
        made.withLockedValue { table in
            if let kept = table[ObjectIdentifier(loop)] { return kept }
            let new = LoopExecutor(loop)
            table[ObjectIdentifier(loop)] = new
            return new
        }
    }
}
