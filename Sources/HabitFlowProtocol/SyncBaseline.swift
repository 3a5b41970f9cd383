import HabitFlowCore

/// The sync format as devices and servers depend on it — `syncVersion`, each record kind and
/// each of its fields by its wire name — as lines of text, and the check that a later format
/// still reads every change set of an earlier one (issue 59). A release commits its text
/// (`docs/sync-baseline.txt`). Unlike the JSON protocol, no new `syncVersion` licenses a
/// break: an engine reads the change sets of every version before its own (a device that
/// has not synced for a year pushes what it wrote then).
public enum SyncBaseline {
    /// The format as baseline text, one fact a line: `syncVersion N`, then per kind `kind
    /// NAME` and its `field NAME` lines, marked `key` for a key field and `added` for one
    /// added after the kind first synced (older change sets lack it).
    public static func text(version: Int = SyncRules.version, kinds: [RecordKind] = RecordKind.allCases) -> String {
        var lines = ["syncVersion \(version)"]
        for kind in kinds {
            lines.append("kind \(kind.rawValue)")
            for column in kind.columns {
                let mark = kind.key.contains(column) ? " key" : kind.addedColumns.contains(column) ? " added" : ""
                lines.append("field \(RecordKind.wireName(of: column))\(mark)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What `current` breaks of `baseline`, one sentence each; empty when every change set
    /// of the baseline's format still reads. A lower `syncVersion`, a kind or field gone, a
    /// key made of other fields, or a new field that is not marked `added` (older change sets
    /// lack it, so it must read as null) — each is a break. A new kind, or a new `added`
    /// field, is not.
    public static func breaks(from baseline: String, to current: String) -> [String] {
        let old = Format(baseline), new = Format(current)
        var found: [String] = []
        if new.version < old.version { found.append("syncVersion went back \(old.version) → \(new.version)") }
        for (kind, fields) in old.kinds.sorted(by: { $0.key < $1.key }) {
            guard let now = new.kinds[kind] else {
                found.append("kind \(kind) removed")
                continue
            }
            for (field, mark) in fields.sorted(by: { $0.key < $1.key }) {
                guard let held = now[field] else {
                    found.append("\(kind): field \(field) removed")
                    continue
                }
                if (held == "key") != (mark == "key") {
                    found.append("\(kind): field \(field) \(mark == "key" ? "left" : "joined") the key")
                }
                if mark == "added" && held == "" { found.append("\(kind): field \(field) no longer optional (older change sets lack it)") }
            }
            for (field, mark) in now.sorted(by: { $0.key < $1.key }) where fields[field] == nil && mark != "added" {
                found.append("\(kind): new field \(field) is not an added column (older change sets lack it)")
            }
        }
        return found
    }

    /// A baseline text read back.
    private struct Format {
        var version = 0
        /// Each kind's fields with their mark ("", "key" or "added").
        var kinds: [String: [String: String]] = [:]

        init(_ text: String) {
            var kind: String?
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                switch (words.first, words.count) {
                case ("syncVersion", 2): version = Int(words[1]) ?? 0
                case ("kind", 2):
                    kind = words[1]
                    kinds[words[1]] = [:]
                case ("field", 2), ("field", 3): if let kind { kinds[kind]?[words[1]] = words.count == 3 ? words[2] : "" }
                default: continue
                }
            }
        }
    }
}
