import HabitFlowCore

/// A goal's progress week by week as self-contained SVG: a bar per week of its window, each
/// week's target marked, met weeks in the colour of done.
public enum GoalChart {
    static let height = 280.0, plotLeft = 56.0, plotTop = 56.0, plotBottom = 236.0

    /// - Parameters:
    ///   - progress: the goal's derived progress (its `weeks` are drawn).
    ///   - today: weeks that have not ended by today are drawn as in progress, never short.
    ///   - cumulative: draw the running total against the goal's target (a target amount)
    ///     instead of each week against its own target (weekly goals).
    public static func svg(title: String, unit: String?, progress: GoalProgress, today: DayKey, cumulative: Bool) -> String {
        var weeks = progress.weeks
        if cumulative {
            var total = 0.0
            for i in weeks.indices {
                total += weeks[i].value
                weeks[i].value = total
                weeks[i].target = progress.target
                weeks[i].met = total >= progress.target
            }
        }
        let barPitch = max(18.0, min(48.0, 640.0 / Double(max(weeks.count, 1))))
        let width = max(420.0, plotLeft + Double(weeks.count) * barPitch + 24)
        var svg = SVG(width: Int(width), height: Int(height), title: "\(title): goal progress")
        svg.label(title, x: plotLeft, y: 22, size: 15, fill: ChartPalette.title, weight: "bold")
        let unitText = unit.map { " \($0)" } ?? ""
        svg.label(
            "\(progress.fraction)\(unitText) (\(Int(progress.percent.rounded()))%) · \(progress.status.rawValue) · from \(progress.windowStart)",
            x: plotLeft, y: 40, size: 11)
        let top = max(1, weeks.map { max($0.value, $0.target) }.max() ?? 1) * 1.15
        func yOf(_ v: Double) -> Double { plotBottom - max(0, v) / top * (plotBottom - plotTop) }

        for k in 0...2 {
            let v = top / 1.15 * Double(k) / 2
            svg.line(x1: plotLeft, y1: yOf(v), x2: width - 16, y2: yOf(v), stroke: ChartPalette.grid)
            svg.label(amount((v * 10).rounded() / 10), x: plotLeft - 6, y: yOf(v) + 4, size: 10, anchor: "end")
        }
        var lastMonth = -1, labelFree = 0.0
        for (i, w) in weeks.enumerated() {
            let x = plotLeft + Double(i) * barPitch + barPitch * 0.15
            let barWidth = barPitch * 0.7
            // A later week has begun, or the window is over (weeks may be short: SPEC §6a).
            let ended = i + 1 < weeks.count || (progress.windowEnd.map { $0 < today } ?? false)
            let fill = w.met ? ChartPalette.done : ended && !cumulative ? ChartPalette.short : ChartPalette.partly
            let tip =
                "\(cumulative ? "by the week of" : "week of") \(w.weekStart): \(amount(w.value))/\(amount(w.target))\(unitText)\(w.met ? ", met" : "")"
            svg.rect(x: x, y: yOf(w.value), width: barWidth, height: plotBottom - yOf(w.value), fill: fill, radius: 2, tooltip: tip)
            if !cumulative {
                svg.line(x1: x - 2, y1: yOf(w.target), x2: x + barWidth + 2, y2: yOf(w.target), stroke: ChartPalette.target, width: 2)
            }
            let civil = w.weekStart.civil
            if civil.month != lastMonth, x >= labelFree {
                svg.label(monthNames[civil.month - 1], x: x + barWidth / 2, y: plotBottom + 16, size: 10, anchor: "middle")
                labelFree = x + 30
            }
            lastMonth = civil.month
        }
        if cumulative {
            svg.line(
                x1: plotLeft, y1: yOf(progress.target), x2: width - 16, y2: yOf(progress.target), stroke: ChartPalette.target, width: 2,
                dashed: true)
        }
        svg.line(x1: plotLeft, y1: plotBottom, x2: width - 16, y2: plotBottom, stroke: ChartPalette.label)
        svg.line(
            x1: plotLeft, y1: plotBottom + 28, x2: plotLeft + 16, y2: plotBottom + 28, stroke: ChartPalette.target, width: 2,
            dashed: cumulative)
        svg.label(
            cumulative ? "the goal's total (bars: the running total)" : "the week's target", x: plotLeft + 22, y: plotBottom + 32, size: 10)
        return svg.document
    }
}
