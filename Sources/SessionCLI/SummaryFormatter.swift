import SessionCore

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

    static func arrow(_ trend: String) -> String {
        switch trend {
        case "progressing": return "↑"
        case "regressed": return "↓"
        case "stalled": return "→"
        default: return "★"
        }
    }

    /// "· 2/3 planned sessions (67%) · 1 to come · 3 logged": what was due and done, and
    /// what is still ahead, after the week's title.
    static func progress(_ summary: JSONValue) -> String {
        let planned = summary["plannedDays"]?.arrayValue?.count ?? 0
        let done = summary["completedPlannedDays"]?.arrayValue?.count ?? 0
        let due = summary["dueDays"]?.arrayValue?.count ?? 0
        var parts: [String] = []
        if due > 0 {
            let adherence = summary["adherence"]?.numberValue.map { " (\(Int(($0 * 100).rounded()))%)" } ?? ""
            parts.append("\(done)/\(due) planned sessions\(adherence)")
            if planned > due { parts.append("\(planned - due) to come") }
        } else {
            parts.append(planned == 0 ? "nothing planned" : "\(planned) planned, none due yet")
        }
        parts.append("\(summary["sessions"]?.intValue ?? 0) logged")
        return parts.map { " · " + $0 }.joined()
    }

    func print(_ summary: JSONValue) {
        console.print(console.bold("Week of \(summary["weekStart"]?.stringValue ?? "")") + Self.progress(summary))
        let missed = summary["missedDays"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if !missed.isEmpty { console.print(console.yellow("missed: " + missed.joined(separator: ", "))) }
        var line = PlanFormatter.count(summary["sets"]?.intValue ?? 0, "set") + " · " + PlanFormatter.count(summary["reps"]?.intValue ?? 0, "rep") + " · "
            + "\(PromptText.grouped(Int(summary["volumeKg"]?.numberValue ?? 0))) kg · \(summary["activeMinutes"]?.intValue ?? 0) min"
        if let rpe = summary["averageRpe"]?.numberValue { line += " · RPE \(PromptText.number(rpe))" }
        console.print(line)
        let perDay = summary["volumePerDayKg"]?.arrayValue?.compactMap(\.numberValue) ?? []
        console.print()
        console.print("volume  M T W T F S S")
        console.print("        " + Self.chart(perDay).map(String.init).joined(separator: " "))
        let exercises = summary["exercises"]?.arrayValue ?? []
        if !exercises.isEmpty {
            console.print()
            let width = exercises.map { $0["name"]?.stringValue?.count ?? 0 }.max() ?? 0
            for exercise in exercises {
                let name = exercise["name"]?.stringValue ?? ""
                let trend = exercise["trend"]?.stringValue ?? "new"
                let sets = exercise["setsDone"]?.intValue ?? 0
                var text = "\(Self.arrow(trend)) \(name)\(String(repeating: " ", count: width - name.count))  " + PlanFormatter.count(sets, "set")
                if let best = exercise["best"]?.numberValue {
                    switch exercise["measure"]?.stringValue {
                    case "estimatedOneRepMaxKg": text += " · e1RM \(PromptText.number(best)) kg"
                    case "reps": text += " · best \(Int(best)) reps"
                    default: text += " · best \(Int(best)) s"
                    }
                }
                if let change = exercise["change"]?.numberValue { text += " (\(PromptText.percent(change)))" }
                console.print(trend == "progressing" ? console.green(text) : (trend == "regressed" ? console.red(text) : text))
            }
        }
        for skipped in summary["skipped"]?.arrayValue ?? [] {
            console.print(console.dim("skipped: \(skipped["name"]?.stringValue ?? "") \(skipped["setsDone"]?.intValue ?? 0)/\(skipped["setsPlanned"]?.intValue ?? 0) sets on \(skipped["date"]?.stringValue ?? "")"))
        }
        let health = summary["health"]?.arrayValue ?? []
        if !health.isEmpty {
            console.print()
            console.print(console.dim("health (change against the week before):"))
            for item in health {
                guard let type = item["type"]?.stringValue.flatMap(HealthType.init(rawValue:)) else { continue }
                let figure = HealthSummary(
                    type: type, value: item["value"]?.numberValue ?? 0, samples: item["samples"]?.intValue ?? 0, previous: item["previous"]?.numberValue)
                console.print("  " + PromptContext.describe(figure))
            }
        }
    }
}
