import ArgumentParsing
import SessionCore
import SessionRPC
import JSON

extension Commands {
    static let exercises = Command(
        words: ["exercises"], synopsis: "[SEARCH...]",
        summary: "List the exercise catalog and your own exercises: name, equipment, muscles; SEARCH narrows by words of any name.",
        details: """
            Every word of SEARCH must start a word of one of the exercise's names (its own,
            a synonym, the name Strong or Hevy exports): "exercises curl ham" finds Hammer
            Curl and Rope Hammer Curl, "exercises rdl" Romanian Deadlift. Your own exercises
            are names you logged that the catalog does not know; they are listed last,
            marked "own". Primary muscles come first, secondary ones after a slash.
            """,
        options: CommonOptions.daemon,
        run: { arguments, context in
            let client = try context.connect(arguments)
            let search = arguments.positionals.joined(separator: " ")
            let listed = try context.call(client, ExerciseList.self, ExerciseList.Params(search: search.isEmpty ? nil : search))
            if context.printJSON(listed, arguments) { return ExitStatus.ok }
            guard !listed.items.isEmpty else {
                context.console.print("no exercise matches \"\(search)\"")
                return ExitStatus.refused
            }
            let width = listed.items.map(\.name.count).max() ?? 0
            for item in listed.items {
                let padding = String(repeating: " ", count: width - item.name.count)
                context.console.print(item.name + padding + "  " + ExerciseFormatter.summary(item))
            }
            return ExitStatus.ok
        })

    static let exerciseShow = Command(
        words: ["exercise", "show"], synopsis: "NAME...",
        summary: "One exercise: equipment and muscles, how often you trained it, its records and last session's sets.",
        details: """
            NAME is any name of the exercise: the catalog's, a synonym or abbreviation (ohp,
            rdl), the name a tracker exports ("Squat (Barbell)"), an alias, or a name you
            logged. A name that names nothing is refused with the closest ones.
            """,
        options: CommonOptions.daemon,
        run: { arguments, context in
            guard !arguments.positionals.isEmpty else { throw UsageError("exercise show needs the exercise's NAME, e.g. sessionctl exercise show rdl") }
            let client = try context.connect(arguments)
            let name = arguments.positionals.joined(separator: " ")
            let shown = try context.call(client, ExerciseGet.self, ExerciseGet.Params(exercise: name))
            if context.printJSON(shown, arguments) { return ExitStatus.ok }
            let console = context.console
            console.print(console.bold(shown.exercise.name) + "  " + ExerciseFormatter.summary(shown.exercise))
            if !shown.exercise.otherNames.isEmpty { console.print(console.dim("also: " + shown.exercise.otherNames.joined(separator: ", "))) }
            guard shown.sets > 0 else {
                console.print("not trained yet")
                return ExitStatus.ok
            }
            console.print("trained in " + PlanFormatter.count(shown.sessions, "session") + " · " + PlanFormatter.count(shown.sets, "set"))
            var records: [String] = []
            if let heaviest = shown.heaviestKg { records.append("heaviest " + console.units.text(heaviest)) }
            if let best = shown.bestOneRepMaxKg { records.append("best e1RM " + console.units.text(best)) }
            if !records.isEmpty { console.print("records: " + records.joined(separator: " · ")) }
            if let date = shown.lastDate {
                let sets = shown.lastSets.map { ExerciseFormatter.set($0, units: console.units) }
                console.print("last time (\(date), session \(shown.lastSessionId ?? 0)): " + sets.joined(separator: ", "))
            }
            return ExitStatus.ok
        })
}

/// How exercises read in text.
enum ExerciseFormatter {
    /// "barbell · quads, glutes / adductors, lower back · body mass", or "own" for an
    /// exercise of the person's own.
    static func summary(_ exercise: ExerciseInfo) -> String {
        guard exercise.catalogued else { return "own" }
        var muscles = exercise.primaryMuscles.joined(separator: ", ")
        if !exercise.secondaryMuscles.isEmpty { muscles += " / " + exercise.secondaryMuscles.joined(separator: ", ") }
        var parts = [exercise.equipment ?? "", muscles]
        if exercise.countsBodyMass { parts.append("body mass counts") }
        if exercise.unilateral { parts.append("one side at a time") }
        if exercise.timed { parts.append("timed") }
        return parts.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// "5 × 82.5 kg", "W 10 × 40 kg", "8 reps", "45s".
    static func set(_ set: ExerciseGet.LastSet, units: WeightUnit) -> String {
        var text = set.kind == .warmup ? "W " : ""
        switch (set.reps, set.weightKg, set.durationSeconds) {
        case (let reps?, let weight?, _) where weight > 0: text += "\(reps) × " + units.text(weight)
        case (let reps?, _, _): text += "\(reps) reps"
        case (_, _, let seconds?): text += "\(seconds)s"
        default: text += "—"
        }
        return text
    }
}
