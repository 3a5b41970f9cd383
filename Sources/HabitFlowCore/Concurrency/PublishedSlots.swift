import Synchronization

/// A fixed table of words, each written once (from 0, under the writer's own lock) and then only
/// read, by any number of threads.
///
/// Reads take no lock. Where Swift has atomics (`Synchronization.Atomic`: Linux, and Apple
/// systems from macOS 15 / iOS 18 / watchOS 11) a store with release order publishes a word and
/// a load with acquire order sees what was written before it. On the older Apple systems the
/// package supports (Package.swift) both are the standard library's sequentially consistent
/// pointer compare-and-swap (a load is a swap of the value for itself) — correct, a little slower.
/// The availability checks are Apple's only: elsewhere they are always true and compile away.
final class PublishedSlots: @unchecked Sendable {
    let count: Int
    /// `count` words: `Atomic<UInt>`s where atomics exist, pointer-sized words swapped by
    /// compare-and-swap elsewhere.
    private let words: UnsafeMutableRawPointer

    init(count: Int) {
        self.count = count
        words = .allocate(byteCount: count * MemoryLayout<UInt>.stride, alignment: MemoryLayout<UInt>.alignment)
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            let slots = words.bindMemory(to: Atomic<UInt>.self, capacity: count)
            for i in 0..<count { (slots + i).initialize(to: Atomic<UInt>(0)) }
        } else {
            words.initializeMemory(as: UnsafeRawPointer?.self, repeating: nil, count: count)
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
        return Self.swapLoad(word(i))
    }

    /// Publishes `value` in word `i` (0 until now): every later `load(i)` on any thread sees it
    /// and what was written before it.
    func publish(_ value: UInt, at i: Int) {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            words.assumingMemoryBound(to: Atomic<UInt>.self)[i].store(value, ordering: .releasing)
            return
        }
        Self.swapPublish(value, word(i))
    }

    /// The older Apple systems' load: a compare-and-swap of the word for itself (tested
    /// directly on every platform, CoreLockTests).
    static func swapLoad(_ word: UnsafeMutablePointer<UnsafeRawPointer?>) -> UInt {
        var seen: UnsafeRawPointer? = nil
        _ = _stdlib_atomicCompareExchangeStrongPtr(object: word, expected: &seen, desired: nil)
        return UInt(bitPattern: seen)
    }

    /// The older Apple systems' publish: 0 → `value`, once.
    static func swapPublish(_ value: UInt, _ word: UnsafeMutablePointer<UnsafeRawPointer?>) {
        var empty: UnsafeRawPointer? = nil
        _ = _stdlib_atomicCompareExchangeStrongPtr(object: word, expected: &empty, desired: UnsafeRawPointer(bitPattern: value))
    }

    /// Word `i` as the compare-and-swap takes it (older Apple systems only).
    private func word(_ i: Int) -> UnsafeMutablePointer<UnsafeRawPointer?> {
        (words + i * MemoryLayout<UInt>.stride).assumingMemoryBound(to: UnsafeRawPointer?.self)
    }
}
