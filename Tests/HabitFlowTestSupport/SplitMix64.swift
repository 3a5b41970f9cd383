import Foundation

/// A small seeded generator so that every randomized test can print its seed and be rerun
/// with it (`HABITFLOW_SEED=...`), and every benchmark draws the same inputs as its Python peer.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1) (the benchmarks' Python peers draw the same).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in 0 ..< n.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// `bytes` damaged as a corrupt file is: every `truncateEvery`th round cut short at a random
    /// length, else 1 to `maxChanges` random bytes overwritten within the first `span` bytes
    /// (all of them by default).
    public mutating func damaged(
        _ bytes: [UInt8], round: Int, truncateEvery: Int = 4, maxChanges: Int = 8, span: Int? = nil
    ) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        if round % truncateEvery == 0 { return Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &self))) }
        var out = bytes
        let limit = min(span ?? out.count, out.count)
        for _ in 0..<Int.random(in: 1...maxChanges, using: &self) {
            out[Int.random(in: 0..<limit, using: &self)] = UInt8.random(in: 0...255, using: &self)
        }
        return out
    }

    /// The seed for a randomized test: `HABITFLOW_SEED` when set, else a fresh one.
    public static func testSeed() -> UInt64 {
        if let text = getenvString("HABITFLOW_SEED"), let seed = UInt64(text) { return seed }
        return UInt64.random(in: 1...UInt64.max)
    }
}

private func getenvString(_ name: String) -> String? { ProcessInfo.processInfo.environment[name] }
