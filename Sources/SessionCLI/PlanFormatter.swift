import SessionCore
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

    /// "4 × 8–12 @ 60 kg · rest 2:00"
    static func prescription(_ exercise: PlannedExercise, unit: WeightUnit) -> String {
        var target = self.target(exercise)
        if let weight = exercise.weightKg { target += " @ " + unit.text(weight) }
        if let rest = exercise.restSeconds { target += " · rest \(Wording.duration(rest))" }
        if let superset = exercise.superset { target += " · superset \(superset)" }
        return target
    }

    /// "4 × 8–12", "3 × 45s", "3 × AMRAP", "3 sets": the sets and what each is.
    static func target(_ exercise: PlannedExercise) -> String {
        if let seconds = exercise.durationSeconds { return "\(exercise.sets) × \(formatDuration(seconds))" }
        if exercise.amrap { return "\(exercise.sets) × AMRAP" }
        if let reps = exercise.reps { return "\(exercise.sets) × \(reps)" + (exercise.repsMax.map { "–\($0)" } ?? "") }
        return plural(exercise.sets, "set")
    }

    /// A warm-up item as plain text: its name, `times` and the reps, or its duration
    /// ("Band Pull-Apart × 15", "Arm Circles 1 min").
    static func warmup(_ item: WarmupItem, times: String = " × ") -> String {
        item.name + (item.reps.map { times + String($0) } ?? "") + (item.durationSeconds.map { " " + formatDuration($0) } ?? "")
    }

    /// "45s", "2 min", "1:30 min".
    static func formatDuration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds)s" }
        if seconds % 60 == 0 { return "\(seconds / 60) min" }
        return Wording.duration(seconds) + " min"
    }

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
                let items = day.warmup.map { Self.warmup($0, times: " ×") }
                console.print(console.dim("  warm-up: " + items.joined(separator: ", ")))
            }
            for (offset, exercise) in day.exercises.enumerated() {
                console.print("  \(offset + 1). \(exercise.name)  " + console.dim(Self.prescription(exercise, unit: console.units)))
            }
        }
        let (muscles, unknown) = MuscleSets.planned(plan)
        guard !muscles.isEmpty || !unknown.isEmpty else { return }
        console.print()
        console.print("sets per muscle: " + (muscles.isEmpty ? "none" : muscles.map { "\($0.muscle.rawValue) \(PromptText.number($0.sets))" }.joined(separator: ", ")))
        if !unknown.isEmpty { console.print(console.dim("not counted (not in the exercise catalog): " + unknown.joined(separator: ", "))) }
    }
}
