import HabitFlowCore

/// A self-contained SVG document written as text: no fonts, images or scripts to fetch, so a
/// host can embed it, save it or hand it to any renderer.
struct SVG {
    private(set) var text: String

    init(width: Int, height: Int, title: String) {
        text = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="DejaVu Sans, Verdana, system-ui, sans-serif" role="img" aria-label="\(SVG.escape(title))">
            <title>\(SVG.escape(title))</title>
            <rect width="\(width)" height="\(height)" fill="\(ChartPalette.background)"/>

            """
    }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil, radius: Double = 0,
        tooltip: String? = nil
    ) {
        text += "<rect x=\"\(num(x))\" y=\"\(num(y))\" width=\"\(num(width))\" height=\"\(num(height))\" fill=\"\(fill)\""
        if radius > 0 { text += " rx=\"\(num(radius))\"" }
        if let stroke { text += " stroke=\"\(stroke)\"" }
        if let tooltip { text += "><title>\(SVG.escape(tooltip))</title></rect>\n" } else { text += "/>\n" }
    }

    mutating func label(
        _ s: String, x: Double, y: Double, size: Double = 11, fill: String = ChartPalette.label,
        anchor: String = "start", weight: String? = nil
    ) {
        text += "<text x=\"\(num(x))\" y=\"\(num(y))\" font-size=\"\(num(size))\" fill=\"\(fill)\" text-anchor=\"\(anchor)\""
        if let weight { text += " font-weight=\"\(weight)\"" }
        text += ">\(SVG.escape(s))</text>\n"
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dashed: Bool = false) {
        text +=
            "<line x1=\"\(num(x1))\" y1=\"\(num(y1))\" x2=\"\(num(x2))\" y2=\"\(num(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(num(width))\""
        text += dashed ? " stroke-dasharray=\"4 3\"/>\n" : "/>\n"
    }

    mutating func path(_ d: String, fill: String, stroke: String? = nil, width: Double = 1, opacity: Double? = nil) {
        text += "<path d=\"\(d)\" fill=\"\(fill)\""
        if let stroke { text += " stroke=\"\(stroke)\" stroke-width=\"\(num(width))\" stroke-linejoin=\"round\"" }
        if let opacity { text += " fill-opacity=\"\(num(opacity))\"" }
        text += "/>\n"
    }

    /// The finished document.
    var document: String { text + "</svg>\n" }

    /// Text made safe for XML content and attribute values.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // Characters XML 1.0 forbids (controls but tab and newline, U+FFFE, U+FFFF) are left out.
            case _ where (c.value < 0x20 && c != "\t" && c != "\n") || c.value == 0xFFFE || c.value == 0xFFFF: continue
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

/// A coordinate or size with at most one decimal, as SVG reads it (no Foundation formatting).
func num(_ x: Double) -> String {
    let tenths = (x * 10).rounded()
    guard tenths.isFinite, abs(tenths) < 1e15 else { return "0" }
    let t = Int64(tenths)
    let whole = t / 10, frac = abs(t % 10)
    let sign = t < 0 && whole == 0 ? "-" : ""
    return frac == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(frac)"
}

/// An amount as people read it: whole numbers without decimals, else up to two.
func amount(_ x: Double) -> String {
    guard x.isFinite, abs(x) < 1e12 else { return String(x) }
    if x.rounded() == x { return String(Int64(x)) }
    let hundredths = Int64((x * 100).rounded())
    let frac = abs(hundredths % 100)
    let s = "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac)"
    return s.hasSuffix("0") ? String(s.dropLast()) : s
}

let monthNames = Civil.monthAbbreviations
