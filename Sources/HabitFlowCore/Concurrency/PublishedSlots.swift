import Synchronization

/// A fixed table of words, each written once (from 0, under the writer's own lock) and then only
/// read, by any number of threads.
///
/// Reads take no lock where Swift has atomics (`Synchronization.Atomic`: Linux, and Apple systems
/// from macOS 15 / iOS 18 / watchOS 11): a store with release order publishes a word, a load with
/// acquire order sees what was written before it. On the older Apple systems the package supports
/// (Package.swift) a lock guards each read and write instead — correct, a little slower. The
/// availability checks are Apple's only: elsewhere they are always true and compile away.
final class PublishedSlots: @unchecked Sendable {
    let count: Int
    /// `count` words: `Atomic<UInt>`s where atomics exist, plain `UInt`s under `lock` elsewhere.
    private let words: UnsafeMutableRawPointer
    private let lock = Locked(())

    init(count: Int) {
        self.count = count
        words = .allocate(byteCount: count * MemoryLayout<UInt>.stride, alignment: MemoryLayout<UInt>.alignment)
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            let slots = words.bindMemory(to: Atomic<UInt>.self, capacity: count)
            for i in 0..<count { (slots + i).initialize(to: Atomic<UInt>(0)) }
        } else {
            words.initializeMemory(as: UInt.self, repeating: 0, count: count)
        }
    }

    deinit {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            words.assumingMemoryBound(to: Atomic<UInt>.self).deinitialize(count: count)
        }
        words.deallocate()
    }

    /// Word `i`: 0 until it is published.
    @inline(__always)
    func load(_ i: Int) -> UInt {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            return words.assumingMemoryBound(to: Atomic<UInt>.self)[i].load(ordering: .acquiring)
        }
        return lock.withLock { _ in words.load(fromByteOffset: i * MemoryLayout<UInt>.stride, as: UInt.self) }
    }

    /// Publishes `value` in word `i` (0 until now): every later `load(i)` on any thread sees it
    /// and what was written before it.
    func publish(_ value: UInt, at i: Int) {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            words.assumingMemoryBound(to: Atomic<UInt>.self)[i].store(value, ordering: .releasing)
            return
        }
        lock.withLock { _ in words.storeBytes(of: value, toByteOffset: i * MemoryLayout<UInt>.stride, as: UInt.self) }
    }
}
