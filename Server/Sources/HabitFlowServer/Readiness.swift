import HabitFlowCore

/// `GET /v1/ready`'s answer, asked of the database at most once a second and by one request
/// at a time: a load balancer's checks, or anyone's flood of them, take one connection and one
/// thread for at most 2 s (`ReplicaStore.checkReady`), never the pool that pushes need.
actor Readiness {
    private let replicas: any ReplicaStore
    private var last: (at: ContinuousClock.Instant, error: HabitFlowError?)?
    private var running: Task<HabitFlowError?, Never>?

    init(_ replicas: any ReplicaStore) { self.replicas = replicas }

    /// Nil when a push would be taken now, else why not.
    func check() async -> HabitFlowError? {
        if let last, ContinuousClock.now - last.at < .seconds(1) { return last.error }
        if let running { return await running.value }
        let task = Task { [replicas] () -> HabitFlowError? in
            do throws(HabitFlowError) {
                try await replicas.checkReady()
                return nil
            } catch {
                return error
            }
        }
        running = task
        let error = await task.value
        running = nil
        last = (ContinuousClock.now, error)
        return error
    }
}
