import ArgumentParsing
import SessionCore
import SessionRPC
import JSON

/// `sessionctl exercises`, `sessionctl exercise …` and `sessionctl alias`: the exercise catalog and its names.
enum ExerciseCommands {
    static let exercises = Command(
        words: ["exercises"], synopsis: "[SEARCH...]",
        summary: "List the exercise catalog and your own exercises: name, equipment, muscles; SEARCH narrows by words of any name.",
        details: """
            Every word of SEARCH must start a word of one of the exercise's names (its own,
            a synonym, the name Strong or Hevy exports): "exercises curl ham" finds Hammer
            Curl and Rope Hammer Curl, "exercises rdl" Romanian Deadlift. Your own exercises
            are names you logged that the catalog does not know; they are listed last,
            marked "own". Primary muscles come first, secondary ones after a slash. Exit
            status 1 when nothing matches (with --json too, which prints []).
            """,
        options: CommonOptions.daemon,
        arguments: ["search": "SEARCH"],
        run: { arguments, context in
            let client = try context.connect(arguments)
            let search = arguments.positionals.joined(separator: " ")
            let listed = try context.call(client, ExerciseList.self, ExerciseList.Params { $0.search = search.isEmpty ? nil : search })
            // A search that finds nothing exits 1, as grep(1) does, in either form.
            if context.printJSON(listed, arguments) { return listed.items.isEmpty ? ExitStatus.refused : ExitStatus.ok }
            guard !listed.items.isEmpty else {
                context.console.error("sessionctl: no exercise matches \"\(search)\"")
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
            NAME is any name of the exercise — the catalog's, a synonym or abbreviation (ohp,
            rdl), the name a tracker exports ("Squat (Barbell)"), an alias, a name you logged
            or planned — or words read as log reads them ("one-arm", "standing barbell
            shoulder press"). Words naming nothing are refused with the closest names, a
            start of several names with them.
            """,
        options: CommonOptions.daemon,
        arguments: ["name": "NAME"],
        completes: { [.every(.exercises("known"))] },
        run: { arguments, context in
            guard !arguments.positionals.isEmpty else { throw UsageError("exercise show needs the exercise's NAME, e.g. sessionctl exercise show rdl") }
            let client = try context.connect(arguments)
            let name = arguments.positionals.joined(separator: " ")
            let shown = try context.call(client, ExerciseGet.self, ExerciseGet.Params { $0.exercise = name })
            if context.printJSON(shown, arguments) { return ExitStatus.ok }
            let console = context.console
            console.print(console.bold(shown.exercise.name) + "  " + ExerciseFormatter.summary(shown.exercise))
            if !shown.exercise.otherNames.isEmpty { console.print(console.dim("also: " + shown.exercise.otherNames.joined(separator: ", "))) }
            guard shown.sets > 0 else {
                console.print("not trained yet")
                return ExitStatus.ok
            }
            console.print("trained in " + plural(shown.sessions, "session") + " · " + plural(shown.sets, "set"))
            var records: [String] = []
            // Of a lift that counts body mass, its weights are the load added to the body.
            let added = shown.exercise.countsBodyMass ? "+" : ""
            if let heaviest = shown.heaviestKg { records.append("heaviest " + added + console.units.text(heaviest)) }
            if let best = shown.bestOneRepMaxKg { records.append("best e1RM " + console.units.estimateText(best)) }
            if let reps = shown.mostReps { records.append("most reps \(reps)") }
            if let volume = shown.bestSetVolumeKg { records.append("best set volume " + console.units.volumeText(volume)) }
            if let volume = shown.bestSessionVolumeKg { records.append("best session volume " + console.units.volumeText(volume)) }
            if !records.isEmpty { console.print("records: " + records.joined(separator: " · ")) }
            if !shown.repsAtWeight.isEmpty {
                console.print("most reps at a weight: " + shown.repsAtWeight.map { "\($0.reps) × " + added + console.units.text($0.weightKg) }.joined(separator: ", "))
            }
            if let date = shown.lastDate {
                let sets = shown.lastSets.map { ExerciseFormatter.set($0, units: console.units, countsBodyMass: shown.exercise.countsBodyMass) }
                console.print("last time (\(date), session \(shown.lastSessionId ?? 0)): " + sets.joined(separator: ", "))
            }
            if let suggestion = shown.suggestion {
                let range = suggestion.repsMax.map { "\(suggestion.reps)-\($0)" } ?? String(suggestion.reps)
                console.print("next, for the plan's \(suggestion.sets) × \(range): " + SessionFormatter.suggestionText(suggestion, units: console.units))
            }
            return ExitStatus.ok
        })
}

extension ExerciseCommands {
    static let exerciseAdd = Command(
        words: ["exercise", "add"], synopsis: "NAME... --muscles LIST",
        summary: "Give an exercise of your own (one the catalog does not know) its muscles and equipment, so it counts like a catalog one.",
        details: """
            sessionctl exercise add "Sled Drag Uphill" --muscles quads,glutes --secondary calves
            --equipment machine makes its hard sets count for those muscles in the weekly
            summary and the planner's prompt; --bodyweight makes body mass count in its load, as
            for pull-ups. Adding it again replaces what it had. A name the catalog knows is
            refused: it has its muscles already (see exercise show).

            Muscle groups (two words joined by a hyphen or quoted: front-delts, "upper back"):
            \(Wording.wrapped(MuscleGroup.allCases.map { $0.rawValue }.joined(separator: ", "), width: 86))
            Equipment: \(Equipment.allCases.map { $0.rawValue }.joined(separator: ", ")).
            """,
        options: CommonOptions.daemon + [
            Options.muscles.spec,
            Options.secondary.spec,
            Options.equipment.spec,
            OptionSpec(.bodyweight, help: "the load is the body plus what is added"),
        ],
        arguments: ["name": "NAME"],
        run: { arguments, context in
            guard !arguments.positionals.isEmpty else { throw UsageError("exercise add needs the exercise's NAME") }
            guard let primary = try arguments.value(Options.muscles) else { throw UsageError("exercise add needs --muscles, e.g. --muscles quads,glutes") }
            let equipment = try arguments.value(Options.equipment)?.rawValue
            let params = try ExerciseDefine.Params {
                $0.exercise = arguments.positionals.joined(separator: " ")
                $0.equipment = equipment
                $0.primaryMuscles = primary.map(\.rawValue)
                $0.secondaryMuscles = try arguments.value(Options.secondary)?.map(\.rawValue)
                $0.countsBodyMass = arguments.has(.bodyweight) ? true : nil
            }
            let client = try context.connect(arguments)
            let defined = try context.call(client, ExerciseDefine.self, params)
            if context.printJSON(defined, arguments) { return ExitStatus.ok }
            var muscles = defined.primaryMuscles.joined(separator: ", ")
            if !defined.secondaryMuscles.isEmpty { muscles += " / " + defined.secondaryMuscles.joined(separator: ", ") }
            context.console.print("\(defined.name): " + [defined.equipment ?? "", muscles, defined.countsBodyMass ? "body mass counts" : ""]
                .filter { !$0.isEmpty }.joined(separator: " · "))
            return ExitStatus.ok
        })
}

/// How exercises read in text.
enum ExerciseFormatter {
    /// "barbell · quads, glutes / adductors, lower back · body mass", or "own" for an
    /// exercise of the person's own.
    static func summary(_ exercise: ExerciseInfo) -> String {
        guard exercise.catalogued || !exercise.primaryMuscles.isEmpty else { return "own" }
        var muscles = exercise.primaryMuscles.joined(separator: ", ")
        if !exercise.secondaryMuscles.isEmpty { muscles += " / " + exercise.secondaryMuscles.joined(separator: ", ") }
        var parts = [exercise.equipment ?? "", muscles]
        if exercise.countsBodyMass { parts.append("body mass counts") }
        if exercise.unilateral { parts.append("one side at a time") }
        if exercise.timed { parts.append("timed") }
        if !exercise.catalogued { parts.append("own") }
        return parts.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// "5 × 82.5 kg", "W 10 × 40 kg", "8 reps", "45s".
    static func set(_ set: ExerciseGet.LastSet, units: WeightUnit, countsBodyMass: Bool) -> String {
        (set.kind == .warmup ? "W " : "")
            + SessionFormatter.setText(reps: set.reps, weightKg: set.weightKg, durationSeconds: set.durationSeconds, unit: units, countsBodyMass: countsBodyMass)
    }
}

extension ExerciseCommands {
    static let exerciseRest = Command(
        words: ["exercise", "rest"], synopsis: "[NAME... [TIME] | NAME... --clear]",
        summary: "The rest after each set of an exercise, your own (it wins over the plan's): exercise rest squat 3:00.",
        details: """
            NAME is any name of the exercise (as exercise show takes it); TIME the rest after
            each of its sets (3:00, 180, 180s, 3min; 0 for none), kept until changed. It wins
            over the plan's rest and the 90 s of an off-plan set; a warm-up still rests at most
            30 s. --clear gives the exercise the plan's rest again. Without arguments, every
            exercise's own rest.
            """,
        options: CommonOptions.daemon + [OptionSpec(.clear, help: "the plan's rest again")],
        arguments: ["name": "NAME", "seconds": "TIME"],
        completes: { [.every(.exercises("known"))] },
        run: { arguments, context in
            let client = try context.connect(arguments)
            var words = arguments.positionals
            if words.isEmpty {
                guard !arguments.has(.clear) else { throw UsageError("exercise rest --clear needs the exercise's NAME") }
                let rests = try context.call(client, ExerciseRests.self, NoParams())
                if context.printJSON(rests, arguments) { return ExitStatus.ok }
                if rests.items.isEmpty { context.console.print("no exercise has a rest of its own: every rest is the plan's") }
                for rest in rests.items { context.console.print(rest.exercise + "  " + Wording.duration(rest.seconds ?? 0)) }
                return ExitStatus.ok
            }
            var seconds: Int?
            if !arguments.has(.clear) {
                guard words.count >= 2, let time = words.last.flatMap(Quantity.seconds) else {
                    throw UsageError("exercise rest needs NAME and TIME (3:00, 180s), or NAME --clear")
                }
                seconds = time
                words.removeLast()
            }
            let set = try context.call(client, ExerciseRest.self, ExerciseRest.Params {
                $0.exercise = words.joined(separator: " ")
                $0.seconds = seconds
            })
            if context.printJSON(set, arguments) { return ExitStatus.ok }
            context.console.print(set.seconds.map { "\(set.exercise): rest \(Wording.duration($0)) after each set" }
                                  ?? "\(set.exercise): the plan's rest again")
            return ExitStatus.ok
        })
}

extension ExerciseCommands {
    static let alias = Command(
        words: ["alias"], synopsis: "[ALIAS NAME] | --remove ALIAS",
        summary: "Give an exercise another name of your own so it keeps one history; without arguments, list them.",
        details: """
            The exercise catalog knows the usual names already (ohp, rdl, "Squat (Barbell)",
            "Barbell Back Squat"): those need no alias and cannot be one. For a name of your
            own, sessionctl alias bulgarians "Bulgarian Split Squat" makes logging bulgarians
            log Bulgarian Split Squat (today's planned one when the plan has it), and the sets
            logged as bulgarians so far count for it: one history, one set of records, one
            line in summaries. NAME must be a known exercise: the catalog's, one you logged,
            or one of the active plan.
            --remove ALIAS removes an alias; the sets logged under its name are its own again.
            """,
        options: CommonOptions.daemon + [OptionSpec(.remove, value: "ALIAS", help: "remove an alias")],
        arguments: ["alias": "ALIAS", "name": "NAME"],
        completes: { [.at(2, .exercises("known"))] },
        run: { arguments, context in
            let client = try context.connect(arguments)
            if let removed = arguments[.remove] {
                guard arguments.positionals.isEmpty else { throw UsageError("--remove takes only the ALIAS") }
                // An alias never made names nothing: a data error, not a mistyped command.
                let aliases = try context.call(client, ExerciseAliases.self, NoParams()).items
                guard aliases.contains(where: { $0.alias.exerciseKey == removed.exerciseKey }) else {
                    throw DataError(description: "no alias \"\(removed)\" (sessionctl alias lists them)")
                }
                let result = try context.call(client, ExerciseAliasSet.self, ExerciseAliasSet.Params { $0.alias = removed; $0.name = nil })
                if context.printJSON(result, arguments) { return ExitStatus.ok }
                context.console.print("alias \(result.alias) removed"
                    + (result.movedSets > 0 ? " · \(plural(result.movedSets, "set")) logged as \(result.alias) are its own again" : ""))
                return ExitStatus.ok
            }
            if arguments.positionals.isEmpty {
                let aliases = try context.call(client, ExerciseAliases.self, NoParams())
                if context.printJSON(aliases, arguments) { return ExitStatus.ok }
                if aliases.items.isEmpty { context.console.print("no aliases yet: sessionctl alias bulgarians \"Bulgarian Split Squat\"") }
                for item in aliases.items { context.console.print("\(item.alias) → \(item.name)") }
                return ExitStatus.ok
            }
            guard arguments.positionals.count >= 2 else { throw UsageError("alias needs ALIAS and the exercise's NAME, e.g. sessionctl alias bulgarians \"Bulgarian Split Squat\"") }
            let name = arguments.positionals.dropFirst().joined(separator: " ")
            guard name.exerciseKey != arguments.positionals[0].exerciseKey else { throw UsageError("an alias must differ from the NAME it stands for") }
            let result = try context.call(client, ExerciseAliasSet.self, ExerciseAliasSet.Params {
                $0.alias = arguments.positionals[0]
                $0.name = name
            })
            if context.printJSON(result, arguments) { return ExitStatus.ok }
            context.console.print("\(result.alias) → \(result.name ?? name)" + (result.movedSets > 0 ? " · \(plural(result.movedSets, "set")) moved to it" : ""))
            return ExitStatus.ok
        })
}
