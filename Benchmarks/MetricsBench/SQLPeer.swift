import CSQLiteRaw
import Foundation
import HabitFlow

// Peer (a), the query: SQLite's gaps and islands over the same store file (run in main.swift).

/// Current and longest streak of every daily habit, in one SQL query. Exact for daily habits,
/// no simplification: target versions (ties: recorded last, then id; none → 1), pauses
/// (target-0 days neither extend nor break a run), at least / at most, a day's value (the sum
/// of its active entries' values, their count for binary habits; summed only for
/// multiple-per-day habits, the others have one active entry a day), deleted entries ignored,
/// today open.
///
/// Gaps and islands: the complete days plus the pause days (as fillers, so a pause between
/// two complete days leaves them consecutive), grouped by julianday(day) − ROW_NUMBER() per
/// habit; an island's length counts its complete days. The current streak is the island that
/// reaches yesterday or today (today is open).
let streakSQL = """
    WITH RECURSIVE
    v AS (SELECT habit_id, effective_day_key AS eff, recorded_at, id, target, paused FROM target_versions),
    tv AS (  -- each version in force over [eff, next_eff) with the target then (0 in a pause:
             -- a version sets what it holds, paused 1/0, 2 unchanged, null a legacy target-0
             -- pause); a superseded same-day version is empty
        SELECT v.habit_id, v.eff,
               CASE WHEN COALESCE((SELECT CASE WHEN w.paused IS NULL THEN w.target = 0 ELSE w.paused END FROM v w
                                   WHERE w.habit_id = v.habit_id AND (w.paused IS NULL OR w.paused < 2)
                                     AND (w.eff, w.recorded_at, w.id) <= (v.eff, v.recorded_at, v.id)
                                   ORDER BY w.eff DESC, w.recorded_at DESC, w.id DESC LIMIT 1), 0) THEN 0
                    ELSE COALESCE((SELECT w.target FROM v w WHERE w.habit_id = v.habit_id AND w.target IS NOT NULL
                                     AND (w.eff, w.recorded_at, w.id) <= (v.eff, v.recorded_at, v.id)
                                   ORDER BY w.eff DESC, w.recorded_at DESC, w.id DESC LIMIT 1), 1) END AS target,
               LEAD(v.eff) OVER (PARTITION BY v.habit_id ORDER BY v.eff, v.recorded_at, v.id) AS next_eff
        FROM v),
    pause_day(habit_id, day, last) AS (  -- every target-0 day through today
        SELECT habit_id, eff, MIN(COALESCE(date(next_eff, '-1 day'), ?1), ?1)
        FROM tv WHERE target = 0 AND (next_eff IS NULL OR next_eff > eff) AND eff <= ?1
        UNION ALL
        SELECT habit_id, date(day, '+1 day'), last FROM pause_day WHERE day < last),
    daily AS (
        SELECT id, kind, target_type FROM habits
        WHERE owner_id = ?2 AND cadence = 'daily' AND deleted_at IS NULL AND archived = 0),
    day_value AS (
        SELECT e.habit_id, e.day_key, d.target_type, CASE d.kind WHEN 'binary' THEN 1 ELSE COALESCE(e.value, 0) END AS value
        FROM entries e JOIN daily d ON d.id = e.habit_id
        WHERE e.deleted_at IS NULL AND e.multiple_per_day = 0 AND e.day_key <= ?1
        UNION ALL
        SELECT e.habit_id, e.day_key, d.target_type, CASE d.kind WHEN 'binary' THEN COUNT(*) ELSE TOTAL(e.value) END
        FROM entries e JOIN daily d ON d.id = e.habit_id
        WHERE e.deleted_at IS NULL AND e.multiple_per_day = 1 AND e.day_key <= ?1
        GROUP BY e.habit_id, e.day_key),
    complete AS (
        SELECT v.habit_id, v.day_key, 1 AS real
        FROM day_value v LEFT JOIN tv
          ON tv.habit_id = v.habit_id AND tv.eff <= v.day_key AND (tv.next_eff IS NULL OR v.day_key < tv.next_eff)
        WHERE COALESCE(tv.target, 1) > 0
          AND CASE v.target_type WHEN 'atLeast' THEN v.value >= COALESCE(tv.target, 1) ELSE v.value <= COALESCE(tv.target, 1) END
        UNION ALL
        SELECT p.habit_id, p.day, 0 FROM pause_day p JOIN daily d ON d.id = p.habit_id),
    islands AS (
        SELECT habit_id, day_key, real,
               julianday(day_key) - ROW_NUMBER() OVER (PARTITION BY habit_id ORDER BY day_key) AS grp FROM complete),
    runs AS (
        SELECT habit_id, SUM(real) AS length, MIN(CASE real WHEN 1 THEN day_key END) AS first,
               MAX(CASE real WHEN 1 THEN day_key END) AS last, MAX(day_key) AS reach
        FROM islands GROUP BY habit_id, grp HAVING SUM(real) > 0),
    ranked AS (
        SELECT *, ROW_NUMBER() OVER (PARTITION BY habit_id ORDER BY length DESC, first) AS rank FROM runs)
    SELECT d.id, COALESCE(l.length, 0), l.first, l.last, COALESCE(c.length, 0), c.first, c.last
    FROM daily d
    LEFT JOIN ranked l ON l.habit_id = d.id AND l.rank = 1
    LEFT JOIN runs c ON c.habit_id = d.id AND c.reach >= date(?1, '-1 day')
    ORDER BY d.id
    """

struct SQLStreaks {
    var longest: HabitMetrics.Streak
    var current: HabitMetrics.Streak
}
/// A Streak from its parts (its memberwise initializer is internal to HabitFlowCore).
func makeStreak(_ length: Int, _ first: DayKey?, _ last: DayKey?) -> HabitMetrics.Streak {
    var s = HabitMetrics.Streak.none
    s.length = length
    s.first = first
    s.last = last
    return s
}

@MainActor func text(_ statement: OpaquePointer?, _ column: Int32) -> DayKey? {
    guard let p = sqlite3_column_text(statement, column) else { return nil }
    return try! DayKey(parsing: String(cString: p))
}
/// Runs a streak query (?1 today, ?2 the user; rows: habit, longest length/first/last,
/// current length/first/last), prepared anew each time as a one-off query would be.
@MainActor func streakQuery(_ sql: String) -> [String: SQLStreaks] {
    var statement: OpaquePointer?
    let rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    precondition(rc == SQLITE_OK, String(cString: sqlite3_errmsg(db)))
    sqlite3_bind_text(statement, 1, today.description, -1, csqliteraw_transient())
    sqlite3_bind_text(statement, 2, userId, -1, csqliteraw_transient())
    var out: [String: SQLStreaks] = [:]
    while sqlite3_step(statement) == SQLITE_ROW {
        let id = String(cString: sqlite3_column_text(statement, 0))
        out[id] = SQLStreaks(
            longest: makeStreak(Int(sqlite3_column_int64(statement, 1)), text(statement, 2), text(statement, 3)),
            current: makeStreak(Int(sqlite3_column_int64(statement, 4)), text(statement, 5), text(statement, 6)))
    }
    sqlite3_finalize(statement)
    return out
}

/// The plain gaps-and-islands query people write first: a daily binary habit's days with an
/// active entry, grouped by julianday(day) − ROW_NUMBER(). It knows no targets or pauses, so
/// it is checked only on the daily binary habits that have no target version (where its
/// answer is the engine's); it is the floor of what SQL can do here.
let plainStreakSQL = """
    WITH daily AS (
        SELECT id FROM habits
        WHERE owner_id = ?2 AND cadence = 'daily' AND kind = 'binary' AND deleted_at IS NULL AND archived = 0),
    days AS (
        SELECT DISTINCT e.habit_id, e.day_key FROM entries e JOIN daily d ON d.id = e.habit_id
        WHERE e.deleted_at IS NULL AND e.day_key <= ?1),
    islands AS (
        SELECT habit_id, day_key, julianday(day_key) - ROW_NUMBER() OVER (PARTITION BY habit_id ORDER BY day_key) AS grp FROM days),
    runs AS (
        SELECT habit_id, COUNT(*) AS length, MIN(day_key) AS first, MAX(day_key) AS last FROM islands GROUP BY habit_id, grp),
    ranked AS (
        SELECT *, ROW_NUMBER() OVER (PARTITION BY habit_id ORDER BY length DESC, first) AS rank FROM runs)
    SELECT d.id, COALESCE(l.length, 0), l.first, l.last, COALESCE(c.length, 0), c.first, c.last
    FROM daily d
    LEFT JOIN ranked l ON l.habit_id = d.id AND l.rank = 1
    LEFT JOIN runs c ON c.habit_id = d.id AND c.last >= date(?1, '-1 day')
    ORDER BY d.id
    """
