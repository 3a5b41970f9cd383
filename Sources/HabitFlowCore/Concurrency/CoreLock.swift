import Synchronization

/// A lock on the standard library alone, for HabitFlowCore (which imports no C library).
///
/// Synchronization's `Mutex` where it exists (Linux, and Apple systems from macOS 15 / iOS 18 /
/// watchOS 11); on the older Apple systems the package supports (Package.swift) a spin lock on
/// the standard library's pointer compare-and-swap. Core locks only around loading a zone
/// (rare, short), so spinning there costs nothing that matters.
final class CoreLock: @unchecked Sendable {
    /// A `Mutex<Void>` where it exists; else the spin lock's word (nil: free).
    private let storage: UnsafeMutableRawPointer

    init() {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            storage = .allocate(byteCount: MemoryLayout<Mutex<Void>>.size, alignment: MemoryLayout<Mutex<Void>>.alignment)
            storage.bindMemory(to: Mutex<Void>.self, capacity: 1).initialize(to: Mutex<Void>(()))
        } else {
            storage = .allocate(byteCount: MemoryLayout<UnsafeRawPointer?>.size, alignment: MemoryLayout<UnsafeRawPointer?>.alignment)
            storage.initializeMemory(as: UnsafeRawPointer?.self, repeating: nil, count: 1)
        }
    }

    deinit {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            storage.assumingMemoryBound(to: Mutex<Void>.self).deinitialize(count: 1)
        }
        storage.deallocate()
    }

    /// Runs `body` holding the lock (not reentrant).
    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            return try storage.assumingMemoryBound(to: Mutex<Void>.self).pointee.withLock { (_: inout Void) throws(E) -> T in try body() }
        }
        return try Self.spinning(storage.assumingMemoryBound(to: UnsafeRawPointer?.self), body)
    }

    /// Runs `body` holding the spin lock whose word is `word` (nil: free): the older Apple
    /// systems' path, tested directly on every platform (CoreLockTests).
    static func spinning<T, E: Error>(_ word: UnsafeMutablePointer<UnsafeRawPointer?>, _ body: () throws(E) -> T) throws(E) -> T {
        let held = UnsafeRawPointer(word)
        while true {
            var free: UnsafeRawPointer? = nil
            if _stdlib_atomicCompareExchangeStrongPtr(object: word, expected: &free, desired: held) { break }
        }
        defer {
            var mine: UnsafeRawPointer? = held
            _ = _stdlib_atomicCompareExchangeStrongPtr(object: word, expected: &mine, desired: nil)
        }
        return try body()
    }
}
