import Glibc
import ArgumentParsing
import JSON
import SessionCore
import SessionRPC
import SessionSystem
import SessionFormats

/// Targeted edits of today's plan (`PlanGet.Params.currentPlan`)
/// without an editor: each changes the plan in memory and sends it through `plan.import`
/// as a new version of it (`revises`), so it meets the same validation and normalisation
/// as any import, and the sessions already trained keep the rows they trained. The new
/// version is activated when the plan was active or is the current one.
extension PlanCommands {
    static let planSet = planEdit(
        words: ["plan", "set"], synopsis: "DAY EXERCISE [--sets N] [--reps R|8-12|45s] [--weight W] [--rest T]",
        summary: "Change an exercise of today's plan: its sets, reps (or a range, or a time), weight or rest; a new version of the plan.",
        options: [
            Options.sets.spec,
            Options.plannedCount.spec,
            Options.plannedLoad.spec,
            Options.rest.spec,
        ],
        count: 2,
        completes: { [.at(1, .weekdays), .at(2, .exercises("planned"))] },
        check: { arguments, _ in
            guard [OptionName.sets, .reps, .weight, .rest].contains(where: { arguments[$0] != nil }) else {
                throw UsageError("plan set needs --sets, --reps, --weight or --rest")
            }
            // Each value read once before the plan is fetched: a bad one is a usage error
            // whether or not the daemon answers.
            _ = (try arguments.value(Options.sets), try arguments.value(Options.plannedCount), try arguments.value(Options.plannedLoad),
                 try arguments.value(Options.rest))
        }
    ) { arguments, plan, aliases, context in
        let (day, index) = try dayAndExercise(arguments, in: &plan, aliases: aliases)
        var exercise = plan.days[day].exercises[index]
        if let sets = try arguments.value(Options.sets) { exercise.sets = sets }
        switch try arguments.value(Options.plannedCount) {
        case .seconds(let seconds)?: (exercise.reps, exercise.repsMax, exercise.durationSeconds, exercise.amrap) = (nil, nil, seconds, false)
        case .reps(let low, let high)?: (exercise.reps, exercise.repsMax, exercise.durationSeconds, exercise.amrap) = (low, high, nil, false)
        case nil: break
        }
        if let load = try arguments.value(Options.plannedLoad)?.kilograms(units: context.console.units) {
            exercise.weightKg = load == 0 ? nil : load
        }
        if let seconds = try arguments.value(Options.rest) { exercise.restSeconds = seconds }
        plan.days[day].exercises[index] = exercise
        return "\(plan.days[day].weekday.name): \(exercise.name) " + PlanText.prescription(exercise, unit: context.console.units)
    }

    static let planSwap = planEdit(
        words: ["plan", "swap"], synopsis: "DAY OLD NEW",
        summary: "Put another exercise in an exercise's place in today's plan, its sets, reps, weight and rest kept; a new version of the plan.",
        count: 3,
        completes: { [.at(1, .weekdays), .at(2, .exercises("planned")), .at(3, .exercises("known"))] },
        check: { arguments, _ in _ = try newName(arguments) }
    ) { arguments, plan, aliases, context in
        let (day, index) = try dayAndExercise(arguments, in: &plan, aliases: aliases)
        let old = plan.days[day].exercises[index].name
        let new = catalogName(try newName(arguments), aliases: aliases)
        plan.days[day].exercises[index].name = new
        plan.days[day].exercises[index].description = nil
        return "\(plan.days[day].weekday.name): \(old) → \(new)"
    }

    static let planAdd = planEdit(
        words: ["plan", "add"], synopsis: "DAY NAME SETSxREPS[@W]|SETSxTIME",
        summary: "Add an exercise to a day of today's plan (a rest day becomes a training day); a new version of the plan.",
        count: 3,
        completes: { [.at(1, .weekdays), .at(2, .exercises("known"))] },
        check: { arguments, context in _ = try addedExercise(arguments, units: context.console.units) }
    ) { arguments, plan, aliases, context in
        let day = try dayIndex(arguments.positionals[0], in: &plan)
        var exercise = try addedExercise(arguments, units: context.console.units)
        exercise.name = catalogName(exercise.name, aliases: aliases)
        let name = exercise.name
        if plan.days[day].rest {
            plan.days[day].rest = false
            if plan.days[day].title.lowercased() == "rest" { plan.days[day].title = "Training" }
        }
        plan.days[day].exercises.append(exercise)
        return "\(plan.days[day].weekday.name): + \(name) " + PlanText.prescription(exercise, unit: context.console.units)
    }

    static let planRemove = planEdit(
        words: ["plan", "remove"], synopsis: "DAY EXERCISE",
        summary: "Take an exercise out of a day of today's plan (a day left with none becomes a rest day); a new version of the plan.",
        count: 2,
        completes: { [.at(1, .weekdays), .at(2, .exercises("planned"))] }
    ) { arguments, plan, aliases, context in
        let (day, index) = try dayAndExercise(arguments, in: &plan, aliases: aliases)
        let removed = plan.days[day].exercises.remove(at: index)
        if plan.days[day].exercises.isEmpty { (plan.days[day].rest, plan.days[day].warmup) = (true, []) }
        return "\(plan.days[day].weekday.name): − \(removed.name)"
    }

    /// `plan move DAY DAY`: a one-off move of this week's day (`plan.move`); with
    /// `--every-week`, a new version of the plan with the two days traded.
    static let planMove = Command(
        words: ["plan", "move"], synopsis: "DAY DAY [--every-week]",
        summary: "Move this week's training of a day to another day of the week, and that day's to its place (a one-off move); --every-week changes the plan itself.",
        details: """
            DAY is a weekday (monday, mon, Montag, …) of this week or a date of it; a day
            that has ended cannot move, nor a training day trained already (its session
            counts for it); a rest day you trained on may take another day's training,
            which your session then did; two days under different plans do not trade.
            The move is this week's only, as a calendar moves an appointment: the plan
            stays as it is, summaries and the calendar count the moved day once, on the
            day it moved to. With --every-week the two days trade places in the active
            plan itself, stored as a new version of it that governs from today on, or from
            tomorrow when today was trained already (plan list shows which it revises).
            """,
        options: CommonOptions.daemon + [OptionSpec(.everyWeek, help: "trade the two days in the plan itself, for every week (a new version)")],
        arguments: ["from": "DAY", "to": "DAY"],
        completes: { [.every(.weekdays)] },
        run: { arguments, context in
            if arguments.has(.everyWeek) { return try movePlanDays.run(arguments, context) }
            guard arguments.positionals.count == 2 else { throw UsageError("plan move needs DAY DAY") }
            func days() throws -> (LocalDate, LocalDate) {
                let today = context.clock.today()
                return (try weekDate(arguments.positionals[0], today: today), try weekDate(arguments.positionals[1], today: today))
            }
            // Read here to refuse what does not read before connecting; then again in
            // the daemon's zone, whose week a weekday names.
            _ = try days()
            let client = try context.connect(arguments)
            try context.useDaemonTimeZone(client)
            let (from, to) = try days()
            guard from != to else { throw UsageError("the two days are the same day") }
            let result = try context.call(client, PlanMove.self, PlanMove.Params { $0.from = from; $0.to = to })
            if context.printJSON(result, arguments) { return ExitStatus.ok }
            func shown(_ day: PlanMove.Day) -> String { "\(day.date.weekday.name) \(day.date): \(day.rest ? "rest" : day.title)" }
            context.console.print("this week only (plan \(result.planID) unchanged): \(shown(result.to)); \(shown(result.from))")
            return ExitStatus.ok
        })

    /// `plan move --every-week`: the two days trade places in the plan itself.
    static let movePlanDays = planEdit(
        words: ["plan", "move"], synopsis: "DAY DAY --every-week",
        summary: "Trade two days of today's plan for every week; a new version.",
        options: [OptionSpec(.everyWeek, help: "trade the two days in the plan itself, for every week (a new version)")],
        count: 2
    ) { arguments, plan, aliases, context in
        let first = plan.days[try dayIndex(arguments.positionals[0], in: &plan)].date
        let to = try dayIndex(arguments.positionals[1], in: &plan)
        // Listing the second day may have moved the first.
        guard let from = plan.days.firstIndex(where: { $0.date == first }), from != to else { throw UsageError("the two days are the same day") }
        let (source, target) = (plan.days[from], plan.days[to])
        plan.days[to] = PlanDay(date: target.date, title: source.title, rest: source.rest, warmup: source.warmup, exercises: source.exercises)
        plan.days[from] = PlanDay(date: source.date, title: target.title, rest: target.rest, warmup: target.warmup, exercises: target.exercises)
        return "\(source.weekday.name) → \(target.weekday.name): \(source.title)" + (target.rest ? "" : "; \(target.title) → \(source.weekday.name)")
    }

    /// The date of this week (the week of `today`) that `word` names: a weekday in any
    /// spelling a plan may use, or a date.
    static func weekDate(_ word: String, today: LocalDate) throws(UsageError) -> LocalDate {
        let monday = today.mondayOfWeek
        if let weekday = Weekday(parsing: word) { return today.dayOfWeek(weekday) }
        guard let date = LocalDate(word) else {
            throw UsageError("DAY must be a weekday such as fri or a date of this week (\(monday) to \(monday.adding(days: 6))), got \"\(word)\"")
        }
        return date
    }

    /// `plan swap`'s NEW: an exercise name, its spaces collapsed.
    static func newName(_ arguments: ParsedArguments) throws(UsageError) -> String {
        let new = arguments.positionals[2].collapsingWhitespace()
        guard !new.isEmpty else { throw UsageError("NEW must be an exercise name") }
        return new
    }

    /// The name a plan keeps for an exercise typed as `typed`: the catalog's when it is
    /// one of the catalog's names or an alias of one ("squat" is Back Squat), else as
    /// typed (one's own); the plan then names it as every output does.
    static func catalogName(_ typed: String, aliases: [String: String]) -> String {
        (try? ExerciseResolver.resolve(typed, isNew: true, day: [], aliases: aliases) { ExerciseResolver.Known() }.name) ?? typed
    }

    /// `plan add`'s exercise: NAME with the sets written as a set is logged
    /// (`SetNotation`), the sets counted: 3x10, 3x8@60, 3x45s; a bare weight in `units`.
    static func addedExercise(_ arguments: ParsedArguments, units: WeightUnit) throws(UsageError) -> PlannedExercise {
        let name = arguments.positionals[1].collapsingWhitespace()
        guard !name.isEmpty else { throw UsageError("NAME must be an exercise name") }
        let typed = arguments.positionals[2]
        let unreadable = UsageError("the sets must read as SETSxREPS[@WEIGHT] or SETSxTIME, such as 3x10, 3x8-12@60, 3x8@+10 or 3x45s, got \"\(typed)\"")
        // A range of reps (3x8-12) is read as plan set's --reps reads one; its low end
        // then stands for the reps, and the rest is read as a set is logged.
        var word = typed
        var repsMax: Int?
        let counts = typed.prefix { $0 != "@" }
        if counts.contains("-"), let x = counts.firstIndex(where: { $0 == "x" || $0 == "X" }) {
            guard case .reps(let low, let high)? = OptionValue<PlannedCount>.plannedCount.read(String(counts[counts.index(after: x)...])) else {
                throw unreadable
            }
            repsMax = high
            word = String(counts[...x]) + String(low) + typed[counts.endIndex...]
        }
        guard let written = try SetNotation.shorthand(word, unit: units), !written.weightFirst else { throw unreadable }
        var exercise = PlannedExercise(name: name, sets: written.sets, reps: written.reps, durationSeconds: written.durationSeconds,
                                       weightKg: written.weightKg == 0 ? nil : written.weightKg)
        exercise.repsMax = repsMax
        return exercise
    }

    /// A command that edits today's plan with `edit` (which returns what it did) and
    /// stores the result as a new version of it; `check` refuses what the arguments alone
    /// show wrong, before the daemon is asked for anything.
    static func planEdit(words: [String], synopsis: String, summary: String, options: [OptionSpec] = [], count: Int,
                         completes: @escaping @Sendable () -> [ArgumentCompletion] = { [] },
                         check: @escaping @Sendable (ParsedArguments, CommandContext) throws -> Void = { _, _ in },
                         edit: @escaping @Sendable (ParsedArguments, inout Plan, [String: String], CommandContext) throws -> String) -> Command {
        Command(
            words: words, synopsis: synopsis, summary: summary,
            details: """
                DAY is a weekday (monday, mon, Montag, …) or a date of the plan's week; an
                exercise is named as log reads a name, the day's exercises being the day's:
                by any of its names ("squat" for the day's Barbell Back Squat), or by the start
                of a name when only one begins so. The plan goes through the same checks
                as an import and is stored as a new version of today's plan (plan list
                shows which it revises; plan diff shows what changed); sessions already
                trained keep what they trained, and a day trained already keeps the
                version it was trained under (the new one governs from the next day).
                """,
            options: CommonOptions.daemon + options,
            completes: completes,
            run: { arguments, context in
                guard arguments.positionals.count == count else { throw UsageError("\(words.joined(separator: " ")) needs \(requiredWords(synopsis))") }
                try check(arguments, context)
                let client = try context.connect(arguments)
                let document = try context.plan(client, PlanGet.Params.currentPlan)
                var plan = document.plan
                // An alias names its exercise here as in every command.
                let aliases = try context.call(client, ExerciseAliases.self, NoParams()).items
                let done = try edit(arguments, &plan, Dictionary(aliases.map { ($0.alias, $0.name) }, uniquingKeysWith: { first, _ in first }), context)
                var params = PlanImport.Params { $0.plan = plan.json }
                params.weekStart = plan.weekStart
                params.revises = document.planID
                params.activate = document.active || document.current
                let result = try context.call(client, PlanImport.self, params)
                if context.printJSON(result, arguments) { return ExitStatus.ok }
                context.console.print("plan \(result.planID), a new version of plan \(document.planID): \(done)")
                sayPutOff(result.governsFrom, console: context.console)
                return ExitStatus.ok
            })
    }

    /// The day and the exercise of it the first two arguments name, under the person's
    /// `aliases` (alias key → the exercise it names).
    static func dayAndExercise(_ arguments: ParsedArguments, in plan: inout Plan, aliases: [String: String]) throws -> (day: Int, exercise: Int) {
        let day = try dayIndex(arguments.positionals[0], in: &plan)
        return (day, try exerciseIndex(arguments.positionals[1], in: plan.days[day], aliases: aliases))
    }

    /// The index of the plan's day `word` names: a weekday in any spelling a plan may
    /// use, or a date of its week. A day the plan does not list is a rest day, listed
    /// in `plan` as one (`Plan.listedDay`).
    static func dayIndex(_ word: String, in plan: inout Plan) throws(UsageError) -> Int {
        guard let date = Weekday(parsing: word).map(plan.weekStart.dayOfWeek) ?? LocalDate(word), let index = plan.listedDay(date) else {
            throw UsageError("DAY must be a day of the plan's week (a weekday such as mon, or a date from \(plan.weekStart) to \(plan.weekStart.adding(days: 6))), got \"\(word)\"")
        }
        return index
    }

    /// The index of the day's exercise `name` names, read as every command reads a
    /// name (`ExerciseResolver`), the day's exercises being the day's: "squat" is the
    /// day's Barbell Back Squat (the catalog's Back Squat), "gob" its Goblet Squat. A name
    /// of an exercise the day does not have is refused with the day's names.
    static func exerciseIndex(_ name: String, in day: PlanDay, aliases: [String: String] = [:]) throws -> Int {
        let candidates = day.exercises.indices.map { ExerciseMatcher.Candidate(id: Int64($0), position: $0 + 1, name: day.exercises[$0].name) }
        let names = day.exercises.map(\.name).joined(separator: ", ")
        // The date says which week's day it is: after a trained day, the plan a change
        // goes to may be next week's (`PlanGet.Params.currentPlan`).
        let missing = DataError(description: "\(day.weekday.name) \(day.date) has no exercise \"\(name)\" (it has \(names.isEmpty ? "none" : names))")
        do {
            let resolved = try ExerciseResolver.resolve(name, day: candidates, aliases: aliases) { ExerciseResolver.Known() }
            guard let id = resolved.day?.id else { throw missing }
            return Int(id)
        } catch SessionError.ambiguousExercise(_, let matches) {
            let planned = matches.compactMap { $0.id.map { day.exercises[Int($0)].name } }
            guard !planned.isEmpty else { throw missing }
            throw DataError(description: "\"\(name)\" could be \(planned.joined(separator: " or ")) on \(day.weekday.name)")
        } catch SessionError.unknownExercise {
            throw missing
        }
    }
}

extension PlanCommands {
    /// An edited file's plan: its lines that start with # (the problems written at the
    /// top, any comment) left out.
    static func planText(_ edited: String) -> String {
        edited.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#") }.joined(separator: "\n")
    }
}

extension PlanCommands {
    static let planEditor = Command(
        words: ["plan", "edit"], synopsis: "[PLAN-ID]",
        summary: "Edit a plan (default: today's) as JSON in $VISUAL or $EDITOR; what imports is stored as a new version of it.",
        details: """
            The plan is written to a temporary file and opened in $VISUAL, else $EDITOR,
            else vi, as crontab -e does. When the editor exits, the file goes through the
            same checks as an import, as visudo does: when the plan does not import, its
            problems are listed and, at a terminal, "(e)dit again, (d)iscard?" is asked;
            edited again, the file opens with the problems written at its top (lines
            starting with #, which are left out when it is read). Without a terminal the
            first attempt that does not import ends it with exit status 1, the file kept
            and named. A plan that imports is stored as a new version of the plan it was. Nothing
            is stored when the file is left unchanged or the editor exits with a failure.
            The daemon is not kept waiting while the editor is open: the edit is sent on a
            new connection. An edit that cannot be stored (the editor failed, the daemon
            cannot be reached) is not deleted: the file is kept and named.
            """,
        options: CommonOptions.daemon,
        completes: { [.every(.plans)] },
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else { throw UsageError("plan edit takes at most one PLAN-ID") }
            let id = try arguments.positionals.first.map { text throws(UsageError) -> Int64 in
                guard let id = Int64(text), id > 0 else { throw UsageError("PLAN-ID must be a plan id (sessionctl plan list), got \"\(text)\"") }
                return id
            }
            // The plan is read on a connection closed before the editor opens, and what
            // was edited goes on a new one: a person may keep the editor open longer
            // than the daemon keeps an idle connection (--idle-timeout).
            let document = try context.plan(try context.connect(arguments), PlanGet.Params { $0.planID = id; $0.current = id == nil })
            let editor = context.environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 } ?? context.environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
            var template = Array("\(context.environment["TMPDIR"] ?? "/tmp")/sessiond-plan-XXXXXX.json".utf8CString)
            let fd = mkstemps(&template, 5)
            let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard fd >= 0 else { throw FileInput.Failure(path: path, reason: String(cString: strerror(errno)), action: "make") }
            close(fd)
            let original = document.plan.json.prettyText + "\n"
            // What the person wrote is never deleted unless it was stored or left as it
            // was: when it cannot be stored, the file stays and is named.
            var edited = false
            defer {
                if edited {
                    context.console.error("sessionctl: your edit is kept in \(path) (sessionctl plan import \(path) stores it as a new plan; plan edit starts again from the stored plan)")
                } else {
                    unlink(path)
                }
            }
            var text = original
            while true {
                try FileOutput.write(Array(text.utf8), to: path, mode: 0o600)
                let child = try ChildProcess.spawn("/bin/sh", ["-c", editor + " \"$1\"", "sh", path], descriptors: [0, 1, 2])
                let ending = ChildProcess.waitForEnd(child)
                // What the editor left is the plan's text, not a FILE argument: a file too
                // large is a data error, and the file is kept as any edit not stored.
                let bytes: [UInt8]
                do throws(FileInput.Failure) {
                    bytes = try FileInput.readBytes(path, maximumBytes: FileInput.maximumBytes)
                } catch {
                    var status = stat()
                    let size = stat(path, &status) == 0 ? " (\(status.st_size) bytes)" : ""
                    edited = true
                    context.console.error("sessionctl: the plan the editor wrote\(size) does not read: \(error.reason); nothing was stored")
                    return ExitStatus.refused
                }
                guard let content = String(validating: bytes, as: UTF8.self) else {
                    edited = true
                    throw DataError(description: "the edited plan is not UTF-8 text; nothing was stored")
                }
                // The problems written at the top, and any comment line, are not the plan.
                let plan = Self.planText(content)
                edited = plan.trimmingWhitespace() != original.trimmingWhitespace()
                guard ending == 0 else {
                    context.console.error("sessionctl: the editor (\(editor)) exited with status \(ending); nothing was stored")
                    return ExitStatus.refused
                }
                if !edited {
                    context.console.print("no changes; nothing was stored")
                    return ExitStatus.ok
                }
                var params = PlanImport.Params { $0.plan = .string(plan) }
                params.weekStart = document.plan.weekStart
                params.revises = document.planID
                params.activate = document.active || document.current
                do {
                    let result = try context.call(try context.connect(arguments), PlanImport.self, params)
                    edited = false
                    if context.printJSON(result, arguments) { return ExitStatus.ok }
                    context.console.print("plan \(result.planID), a new version of plan \(document.planID), stored (\(context.commandLine(["plan", "diff"], arguments)) shows what changed)")
                    sayPutOff(result.governsFrom, console: context.console)
                    return ExitStatus.ok
                } catch let refusal as DaemonRefusal where !refusal.problems.isEmpty {
                    text = (["# The plan did not import; nothing was stored. Fix these and save, or leave the file",
                             "# unchanged (or quit the editor with an error) to give up:"]
                            + refusal.problems.map { "#   \($0)" }).joined(separator: "\n") + "\n" + plan
                    // As crontab -e and visudo do: a person at a terminal chooses; without
                    // one, the first failed attempt ends it, the text kept and named.
                    context.console.error("sessionctl: the plan did not import (\(plural(refusal.problems.count, "problem")))")
                    context.console.errorList(refusal.problems.map(\.description), limit: 5)
                    guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else {
                        try FileOutput.write(Array(text.utf8), to: path, mode: 0o600)
                        return ExitStatus.refused
                    }
                    context.console.ask("(e)dit again, (d)iscard? ")
                    guard let answer = readLine(), !answer.lowercased().hasPrefix("d") else {
                        edited = false
                        context.console.error("discarded; nothing was stored")
                        return ExitStatus.refused
                    }
                }
            }
        })

    /// What a synopsis requires: its words outside brackets ("DAY EXERCISE" of
    /// "DAY EXERCISE [--sets N] [--reps R|8-12|45s]").
    static func requiredWords(_ synopsis: String) -> String {
        var depth = 0
        var kept = ""
        for character in synopsis {
            switch character {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            default: if depth == 0 { kept.append(character) }
            }
        }
        return kept.split(separator: " ").joined(separator: " ")
    }
}
