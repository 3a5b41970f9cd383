import CSQLite
import HabitFlowCore

/// Reads a Loop Habit Tracker backup (`.db`, schema versions 8–25): tables `Habits` and
/// `Repetitions`, timestamps in milliseconds at 00:00 UTC of the local day, numerical values
/// × 1000. The file is opened read-only and never changed.
public enum LoopDatabase {
    /// The backup schema versions this reads (Loop 1.8 on).
    public static let versions: ClosedRange<Int64> = 8...25

    /// The habits and checkmarks of the backup at `path`.
    /// - Throws: `invalidArgument` for a file that is not a Loop backup of a known version, `storage` when it cannot be read.
    public static func read(path: String) throws(HabitFlowError) -> LoopBackup {
        // Our own refusals travel as SQLITE_FORMAT, SQLite's as they are.
        func fail(_ why: String) -> SQLiteError { SQLiteError(SQLITE_FORMAT, why) }
        do throws(SQLiteError) {
            let db = try SQLiteDatabase(path: path, readOnly: true)
            defer { db.close() }
            let tables = Set(try db.rows("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text(0) })
            guard tables.contains("Habits"), tables.contains("Repetitions") else { throw fail("no Habits and Repetitions tables") }
            let version = try db.pragmaInteger("user_version")
            guard versions.contains(version) else {
                throw fail("schema version \(version) (reads \(versions.lowerBound)–\(versions.upperBound))")
            }
            let habitColumns = Set(try db.rows("PRAGMA table_info(Habits)") { $0.text(1) })
            let repColumns = Set(try db.rows("PRAGMA table_info(Repetitions)") { $0.text(1) })
            // Columns later schemas added: read when there, else Loop's defaults then.
            func column(_ name: String, _ fallback: String) -> String { habitColumns.contains(name) ? name : fallback }
            let habitSQL = """
                SELECT id, name, \(column("description", "NULL")), \(column("freq_num", "1")), \(column("freq_den", "1")),
                       \(column("archived", "0")), \(column("type", "0")), \(column("target_type", "0")),
                       \(column("target_value", "NULL")), \(column("unit", "NULL")), \(column("uuid", "NULL"))
                FROM Habits ORDER BY \(column("position", "id")), id
                """
            struct Row {
                var id: Int64
                var habit: LoopHabit
            }
            var habits: [Row] = []
            for row in try db.rows(
                habitSQL, [],
                { s -> Row? in
                    let id = s.int64(0)
                    let numerical = s.int64(6) == 1
                    // Old schemas have no uuid: the name finds the habit again.
                    let habit = LoopHabit(
                        key: s.text(10) ?? "db-" + (s.text(1) ?? "\(id)"), name: s.text(1) ?? "Habit \(id)", description: s.text(2),
                        numerator: Int(clamping: s.int64(3)), denominator: Int(clamping: s.int64(4)), numerical: numerical,
                        unit: s.text(9), target: numerical ? s.double(8) : nil, atMost: s.int64(7) == 1,
                        archived: s.int64(5) != 0)
                    return Row(id: id, habit: habit)
                })
            { habits.append(row) }
            let notes = repColumns.contains("notes") ? "notes" : "NULL"
            var index: [Int64: Int] = [:]
            for (i, row) in habits.enumerated() { index[row.id] = i }
            let s = try db.statement("SELECT habit, timestamp, value, \(notes) FROM Repetitions ORDER BY habit, timestamp")
            defer { sqlite3_reset(s.handle) }
            while try s.step() {
                guard let i = index[s.int64(0)] else { continue }
                let ms = s.int64(1)
                guard let day = DayKey(dayNumber: Int(ms.dividedFloor(86_400_000))) else {
                    throw fail("a repetition's timestamp \(ms) is out of range")
                }
                let mark = LoopMapping.mark(stored: s.int64(2), numerical: habits[i].habit.numerical)
                habits[i].habit.checkmarks.append(LoopCheckmark(day: day, mark: mark, note: s.text(3)))
            }
            return LoopBackup(habits: habits.map(\.habit))
        } catch {
            let why = error.code == SQLITE_FORMAT ? error.message : "SQLite: \(error.message)"
            throw HabitFlowError(.invalidArgument, "\(path) is not a Loop backup HabitFlow reads: \(why)", field: "path")
        }
    }
}

extension Int64 {
    /// Division rounding toward minus infinity (days before 1970 stay on their day).
    func dividedFloor(_ d: Int64) -> Int64 {
        let q = self / d
        return self % d < 0 ? q - 1 : q
    }
}
