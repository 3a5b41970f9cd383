/// How a day reads to a person looking at a calendar: its status, with the day's place in
/// time. Every picture of days (the CLI's heatmap and week, the SVG calendar, a host's own
/// view through `metrics.history`) marks days by this one rule.
public enum DayMark: String, Sendable, CaseIterable {
    /// Complete.
    case done
    /// Past and not complete, but something was logged short of an at-least target.
    case partly
    /// Past, required and not complete: nothing logged, or over an at-most limit.
    case missed
    /// Nothing was required (target 0, or an unlogged day of an N-per-week habit).
    case rest
    /// Today or later and not complete yet: still open, never missed.
    case open
    /// Before the habit's history begins (its creation, or an earlier backfilled entry).
    case none

    /// The mark of `day` with `status` and logged `value`, seen on `today`, for a habit whose
    /// history begins on `firstDay`; `atMost`: its target is a limit, so a logged value that
    /// fails it went over, which is missed, never partly done.
    public init(_ status: DayStatus, value: Double?, day: DayKey, today: DayKey, firstDay: DayKey, atMost: Bool = false) {
        if day < firstDay, status != .complete {
            self = .none
            return
        }
        switch status {
        case .complete: self = .done
        case .notRequired: self = .rest
        case .incomplete:
            if day >= today { self = .open } else if let value, value != 0, !atMost { self = .partly } else { self = .missed }
        }
    }
}
