import ArgumentParsing
import SessionCore
import SessionRPC
import JSON

extension SessionCommands {
    static let edit = Command(
        words: ["edit"], synopsis: "SET-ID [REPS [WEIGHT]] | --session ID",
        summary: "Fix a logged set (reps, weight, duration, kind, effort, note), or a session's times, title, effort or note.",
        details: """
            SET-ID is the set's id (sessionctl show lists them). REPS and WEIGHT may be given
            as with log (8 60, 8 135lb, 6 -20 for an assisted pull-up, 6 +5, 6 bw), or as
            options; what is not given stays. The
            exercise's estimate and bests are worked out again; a record the set held when
            logged no longer shows.
            With --session ID: --start and --end move a session (a finished one's end; its
            date follows its start; every set must stay within it), and --title, --rpe and
            --note change it. A forgotten set goes in with sessionctl log --session ID.
            """,
        options: CommonOptions.daemon + [
            Options.reps.spec,
            Options.load.spec,
            Options.setDuration.spec,
            Options.rpe.spec,
            Options.kind.spec,
            OptionSpec(.warmup, help: "make it a warm-up set"),
            OptionSpec(.note, value: "TEXT", help: "replaces the note (\"\" removes it)"),
            Options.session.spec,
            Options.start.spec,
            Options.end.spec,
            OptionSpec(.title, value: "TEXT", help: "with --session: its title"),
            OptionSpec(.yes, short: "-y", help: "store reps or a weight that look mistyped (over 30 reps under a load, over twice the heaviest) as typed"),
        ],
        arguments: ["reps": "REPS", "weightKg": "WEIGHT"],
        run: runEdit)

    static func runEdit(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        if let id = try arguments.value(Options.session) { return try runEditSession(id, arguments, context) }
        for option: OptionName in [.start, .end, .title] where arguments[option] != nil {
            throw UsageError("\(option) changes a session: give --session ID")
        }
        var words = arguments.positionals
        guard let first = words.first else { throw UsageError("edit needs a SET-ID (sessionctl show lists them)") }
        guard let id = Int64(first), id > 0 else { throw UsageError("SET-ID must be a positive number, got \"\(first)\"") }
        words.removeFirst()
        guard words.count <= 2 else { throw UsageError("edit takes SET-ID, then at most REPS and WEIGHT") }
        var params = SessionEditSet.Params { $0.setID = id }
        if words.count >= 1, arguments[.reps] != nil { throw UsageError("REPS given twice: as a word and as --reps") }
        // A word reads as its option does, named as the word.
        params.reps = try arguments.value(Options.reps) ?? words.first.map { word throws(UsageError) in try Options.reps.reading.read(word, as: "REPS") }
        if words.count == 2, arguments[.weight] != nil { throw UsageError("WEIGHT given twice: as a word and as --weight") }
        let weight = try arguments.value(Options.load) ?? (words.count == 2 ? try Options.load.reading.read(words[1], as: "WEIGHT") : nil)
        params.weightKg = weight?.kilograms(units: context.console.units)
        params.durationSeconds = try arguments.value(Options.setDuration)
        params.rpe = try arguments.value(Options.rpe)
        params.kind = try kindOption(arguments)
        params.note = arguments[.note]
        guard params.reps != nil || params.weightKg != nil || params.durationSeconds != nil || params.rpe != nil || params.kind != nil || params.note != nil else {
            throw UsageError("nothing to change: give REPS, WEIGHT or one of --reps, --weight, --duration, --rpe, --kind, --note")
        }
        if !arguments.has(.yes) { params.refuseImplausible = true }
        let result: SessionEditSet.Result
        do {
            result = try context.call(try context.connect(arguments), SessionEditSet.self, params)
        } catch let refusal as DaemonRefusal where refusal.error.is(.implausibleSet) && !arguments.has(.json) {
            let doubt = refusal.error.data(as: ErrorData.ImplausibleSet.self)
            let units = context.console.units
            if let heaviest = doubt?.heaviestKg, let weight = doubt?.weightKg {
                context.console.error("sessionctl: \(units.text(weight)) is more than twice the heaviest \(doubt?.exercise ?? "of this exercise") logged (\(units.text(heaviest))); nothing was changed.")
            } else {
                context.console.error("sessionctl: \(doubt?.reps ?? 0) reps under a load is more than \(SetPlausibility.maximumLoadedReps); nothing was changed.")
            }
            context.console.error("Run again with --yes to store it as typed.")
            return ExitStatus.refused
        }
        if context.printJSON(result, arguments) { return ExitStatus.ok }
        context.console.print("#\(result.setID) · \(result.exercise) · set \(result.setNumber) · "
                              + SessionFormatter.setText(reps: result.reps, weightKg: result.weightKg, durationSeconds: result.durationSeconds, unit: context.console.units,
                                                       countsBodyMass: result.countsBodyMass)
                              + (Wording.setKind(result.kind).map { " · " + $0 } ?? "") + " · session \(result.sessionID)")
        return ExitStatus.ok
    }

    /// `edit --session ID`: a session's times, title, effort or note.
    static func runEditSession(_ id: Int64, _ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard arguments.positionals.isEmpty else { throw UsageError("with --session, edit takes no SET-ID or quantities") }
        for option: OptionName in [.reps, .weight, .duration, .kind] where arguments[option] != nil {
            throw UsageError("\(option) changes a set, not a session")
        }
        if arguments.has(.warmup) { throw UsageError("--warmup changes a set, not a session") }
        var params = SessionEdit.Params { $0.sessionID = id }
        params.startedAt = try CommandSupport.timestampOption(arguments, Options.start, clock: context.clock)
        params.endedAt = try CommandSupport.timestampOption(arguments, Options.end, clock: context.clock)
        params.title = arguments[.title]
        params.rpe = try arguments.value(Options.rpe)
        params.note = arguments[.note]
        guard params.startedAt != nil || params.endedAt != nil || params.title != nil || params.rpe != nil || params.note != nil else {
            throw UsageError("nothing to change: give --start, --end, --title, --rpe or --note")
        }
        let client = try context.connect(arguments)
        // A time of day alone is on the session's day.
        params.startedAt = try CommandSupport.placedTime(arguments, Options.start, as: params.startedAt, sessionID: id, client: client, context: context)
        params.endedAt = try CommandSupport.placedTime(arguments, Options.end, as: params.endedAt, sessionID: id, client: client, context: context)
        let result = try context.call(client, SessionEdit.self, params)
        if context.printJSON(result, arguments) { return ExitStatus.ok }
        context.console.print("session \(result.sessionID) · \(result.date) · \(result.title) · \(RFC3339.wallText(result.startedAt))"
                              + (result.endedAt.map { " to \(RFC3339.wallText($0))" } ?? "") + " · " + Wording.duration(result.durationSeconds))
        return ExitStatus.ok
    }
}
