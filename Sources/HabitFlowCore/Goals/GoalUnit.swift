/// Units a quantity goal can add up: each in a dimension with a factor to its base.
///
/// Distance (m, km, mi), duration (s, min, h), mass (g, kg, lb), volume (ml, l) and plain
/// counts. An unknown unit converts only to itself (same spelling, any case).
public enum GoalUnit {
    private static let table: [String: (dimension: String, factor: Double)] = [
        "m": ("distance", 1), "km": ("distance", 1000), "mi": ("distance", 1609.344),
        "s": ("duration", 1), "sec": ("duration", 1), "min": ("duration", 60), "h": ("duration", 3600), "hr": ("duration", 3600),
        "g": ("mass", 0.001), "kg": ("mass", 1), "lb": ("mass", 0.453_592_37),
        "ml": ("volume", 0.001), "l": ("volume", 1),
        "count": ("count", 1), "times": ("count", 1), "sessions": ("count", 1), "reps": ("count", 1),
    ]

    /// The factor that turns a value in `from` into `to`, or `nil` when they do not convert.
    public static func factor(from: String, to: String) -> Double? {
        let a = from.lowercased(), b = to.lowercased()
        if a == b { return 1 }
        guard let x = table[a], let y = table[b], x.dimension == y.dimension else { return nil }
        return x.factor / y.factor
    }
}
