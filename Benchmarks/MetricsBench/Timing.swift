import Foundation
import HabitFlow

// How MetricsBench times a path: median and minimum of runs within a time budget.

/// Past this many seconds of one path, no more runs than 3 (the rest of the figures wait).
let budgetSeconds = 6.0

func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "n/a").split(separator: " ").prefix(3).joined(separator: " ")
}

struct Stats {
    var samples: [Double]  // ms
    var median: Double {
        let s = samples.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    var min: Double { samples.min()! }
}

/// One warm-up, then `runs` timed runs (fewer, but at least 3, past the time budget).
func measure(_ runs: Int, _ body: () -> Void) -> Stats {
    body()
    var samples: [Double] = []
    let start = seconds()
    while samples.count < runs, samples.count < 3 || seconds() - start < budgetSeconds {
        let t = seconds()
        body()
        samples.append((seconds() - t) * 1e3)
    }
    return Stats(samples: samples)
}
