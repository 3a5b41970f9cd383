/// Legacy goal texts of the old app ("1 time", "3 times", "5 times per day") as targets (004).
public enum LegacyTarget {
    /// The first whole-number word of the text; negative numbers give 0, none gives 1.
    public static func parse(_ text: String) -> Int {
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if let n = Int(word) { return Swift.max(0, n) }
        }
        return 1
    }
}
