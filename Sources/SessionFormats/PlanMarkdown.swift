import SessionCore

/// A plan as Markdown for paper or a notes app (`plan export --format markdown`): a
/// heading with its name and week, a section per day (date, weekday, title; a rest
/// day says so), its warm-up, and a table of its exercises — name, sets × reps or time,
/// weight in the person's units, rest, superset — with each description on a line of
/// its own beneath. CommonMark with the table extension GitHub's Markdown and most
/// renderers have; text from the plan is escaped so that it reads as written.
public struct PlanMarkdown {
    /// The unit of the weights in the tables.
    public let unit: WeightUnit

    /// A writer of plans with weights in `unit`.
    public init(unit: WeightUnit) { self.unit = unit }

    /// The plan as a Markdown document.
    public func document(for plan: Plan) -> String {
        var lines = ["# " + Self.escape(plan.name), "", "Week of \(plan.weekStart) (\(plan.weekStart.weekday.name))", ""]
        for day in plan.days {
            lines.append("## \(day.weekday.name) \(day.date) · " + Self.escape(day.title))
            lines.append("")
            if day.rest || day.exercises.isEmpty {
                lines += ["Rest day.", ""]
                continue
            }
            if !day.warmup.isEmpty {
                lines.append("Warm-up: " + day.warmup.map { Self.escape(PlanText.warmup($0)) }.joined(separator: ", "))
                lines.append("")
            }
            lines.append("| Exercise | Sets × reps | Weight | Rest | Superset |")
            lines.append("| --- | --- | --- | --- | --- |")
            for exercise in day.exercises {
                let cells = [
                    Self.escape(exercise.name), PlanText.target(exercise), exercise.weightKg.map(unit.text) ?? "",
                    exercise.restSeconds.map(PlanText.clock) ?? "", exercise.superset.map(Self.escape) ?? "",
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
            let described = day.exercises.compactMap { exercise in exercise.description.map { (exercise.name, $0) } }
            if !described.isEmpty {
                lines.append("")
                for (name, text) in described { lines.append("- **" + Self.escape(name) + "**: " + Self.escape(Self.oneLine(text))) }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// A description on one line: its line breaks become spaces.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Text as Markdown shows it as written: the characters that mark emphasis, code,
    /// links, HTML and table cells backslash-escaped (CommonMark lets any ASCII
    /// punctuation be).
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\`*_[]<>|#".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
