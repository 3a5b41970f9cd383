// The fixed inputs of the TimeCore benchmarks, shared in spirit with python/zoneinfo_bench.py:
// both draw the same instants from the same SplitMix64 stream, so thread (or process) `t`
// of either side works on identical data.

import Foundation
import HabitFlow
import HabitFlowTestSupport


enum WorkloadShape {
    /// The zones every thread cycles through, in this order.
    static let zoneNames = ["Europe/Amsterdam", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"]
    /// Instants per zone: 4 × 1024 = 4096 per thread.
    static let perZone = 1024
    /// Instants are uniform in [1970-01-01, 2038-01-01) UTC.
    static let firstSecond: Int64 = 0
    static let endSecond: Int64 = 2_145_916_800
    /// Thread (process) `t` uses seed `baseSeed + t`.
    static let baseSeed: UInt64 = 20_240_331

    /// The Unix seconds of thread `thread`, zone-major: `perZone` for zone 0, then zone 1, ...
    static func seconds(thread: Int) -> [[Int64]] {
        var rng = SplitMix64(seed: baseSeed &+ UInt64(thread))
        let span = UInt64(endSecond - firstSecond)
        return zoneNames.map { _ in
            (0..<perZone).map { _ in firstSecond + Int64(rng.next() % span) }
        }
    }
}

/// One thread's inputs, in both libraries' types, and a cursor into them.
///
/// Each thread owns its workload (the cursor is mutable); the zones and calendars inside
/// are the shared, thread-safe objects a real caller would hold.
final class Workload: @unchecked Sendable {
    let zones: [Zone]
    let instants: [[Instant]]
    let days: [[DayKey]]
    let calendars: [Calendar]
    let dates: [[Date]]
    /// Where the next operation starts: zone `zone`, element `index`.
    private var zone = 0
    private var index = 0

    init(engine: Engine, thread: Int) throws {
        let seconds = WorkloadShape.seconds(thread: thread)
        zones = try WorkloadShape.zoneNames.map { name throws(TimeError) in try engine.zone(named: name) }
        instants = seconds.map { $0.map { Instant(unixSeconds: $0)! } }
        days = zip(zones, instants).map { zone, instants in instants.map { zone.dayKey(at: $0) } }
        calendars = WorkloadShape.zoneNames.map { name in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: name)!
            return calendar
        }
        dates = seconds.map { $0.map { Date(timeIntervalSince1970: TimeInterval($0)) } }
    }

    /// Runs `body(zone, elements)` over the next `ops` inputs, cycling through all zones and
    /// elements; `body` is inlined, so the per-element loop it holds is the measured code.
    @inline(__always)
    func run(ops: Int, _ body: (_ zone: Int, _ elements: Range<Int>) -> Void) {
        var remaining = ops
        while remaining > 0 {
            let n = Swift.min(remaining, WorkloadShape.perZone - index)
            body(zone, index ..< index + n)
            remaining -= n
            index += n
            if index == WorkloadShape.perZone {
                index = 0
                zone = zone + 1 == zones.count ? 0 : zone + 1
            }
        }
    }

    /// Sanity check before measuring: both libraries agree on every input. Returns the
    /// number of disagreements (printed by the caller; expected 0).
    func disagreements() -> Int {
        var bad = 0
        for z in zones.indices {
            let calendar = calendars[z]
            for i in 0..<WorkloadShape.perZone {
                let c = calendar.dateComponents([.year, .month, .day], from: dates[z][i])
                let civil = days[z][i].civil
                if (c.year!, c.month!, c.day!) != (civil.year, civil.month, civil.day) { bad += 1 }
                let range = try! zones[z].range(of: days[z][i])
                let start = calendar.startOfDay(for: dates[z][i])
                let end = calendar.startOfDay(for: calendar.date(byAdding: .day, value: 1, to: start)!)
                if range.start != Int64(start.timeIntervalSince1970) || range.end != Int64(end.timeIntervalSince1970) {
                    bad += 1
                }
            }
        }
        return bad
    }
}
