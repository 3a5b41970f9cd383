import HabitFlowCore

/// Strength over time (Loop's score chart) as self-contained SVG: a line over 0–100 %, one
/// point per day, week or month.
public enum StrengthChart {
    static let width = 720.0, height = 280.0
    static let plotLeft = 48.0, plotRight = 704.0, plotTop = 56.0, plotBottom = 236.0

    /// The chart of `points` (one per `period`) titled `title`, as SVG text.
    public static func svg(title: String, points: [StrengthPoint], per period: StrengthPeriod) -> String {
        var svg = SVG(width: Int(width), height: Int(height), title: "\(title): strength")
        svg.label(title, x: plotLeft, y: 22, size: 15, fill: ChartPalette.title, weight: "bold")
        guard let first = points.first, let last = points.last else { return svg.document }
        let now = Int((last.strength * 100).rounded())
        svg.label("strength \(now)% · per \(period.rawValue) · \(first.start) – \(last.end)", x: plotLeft, y: 40, size: 11)

        for pct in stride(from: 0, through: 100, by: 25) {
            let y = yOf(Double(pct) / 100)
            svg.line(x1: plotLeft, y1: y, x2: plotRight, y2: y, stroke: ChartPalette.grid)
            svg.label("\(pct)%", x: plotLeft - 6, y: y + 4, size: 10, anchor: "end")
        }
        let step = (plotRight - plotLeft) / Double(points.count)
        func xOf(_ i: Int) -> Double { plotLeft + (Double(i) + 0.5) * step }

        var line = "", area = ""
        for (i, p) in points.enumerated() {
            let xy = "\(num(xOf(i))) \(num(yOf(p.strength)))"
            line += (i == 0 ? "M" : " L") + xy
        }
        area = line + " L\(num(xOf(points.count - 1))) \(num(plotBottom)) L\(num(xOf(0))) \(num(plotBottom)) Z"
        svg.path(area, fill: ChartPalette.done, opacity: 0.15)
        svg.path(line, fill: "none", stroke: ChartPalette.done, width: 2)
        if points.count <= 60 {
            for (i, p) in points.enumerated() {
                svg.rect(
                    x: xOf(i) - 2.5, y: yOf(p.strength) - 2.5, width: 5, height: 5, fill: ChartPalette.done, radius: 2.5,
                    tooltip: "\(p.start) – \(p.end): \(Int((p.strength * 100).rounded()))%")
            }
        }

        // Months along the bottom (every k-th when they are many), with the year at January.
        var lastMonth = -1, shown = 0, labelFree = 0.0
        let every = period == .month ? max(1, (points.count + 11) / 12) : 1
        for (i, p) in points.enumerated() {
            let civil = p.start.civil
            guard civil.month != lastMonth else { continue }
            lastMonth = civil.month
            defer { shown += 1 }
            let name = civil.month == 1 || i == 0 ? "\(monthNames[civil.month - 1]) \(civil.year)" : monthNames[civil.month - 1]
            let halfWidth = Double(name.count) * 3.2
            guard shown % every == 0, xOf(i) - halfWidth >= labelFree else { continue }
            svg.label(name, x: xOf(i), y: plotBottom + 18, size: 10, anchor: "middle")
            labelFree = xOf(i) + halfWidth + 6
        }
        return svg.document
    }

    static func yOf(_ strength: Double) -> Double {
        plotBottom - max(0, min(1, strength)) * (plotBottom - plotTop)
    }
}
