import Dispatch
import Testing

@testable import HabitFlowCore

/// Core's locking on the standard library alone. Linux takes Synchronization's path; the older
/// Apple systems' path (a spin lock and loads by compare-and-swap) is called directly here, so it
/// runs on every platform the tests run on.
@Suite struct CoreLockTests {
    final class Box: @unchecked Sendable { var count = 0 }

    @Test func theLockAndTheSpinLockEachLetOneThreadIn() {
        let lock = CoreLock(), box = Box()
        nonisolated(unsafe) let word = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 1)
        word.initialize(to: nil)
        defer { word.deallocate() }
        let spun = Box()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<5_000 {
                lock.withLock { box.count += 1 }
                CoreLock.spinning(word) { spun.count += 1 }
            }
        }
        #expect(box.count == 40_000 && spun.count == 40_000)
        #expect(word.pointee == nil, "the spin lock is free again")
    }

    @Test func aWordPublishedOnceIsSeenByEveryThread() {
        nonisolated(unsafe) let words = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 64)
        words.initialize(repeating: nil, count: 64)
        defer { words.deallocate() }
        #expect(PublishedSlots.swapLoad(words) == 0)
        DispatchQueue.concurrentPerform(iterations: 64) { i in PublishedSlots.swapPublish(UInt(1000 + i), words + i) }
        PublishedSlots.swapPublish(7, words)  // a second publish changes nothing
        #expect((0..<64).allSatisfy { PublishedSlots.swapLoad(words + $0) == UInt(1000 + $0) })
    }
}
