import HabitFlow
import HabitFlowStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the C face keeps for the whole process — the tz data setting and the handle
/// registry — behind locks held across `fork()` (`Locked(heldAcrossFork:)`, issue 58); a
/// child moves the process generation on, so inherited handles are recognised as such.
final class ProcessState: Sendable {
    /// `hf_set_tzdata`'s setting, read by the handle-free engine when it is made and by each
    /// `hf_open` without a "tzdata" option.
    let tzdata = Locked<(tzdata: TZData, started: Bool)>((TZData.environment, false), heldAcrossFork: true)
    /// Every open `hf_engine` handle.
    let handles = HandleRegistry()

    /// This process's place in its line of forks: 0 in the process that loaded the library,
    /// one more in each child. Written only by the child's fork handler, before it runs on.
    nonisolated(unsafe) static var generation: UInt64 = 0

    init() {
        pthread_atfork(nil, nil, { ProcessState.generation &+= 1 })
    }
}

/// The process's state, made on first use.
let process = ProcessState()
