import Foundation
import HabitFlow

// How MetricsBench prints figures and streaks.

func ms(_ x: Double) -> String { String(format: x < 10 ? "%9.3f" : "%9.1f", x) }
func ratio(_ peer: Double, _ hf: Double) -> String { String(format: "%7.1f×", peer / hf) }
func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }

func describe(_ s: HabitMetrics.Streak) -> String {
    "\(s.length) (\(s.first?.description ?? "-") … \(s.last?.description ?? "-"))"
}
func streak(_ any: Any?) -> HabitMetrics.Streak {
    let o = any as! [String: Any]
    let day = { (key: String) -> DayKey? in (o[key] as? String).map { try! DayKey(parsing: $0) } }
    return makeStreak((o["length"] as! NSNumber).intValue, day("first"), day("last"))
}

/// One row of the table: a path's median and minimum, its goal, and how many times slower each
/// peer is than HabitFlow's full derivation, cold and warm.
@MainActor func row(_ label: String, _ s: Stats, goal: String = "", peer: Bool = false) {
    var line = pad(label, 48) + " " + ms(s.median) + " " + ms(s.min) + String(format: "  %4d", s.samples.count) + "  " + pad(goal, 7)
    if peer { line += "  " + ratio(s.median, fullCold.median) + " / " + ratio(s.median, fullWarm.median) }
    print(line)
}
