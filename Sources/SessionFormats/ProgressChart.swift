import SessionCore

/// `progress --svg`: an exercise's best e1RM (a line, left axis) and volume (bars, right
/// axis) week by week, or month by month over long ranges, as an SVG image a browser
/// shows: axes with ticks in the person's unit, dates along the bottom, and the weeks
/// that set a new best e1RM marked. Plain SVG 1.1 and text, nothing external.
public enum ProgressChart {
    /// The image's width in pixels.
    static let width = 800
    /// The image's height in pixels.
    static let height = 420
    private static let left = 70.0, right = 70.0, top = 56.0, bottom = 64.0

    /// The chart of `history` with weights in `unit`, as an SVG document.
    public static func svg(_ history: ExerciseHistory, unit: WeightUnit) -> String {
        let byMonth = history.chartsByMonth
        let slots = byMonth ? history.months : history.weeks
        let plotWidth = Double(width) - left - right
        let plotHeight = Double(height) - top - bottom
        let best = slots.compactMap(\.bestOneRepMaxKg).map { unit.value($0) }
        let volumes = slots.map { unit.value($0.volumeKg) }
        let e1rmAxis = Axis(low: (best.min() ?? 0) * 0.9, high: max(best.max() ?? 1, (best.min() ?? 0) * 0.9 + 1))
        let volumeAxis = Axis(low: 0, high: max(volumes.max() ?? 1, 1))
        let step = plotWidth / Double(max(slots.count, 1))
        func x(_ index: Int) -> Double { left + step * (Double(index) + 0.5) }
        func y(_ value: Double, _ axis: Axis) -> Double { top + plotHeight * (1 - (value - axis.low) / max(axis.high - axis.low, 1e-9)) }

        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(number(left))" y="28" font-size="18" font-weight="bold">\(escaped(history.name)) · best e1RM and volume by \(byMonth ? "month" : "week")</text>

            """
        // Grid and the two axes' ticks: five steps each.
        for tick in 0...4 {
            let fraction = Double(tick) / 4
            let lineY = top + plotHeight * (1 - fraction)
            out += "<line x1=\"\(number(left))\" y1=\"\(number(lineY))\" x2=\"\(number(left + plotWidth))\" y2=\"\(number(lineY))\" stroke=\"#dddddd\"/>\n"
            let e1rm = e1rmAxis.low + (e1rmAxis.high - e1rmAxis.low) * fraction
            out += "<text x=\"\(number(left - 8))\" y=\"\(number(lineY + 4))\" text-anchor=\"end\" fill=\"#b03a2e\">\(number(e1rm, decimals: 1))</text>\n"
            let volume = volumeAxis.high * fraction
            out += "<text x=\"\(number(left + plotWidth + 8))\" y=\"\(number(lineY + 4))\" fill=\"#2e6da4\">\(NumberText.grouped(volume))</text>\n"
        }
        out += "<text x=\"16\" y=\"\(number(top - 12))\" fill=\"#b03a2e\">e1RM (\(unit.rawValue))</text>\n"
        out += "<text x=\"\(number(Double(width) - 16))\" y=\"\(number(top - 12))\" text-anchor=\"end\" fill=\"#2e6da4\">volume (\(unit.rawValue))</text>\n"
        // Volume bars.
        for (index, volume) in volumes.enumerated() where volume > 0 {
            let barTop = y(volume, volumeAxis)
            out += "<rect x=\"\(number(x(index) - step * 0.35))\" y=\"\(number(barTop))\" width=\"\(number(step * 0.7))\" "
                + "height=\"\(number(top + plotHeight - barTop))\" fill=\"#9cc3e6\"/>\n"
        }
        // The e1RM line through the weeks that have one, records marked.
        let points = slots.enumerated().compactMap { index, slot in slot.bestOneRepMaxKg.map { (index: index, value: unit.value($0)) } }
        if points.count > 1 {
            out += "<polyline fill=\"none\" stroke=\"#b03a2e\" stroke-width=\"2\" points=\""
                + points.map { "\(number(x($0.index))),\(number(y($0.value, e1rmAxis)))" }.joined(separator: " ") + "\"/>\n"
        }
        var bestSoFar = -Double.infinity
        for point in points {
            let record = point.value > bestSoFar + 1e-9 && bestSoFar > -.infinity
            bestSoFar = max(bestSoFar, point.value)
            let cx = number(x(point.index)), cy = number(y(point.value, e1rmAxis))
            if record {
                out += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"6\" fill=\"#f1c40f\" stroke=\"#7d6608\" stroke-width=\"1.5\"><title>new best e1RM</title></circle>\n"
            } else {
                out += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"3\" fill=\"#b03a2e\"/>\n"
            }
        }
        // The axes, and dates below: about eight of them.
        out += "<line x1=\"\(number(left))\" y1=\"\(number(top + plotHeight))\" x2=\"\(number(left + plotWidth))\" y2=\"\(number(top + plotHeight))\" stroke=\"#333333\"/>\n"
        out += "<line x1=\"\(number(left))\" y1=\"\(number(top))\" x2=\"\(number(left))\" y2=\"\(number(top + plotHeight))\" stroke=\"#333333\"/>\n"
        let every = max(1, (slots.count + 7) / 8)
        for (index, slot) in slots.enumerated() where index % every == 0 {
            let label = byMonth ? String(slot.weekStart.description.prefix(7)) : slot.weekStart.description
            out += "<text x=\"\(number(x(index)))\" y=\"\(number(top + plotHeight + 18))\" text-anchor=\"middle\">\(label)</text>\n"
        }
        out += "<circle cx=\"\(number(left + 6))\" cy=\"\(height - 18)\" r=\"6\" fill=\"#f1c40f\" stroke=\"#7d6608\" stroke-width=\"1.5\"/>"
            + "<text x=\"\(number(left + 18))\" y=\"\(height - 14)\">new best e1RM</text>\n"
        out += "<rect x=\"\(number(left + 130))\" y=\"\(height - 24)\" width=\"12\" height=\"12\" fill=\"#9cc3e6\"/>"
            + "<text x=\"\(number(left + 148))\" y=\"\(height - 14)\">volume, counted sets (\(byMonth ? "month" : "week"))</text>\n"
        return out + "</svg>\n"
    }

    private struct Axis {
        let low: Double
        let high: Double
    }

    /// A coordinate or a tick's value: at most `decimals` decimals, no trailing zeros.
    private static func number(_ value: Double, decimals: Int = 1) -> String { PromptText.number(value, decimals: decimals) }

    /// Text for an SVG element's content.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
