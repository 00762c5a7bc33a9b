import Glibc
import ArgumentParsing
import JSON
import SessionCore
import SessionRPC
import SessionSystem

/// `sessionctl`'s session commands: start, log, edit, track and the rest of a workout as it is trained.
enum SessionCommands {
    static let start = Command(
        words: ["start"], synopsis: "[DATE]",
        summary: "Start a session on today's plan day (or DATE's); a day without one starts a free session.",
        details: """
            DATE is YYYY-MM-DD, today, yesterday or a weekday (the latest before today). With
            --at, a workout done earlier is entered afterwards. A day that already has a finished
            session is not trained twice by accident: start refuses (exit 1) naming when it was
            and its session id, as it refuses while a session runs; --yes starts another.
            """,
        options: CommonOptions.daemon + [Options.at.help("when it started (18:05 on DATE, RFC 3339), for backfilling").spec,
                                         OptionSpec(.yes, short: "-y", help: "start another session on a day that already has one")],
        arguments: ["date": "DATE"],
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else { throw UsageError("start takes at most one DATE") }
            var params = SessionStart.Params()
            let day = try arguments.positionals.first.map { text throws(UsageError) in
                guard TrackWhen.day(text, today: context.clock.today()) != nil else {
                    throw UsageError("DATE must be YYYY-MM-DD, today, yesterday or a weekday, got \"\(text)\""
                                     + (LocalDate.impossibility(in: text).map { " (\($0))" } ?? ""))
                }
                return WrittenDay(text: text)
            }
            // Read before the daemon is asked (a usage error needs none); a day word is
            // read again in the daemon's today below.
            params.date = day?.on(context.clock.today())
            // A time of day alone is on DATE (the session's day), else today.
            params.at = try CommandSupport.timestampOption(arguments, Options.at, clock: context.clock, on: params.date)
            let client = try context.connect(arguments)
            if let day, LocalDate(day.text) == nil {
                params.date = try context.date(day, over: client)
                params.at = try CommandSupport.timestampOption(arguments, Options.at, clock: context.clock, on: params.date)
            }
            // Read again in the daemon's zone when it matters: --at naming today or
            // yesterday, or the day a second session would be on (today, or --at's,
            // a time written without an offset being its wall clock's).
            let asksDay = !arguments.has(.yes) && params.date == nil
            if asksDay || arguments[Options.at.name].map({ HumanTime.readsToday($0, on: params.date) }) == true {
                try context.useDaemonTimeZone(client)
                params.at = try CommandSupport.timestampOption(arguments, Options.at, clock: context.clock, on: params.date)
            }
            if !arguments.has(.yes) {
                try refuseSecondSession(on: params.date ?? params.at.map { context.clock.localDate(atMs: $0.ms) } ?? context.clock.today(), client: client, context: context)
            }
            let session = try context.call(client, SessionStart.self, params)
            if context.printJSON(session, arguments) { return ExitStatus.ok }
            SessionFormatter(console: context.console).printStarted(session)
            return ExitStatus.ok
        })

    static let pause = simpleSessionCommand("pause", SessionPause.self, summary: "Pause the session; paused time does not count.")
    static let resume = simpleSessionCommand("resume", SessionResume.self, summary: "Resume a paused session.")

    static func simpleSessionCommand<Contract: MethodContract>(_ word: String, _ contract: Contract.Type, summary: String) -> Command
    where Contract.Params == SessionSelector, Contract.Result == SessionSnapshot {
        Command(words: [word], synopsis: "", summary: summary, details: "", options: CommonOptions.daemon, run: { arguments, context in
            let session = try context.call(try context.connect(arguments), contract, SessionSelector())
            if context.printJSON(session, arguments) { return ExitStatus.ok }
            context.console.print("\(session.title) · \(session.state.rawValue) · \(Wording.duration(session.durationSeconds)) active")
            return ExitStatus.ok
        })
    }

    static let log = Command(
        words: ["log"], synopsis: "[EXERCISE [REPS] [WEIGHT]]",
        summary: "Log a set: sessionctl log 2 10 24, log squat, log plank 3x45s, log row 8 55lb, log squat 3x5@100, log pull-up 6 +5.",
        details: """
            EXERCISE is the exercise's number in today's plan, or words read as every command
            reads a name, any case, first that applies: a name of the catalog's ("plank" is
            Plank, "squat" Back Squat), an alias, a name of your own, a name of today's plan,
            a catalog name in another order or with the default posture ("standing barbell
            shoulder press" is Overhead Press), then a unique start of a name — today's
            first, then those you logged or planned, then the catalog's; a whole word beats
            a prefix ("lat" is Lat Pulldown, not Lateral Raise). An ambiguous start lists
            the candidates and stores nothing; a name that matches nothing is refused with
            the closest names ("did you mean Overhead Press?") unless --new says it is new.
            REPS is a count or a time (45s, 1:30, 2min); for an exercise planned by time a
            plain number is seconds. WEIGHT is kilograms (24, 24kg, 24 kg, 7,5 with a decimal
            comma) or pounds (55lb); for a body-weight exercise (pull-up, dip) +5 is the load
            added to the body, -20 the assistance taken off it (refused for other exercises)
            and bw the body alone. As in Strong and Hevy, 3x5 logs 3 sets of 5 reps, 3x45s 3
            sets of 45 seconds, 3x5x100 or 3x5@100 at 100 kg;
            8@60 and 8x60kg are one set of 8 at 60 kg; 85x5 (more than 20 "sets") is 85 kg × 5
            reps, as Strong writes a set. Without REPS and WEIGHT a planned exercise takes
            today's plan (its reps, weight and time), whatever the sets before; an off-plan
            one repeats this session's last set of it, else the first set of the last
            session that had it (the reply says which). Without EXERCISE, the next
            planned set is logged that way. Each reply names the matching set of last time
            beside. --at 07:05 (a time of day alone) is on the session's day. Anything else
            after the exercise is a usage error (exit 2).
            A set that looks mistyped is not stored but asked about (exit 1) with what it
            could mean: more than 30 reps under a load (the set's weight, an exercise
            planned or logged with one, or one done with a bar, dumbbells, a cable or a
            machine: 5x85 of a squat is likely 5 reps at 85 kg), a weight over
            twice the heaviest the exercise was logged with, or 0 reps and no time
            (3x0 for 3x10) but with --kind failure. --yes stores it.
            In a plan's superset (exercises sharing a label, A1 and A2) the next set is the
            group's in turn, A1, A2, A1, …, and the rest starts after the round; in a free
            session --superset LABEL or --with EXERCISE groups sets done together (--with
            joins that exercise's superset, or starts one with it).
            """,
        options: CommonOptions.daemon + [
            OptionSpec(.superset, value: "LABEL", help: "the superset the set belongs to (A); default a planned exercise's own"),
            OptionSpec(.with, value: "EXERCISE", help: "done together with EXERCISE of this session: the set joins its superset"),
            Options.rpe.spec,
            OptionSpec(.note, value: "TEXT", help: "a note, at most 500 characters"),
            OptionSpec(.warmup, help: "a warm-up set: counts towards nothing"),
            Options.kind.spec,
            Options.at.help("when it was done (18:05 on the session's day, RFC 3339), for backfilling").spec,
            OptionSpec(.new, help: "the exercise is new: log a name that matches nothing planned or logged before"),
            Options.session.help("add a forgotten set to a finished session (--at within it; default its end; numbers are its plan's)").spec,
            OptionSpec(.yes, short: "-y", help: "store a set that looks mistyped (over 30 reps under a load, over twice the heaviest, 0 reps) as typed"),
        ],
        arguments: ["position": "EXERCISE", "match": "EXERCISE", "count": "REPS", "reps": "REPS", "durationSeconds": "REPS", "weightKg": "WEIGHT"],
        completes: { [.at(1, .exercises())] },
        run: runLog)

    /// `log`: one round trip. The daemon resolves the exercise from the words as typed
    /// (`match`: positions, names, prefixes, aliases, names logged before) and a plain
    /// count by what the plan measures; the sets ("3x5" is three) and the read the
    /// printed lines need (`session.current`, or `session.get` with --session) go out
    /// in one write and come back in order.
    static func runLog(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        // Nothing named: the next planned set, its exercise by position.
        if arguments.positionals.isEmpty {
            guard arguments[.session] == nil else { throw UsageError("log --session needs the EXERCISE") }
            let current = try context.call(try context.connect(arguments), SessionCurrent.self, NoParams())
            guard let session = current.session else {
                throw DaemonRefusal(error: .application(.noActiveSession, message: noActiveSession))
            }
            guard let next = session.next, let planned = session.exercises.first(where: { $0.id == next.plannedExerciseID }) else {
                // What the session holds decides, not the words: a data error, as log 1
                // past the plan is.
                throw DataError(description: session.exercises.isEmpty ? "log needs the EXERCISE in a free session: there is no next planned set"
                                                                       : "every planned set is done: name the EXERCISE")
            }
            return try runLog(arguments.with(positionals: [String(planned.position)]), context)
        }
        let wanted = try LogArguments(arguments.positionals, unit: context.console.units)
        var params = SessionLog.Params()
        params.withLastTime = true
        params.rpe = try arguments.value(Options.rpe)
        params.note = arguments[.note]
        params.superset = arguments[.superset]
        params.with = arguments[.with]
        params.at = try CommandSupport.timestampOption(arguments, Options.at, clock: context.clock)  // checked here; a time of day alone is placed below
        params.kind = try kindOption(arguments) ?? .normal
        switch wanted.exercise {
        case .position(let position): params.position = position
        case .name(let name):
            params.match = name
            params.isNew = arguments.has(.new) ? true : nil
        }
        params.sessionID = try arguments.value(Options.session)
        if wanted.countIsPlain { params.count = wanted.reps } else { params.reps = wanted.reps }
        params.durationSeconds = wanted.durationSeconds
        params.weightKg = wanted.weightKg
        // Numbers a person typed are checked before they are stored (SetPlausibility).
        if wanted.typedNumbers, !arguments.has(.yes) { params.refuseImplausible = true }
        let read = params.sessionID.map { id in
            var get = SessionGet.Params()
            get.sessionID = id
            return SocketClient.Call(SessionGet.self, get)
        } ?? SocketClient.Call(SessionCurrent.self, NoParams())
        // Checked by the contract before connecting: numbers out of bounds are usage
        // errors named REPS or WEIGHT whether or not the daemon runs. A time of day alone
        // is not: read on today it may lie ahead (23:55 typed at 00:10 for a session begun
        // before midnight), and its day is the session's, placed below.
        var checked = params
        if let at = arguments[.at], HumanTime.isTimeOfDay(at) { checked.at = nil }
        try context.check(SessionLog.self, checked)
        if !arguments.has(.yes) {
            try refuseNothingDone(arguments.positionals, kind: params.kind, reps: wanted.reps, durationSeconds: wanted.durationSeconds, options: "--kind failure")
        }
        let client = try context.connect(arguments)
        params.at = try CommandSupport.placedTime(arguments, Options.at, as: params.at, sessionID: params.sessionID, client: client, context: context)
        let replies = try logPipelined(params, sets: wanted.sets, then: read, client: client, context: context)
        let formatter = SessionFormatter(console: context.console)
        // What the read found (nil if it failed: the lines then go without it).
        let found: JSONValue? = if case .result(let value) = replies.read { value } else { nil }
        let session = params.sessionID == nil ? found.flatMap { try? SessionCurrent.Result(json: $0).session } : nil
        let date = params.sessionID == nil ? nil : found.flatMap { try? SessionGet.Result(json: $0).date }
        if wanted.readAsWeightTimesReps, !arguments.has(.json), let reps = wanted.reps, let weight = wanted.weightKg {
            context.console.print(context.console.dim("read as weight × reps, as Strong writes a set: \(context.console.units.text(weight)) × \(reps)"))
        }
        // By index, not zip(indices, sets): the optimizer merged that iterator's
        // destruction with another's into one that instantiates its generic metadata at
        // run time, 40 % of a log's instructions.
        for index in replies.sets.indices {
            let reply = replies.sets[index]
            let result: SessionLog.Result
            switch reply {
            case .result(let value): result = try SessionLog.Result(json: value)
            case .error(let error):
                if let status = exerciseRefusal(error, arguments: arguments, context: context) { return status }
                if error.is(.implausibleSet) { return implausibleRefusal(error, wanted: wanted, arguments: arguments, context: context) }
                throw DaemonRefusal(error: error)
            }
            if context.printJSON(result, arguments) { continue }
            if let sessionID = params.sessionID {
                context.console.print("added to session \(sessionID) of \(date ?? "?"): \(result.exercise) · set \(result.setNumber) · "
                                      + SessionFormatter.setText(reps: result.reps, weightKg: result.weightKg, durationSeconds: result.durationSeconds, unit: context.console.units,
                                                                               countsBodyMass: result.countsBodyMass))
            } else {
                // Reps or a time typed without a weight: only the weight was filled.
                // The session as read after the last set: what comes next after it. A set
                // before it (3x5) says its own next set, by its count.
                formatter.printLogged(result, session: index == replies.sets.indices.last ? session : nil,
                                      weightOnly: wanted.weightKg == nil && (wanted.reps != nil || wanted.durationSeconds != nil))
            }
        }
        return ExitStatus.ok
    }

    /// Sends `sets` alike sets of `params` (each with a request id of its own) and then
    /// `read`, all in one write. When the connection is lost before every reply came,
    /// sends them again on a new connection with the same request ids, so the daemon
    /// (which answers a repeated requestId with the first result) stores each set once.
    /// When no attempt gets the replies, the outcome is unknown and the error says so.
    static func logPipelined(_ params: SessionLog.Params, sets: Int, then read: SocketClient.Call, client: SocketClient, context: CommandContext) throws
        -> (sets: ArraySlice<SocketClient.Reply>, read: SocketClient.Reply)
    {
        let request = requestID(context)
        let calls = (1...sets).map { number in
            var set = params
            set.requestID = sets == 1 ? request : request + "-\(number)"
            return SocketClient.Call(SessionLog.self, set)
        } + [read]
        var client = client
        for attempt in 1...logAttempts {
            do {
                let replies = try client.pipeline(calls)
                return (replies.dropLast(), replies[replies.count - 1])
            } catch {
                guard attempt < logAttempts else { throw OutcomeUnknown(path: error.path) }
                usleep(useconds_t(attempt) * 200_000)
                // A daemon restarting (systemd) takes a moment; a failed connect makes
                // the next attempt fail fast on the old connection.
                if let again = try? CommandContext.connect(client.address) { client = again }
            }
        }
        throw OutcomeUnknown(path: client.path)
    }

    /// The daemon's refusal of the exercise named (`unknown_exercise`,
    /// `ambiguous_exercise`) said in the CLI's words; nil for any other error. Exit 1, as
    /// `track` and `plan set` refuse such words: what they name depends on the plan and
    /// the history, not on how the command was typed. With --json the error is printed
    /// as a refusal (`SessionCtl.printJSONRefusal`).
    static func exerciseRefusal(_ error: RPCError, arguments: ParsedArguments, context: CommandContext) -> Int32? {
        let ambiguous = error.is(.ambiguousExercise) ? error.data(as: ErrorData.AmbiguousExercise.self) : nil
        let unknown = error.is(.unknownExercise) ? error.data(as: ErrorData.UnknownExercise.self) : nil
        guard ambiguous != nil || unknown != nil else { return nil }
        if arguments.has(.json) {
            SessionCtl.printJSONRefusal(error, console: context.console)
            return ExitStatus.refused
        }
        if let ambiguous {
            let matches = ambiguous.matches
            context.console.error("sessionctl: \"\(ambiguous.match)\" matches several exercises; nothing was logged:")
            context.console.errorList(matches.map { "\($0.position.map(String.init) ?? "-")  \($0.name)" }, limit: 8)
            let example = matches.compactMap(\.position).first.map { "the number or more of the name, e.g. sessionctl log \($0) …" } ?? "more of the name"
            context.console.error("Use \(example)")
        } else if let planned = unknown?.plannedExercises, let position = unknown?.position {
            context.console.error("sessionctl: " + (planned == 0 ? "this session has no planned exercises; log by name" : "the session's plan has exercises 1 to \(planned), not \(position)"))
        } else {
            printUnknownExercise(unknown?.match ?? "", suggestions: unknown?.suggestions ?? [], command: "log", arguments: arguments, context: context)
        }
        return ExitStatus.refused
    }

    /// Refuses numbers typed for a set that say nothing was done (`SetPlausibility.nothingDone`):
    /// a data error, before anything is sent; `--yes` stores them as typed, and
    /// `options` (when the command takes them) make the set a failed attempt.
    static func refuseNothingDone(_ typed: [String], kind: SetKind, reps: Int?, durationSeconds: Int?, options: String?, stored: String = "logged") throws(DataError) {
        guard SetPlausibility.nothingDone(kind: kind, reps: reps, durationSeconds: durationSeconds) else { return }
        throw DataError(description: "\"\(typed.joined(separator: " "))\": 0 reps and no time is nothing done (3x0 for 3x10?); nothing was \(stored). "
                        + "To store it as typed, add --yes" + (options.map { "; a failed attempt, add \($0)" } ?? ""))
    }

    /// The daemon's doubt about a typed set (`implausible_set`) in the CLI's words, with
    /// the other readings of what was typed and the command for each; exit 1. With
    /// --json the error is printed as a refusal (`SessionCtl.printJSONRefusal`).
    static func implausibleRefusal(_ error: RPCError, wanted: LogArguments, command: String = "log", arguments: ParsedArguments, context: CommandContext) -> Int32 {
        if arguments.has(.json) {
            SessionCtl.printJSONRefusal(error, console: context.console)
            return ExitStatus.refused
        }
        let units = context.console.units
        let doubt = error.data(as: ErrorData.ImplausibleSet.self)
        let exercise = doubt?.exercise ?? "this exercise"
        let typed: String
        switch wanted.exercise {
        case .position(let position): typed = String(position)
        case .name(let name): typed = name
        }
        // What to type instead: log's set with the options given (its session, time,
        // kind, effort, note); track's other parts stay as they were.
        func invocation(_ set: String...) -> String {
            guard command == "log" else { return context.commandLine([command], arguments) + " … " + ([typed] + set).map(RemoteHost.shellWord).joined(separator: " ") }
            return context.commandLine(["log", typed] + set, arguments, retyping: true, leaving: [.yes])
        }
        var readings: [(meaning: String, command: String)] = []
        if let heaviest = doubt?.heaviestKg, let weight = doubt?.weightKg {
            context.console.error("sessionctl: \(units.text(weight)) is more than twice the heaviest \(exercise) logged (\(units.text(heaviest))); nothing was logged.")
            readings.append(("as typed", "add --yes"))
        } else {
            let reps = doubt?.reps ?? wanted.reps ?? 0
            context.console.error("sessionctl: \(reps) reps of \(exercise) under a load is more than \(SetPlausibility.maximumLoadedReps); nothing was logged.")
            switch wanted.written {
            case .setsTimesReps(let sets, let count):
                readings.append((plural(sets, "rep") + " at \(count) \(units.rawValue)", invocation("\(sets)", "\(count)")))
                readings.append((plural(sets, "set") + " of \(count) reps", "add --yes"))
            case .repsThenWeight(let count, let weight):
                if let swapped = Int(weight), swapped <= SetPlausibility.maximumLoadedReps {
                    readings.append((plural(swapped, "rep") + " at \(count) \(units.rawValue)", invocation("\(swapped)", "\(count)")))
                }
                readings.append(("\(count) reps at \(weight) \(units.rawValue)", "add --yes"))
            case .other:
                readings.append(("as typed", "add --yes"))
            }
        }
        guard readings.count > 1 else {
            context.console.error("To store it as typed, add --yes.")
            return ExitStatus.refused
        }
        context.console.error("Did you mean")
        let width = readings.map(\.meaning.count).max() ?? 0
        for reading in readings {
            let label = reading.meaning + ":" + String(repeating: " ", count: width - reading.meaning.count)
            context.console.error("  \(label)  \(reading.command)")
        }
        return ExitStatus.refused
    }

    /// "no exercise … did you mean …?" and how to log a new one.
    static func printUnknownExercise(_ name: String, suggestions close: [String], command: String, arguments: ParsedArguments, context: CommandContext) {
        if let best = close.first {
            context.console.error("sessionctl: no exercise \"\(name)\" in the plan or your history; did you mean \(best)?"
                + (close.count > 1 ? " (or " + close.dropFirst().prefix(3).joined(separator: ", ") + ")" : ""))
        } else {
            context.console.error("sessionctl: \"\(name)\" is in neither the plan nor your history")
        }
        context.console.error("Nothing was logged. If it is new, add --new: \(context.commandLine([command, "--new"], arguments)) \(command == "log" ? "" : "… ")\(name) …")
    }

    /// Attempts of one `sessionctl log` (the first and the retries).
    static let logAttempts = 3

    /// A request was sent and no reply came: it may or may not have been carried out.
    struct OutcomeUnknown: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "lost the connection to sessiond at \(path) before it replied; the set may have been stored: run \"sessionctl status\" before logging it again"
        }
    }

    /// `--kind KIND` or `--warmup`, which must not disagree.
    static func kindOption(_ arguments: ParsedArguments) throws(UsageError) -> SetKind? {
        var kind: SetKind? = arguments.has(.warmup) ? .warmup : nil
        if let given = try arguments.value(Options.kind) {
            if let kind, kind != given { throw UsageError("--warmup and --kind \(given.rawValue) say different kinds; give one") }
            kind = given
        }
        return kind
    }

    /// A unique id for this invocation, so a retried call cannot store a set twice.
    static func requestID(_ context: CommandContext) -> String {
        var random = SystemRandomNumberGenerator()
        return "sessionctl-\(context.clock.nowMs())-\(String(random.next() as UInt64, radix: 36))"
    }

    /// What every command says when no session is active.
    static let noActiveSession = "No session is active; start one with sessionctl start."

    static let status = Command(
        words: ["status"], synopsis: "", summary: "The active session: each exercise with sets done of planned.", details: "",
        options: CommonOptions.daemon,
        run: { arguments, context in
            let current = try context.call(try context.connect(arguments), SessionCurrent.self, NoParams())
            if context.printJSON(current, arguments) { return ExitStatus.ok }
            guard let session = current.session else {
                context.console.print(noActiveSession)
                return ExitStatus.ok
            }
            SessionFormatter(console: context.console).printStatus(session)
            return ExitStatus.ok
        })
}

extension SessionCommands {
    static let rest = Command(
        words: ["rest"], synopsis: "[+SECONDS|-SECONDS|TIME|skip]",
        summary: "Show the rest timer, or change it: rest +30, rest -15, rest 2:00, rest skip.",
        details: """
            Without an argument, the rest timer that runs after a set: its exercise and the
            time left. +SECONDS adds time and -SECONDS takes some off (+30, -15, +1:00, -30s);
            TIME sets the time left from now (2:00, 90, 90s, 2min); skip stops it. A change
            reaches watch and every subscriber at once (rest.changed); a rest taken down to
            nothing ends as a skip does, without the rest-over bell. Changing a rest when none
            runs is refused (exit status 1). The rest after each set of one exercise is set
            with sessionctl exercise rest.
            """,
        options: CommonOptions.daemon,
        arguments: ["seconds": "TIME", "add": "SECONDS"],
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else { throw UsageError("rest takes one change: +SECONDS, -SECONDS, TIME or skip") }
            var params = RestTimerControl.Params()
            if let word = arguments.positionals.first {
                if word == "skip" {
                    params.skip = true
                } else if let sign = word.first, sign == "+" || sign == "-", let seconds = Quantity.seconds(String(word.dropFirst())) {
                    params.add = sign == "-" ? -seconds : seconds
                } else if let seconds = Quantity.seconds(word) {
                    params.seconds = seconds
                } else {
                    throw UsageError("rest takes +SECONDS, -SECONDS, a TIME (2:00, 90s) or skip, got \"\(word)\"")
                }
            }
            let timer = try context.call(try context.connect(arguments), RestTimerControl.self, params)
            if context.printJSON(timer, arguments) { return ExitStatus.ok }
            if let exercise = timer.exercise, let left = timer.secondsLeft, timer.running {
                context.console.print("rest \(Wording.duration(left)) left · \(exercise)")
            } else {
                context.console.print(params.skip == true || params.changes ? "rest over · next set" : "no rest timer running")
            }
            return ExitStatus.ok
        })
}
