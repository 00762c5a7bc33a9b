import Glibc
import ArgumentParsing
import SessionCore
import SessionRPC
import JSON
import SessionSystem

extension RemoteCommands {
    static let call = Command(
        words: ["call"], synopsis: "METHOD [JSON]",
        summary: "Call any method with params as a JSON object and print the result.",
        details: """
            Example: sessionctl call session.list '{"limit": 5}'. sessionctl call rpc.discover
            lists every method.
            """,
        options: CommonOptions.daemon,
        run: { arguments, context in
            guard (1...2).contains(arguments.positionals.count) else { throw UsageError("call needs METHOD and optionally params as JSON") }
            var params: JSONValue?
            if arguments.positionals.count == 2 {
                do {
                    params = try JSONParser.parse(arguments.positionals[1])
                } catch {
                    throw UsageError("params are not JSON: \(error)")
                }
            }
            let result = try context.call(try context.connect(arguments), arguments.positionals[0], params)
            context.console.print(arguments.has(.json) ? result.jsonText : result.prettyText)
            return ExitStatus.ok
        })

    static let watch = Command(
        words: ["watch"], synopsis: "[TYPE...]",
        summary: "Print events as they happen, with a countdown while a rest timer runs.",
        details: """
            TYPE limits the events (session.started, set.logged, rest.started, …). Stop with
            Ctrl-C. Started during a rest, it shows that rest's countdown. When a rest is over
            the terminal bell rings; with --notify a desktop notification says so too (through
            notify-send, when it is installed).
            """,
        options: CommonOptions.daemon + [OptionSpec(.notify, help: "a desktop notification when a rest is over (notify-send)")],
        arguments: ["types": "TYPE"],
        completes: { [.every(.words(EventsSubscribe.types))] },
        run: runWatch)

    /// How long past its end a rest shown counting down waits for its rest.finished.
    static let restOverdueMs: Int64 = 5_000

    static func runWatch(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let client = try context.connect(arguments)
        // A rest already running when the watch starts is shown too.
        let current = try context.call(client, SessionCurrent.self, NoParams()).session
        _ = try context.call(client, EventsSubscribe.self, EventsSubscribe.Params {
            $0.types = arguments.positionals.isEmpty ? nil : arguments.positionals
        })
        let console = context.console
        // On standard error: standard output carries the events alone, for a pipe.
        if !arguments.has(.json) { console.error(console.dim("watching events on \(client.path) (Ctrl-C to stop)")) }
        var countdown: (endsAtMs: Int64, exercise: String, sessionID: Int64)?
        if let current, let running = current.rest, let ends = RFC3339.parse(running.endsAt), !arguments.has(.json) {
            countdown = (ends, running.exercise, current.sessionID)
            console.print(console.yellow("resting: \(Wording.duration(running.secondsLeft)) left after \(running.exercise)"))
        }
        // Until standard output is gone (a reader that went away, SIGPIPE ignored): the
        // failure is said once, by the command's caller.
        while console.outputFailure == nil {
            // A rest ended without its rest.finished (the session finished on another
            // device, whose change ended it here) is not counted down forever.
            if let timer = countdown, context.clock.nowMs() > timer.endsAtMs + Self.restOverdueMs { countdown = nil }
            if let timer = countdown, console.colors {
                let left = max(0, Int((timer.endsAtMs - context.clock.nowMs() + 999) / 1000))
                console.write("\r\u{1B}[K" + console.yellow("rest \(Wording.duration(left)) · \(timer.exercise)"))
                guard client.waitReadable(milliseconds: 250) else { continue }
                console.write("\r\u{1B}[K")
            }
            let event = try client.readJSON()
            guard event["method"] == "event", let params = event["params"] else { continue }
            if arguments.has(.json) { console.print(params.jsonText); continue }
            let type = params["type"]?.stringValue ?? "?"
            if type == RestStartedEvent.type, let rest = try? RestStartedEvent.Payload(json: params), let ms = RFC3339.parse(rest.endsAt) {
                countdown = (ms, rest.exercise, rest.sessionID)
            } else if type == RestChangedEvent.type, let rest = try? RestChangedEvent.Payload(json: params) {
                countdown = rest.skipped ? nil : RFC3339.parse(rest.endsAt).map { ($0, rest.exercise, rest.sessionID) }
            } else if type == RestFinishedEvent.type {
                countdown = nil
            } else if type.hasPrefix("set.") || type.hasPrefix("session."), let timer = countdown,
                      params["sessionId"]?.intValue.map(Int64.init) ?? timer.sessionID == timer.sessionID {
                // A set or a change of the resting session; another session's (a set
                // added to a finished one, an old session discarded) leaves it.
                countdown = nil
            }
            if type == RestFinishedEvent.type {
                restOver((try? RestFinishedEvent.Payload(json: params))?.exercise ?? "", notify: arguments.has(.notify), console: console)
            }
            console.print(describe(event: params, type: type, console: console, clock: context.clock))
        }
        return ExitStatus.refused
    }

    /// The end of a rest: the terminal bell (on a terminal), and with --notify a desktop
    /// notification when notify-send is there (a missing one is skipped quietly).
    static func restOver(_ exercise: String, notify: Bool, console: Console) {
        if console.colors { console.write("\u{7}") }
        guard notify else { return }
        let body = exercise.isEmpty ? "Next set." : "Next set of \(exercise)."
        _ = try? ChildProcess.run(shell: "command -v notify-send >/dev/null && exec notify-send -a sessionctl \"$0\" \"$1\"",
                                  arguments: ["Rest over", body], input: [], timeoutMs: 3000)
    }

    /// An event as `watch` prints it: the daemon's time of day, the type, and the payload
    /// read as its declared type (`EventRegistry`); a set in the words `log` uses.
    static func describe(event: JSONValue, type: String, console: Console = Console(capturing: false), clock: LocalClock = LocalClock()) -> String {
        /// HH:MM:SS as the daemon wrote it (its zone, like every other time sessionctl
        /// shows): a set's logged time, else when the event was published.
        func timeOfDay(_ text: String?) -> String? { text.flatMap { $0.count >= 19 ? String($0.dropFirst(11).prefix(8)) : nil } }
        let time = timeOfDay(event["loggedAt"]?.stringValue) ?? timeOfDay(event["at"]?.stringValue) ?? timeOfDay(clock.rfc3339(ms: clock.nowMs())) ?? ""
        let unit = console.units
        let detail: String
        do throws(JSONReadError) {
            switch type {
            case SetLoggedEvent.type:
                let lines = SessionFormatter(console: console).logged(try SetLoggedEvent.Payload(json: event), session: nil)
                detail = lines.set + (lines.record.map { " · " + $0 } ?? "")
            case SetEditedEvent.type:
                let set = try SetEditedEvent.Payload(json: event)
                detail = "\(set.exercise) · set \(set.setNumber) now "
                    + SessionFormatter.setText(reps: set.reps, weightKg: set.weightKg, durationSeconds: set.durationSeconds, unit: unit,
                                               countsBodyMass: set.countsBodyMass)
            case SetUndoneEvent.type:
                let set = try SetUndoneEvent.Payload(json: event)
                detail = "\(set.exercise) · set \(set.setNumber) removed"
            case RestStartedEvent.type:
                let rest = try RestStartedEvent.Payload(json: event)
                detail = "\(rest.exercise) · rest \(Wording.duration(rest.seconds)) until " + (timeOfDay(rest.endsAt) ?? rest.endsAt)
            case RestChangedEvent.type:
                let rest = try RestChangedEvent.Payload(json: event)
                detail = rest.skipped
                    ? "\(rest.exercise) · rest skipped"
                    : "\(rest.exercise) · rest now \(Wording.duration(rest.secondsLeft)) until " + (timeOfDay(rest.endsAt) ?? rest.endsAt)
            case RestFinishedEvent.type:
                detail = "\(try RestFinishedEvent.Payload(json: event).exercise) · rest over, next set"
            case SessionStartedEvent.type:
                detail = try SessionStartedEvent.Payload(json: event).title
            case SessionFinishedEvent.type:
                let totals = try SessionFinishedEvent.Payload(json: event)
                detail = Wording.duration(totals.durationSeconds) + " · " + plural(totals.sets, "set") + " · " + unit.volumeText(totals.volumeKg)
            case PlanActivatedEvent.type:
                detail = "plan \(try PlanActivatedEvent.Payload(json: event).planID)"
            case SessionPausedEvent.type, SessionResumedEvent.type, SessionAbortedEvent.type:
                detail = "session \(try SessionReference(json: event).sessionID)"
            default:
                detail = event.jsonText  // an event this build does not know yet
            }
        } catch {
            detail = "(not as declared: \(error))"
        }
        return "\(time)  \(type)  \(detail)"
    }

    static let completion = Command(
        words: ["completion"], synopsis: "bash|zsh|fish",
        summary: "Print the completion script for bash, zsh or fish (verbs, options, their values, today's exercise names).",
        details: """
            Install (make install does this under PREFIX): sessionctl completion bash >
            /usr/share/bash-completion/completions/sessionctl; sessionctl completion zsh >
            /usr/share/zsh/vendor-completions/_sessionctl (any directory on $fpath); sessionctl
            completion fish > /usr/share/fish/vendor_completions.d/sessionctl.fish (or
            ~/.config/fish/completions/). All three come from the same declarations.
            """,
        options: [],
        completes: { [.every(.words(ShellCompletion.shells))] },
        run: { arguments, context in
            guard arguments.positionals.count == 1, let shell = arguments.positionals.first, ShellCompletion.shells.contains(shell) else {
                throw UsageError("completion needs one shell: \(ShellCompletion.shells.joined(separator: ", "))")
            }
            switch shell {
            case "zsh": context.console.write(ShellCompletion.zsh(commands: Commands.all))
            case "fish": context.console.write(ShellCompletion.fish(commands: Commands.all))
            default: context.console.print(BashCompletion.script(commands: Commands.all))
            }
            return ExitStatus.ok
        })

    /// Hidden helper the completion script calls: today's exercise names (and those
    /// logged off-plan in the active session; in a free session the week's planned
    /// names too), one a line, each once; with --logged every exercise logged (for
    /// history and progress), most recent first; with --known those and the active
    /// plan's (what track matches); with --planned the active plan's, every day's (what
    /// plan set, swap and remove change).
    static let completeExercises = Command(
        words: ["__complete-exercises"], synopsis: "", summary: "", details: "",
        options: [CommonOptions.socket, CommonOptions.host, OptionSpec(.logged, help: ""), OptionSpec(.known, help: ""), OptionSpec(.planned, help: "")],
        run: { arguments, context in
            // Quiet on every failure: a completion must never print an error, nor wait.
            guard let client = try? context.connect(arguments, batch: true) else { return ExitStatus.ok }
            var names: [String] = []
            if arguments.has(.known) {
                names = (try? HistoryCommands.KnownExercises(client: client, planned: true))?.names ?? []
            } else if arguments.has(.planned) {
                names = (try? context.plan(client, PlanGet.Params.currentPlan))?.plan.days.flatMap { $0.exercises.map(\.name) } ?? []
            } else if arguments.has(.logged) {
                names = (try? context.call(client, HistoryExercises.self, HistoryExercises.Params { $0.counts = false }))?.items.map(\.name) ?? []
            } else if let current = try? context.call(client, SessionCurrent.self, NoParams()), let session = current.session {
                names = session.exercises.map(\.exercise.name) + session.offPlan.map(\.name)
                // A free session (a rest day's): the week's planned names, which log finds too.
                if session.planDayID == nil, let document = try? context.plan(client, PlanGet.Params.currentPlan) {
                    names += document.plan.days.flatMap { $0.exercises.map(\.name) }
                }
            } else {
                // Today as the daemon has it (with -H its zone may be another), and the day
                // it trains as the plan calendar has it: carried over, moved.
                try? context.useDaemonTimeZone(client)
                let today = context.clock.today()
                let document = try? context.call(client, PlanGet.self, PlanGet.Params { $0.date = today })
                names = document?.planDay(on: today)?.exercises.map(\.name) ?? []
            }
            var printed = Set<String>()
            for name in names {
                let word = name.lowercased().replacingOccurrences(of: " ", with: "-")
                if printed.insert(word).inserted { context.console.print(word) }
            }
            return ExitStatus.ok
        })

    /// Hidden helper the completion script calls: plan ids, newest first.
    static let completePlans = Command(
        words: ["__complete-plans"], synopsis: "", summary: "", details: "", options: [CommonOptions.socket, CommonOptions.host],
        run: { arguments, context in
            guard let client = try? context.connect(arguments, batch: true), let plans = try? context.call(client, PlanList.self, NoParams()) else { return ExitStatus.ok }
            for plan in plans.items { context.console.print(String(plan.planID)) }
            return ExitStatus.ok
        })

    /// Hidden helper the completion script calls: the latest sessions' ids, newest first.
    static let completeSessions = Command(
        words: ["__complete-sessions"], synopsis: "", summary: "", details: "", options: [CommonOptions.socket, CommonOptions.host],
        run: { arguments, context in
            guard let client = try? context.connect(arguments, batch: true),
                let sessions = try? context.call(client, SessionList.self, SessionList.Params { $0.limit = 20 })
            else { return ExitStatus.ok }
            for session in sessions.items { context.console.print(String(session.sessionID)) }
            return ExitStatus.ok
        })
}
