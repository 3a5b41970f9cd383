/// A habit's definition on every day, resolved once from its fields and its versions: runs of
/// days under one `DayRule`, held column-wise (jiff's transitions: a tiny hot path).
///
/// A habit's own fields hold from the start of its history; each version applies its fields
/// from its effective day on, in force order (the last recorded wins on one day, field by field).
public struct HabitRules: Sendable {
    /// The first day of each run, ascending; the first run starts at `DayKey.min`.
    public let starts: [Int32]
    /// The rule of each run.
    public let rules: [DayRule]
    /// One cadence and one target type throughout: the fast paths that read back from today
    /// may assume them.
    public let hasOneShape: Bool

    /// The rules of `habit` with its target versions; `skipped` (day numbers, ascending) are
    /// days the user's zone skipped (Pacific/Apia's 2011-12-30): they ask nothing, as a pause,
    /// so they neither break a streak nor count in a week (SPEC §3).
    public init(habit: Habit, schedule: TargetSchedule, skipped: [Int32] = []) {
        var starts: [Int32] = [DayKey.min.dayNumber], rules = [DayRule(base: habit)]
        for v in schedule.versions {
            let next = rules[rules.count - 1].applying(v)
            let day = v.effectiveDayKey.dayNumber
            if starts[starts.count - 1] == day {
                rules[rules.count - 1] = next
            } else if next != rules[rules.count - 1] {
                starts.append(day)
                rules.append(next)
            }
        }
        if !skipped.isEmpty { (starts, rules) = Self.resting(skipped, starts, rules) }
        self.starts = starts
        self.rules = rules
        let first = rules[0]
        hasOneShape = rules.allSatisfy { $0.cadence == first.cadence && $0.targetType == first.targetType }
    }

    /// The runs with each of `days` (ascending) made a run of its own that asks nothing.
    private static func resting(_ days: [Int32], _ starts: [Int32], _ rules: [DayRule]) -> ([Int32], [DayRule]) {
        var outStarts: [Int32] = [], outRules: [DayRule] = []
        var k = 0
        for (i, start) in starts.enumerated() {
            let end = i + 1 < starts.count ? starts[i + 1] : Int32.max
            var from = start
            while k < days.count, days[k] < end {
                let day = days[k]
                k += 1
                guard day >= from else { continue }
                if day > from {
                    outStarts.append(from)
                    outRules.append(rules[i])
                }
                var rest = rules[i]
                rest.paused = true
                outStarts.append(day)
                outRules.append(rest)
                from = day + 1
            }
            if from < end {
                outStarts.append(from)
                outRules.append(rules[i])
            }
        }
        return (outStarts, outRules)
    }

    /// The run holding day number `day`.
    @inline(__always)
    func run(of day: Int32) -> Int { starts.partitionPoint { $0 <= day } - 1 }

    /// The rule on `day`.
    public func rule(on day: DayKey) -> DayRule { rules[run(of: day.dayNumber)] }

    /// The first day from `day` on whose rule could never be met by a habit of `kind`: a
    /// binary habit at most 0 (SPEC §5) — a day is complete only with an entry, and an entry
    /// breaks that limit. `nil` when every such day can be met.
    public func firstUnmeetableDay(from day: DayKey, kind: Habit.Kind) -> DayKey? {
        guard kind == .binary else { return nil }
        for i in run(of: day.dayNumber)..<rules.count where rules[i].neverMetByBinary {
            return DayKey(uncheckedDayNumber: max(starts[i], day.dayNumber))
        }
        return nil
    }

    /// Whether any day of `from ... through` (day numbers) asks something.
    func anyRequired(from: Int32, through: Int32) -> Bool {
        guard from <= through else { return false }
        var i = run(of: from)
        while i < rules.count, starts[i] <= through {
            if rules[i].isRequired { return true }
            i += 1
        }
        return false
    }

    /// Whether a day of `from ... through` is paused (or asks nothing).
    func anyRest(from: Int32, through: Int32) -> Bool {
        guard from <= through else { return false }
        var i = run(of: from)
        while i < rules.count, starts[i] <= through {
            if !rules[i].isRequired { return true }
            i += 1
        }
        return false
    }
}

/// The rules of ascending days, read in one forward pass (no search per day).
struct RuleCursor {
    private let rules: HabitRules
    private var next: Int
    private(set) var current: DayRule

    /// A cursor positioned on day number `day`.
    init(_ rules: HabitRules, from day: Int32) {
        self.rules = rules
        let run = rules.run(of: day)
        next = run + 1
        current = rules.rules[run]
    }

    /// The rule on day number `day` (days must not go backwards between calls).
    @inline(__always)
    mutating func rule(on day: Int32) -> DayRule {
        while next < rules.starts.count, rules.starts[next] <= day {
            current = rules.rules[next]
            next += 1
        }
        return current
    }
}
