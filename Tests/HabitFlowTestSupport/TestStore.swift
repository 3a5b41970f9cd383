import Foundation
import HabitFlow

/// A store file in a fresh temporary directory, and engines on it at chosen moments.
public struct TestStore: Sendable {
    public let path: String

    public init(_ label: String = "store") {
        path = Repository.temporaryDirectory(label).appendingPathComponent("habitflow.sqlite").path
    }

    /// An engine on this store as `user`, whose clock is fixed at `now` (RFC 3339).
    public func engine(now: String, zone: String? = "Europe/Amsterdam", user: String = "alice") throws -> Engine {
        try Engine(storePath: path, user: user, zone: zone, now: try Instant(parsing: now))
    }

    /// Every row of every table, as text: two snapshots are equal when nothing was written.
    public func dump() throws -> String {
        let result = try run("sqlite3", [path, ".dump"])
        precondition(result.status == 0, result.stderr)
        return result.stdout
    }
}

public extension DayKey {
    /// A DayKey from text the test knows is valid.
    init(_ text: String) { self = try! DayKey(parsing: text) }
}

public extension LogRequest {
    /// One entry a day for `habitId`, `days` days from `from`, each at noon UTC with id
    /// `e<n>`: what an import of a history takes.
    static func daily(habitId: String, from: DayKey, days: Int) -> [LogRequest] {
        (0..<days).map { n in
            var r = LogRequest(habitId: habitId)
            let day = from.adding(days: n)!
            r.dayKey = day
            r.timestampUtc = try! Instant(parsing: "\(day)T12:00:00Z")
            r.entryId = "e\(n)"
            return r
        }
    }
}
