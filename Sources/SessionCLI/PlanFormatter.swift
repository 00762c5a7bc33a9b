import SessionCore
import SessionFormats
import JSON

/// Renders plans for a person reading a terminal.
struct PlanFormatter {
    let console: Console

    /// The changes import made: one line each when they are few or `verbose`, else one
    /// line per kind with its count and a kind with a single change in full.
    func printWarnings(_ warnings: [PathMessage], heading: String, verbose: Bool) {
        guard !warnings.isEmpty else { return }
        console.print(console.yellow(heading))
        if verbose || warnings.count <= Self.warningsListedWhole {
            for warning in warnings { console.print("  \(warning.path): \(warning.message)") }
            return
        }
        var kinds: [WarningKind] = []
        var groups: [WarningKind: [PathMessage]] = [:]
        for warning in warnings {
            let kind = warning.kind ?? .other
            if groups[kind] == nil { kinds.append(kind) }
            groups[kind, default: []].append(warning)
        }
        for kind in kinds {
            let group = groups[kind] ?? []
            if group.count == 1, let only = group.first {
                console.print("  \(only.path): \(only.message)")
            } else {
                let examples = group.prefix(2).map(\.path).joined(separator: ", ") + (group.count > 2 ? ", …" : "")
                console.print("  \(kind.label(group.count)) (\(examples))")
            }
        }
        console.print(console.dim("  (--verbose lists every change; --json gives them all)"))
    }

    /// Up to this many warnings are listed one a line without --verbose.
    static let warningsListedWhole = 8

    /// "22.5", "24".
    static func formatKilograms(_ kilograms: Double) -> String {
        JSONValue.number((kilograms * 10).rounded() / 10).jsonText
    }

    func printPlan(_ plan: Plan, today: LocalDate?) {
        let training = plan.trainingDays.count
        console.print(console.bold(plan.name) + " · week of \(plan.weekStart) · " + plural(training, "training day"))
        for day in plan.days {
            let marker = day.date == today ? console.green(" ◀ today") : ""
            let weekday = String(day.weekday.name.prefix(3))
            console.print()
            console.print(console.bold("\(weekday) \(day.date)  \(day.title)") + (day.rest ? console.dim("  (rest)") : "") + marker)
            if !day.warmup.isEmpty {
                let items = day.warmup.map { PlanText.warmup($0, times: " ×") }
                console.print(console.dim("  warm-up: " + items.joined(separator: ", ")))
            }
            for (offset, exercise) in day.exercises.enumerated() {
                console.print("  \(offset + 1). \(exercise.name)  " + console.dim(PlanText.prescription(exercise, unit: console.units)))
            }
        }
        let (muscles, unknown) = MuscleSets.planned(plan)
        guard !muscles.isEmpty || !unknown.isEmpty else { return }
        console.print()
        console.print("sets per muscle: " + (muscles.isEmpty ? "none" : muscles.map { "\($0.muscle.rawValue) \(PromptText.number($0.sets))" }.joined(separator: ", ")))
        if !unknown.isEmpty { console.print(console.dim("not counted (not in the exercise catalog): " + unknown.joined(separator: ", "))) }
    }
}
