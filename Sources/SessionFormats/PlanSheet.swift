import SessionCore
import SessionMacros

/// A plan as a printable sheet (`plan export --format pdf`): the Markdown export's
/// content — a heading with the plan's name and week, each day with its date, weekday
/// and title (a rest day says so), its warm-up, a table of its exercises (name,
/// sets × reps or time, weight in the person's units, rest, superset) with each
/// description beneath — and beside each exercise a box per planned set to tick or to
/// write the weight and reps done. Black on white, Helvetica, sized so that a typical
/// week fits one page.
///
/// The sheet is written here as troff (the `tbl` preprocessor's tables, drawn boxes):
/// plan values in, source text out. Typesetting it is groff's PDF writer, a child
/// process that sessionctl runs (`typeset` in SessionCLI/PlanExport.swift), as is
/// choosing the paper from `--paper` or the locale: this target reads and writes bytes
/// and values only, with no process, environment or locale read, so that the sheet's
/// source is tested as text and SessionFormats does not depend on SessionSystem.
@Memberwise
public struct PlanSheet {
    /// The unit of the weights in the tables.
    public let unit: WeightUnit
    /// The paper the page is laid out for.
    public let paper: Paper

    /// The paper sizes the sheet is laid out for.
    public enum Paper: String, CaseIterable, Sendable {
        case a4, letter

        /// As people write it: "A4", "Letter".
        public var name: String { self == .a4 ? "A4" : "Letter" }

        /// Width and height in centimetres.
        public var sizeCm: (width: Double, height: Double) {
            switch self {
            case .a4: (21.0, 29.7)
            case .letter: (21.59, 27.94)
            }
        }
    }

    /// At most this many set boxes on a line; more sets continue on the next.
    static let boxesPerLine = 6
    /// The height of an exercise's row, in points: a box and a little air.
    static let rowPoints = 13.5

    /// The troff source of the sheet.
    public func source(for plan: Plan) -> String {
        let size = paper.sizeCm
        var lines = [
            #".\" plan "# + Self.text(plan.name) + " \\(em sessionctl plan export --format pdf",
            ".pl \(Self.cm(size.height))", ".po 1.5c", ".ll \(Self.cm(size.width - 3))",
            // A margin at the top of every page and at its foot.
            ".de NP", "'sp 1c", "..", ".de FO", "'bp", "..", ".wh 0 NP", ".wh -1c FO",
            ".fam H", ".nh", ".ad l",
            // BX: one set's box, 1.1 cm by 0.4 cm, from just below the baseline.
            ".ds BX \\Z'\\v'0.1c'\\D'l 0 -0.4c'\\D'l 1.1c 0'\\D'l 0 0.4c'\\D'l -1.1c 0''\\h'1.25c'",
            ".ps 16", ".vs 19", "\\&\\fB" + Self.text(plan.name) + "\\fP", ".br",
            ".ps 9", ".vs 12",
            "\\&Week of \(plan.weekStart) (\(plan.weekStart.weekday.name)) \\(em weights in \(unit.rawValue); a box per set, to tick or write the weight "
                + Self.text("×") + " reps done", ".br",
        ]
        var restLine = false
        for day in plan.days {
            let heading = "\\fB\(day.weekday.name) \(day.date) \\(md " + Self.text(day.title) + "\\fP"
            guard !day.rest && !day.exercises.isEmpty else {
                // Rest days in a row share a line.
                let heading = heading + (day.title.lowercased().contains("rest") ? "" : " \\(em rest day")
                if restLine { lines.insert("\\h'2m'" + heading, at: lines.count - 1) } else { lines += [".sp 4p", ".ne 14p", ".vs 12", "\\&" + heading, ".br"] }
                restLine = true
                continue
            }
            restLine = false
            // The day's heading, and on its line the warm-up.
            let warmup = day.warmup.map { Self.text(PlanText.warmup($0)) }.joined(separator: ", ")
            // Keep a day on one page: the points its heading, table rows and descriptions take.
            let described = day.exercises.filter { $0.description != nil }.count
            let needed = 8 + 14 + 4 + Double(day.exercises.count + 1) * Self.rowPoints + Double(described) * 10
            lines += [".sp 8p", ".ne \(Int(needed.rounded(.up)))p", ".vs 14",
                      "\\&\\s11" + heading + "\\s0" + (warmup.isEmpty ? "" : "\\h'1m'warm-up: " + warmup), ".br",
                      ".sp 4p", ".vs \(Self.rowPoints)p", ".TS", "tab(@);", "lb lb lb lb lb lb", "lw(5.2c) l l l l l."]
            lines.append(["Exercise", "Sets " + Self.text("×") + " reps", "Weight", "Rest", "Superset", "Done"].joined(separator: "@"))
            for exercise in day.exercises {
                let boxes = stride(from: 0, to: exercise.sets, by: Self.boxesPerLine).map { start in
                    String(repeating: "\\*[BX]", count: min(Self.boxesPerLine, exercise.sets - start))
                }
                let cells = [
                    "T{\n\\&" + Self.text(exercise.name) + "\nT}", Self.text(PlanText.target(exercise)), exercise.weightKg.map { Self.text(unit.text($0)) } ?? "",
                    exercise.restSeconds.map(PlanText.clock) ?? "", exercise.superset.map(Self.text) ?? "",
                    boxes.count == 1 ? boxes[0] : "T{\n" + boxes.joined(separator: "\n.br\n") + "\nT}",
                ]
                lines.append(cells.joined(separator: "@"))
                if let description = exercise.description {
                    lines += [".T&", "l s s s s s.", "T{", ".vs 10p", "\\&\\s-1\\fI" + Self.text(PlanMarkdown.oneLine(description)) + "\\fP\\s0", "T}",
                              ".T&", "lw(5.2c) l l l l l."]
                }
            }
            lines += [".TE", ".vs 12"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Plan text as troff prints it: a backslash as itself, every character beyond ASCII
    /// by its code point (`\[u00DC]`), the table's tab character and control characters
    /// made harmless. Lines that carry it begin with `\&`, so a leading dot or quote is
    /// text, not a request.
    static func text(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "@": escaped += "\\[at]"
            // groff's PDF fonts draw × at the left of its width: a little space after it
            // balances it between the numbers.
            case "×": escaped += "\\(mu\\h'0.2m'"
            case "\n", "\r", "\t": escaped += " "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func cm(_ value: Double) -> String {
        (value * 100).rounded() / 100 == value.rounded() ? "\(Int(value.rounded()))c" : "\((value * 100).rounded() / 100)c"
    }
}
