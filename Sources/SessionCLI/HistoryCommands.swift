import Glibc
import ArgumentParsing
import JSON
import SessionCore
import SessionFormats
import SessionRPC
import SessionSystem

/// The past as sessionctl shows it: sessions newest first, an exercise's history and
/// progress over weeks, and the names those commands take; a session's sets (`show`),
/// the calendar and plates; and the files it comes from and goes to (`import`,
/// `export`, `backup`).
enum HistoryCommands {
    static let history = Command(
        words: ["history"], synopsis: "[EXERCISE]",
        summary: "Past sessions, newest first; with EXERCISE, that exercise's sets session by session and its best e1RM.",
        details: """
            Without EXERCISE: date, title, duration, sets, volume of each session; the active
            one is marked with its state (aborted sessions are not kept). With EXERCISE (read
            as log reads a name): its sets session by session, newest
            first, with each session's best estimated one-rep max; --json gives the same
            sessions oldest first. See also sessionctl progress.
            """,
        options: CommonOptions.daemon + [
            Options.from.spec,
            Options.to.spec,
            Options.limit.spec,
            Options.before.spec,
        ],
        arguments: ["exercise": "EXERCISE"],
        completes: { [.every(.exercises("logged"))] },
        run: { arguments, context in
            let days = try CommandSupport.dayRange(arguments)
            let shown = try arguments.value(Options.limit) ?? SessionLimits.listDefault
            let before = try arguments.value(Options.before).map(Int64.init)
            let client = try context.connect(arguments)
            let (from, to) = try CommandSupport.dates(days, context: context, client: client)
            let formatter = SessionFormatter(console: context.console)
            if !arguments.positionals.isEmpty {
                guard let page = try exerciseHistory(arguments.positionals, from: from, to: to, before: before, limit: shown,
                                                     json: arguments.has(.json), client: client, context: context) else {
                    return ExitStatus.refused
                }
                if context.printJSON(page, arguments) { return ExitStatus.ok }
                let history = page.history
                // A page is full at its limit, or sooner at the daemon's set budget.
                let full = history.sessions.count >= shown || page.next != nil
                formatter.printExerciseHistory(history, full: full, countsBodyMass: page.countsBodyMass)
                if full, let oldest = history.sessions.first {
                    formatter.printNextPage(exercise: arguments.positionals, from: from, to: to, limit: shown, before: oldest.sessionID,
                                           daemon: context.daemonOptions(arguments))
                }
                return ExitStatus.ok
            }
            var params = SessionList.Params()
            params.from = from
            params.to = to
            params.limit = shown
            params.before = before
            let sessions = try context.call(client, SessionList.self, params)
            if context.printJSON(sessions, arguments) { return ExitStatus.ok }
            formatter.printHistory(sessions.items, paged: before != nil, ranged: from != nil || to != nil)
            if sessions.items.count >= shown, let oldest = sessions.items.last { formatter.printNextPage(exercise: arguments.positionals, from: from, to: to, limit: shown, before: oldest.sessionID,
                                           daemon: context.daemonOptions(arguments)) }
            return ExitStatus.ok
        })

    static let progress = Command(
        words: ["progress"], synopsis: "EXERCISE",
        summary: "A chart of an exercise's best e1RM and volume week by week.",
        details: """
            One line a week over the last 52 weeks (--from and --to for another range, --all
            for everything logged): a bar of the week's best estimated one-rep max (Epley,
            counted sets with reps and load), its value and the week's volume; weeks without
            it stay empty, three or more in a row on one line. Over more than 52 weeks the
            chart goes by month, so that years fit a screen. The bars take the terminal's
            width (COLUMNS when set). --json gives the weeks and sessions. --svg FILE writes
            the chart as an SVG image instead (a browser shows it): the best e1RM as a line
            on the left axis, the volume as bars on the right one, in your units, dates
            below, and the weeks that set a new best e1RM marked; an existing FILE is kept
            unless --force is given.
            """,
        options: CommonOptions.daemon + [
            Options.from.help("the first date (YYYY-MM-DD, yesterday, a weekday; default: 52 weeks ago)").spec,
            Options.to.spec,
            OptionSpec(.all, help: "everything logged of it, by month when longer than 52 weeks"),
            OptionSpec(.svg, value: "FILE", completion: .file, help: "write the chart as an SVG image to FILE"),
            OptionSpec(.force, help: "with --svg: replace FILE if it exists"),
        ],
        arguments: ["exercise": "EXERCISE"],
        completes: { [.every(.exercises("logged"))] },
        run: { arguments, context in
            guard !arguments.positionals.isEmpty else { throw UsageError("progress needs an EXERCISE: a name, or its start") }
            let svg = try arguments[.svg].map { path in try FileOutput.target(path, arguments) }
            let days = try CommandSupport.dayRange(arguments)
            if arguments.has(.all), days.from != nil || days.to != nil { throw UsageError("give --all or --from/--to, not both") }
            let client = try context.connect(arguments)
            var (from, to) = try CommandSupport.dates(days, context: context, client: client)
            if !arguments.has(.all), from == nil, to == nil {
                // The last 52 weeks, this one included.
                from = context.clock.today().mondayOfWeek.adding(days: -7 * (ExerciseHistory.weeksAtMost - 1))
            }
            // A chart needs each session's figures, not its sets (a year of them is most
            // of the reply otherwise): --json keeps the sets.
            guard let history = try exerciseHistory(arguments.positionals, from: from, to: to, before: nil, limit: nil, sets: arguments.has(.json) && svg == nil,
                                                    allPages: true, json: arguments.has(.json), client: client, context: context)?.history else {
                return ExitStatus.refused
            }
            if svg == nil, context.printJSON(ExerciseHistoryGet.Result(history), arguments) { return ExitStatus.ok }
            if let path = svg {
                guard history.sessions.contains(where: { $0.bestOneRepMaxKg != nil }) else {
                    context.console.error("sessionctl: no sets of \(history.name) with reps and load to chart; nothing written")
                    return ExitStatus.refused
                }
                // A lift's history is the person's own: 0600, as an export.
                try FileOutput.write(Array(ProgressChart.svg(history, unit: context.console.units).utf8), to: path, mode: 0o600)
                if context.printWritten(path, [(key: "exercise", value: .string(history.name))], arguments) { return ExitStatus.ok }
                context.console.print("wrote \(path): \(history.name), "
                                      + (history.chartsByMonth ? plural(history.months.count, "month") : plural(history.weeks.count, "week")))
                return ExitStatus.ok
            }
            SessionFormatter(console: context.console).printProgress(history)
            return ExitStatus.ok
        })

    /// A page of the history of the logged exercise `words` name (matched as `log`
    /// matches names), with `before` only the sessions started before that one and with
    /// `limit` only the newest `limit` of them; with `allPages`, the pages after it too
    /// (the daemon cuts a page at its set budget), as one. Nil when none or several
    /// match (the message printed); with `json` their refusal is thrown instead, to be
    /// printed as JSON.
    static func exerciseHistory(_ words: [String], from: LocalDate?, to: LocalDate?, before: Int64?, limit: Int?, sets: Bool = true, allPages: Bool = false,
                                json: Bool, client: SocketClient, context: CommandContext) throws -> ExerciseHistoryGet.Result? {
        guard let first = try exerciseHistoryPage(words, from: from, to: to, before: before, limit: limit, sets: sets, json: json,
                                                  client: client, context: context) else {
            return nil
        }
        guard allPages else { return first }
        var pages = [first.history.sessions]
        var next = first.next
        while let cursor = next {
            // The name the first page matched, as the daemon gave it.
            let page = try context.call(client, ExerciseHistoryGet.self,
                                        ExerciseHistoryGet.Params {
                                            $0.exercise = first.history.name
                                            $0.from = from
                                            $0.to = to
                                            $0.before = cursor
                                            $0.sets = sets ? nil : false
                                        })
            pages.append(page.history.sessions)
            next = page.next
        }
        return ExerciseHistoryGet.Result(ExerciseHistory(name: first.history.name, sessions: pages.reversed().flatMap { $0 }), countsBodyMass: first.countsBodyMass)
    }

    /// The first page: the daemon reads the words as every command reads a name
    /// (`ExerciseResolver`); words naming nothing or several are refused with the
    /// names they could mean (the message printed, nil returned).
    private static func exerciseHistoryPage(_ words: [String], from: LocalDate?, to: LocalDate?, before: Int64?, limit: Int?, sets: Bool, json: Bool,
                                            client: SocketClient, context: CommandContext) throws -> ExerciseHistoryGet.Result? {
        let query = words.joined(separator: " ")
        do {
            return try context.call(client, ExerciseHistoryGet.self,
                                    ExerciseHistoryGet.Params {
                                        $0.exercise = query
                                        $0.from = from
                                        $0.to = to
                                        $0.before = before
                                        $0.limit = limit
                                        $0.sets = sets ? nil : false
                                    })
        } catch let refusal as DaemonRefusal {
            guard !json, printNameRefusal(refusal.error, context: context) else { throw refusal }
            return nil
        }
    }

    /// A lookup's refusal of the words (`unknown_exercise`, `ambiguous_exercise`) in the
    /// CLI's words; false for any other error, which is left to the caller.
    static func printNameRefusal(_ error: RPCError, context: CommandContext) -> Bool {
        if error.is(.ambiguousExercise), let ambiguous = error.data(as: ErrorData.AmbiguousExercise.self) {
            context.console.error("sessionctl: \"\(ambiguous.match)\" matches several exercises:")
            context.console.errorList(ambiguous.matches.map(\.name), limit: 8)
            context.console.error("Give more of the name.")
            return true
        }
        if error.is(.unknownExercise), let unknown = error.data(as: ErrorData.UnknownExercise.self), let match = unknown.match {
            context.console.error("sessionctl: no exercise \"\(match)\" in the catalog, your history or the plan"
                + (unknown.suggestions?.first.map { "; did you mean \($0)?" } ?? ""))
            return true
        }
        return false
    }

    /// The names a person may mean by a word: the aliases and every exercise logged, and
    /// with `planned` today's plan's exercises too, asked for in one round trip.
    struct KnownExercises {
        /// Alias key → the exercise it names.
        let aliases: [String: String]
        /// The names logged, then (with `planned`) today's plan's not logged yet; a
        /// name given twice once, as first given.
        let names: [String]
        /// With `dayOf`, the plan day that date trains (nil: a rest day or no plan).
        let planDay: PlanDay?

        init(client: SocketClient, planned: Bool = false, dayOf date: LocalDate? = nil) throws {
            var calls = [SocketClient.Call(ExerciseAliases.self, NoParams()), SocketClient.Call(HistoryExercises.self, HistoryExercises.Params {
                $0.counts = false
            })]
            if planned { calls.append(SocketClient.Call(PlanGet.self, PlanGet.Params.currentPlan)) }
            var dayParams = PlanGet.Params()
            dayParams.date = date
            if date != nil { calls.append(SocketClient.Call(PlanGet.self, dayParams)) }
            let replies = try client.pipeline(calls)
            // No plan covering the date is no plan day, not an error; the day the date
            // trains is the calendar's (a plan in force from later that week, a move).
            if let date, case .result(let json) = replies[replies.count - 1], let document = try? PlanGet.Result(json: json) {
                planDay = document.planDay(on: date)
            } else {
                planDay = nil
            }
            let aliasItems = try ExerciseAliases.Result(json: try replies[0].value()).items
            aliases = Dictionary(aliasItems.map { ($0.alias, $0.name) }, uniquingKeysWith: { first, _ in first })
            var names = try HistoryExercises.Result(json: try replies[1].value()).items.map(\.name)
            // No active plan is no planned names, not an error.
            if planned, case .result(let json) = replies[2], let document = try? PlanGet.Result(json: json) {
                names += document.plan.days.flatMap { $0.exercises.map(\.name) }
            }
            self.names = ExerciseMatcher.distinct(names)
        }
    }

    /// The exercise `name` names by the one rule (`ExerciseResolver`), for a command
    /// that has no session to log in (`track`): the plan day's exercises are the day's,
    /// `known`'s names the names known. With --new, words naming nothing exactly are
    /// the new exercise's name. Several or none are refused with the names they could
    /// mean (nil: refused, the message printed).
    static func knownName(_ name: String, arguments: ParsedArguments, known: KnownExercises, context: CommandContext, command: String) throws -> String? {
        // As the daemon bounds a name it is given: a longer one is no name, and would
        // cost the matcher its length squared against every name known.
        let length = name.collapsingWhitespace().count
        if length > SessionLimits.exerciseNameLength {
            throw UsageError("EXERCISE: must be at most \(SessionLimits.exerciseNameLength) characters, got \(length)")
        }
        let day = known.planDay?.exercises.map { ExerciseMatcher.Candidate(offPlan: $0.name) } ?? []
        do {
            return try ExerciseResolver.resolve(name, isNew: arguments.has(.new), day: day, aliases: known.aliases) {
                ExerciseResolver.Known(logged: known.names)
            }.name
        } catch SessionError.ambiguousExercise(let words, let matches) {
            context.console.error("sessionctl: \"\(words)\" matches several exercises; nothing was logged:")
            context.console.errorList(matches.map(\.name), limit: 8)
            return nil
        } catch SessionError.unknownExercise(let words, let suggestions) {
            SessionCommands.printUnknownExercise(words, suggestions: suggestions, command: command, arguments: arguments, context: context)
            return nil
        }
    }
}
