import SessionCore
import SessionFormats

/// The weekly report for a terminal: headline figures, a bar per day, an arrow per
/// exercise.
struct SummaryFormatter {
    let console: Console

    static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One bar per value, scaled to the largest; zero is a space-like baseline.
    static func chart(_ values: [Double]) -> String {
        let top = values.max() ?? 0
        return String(values.map { value -> Character in
            guard top > 0, value > 0 else { return "·" }
            let index = min(bars.count - 1, Int((value / top * Double(bars.count - 1)).rounded()))
            return bars[index]
        })
    }

    static func arrow(_ trend: ExerciseSummary.Trend) -> String {
        switch trend {
        case .progressing: return "↑"
        case .regressed: return "↓"
        case .stalled: return "→"
        case .returning: return "↺"
        case .new: return "★"
        }
    }

    /// "· 2/3 planned sessions (67%) · 1 to come · 3 logged": what was due and done, and
    /// what is still ahead, after the week's title.
    static func progress(_ summary: WeeklySummary) -> String {
        let planned = summary.plannedDays.count
        let done = summary.completedPlannedDays.count
        let due = summary.dueDays.count
        var parts: [String] = []
        if due > 0 {
            let adherence = summary.adherence.map { " (\(Int(($0 * 100).rounded()))%)" } ?? ""
            parts.append("\(done)/\(due) planned sessions\(adherence)")
            if planned > due { parts.append("\(planned - due) to come") }
        } else {
            parts.append(planned == 0 ? "nothing planned" : "\(planned) planned, none due yet")
        }
        parts.append("\(summary.sessions) logged")
        return parts.map { " · " + $0 }.joined()
    }

    /// A health figure as the prompt words it, a body mass in the person's units.
    func describe(_ figure: HealthSummary) -> String {
        if figure.type.isCircumference, console.units == .lb {
            var text = PromptContext.label(figure.type).label + " " + Length.text(figure.value, inches: true)
            if let change = figure.change { text += " (\(PromptText.signed(change / Length.centimetresPerInch, decimals: 1)))" }
            return text
        }
        guard figure.type == .bodyMassKg, console.units == .lb else { return PromptContext.describe(figure) }
        var text = "body mass " + console.units.text(figure.value)
        if let change = figure.change { text += " (\(PromptText.signed(console.units.value(change), decimals: 1)))" }
        return text
    }


    /// Hard sets per muscle group as a small table, the week before beside:
    ///
    ///     muscle        sets  before
    ///     chest            9      12
    ///     front delts    4.5       3
    static func muscleTable(_ muscles: [MuscleSets]) -> [String] {
        let width = max("muscle".count, muscles.map(\.muscle.rawValue.count).max() ?? 0)
        func padded(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        let header = "muscle" + String(repeating: " ", count: width - "muscle".count) + "  " + padded("sets", 5) + "  " + padded("before", 6)
        return [header] + muscles.map { item in
            let name = item.muscle.rawValue
            return name + String(repeating: " ", count: width - name.count) + "  " + padded(PromptText.number(item.sets), 5) + "  "
                + padded(PromptText.number(item.previous), 6)
        }
    }

    func print(_ summary: WeeklySummary) {
        console.print(console.bold("Week of \(summary.weekStart)") + Self.progress(summary))
        if !summary.missedDays.isEmpty { console.print(console.yellow("missed: " + summary.missedDays.map(\.description).joined(separator: ", "))) }
        for move in summary.moves { console.print(console.dim("moved: \(move.from) → \(move.to)")) }
        if !summary.planChanges.isEmpty { console.print(console.dim("new plan from: " + summary.planChanges.map(\.description).joined(separator: ", "))) }
        var line = plural(summary.sets, "set") + " · " + plural(summary.reps, "rep") + " · "
            + console.units.volumeText(summary.volumeKg) + " · " + Wording.minutes(summary.activeMinutes) + " active"
        if let rpe = summary.averageRPE { line += " · RPE \(PromptText.number(rpe))" }
        console.print(line)
        console.print()
        console.print("volume  M T W T F S S")
        console.print("        " + Self.chart(summary.volumePerDayKg).map(String.init).joined(separator: " "))
        if !summary.exercises.isEmpty {
            console.print()
            let width = summary.exercises.map(\.name.count).max() ?? 0
            for exercise in summary.exercises {
                let name = exercise.name
                var text = "\(Self.arrow(exercise.trend)) \(name)\(String(repeating: " ", count: width - name.count))  " + plural(exercise.setsDone, "set")
                if let best = exercise.best {
                    switch exercise.measure {
                    case .estimatedOneRepMaxKg: text += " · e1RM " + console.units.estimateText(best)
                    case .reps: text += " · best " + plural(Int(best), "rep")
                    case .durationSeconds: text += " · best " + PlanText.formatDuration(Int(best))
                    }
                }
                if let change = exercise.change { text += " (\(PromptText.percent(change)))" }
                console.print(exercise.trend == .progressing ? console.green(text) : (exercise.trend == .regressed ? console.red(text) : text))
            }
        }
        if !summary.muscles.isEmpty {
            console.print()
            for line in Self.muscleTable(summary.muscles) { console.print(line) }
        }
        for skipped in summary.skipped {
            console.print(console.dim("skipped: \(skipped.name) \(skipped.setsDone)/" + plural(skipped.setsPlanned, "set") + " on \(skipped.date)"))
        }
        if !summary.health.isEmpty {
            console.print()
            console.print(console.dim("health (change against the four weeks before; body mass and measurements: the week before):"))
            for figure in summary.health { console.print("  " + describe(figure)) }
        }
    }
}
