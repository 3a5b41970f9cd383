import HabitFlowCore

/// A year-style calendar heatmap of one habit, as self-contained SVG: a column per week, a
/// row per weekday, month and weekday labels, a legend, and the habit's name.
public enum CalendarChart {
    static let cell = 12.0, pitch = 15.0, left = 34.0, top = 58.0

    /// Draws `line` (whole weeks are best: it is laid out from its first day) with each day
    /// marked by `marks` (one per day: `HabitMetrics.mark`).
    public static func svg(title: String, line: DayLine, marks: [DayMark], firstWeekday: Weekday) -> String {
        // Rows follow the user's week: row 0 is its first weekday.
        let lead = (line.start.weekday.rawValue - firstWeekday.rawValue + 7) % 7
        let weeks = (lead + line.count + 6) / 7
        let width = Int(left + Double(weeks) * pitch + 16)
        let height = Int(top + 7 * pitch + 44)
        var done = 0, required = 0
        var svg = SVG(width: max(width, 360), height: height, title: "\(title): calendar")
        let last = line.dayKey(at: line.count - 1)
        svg.label(title, x: left, y: 22, size: 15, fill: ChartPalette.title, weight: "bold")

        var labelFree = 0.0  // where the next month name may start
        for i in 0..<line.count {
            let day = line.dayKey(at: i)
            let slot = lead + i
            let x = left + Double(slot / 7) * pitch, y = top + Double(slot % 7) * pitch
            let civil = day.civil
            // A month's name above the week holding its 1st (as the CLI's heatmap has it); a first,
            // partial month gets none when the next one follows within two weeks.
            if civil.day == 1 || i == 0, i > 0 || civil.day <= 14 || line.count - i < 28, x >= labelFree {
                svg.label(monthNames[civil.month - 1], x: x, y: top - 6, size: 10)
                labelFree = x + 2 * pitch
            }
            let mark = marks[i]
            if mark == .done { done += 1 }
            if mark == .done || mark == .partly || mark == .missed { required += 1 }
            guard let fill = colour(mark) else { continue }
            var tip = "\(day) \(mark.rawValue)"
            if let v = line.values[i] { tip += ": \(amount(v))/\(amount(line.targets[i]))" }
            svg.rect(
                x: x, y: y, width: cell, height: cell, fill: fill,
                stroke: mark == .open || mark == .rest ? ChartPalette.missed : nil, radius: 2, tooltip: tip)
        }
        svg.label("\(line.start) – \(last): \(done) of \(required) required days done", x: left, y: 38, size: 11)

        // Weekday labels on alternate rows, in the user's week order.
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        for row in stride(from: 1, to: 7, by: 2) {
            svg.label(names[(firstWeekday.rawValue + row) % 7], x: left - 6, y: top + Double(row) * pitch + 10, size: 10, anchor: "end")
        }

        // The legend.
        var x = left
        let y = top + 7 * pitch + 18
        for (mark, name) in [(DayMark.done, "done"), (.partly, "partly"), (.missed, "missed"), (.rest, "rest day"), (.open, "open")] {
            svg.rect(
                x: x, y: y, width: cell, height: cell, fill: colour(mark)!,
                stroke: mark == .open || mark == .rest ? ChartPalette.missed : nil, radius: 2)
            svg.label(name, x: x + cell + 4, y: y + 10, size: 10)
            x += cell + 12 + Double(name.count) * 6.5
        }
        return svg.document
    }

    /// The fill of a day's cell; `nil` draws nothing.
    static func colour(_ mark: DayMark) -> String? {
        switch mark {
        case .done: ChartPalette.done
        case .partly: ChartPalette.partly
        case .missed: ChartPalette.missed
        case .rest: ChartPalette.rest
        case .open: ChartPalette.open
        case .none: nil
        }
    }
}
