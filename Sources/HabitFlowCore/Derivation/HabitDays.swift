/// A habit's active entries folded into one value per logged day, column-wise.
///
/// The derivation hot path: day numbers and values in two contiguous arrays, ascending by
/// day, built once per read from the entries (nothing here is ever stored). A day's value is
/// the sum of its active entries' values (numeric) or their count (binary); with one entry
/// per day, that is the entry's value.
public struct HabitDays: Sendable, Equatable {
    /// Days with at least one active entry, ascending (days since 1970-01-01).
    public private(set) var days: [Int32] = []
    /// The value of each day in `days`.
    public private(set) var values: [Double] = []

    /// Folds entries (any order; deleted ones are ignored). A binary habit's days from
    /// `numericFrom` on (`Habit.numericFrom`) sum values as a numeric habit's do.
    public init(_ entries: some Sequence<HabitEntry>, kind: Habit.Kind, numericFrom: DayKey? = nil) {
        var pairs: [(Int32, Double)] = []
        let counted = kind == .binary ? numericFrom?.dayNumber ?? .max : .min  // days before it count entries
        for e in entries where e.isActive {
            pairs.append((e.dayKey.dayNumber, e.dayKey.dayNumber < counted ? 1 : (e.value ?? 0)))
        }
        pairs.sort { $0.0 < $1.0 }
        for (day, value) in pairs {
            if let last = days.last, last == day {
                values[values.count - 1] += value
            } else {
                days.append(day)
                values.append(value)
            }
        }
    }

    /// Days a store already aggregated: `days` ascending, with each day's count of active
    /// entries and the sum of their values; the day's value follows `kind` as above.
    public init(days: [Int32], counts: [Int32], sums: [Double], kind: Habit.Kind, numericFrom: DayKey? = nil) {
        precondition(days.count == counts.count && days.count == sums.count, "one count and one sum per day")
        self.days = days
        switch (kind, numericFrom) {
        case (.numeric, _): values = sums
        case (.binary, nil): values = counts.map(Double.init)
        case let (.binary, from?):
            values = days.indices.map { days[$0] < from.dayNumber ? Double(counts[$0]) : sums[$0] }
        }
    }

    /// The value logged on `day`, or `nil` when no active entry exists then.
    public func value(on day: DayKey) -> Double? {
        var lo = 0, hi = days.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if days[mid] < day.dayNumber { lo = mid + 1 } else { hi = mid }
        }
        return lo < days.count && days[lo] == day.dayNumber ? values[lo] : nil
    }
}
