import HabitFlowCore
import HabitFlowSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads what Loop Habit Tracker writes, whichever form it has: its SQLite backup (`.db`), its
/// CSV export as the zip it shares, or that zip unpacked into a folder.
public enum LoopFiles {
    /// The backup at `path`: a `.db`, a zip or a folder.
    /// - Throws: `invalidArgument` naming `path` when it is none of them or cannot be read.
    public static func read(path: String) throws(HabitFlowError) -> LoopBackup {
        func fail(_ why: String) -> HabitFlowError { HabitFlowError(.invalidArgument, "\(path): \(why)", field: "path") }
        var info = stat()
        guard stat(path, &info) == 0 else { throw fail("cannot be read") }
        if info.st_mode & S_IFMT == S_IFDIR {
            return try LoopCSV.read { name in readFile(path + "/" + name) }
        }
        // Only a regular file: a FIFO or a device could block or never end.
        guard info.st_mode & S_IFMT == S_IFREG else { throw fail("not a regular file or a folder") }
        guard let bytes = readFile(path) else { throw fail("cannot be read (or larger than \(ZipArchive.maxTotalBytes >> 20) MiB)") }
        if bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) { return try LoopDatabase.read(path: path) }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            let zip: ZipArchive
            do throws(ZipArchive.Failure) { zip = try ZipArchive(bytes: bytes) } catch { throw fail(error.message) }
            // Loop's zip holds its files at the top; a re-zipped folder may add one level.
            let prefix = zip.files.keys.first { $0.hasSuffix("Habits.csv") }.map { String($0.dropLast("Habits.csv".count)) } ?? ""
            return try LoopCSV.read { name in zip.files[prefix + name] }
        }
        throw fail("neither a Loop backup (.db) nor Loop's CSV export (a zip or its folder)")
    }

    /// The bytes of a regular file (at most 256 MiB), or `nil`.
    static func readFile(_ path: String) -> [UInt8]? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= ZipArchive.maxTotalBytes,
            let f = fopen(path, "rb")
        else { return nil }
        defer { fclose(f) }
        return FileBytes.read(f, limit: ZipArchive.maxTotalBytes)
    }
}

/// Loop's CSV export: `Habits.csv` (one row per habit) and, per habit, a folder `NNN Name/`
/// with `Checkmarks.csv` (`Date,Value[,Notes]`).
enum LoopCSV {
    static func read(_ file: (String) -> [UInt8]?) throws(HabitFlowError) -> LoopBackup {
        func fail(_ why: String) -> HabitFlowError { HabitFlowError(.invalidArgument, "Loop CSV export: \(why)", field: "path") }
        guard let habitsBytes = file("Habits.csv") else { throw fail("no Habits.csv") }
        guard let rows = parse(habitsBytes, maxRows: maxHabits + 1) else { throw fail("Habits.csv has more than \(maxHabits) habits") }
        guard let header = rows.first else { throw fail("Habits.csv is empty") }
        func col(_ names: String...) -> Int? { names.lazy.compactMap { header.firstIndex(of: $0) }.first }
        guard let nameCol = col("Name") else { throw fail("Habits.csv has no Name column") }
        let position = col("Position"), type = col("Type"), description = col("Description"),
            num = col("FrequencyNumerator", "NumRepetitions"),
            den = col("FrequencyDenominator", "Interval"), unit = col("Unit"), targetType = col("Target Type"),
            targetValue = col("Target Value"), archived = col("Archived?")
        var habits: [LoopHabit] = []
        var names = Set<String>()
        for (r, row) in rows.dropFirst().enumerated() where row.count > nameCol {
            func field(_ i: Int?) -> String? { i.flatMap { $0 < row.count ? row[$0] : nil } }
            let name = row[nameCol]
            guard names.insert(name).inserted else { throw fail("Habits.csv names \(name) twice") }
            let numerical = field(type) == "NUMERICAL" || field(type) == "1"
            var habit = LoopHabit(
                key: "csv-" + name, name: name, description: field(description),
                numerator: field(num).flatMap { Int($0) } ?? 1, denominator: field(den).flatMap { Int($0) } ?? 1,
                numerical: numerical, unit: field(unit),
                target: field(targetValue).flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil },
                atMost: field(targetType) == "AT_MOST", archived: field(archived) == "true")
            // The habit's folder: "NNN Name" with Loop's own file-name cleaning.
            // Position is a number ("001"); anything else (a path, say) is not used as one.
            let number =
                field(position).flatMap { p in p.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && !p.isEmpty && p.count <= 6 ? p : nil }
                ?? String(r + 1)
            let folder = number.count >= 3 ? number : String(repeating: "0", count: 3 - number.count) + number
            let sane = String(
                String(
                    name.unicodeScalars.filter { c in
                        c == " " || c == "." || c == "_" || c == "-" || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
                            || ("0"..."9").contains(c)
                    }
                ).prefix(100))
            let dir = String((folder + " " + sane).trimmingSpaces)
            if let checkmarks = file(dir + "/Checkmarks.csv") {
                guard let lines = parse(checkmarks, maxRows: maxCheckmarks + 1) else {
                    throw fail("\(dir)/Checkmarks.csv has more than \(maxCheckmarks) rows")
                }
                for (i, line) in lines.dropFirst().enumerated() where line.count >= 2 && !line[0].isEmpty {
                    guard let day = try? DayKey(parsing: line[0]) else {
                        throw fail("\(dir)/Checkmarks.csv line \(i + 2): bad date \(line[0])")
                    }
                    guard let mark = LoopMapping.mark(csv: line[1], numerical: numerical) else {
                        throw fail("\(dir)/Checkmarks.csv line \(i + 2): bad value \(line[1])")
                    }
                    habit.checkmarks.append(LoopCheckmark(day: day, mark: mark, note: line.count > 2 ? line[2] : nil))
                }
            }
            habits.append(habit)
        }
        return LoopBackup(habits: habits)
    }

    /// Bounds on what one export may hold (a year a day for 270 years).
    static let maxHabits = 10_000, maxCheckmarks = 100_000

    /// RFC 4180 rows (quoted fields, doubled quotes, CRLF or LF); `nil` past `maxRows` rows.
    static func parse(_ bytes: [UInt8], maxRows: Int) -> [[String]]? {
        var rows: [[String]] = [], row: [String] = [], field: [UInt8] = []
        var quoted = false, i = 0
        while i < bytes.count {
            let c = bytes[i]
            if quoted {
                if c == UInt8(ascii: "\"") {
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                        field.append(c)
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(c)
                }
            } else if c == UInt8(ascii: "\"") {
                quoted = true
            } else if c == UInt8(ascii: ",") {
                row.append(String(decoding: field, as: UTF8.self))
                field = []
            } else if c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                if c == UInt8(ascii: "\r"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\n") { i += 1 }
                row.append(String(decoding: field, as: UTF8.self))
                field = []
                rows.append(row)
                row = []
                if rows.count > maxRows { return nil }
            } else {
                field.append(c)
            }
            i += 1
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(String(decoding: field, as: UTF8.self))
            rows.append(row)
        }
        return rows
    }
}
