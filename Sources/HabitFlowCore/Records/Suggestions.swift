/// "Did you mean": the candidates closest to what someone typed, for every face that takes a
/// name (habit names, CLI commands).
public enum Suggestions {
    /// Up to `limit` of `candidates` close to `text` — containing it, or within a few typos
    /// (edit distance at most max(2, a third of its length)), compared without case —
    /// closest first.
    public static func closest(to text: String, among candidates: [String], limit: Int = 3) -> [String] {
        let wanted = Array(text.trimmingSpaces.lowercased())
        guard !wanted.isEmpty else { return [] }
        let scored = candidates.compactMap { candidate -> (Int, String)? in
            let key = candidate.lowercased()
            let characters = Array(key)
            if contains(characters, wanted) { return (0, candidate) }
            let d = distance(wanted, characters)
            return d <= max(2, wanted.count / 3) ? (d, candidate) : nil
        }
        return scored.sorted { $0 < $1 }.prefix(limit).map(\.1)
    }

    /// Whether `needle` occurs in `haystack`, character for character. (Not `String.contains`:
    /// that is `_StringProcessing`'s, which with its regex parser adds 1.2 MB to the library.)
    static func contains(_ haystack: [Character], _ needle: [Character]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...haystack.count - needle.count).contains { start in haystack[start..<start + needle.count].elementsEqual(needle) }
    }

    /// Levenshtein distance over characters (names are short).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
