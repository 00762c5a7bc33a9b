import ArgumentParsing
import SessionCore
import SessionSystem
#if canImport(Glibc)
import Glibc
#endif

/// A plan as a printable sheet (`plan export --format pdf`): the Markdown export's
/// content — a heading with the plan's name and week, each day with its date, weekday
/// and title (a rest day says so), its warm-up, a table of its exercises (name,
/// sets × reps or time, weight in the person's units, rest, superset) with each
/// description beneath — and beside each exercise a box per planned set to tick or to
/// write the weight and reps done. Black on white, Helvetica, sized so that a typical
/// week fits one page.
///
/// The sheet is written as troff (the `tbl` preprocessor's tables, drawn boxes) and
/// typeset by groff's PDF writer; `source(for:)` is the pure half, testable as text.
struct PlanSheet {
    let unit: WeightUnit
    let paper: Paper

    /// The paper sizes the sheet is laid out for.
    enum Paper: String, CaseIterable {
        case a4, letter

        /// As people write it: "A4", "Letter".
        var name: String { self == .a4 ? "A4" : "Letter" }

        /// Width and height in centimetres.
        var sizeCm: (width: Double, height: Double) {
            switch self {
            case .a4: (21.0, 29.7)
            case .letter: (21.59, 27.94)
            }
        }

        /// `--paper` when given, else the locale's paper (`LC_ALL`, then `LC_PAPER`,
        /// then `LANG`, as POSIX orders them), else A4.
        static func chosen(_ word: String?, environment: [String: String]) throws(UsageError) -> Paper {
            if let word { return try Options.paper.read(word) }
            let locale = ["LC_ALL", "LC_PAPER", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
            return locale.map(ofLocale) ?? .a4
        }

        /// The paper of a locale such as `en_US.UTF-8`: the height the installed locale
        /// gives (glibc's LC_PAPER), or where the locale is not installed, its
        /// territory's — Letter in the Americas that use it and the Philippines, A4
        /// everywhere else.
        static func ofLocale(_ name: String) -> Paper {
            if let heightMm = installedPaperHeightMm(name) { return heightMm == 279 ? .letter : .a4 }
            let territory = name.split(separator: "@").first?.split(separator: ".").first?.split(separator: "_").dropFirst().first
            return territory.map { letterTerritories.contains(String($0)) } == true ? .letter : .a4
        }

        static let letterTerritories: Set = ["US", "CA", "MX", "PH", "PR", "CL", "CO", "CR", "GT", "NI", "PA", "SV", "VE"]

        /// glibc's `_NL_PAPER_HEIGHT` of the locale, when it is installed.
        private static func installedPaperHeightMm(_ name: String) -> Int? {
            let previous = setlocale(LC_PAPER, nil).map { String(cString: $0) }
            defer { _ = setlocale(LC_PAPER, previous ?? "C") }
            guard setlocale(LC_PAPER, name) != nil else { return nil }
            // _NL_PAPER_HEIGHT is _NL_ITEM(LC_PAPER, 0); the answer is a number in the
            // pointer's low 32 bits, as locale(1) reads it.
            let item = nl_item((Int32(LC_PAPER) << 16) | 0)
            let height = Int(UInt32(truncatingIfNeeded: Int(bitPattern: nl_langinfo(item))))
            return height > 0 ? height : nil
        }
    }

    /// At most this many set boxes on a line; more sets continue on the next.
    static let boxesPerLine = 6
    /// The height of an exercise's row, in points: a box and a little air.
    static let rowPoints = 13.5

    /// The troff source of the sheet.
    func source(for plan: Plan) -> String {
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
            let warmup = day.warmup.map { Self.text(PlanFormatter.warmup($0)) }.joined(separator: ", ")
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
                    "T{\n\\&" + Self.text(exercise.name) + "\nT}", Self.text(PlanFormatter.target(exercise)), exercise.weightKg.map { Self.text(unit.text($0)) } ?? "",
                    exercise.restSeconds.map(Wording.duration) ?? "", exercise.superset.map(Self.text) ?? "",
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

    /// Why the sheet could not be typeset.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What groff made: the PDF, and the characters its fonts have no glyph for (left
    /// out of the sheet).
    struct Typeset {
        let pdf: [UInt8]
        let missing: [Character]
    }

    /// Runs `source` through groff's tbl and PDF writer, found on `PATH`.
    func typeset(_ source: String, environment: [String: String]) throws(Failure) -> Typeset {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for tool in ["groff", "tbl", "gropdf"] where ChildProcess.executable(named: tool, path: path) == nil {
            throw Failure(description: "--format pdf typesets the sheet with groff, and \(tool) is not on PATH "
                + "(on Debian and Ubuntu: apt install groff; make deps installs it)")
        }
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run(shell: "exec groff -t -Tpdf -dpaper=\"$1\" -P-p\"$1\"", arguments: ["sh", paper.rawValue],
                                            input: Array(source.utf8), timeoutMs: 60_000, environment: ["PATH": path])
        } catch {
            throw Failure(description: "cannot run groff: \(error)")
        }
        let errors = String(decoding: finished.standardError, as: UTF8.self)
        guard finished.ending == .exited(0), finished.standardOutput.starts(with: Array("%PDF".utf8)) else {
            throw Failure(description: "groff could not typeset the sheet (\(finished.ending)): " + errors.trimmingWhitespace())
        }
        // troff: <standard input>:12: warning: can't find special character 'u1F4AA'
        var missing: [Character] = []
        for line in errors.split(separator: "\n") {
            let quoted = line.split(separator: "'", omittingEmptySubsequences: false)
            guard line.contains("special character"), quoted.count >= 3, let name = quoted.dropLast().last, name.first == "u",
                  let value = UInt32(name.dropFirst().split(separator: "_").first ?? "", radix: 16),
                  let scalar = Unicode.Scalar(value), !missing.contains(Character(scalar)) else { continue }
            missing.append(Character(scalar))
        }
        return Typeset(pdf: finished.standardOutput, missing: missing)
    }
}
