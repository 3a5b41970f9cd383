// Instant → DayKey and DayKey → DayRange, HabitFlow beside Foundation, on one thread and two.
//
// Every benchmark runs `scalingFactor` operations per measured iteration over a fixed set of
// 4096 instants per thread (1970–2037, four zones; see Workload.swift), so the reported time
// per scaled iteration is ns per operation. The "(2 threads)" variants run the same loop on
// two threads at once, each thread doing `scalingFactor` operations on its own copy of the
// data: their wall clock per scaled iteration is therefore the per-thread cost per operation,
// directly comparable with the one-thread figure (equal = no slowdown per thread).
//
// Results are folded into a checksum per loop and the checksum goes to `blackHole`: calling
// `blackHole` (an unoptimised generic function) per operation would cost more than the
// operation being measured.

import Benchmark
import Dispatch
import Foundation
import HabitFlow

// MARK: The measured loops (one call = `ops` operations on one thread)

/// A control with no memory traffic and nothing shared: a dependent chain of multiplies,
/// a few ns per operation. If this slows down at two threads, the machine (busy cores, a
/// shared physical core) is the cause, not the code under test.
@inline(never)
func control(_ w: Workload, ops: Int) -> Int {
    var x = UInt64(truncatingIfNeeded: w.instants[0][0].seconds) | 1
    w.run(ops: ops) { _, elements in
        for _ in elements {
            x = (x ^ (x >> 31)) &* 0xBF58_476D_1CE4_E5B9
        }
    }
    return Int(truncatingIfNeeded: x)
}

@inline(never)
func habitFlowDayKeys(_ w: Workload, ops: Int) -> Int {
    var acc = 0
    w.run(ops: ops) { z, elements in
        let zone = w.zones[z]
        w.instants[z].withUnsafeBufferPointer { instants in
            for i in elements { acc &+= Int(zone.dayKey(at: instants[i]).dayNumber) }
        }
    }
    return acc
}

@inline(never)
func habitFlowDayRanges(_ w: Workload, ops: Int) -> Int {
    var acc = 0
    w.run(ops: ops) { z, elements in
        let zone = w.zones[z]
        w.days[z].withUnsafeBufferPointer { days in
            for i in elements {
                let range = try! zone.range(of: days[i])
                acc &+= Int(truncatingIfNeeded: range.start! &+ range.end!)
            }
        }
    }
    return acc
}

/// The nearest Foundation spelling of instant → local date: its year, month and day.
@inline(never)
func foundationDayKeys(_ w: Workload, ops: Int) -> Int {
    var acc = 0
    w.run(ops: ops) { z, elements in
        let calendar = w.calendars[z]
        w.dates[z].withUnsafeBufferPointer { dates in
            for i in elements {
                let c = calendar.dateComponents([.year, .month, .day], from: dates[i])
                acc &+= c.year! &* 512 &+ c.month! &* 32 &+ c.day!
            }
        }
    }
    return acc
}

/// Foundation's zone lookup alone, as a peer of ours: `TimeZone.secondsFromGMT(for:)` (the same
/// transition search HabitFlow does), then the same day-number arithmetic HabitFlow uses, so
/// the difference is the lookup and not Calendar's component machinery.
@inline(never)
func foundationOffsetDayKeys(_ w: Workload, ops: Int) -> Int {
    var acc = 0
    w.run(ops: ops) { z, elements in
        let zone = w.calendars[z].timeZone
        w.dates[z].withUnsafeBufferPointer { dates in
            for i in elements {
                let local = Int(dates[i].timeIntervalSince1970) + zone.secondsFromGMT(for: dates[i])
                acc &+= local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            }
        }
    }
    return acc
}

/// The nearest Foundation spelling of day → range: the start of the day and of the next one.
/// Foundation has no day value, so its input is an instant inside the day (the one the
/// DayKey came from); HabitFlow starts from the DayKey itself.
@inline(never)
func foundationDayRanges(_ w: Workload, ops: Int) -> Int {
    var acc = 0
    w.run(ops: ops) { z, elements in
        let calendar = w.calendars[z]
        w.dates[z].withUnsafeBufferPointer { dates in
            for i in elements {
                let start = calendar.startOfDay(for: dates[i])
                let end = calendar.startOfDay(for: calendar.date(byAdding: .day, value: 1, to: start)!)
                acc &+= Int(start.timeIntervalSince1970 + end.timeIntervalSince1970)
            }
        }
    }
    return acc
}

// MARK: Two threads

/// A second thread that stays parked between iterations, so a 2-thread iteration costs one
/// wake-up (microseconds) rather than a thread creation, and does not depend on a thread
/// pool's policy for running both halves at once.
final class SecondThread: @unchecked Sendable {
    private let go = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var job: (() -> Void)?

    init() {
        let thread = Thread { [self] in
            while true {
                go.wait()
                job?()
                done.signal()
            }
        }
        thread.start()
    }

    /// Runs `here` on the calling thread while `there` runs on the second thread; returns
    /// when both are done.
    func run(_ here: () -> Void, alongside there: @escaping () -> Void) {
        job = there
        go.signal()
        here()
        done.wait()
        job = nil
    }
}

// MARK: Registration

let benchmarks: @Sendable () -> Void = {
    let engine = Engine()
    // One workload per thread; thread t's data equals python/zoneinfo_bench.py's process t.
    let workloads = (0..<2).map { try! Workload(engine: engine, thread: $0) }
    for w in workloads {
        let bad = w.disagreements()
        if bad != 0 {
            FileHandle.standardError.write(Data("TimeCore: HabitFlow and Foundation disagree on \(bad) inputs\n".utf8))
        }
    }

    // Wall clock, CPU and malloc only: ARC counting hangs on Linux with Swift 6.3.
    // Throughput is there for the JMH export that scripts/bench reads.
    let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal, .throughput]
    // A million operations per iteration (≈ 10–80 ms for HabitFlow) drowns the cost of waking
    // the second thread; Foundation is 50–1000× slower, so it runs a thousand per iteration.
    let fast = Benchmark.Configuration(
        metrics: metrics, warmupIterations: 3, scalingFactor: .mega,
        maxDuration: .seconds(3), maxIterations: 300
    )
    let slow = Benchmark.Configuration(
        metrics: metrics, warmupIterations: 3, scalingFactor: .kilo,
        maxDuration: .seconds(3), maxIterations: 3000
    )

    func register(_ name: String, _ configuration: Benchmark.Configuration,
                  _ loop: @escaping @Sendable (Workload, Int) -> Int) {
        Benchmark(name, configuration: configuration) { benchmark in
            let ops = benchmark.scaledIterations.count
            blackHole(loop(workloads[0], ops))
        }
        let second = SecondThread()
        Benchmark("\(name) (2 threads)", configuration: configuration) { benchmark in
            let ops = benchmark.scaledIterations.count
            second.run({ blackHole(loop(workloads[0], ops)) },
                       alongside: { blackHole(loop(workloads[1], ops)) })
        }
    }

    register("control (ALU only)", fast, control)
    register("dayKey (HabitFlow)", fast, habitFlowDayKeys)
    register("dayRange (HabitFlow)", fast, habitFlowDayRanges)
    register("dayKey (Foundation Calendar)", slow, foundationDayKeys)
    register("dayKey (Foundation secondsFromGMT)", slow, foundationOffsetDayKeys)
    register("dayRange (Foundation startOfDay)", slow, foundationDayRanges)
}
