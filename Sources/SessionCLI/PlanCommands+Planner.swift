import Glibc
import ArgumentParsing
import SessionCore
import SessionFormats
import SessionRPC
import SessionSystem
import JSON

extension PlanCommands {
    static let plannerOptions = [
        OptionSpec(.planner, value: "CMD", help: "the planner command (default: $SESSIOND_PLANNER, else planner = in the config file)"),
        Options.timeout.spec,
        Options.repairs.spec,
        OptionSpec(.dryRun, help: "ask and check, but store nothing"),
        OptionSpec(.printRequest, help: "print what the planner would read, and run nothing"),
        CommonOptions.verbose,
    ]

    static let planNext = Command(
        words: ["plan", "next"], synopsis: "",
        summary: "Ask the planner for next week's plan, import it and make it active.",
        details: """
            Renders the generation prompt (sessionctl prompt), runs the planner command with
            the request as JSON on its standard input, and imports what it prints for the week
            asked (default: next week) as the active plan. The request is an OpenAI-style
            conversation plus the plan's JSON Schema:
              {"messages": [{"role": "system", "content": …}, {"role": "user", …}],
               "schema": {…}, "weekStart": "YYYY-MM-DD", "attempt": 1}
            The command runs as /bin/sh -c CMD with SESSIOND_WEEK_START and SESSIOND_ATTEMPT
            set, in a process group of its own; it prints the model's reply (JSON, or text
            with the JSON inside, at most 128 KiB) and exits 0. Once it exits, what it left
            running is ended and not waited for; so is the planner when sessionctl is
            interrupted (Ctrl-C: exit 130, the attempt kept as failed). It may write the
            model's token usage as
              {"inputTokens": N, "outputTokens": N}
            to the file SESSIOND_USAGE_FILE names; without it the tokens are estimated (4
            bytes of UTF-8 a token) and kept marked as estimates. A program (CMD's first
            word) or its directory that another user owns, or that its group or every user
            may write, is not run; nor is a config file of that kind read.
            A reply the import refuses is sent back with the errors appended to the
            conversation, at most --repairs times. A planner that times out, exits non-zero
            or prints nothing stops the command; nothing is imported then. Every attempt's
            reply is kept for audit with its tokens (sessionctl plan attempts). With
            planner-monthly-limit = N in the config file, no attempt is made once N were
            made this calendar month (the daemon's time zone; refused and failed attempts
            and plan redo's count too, a dry run's do not, being kept nowhere): the command
            exits 1 before the planner runs and says when the month resets. Ready-made
            planners for OpenAI-compatible servers, Anthropic and ollama: contrib/planners
            (README).
            The planner comes from --planner, $SESSIOND_PLANNER, or the config file
            $XDG_CONFIG_HOME/sessiond/config (~/.config/sessiond/config):
              planner = /usr/local/share/sessiond/planners/openai-compatible
              planner-timeout = 180
              planner-repairs = 2
              planner-monthly-limit = 10
            """,
        options: CommonOptions.daemon + [Options.week.help("plan the week holding DATE (default: next week)").spec] + plannerOptions,
        run: runPlanNext)

    static let planRedo = Command(
        words: ["plan", "redo"], synopsis: "DAY",
        summary: "Ask the planner for one day of today's plan again; a new version of the plan gets it.",
        details: """
            DAY is a weekday (Thursday, thu) or a date of today's plan's week, or of this week
            when the plan's own has ended (it is carried over: the new version is this week's).
            The planner is asked for that day only, with the rest of the week's exercises (and
            every --avoid NAME) as names not to use and the profile's equipment as the only
            equipment; the request has plan next's shape. Its answer, a plan of one day, replaces
            that day in a new version of today's plan, which becomes active; the old version is
            kept (sessions already trained keep their rows). A reply with another number of days,
            or with an avoided exercise, is sent back for repair like any refused reply. The
            planner, --timeout, --repairs, --dry-run and --print-request are as for plan next.
            """,
        options: CommonOptions.daemon + [OptionSpec(.avoid, value: "NAME", help: "an exercise not to use (repeat for more)")] + plannerOptions,
        completes: { [.at(1, .weekdays)] },
        run: runPlanRedo)

    static func runPlanRedo(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("plan redo needs one DAY (a weekday or a date of today's plan's week)") }
        let client = try context.connect(arguments)
        let document = try context.plan(client, PlanGet.Params.currentPlan)
        // A plan whose own week has ended trains the daemon's week carried over by
        // weekday: the day is redone there, and the new version's week is that one.
        let today = try context.call(client, DaemonStatus.self, NoParams()).today
        let plan = document.plan.weekStart.adding(days: 6) < today ? PlanCalendar.carry(document.plan, to: today.mondayOfWeek) : document.plan
        let word = arguments.positionals[0]
        let date: LocalDate
        if let weekday = Weekday(parsing: word) {
            date = plan.weekStart.dayOfWeek(weekday)
        } else if let parsed = LocalDate(word) {
            date = parsed
        } else {
            throw UsageError("DAY must be a weekday or a date as YYYY-MM-DD, got \"\(word)\"")
        }
        guard let redo = DayRedo(plan: plan, date: date, avoiding: arguments.allValues(.avoid)) else {
            throw UsageError("\(date) is not in today's plan's week (\(plan.weekStart) to \(plan.weekStart.adding(days: 6)))")
        }
        let profile = try context.call(client, ProfileGet.self, NoParams())
        let request = redo.request(profile: profile.profile)
        guard let link = try plannerLink(for: request, run: "redo-\(date)", arguments, context, client) else { return ExitStatus.ok }
        let outcome = try link.ask(request) { text, attempt, tokens in
            let answer = try PlanImporter.importPlan(text: text, options: PlanImportOptions(today: context.clock.today(), weekStart: plan.weekStart, bareWeightInPounds: context.console.units == .lb))
            let replaced = try redo.replacing(with: answer.plan)
            let warnings = answer.warnings + (redo.placementWarning(for: answer.plan).map { [$0] } ?? [])
            if link.dryRun { return .checked(ImportedPlan(plan: replaced, warnings: warnings)) }
            var params = PlanImport.Params { $0.plan = replaced.json }
            params.bareWeightUnit = context.console.units.rawValue
            params.weekStart = plan.weekStart
            params.revises = document.planID
            (params.run, params.attempt, params.planner, params.reply, params.tokens) = (link.run, attempt, link.settings.command, text, tokens)
            var result = try context.call(client, PlanImport.self, params)
            result = PlanImport.Result {
                $0.planID = result.planID
                $0.name = result.name
                $0.weekStart = result.weekStart
                $0.active = result.active
                $0.warnings = warnings + result.warnings
                $0.governsFrom = result.governsFrom
            }
            return .imported(result)
        }
        printPlannerOutcome(outcome, arguments, context)
        if !arguments.has(.json), case .imported(let result) = outcome.result {
            context.console.print("\(date.weekday.name) \(date) redone: plan \(result.planID) is a new version of plan \(document.planID), which is kept")
            sayPutOff(result.governsFrom, console: context.console)
        }
        return ExitStatus.ok
    }

    static let planAttempts = Command(
        words: ["plan", "attempts"], synopsis: "[RUN]",
        summary: "List the kept planner attempts with their tokens and this month's totals, or show one run's replies.",
        details: """
            Without RUN, one line per attempt, newest first, with the tokens it cost in and out,
            then this month's count and totals (the calendar month of the daemon's time zone,
            against planner-monthly-limit when the config file sets one); with RUN, every
            attempt of that run with the reply as the planner printed it. Tokens are the
            endpoint's usage as the planner passed it back, or else estimated at 4 bytes of
            UTF-8 a token and marked ~.
            """,
        options: CommonOptions.daemon + [Options.limit.help("at most N attempts (default 20)").spec],
        arguments: ["run": "RUN"],
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else { throw UsageError("plan attempts takes at most one RUN") }
            var params = PlanAttempts.Params()
            params.run = arguments.positionals.first
            params.limit = try arguments.value(Options.limit)
            let client = try context.connect(arguments)
            let attempts = try context.call(client, PlanAttempts.self, params)
            let console = context.console
            // A run that kept nothing is a data error, --json or not.
            if attempts.items.isEmpty, let run = params.run {
                console.error("sessionctl: no attempts kept for run \"\(run)\" (sessionctl plan attempts lists the runs)")
                return ExitStatus.refused
            }
            if context.printJSON(attempts, arguments) { return ExitStatus.ok }
            if attempts.items.isEmpty {
                console.print("no planner attempts kept yet (sessionctl plan next)")
                return ExitStatus.ok
            }
            for item in attempts.items.reversed() where params.run != nil {
                console.print(console.bold("attempt \(item.attempt.attempt)") + " · \(item.at) · \(item.attempt.outcome.rawValue)" +
                              (item.planID.map { " as plan \($0)" } ?? "") + " · " + tokensText(item.attempt.tokens))
                if let detail = item.attempt.detail { console.print(console.dim(detail)) }
                // A model's text is shown, not obeyed: control characters (terminal escapes) are replaced.
                console.print(item.attempt.reply.isEmpty ? console.dim("(printed nothing)") : displayable(item.attempt.reply))
                console.print()
            }
            for item in attempts.items where params.run == nil {
                let outcome = item.planID.map { "imported as plan \($0)" } ?? item.attempt.outcome.rawValue
                console.print("\(item.at)  \(item.attempt.run)  attempt \(item.attempt.attempt)  \(outcome)  \(tokensText(item.attempt.tokens))")
            }
            if params.run == nil {
                let usage = try context.call(client, PlanUsage.self, NoParams())
                let limit = (try? UserConfig.load(environment: context.environment))?.plannerMonthlyLimit
                console.print()
                console.print(monthText(usage, limit: limit))
            }
            return ExitStatus.ok
        })

    /// An attempt's tokens as `plan attempts` shows them: estimates marked ~.
    static func tokensText(_ tokens: PlannerTokens?) -> String {
        guard let tokens else { return "tokens not kept" }
        let mark = tokens.source == .estimate ? "~" : ""
        return "\(mark)\(tokens.input) in / \(mark)\(tokens.output) out tokens" + (tokens.source == .estimate ? " (estimated)" : "")
    }

    /// This month's line of `plan attempts`: the count (against the limit, when there is
    /// one), the tokens, and when the count starts again.
    static func monthText(_ usage: PlanUsage.Result, limit: Int?) -> String {
        var notes: [String] = []
        if usage.estimatedAttempts > 0 { notes.append("\(plural(usage.estimatedAttempts, "attempt")) estimated") }
        if usage.unrecordedAttempts > 0 { notes.append("\(plural(usage.unrecordedAttempts, "attempt")) kept without tokens") }
        let count = limit.map { "\(usage.attempts) of \($0) attempts (planner-monthly-limit)" } ?? plural(usage.attempts, "attempt")
        return "this month (\(usage.month)): \(count), \(usage.inputTokens) tokens in, \(usage.outputTokens) out" +
            (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))") + "; the count starts again on \(usage.resetsOn)"
    }

    /// Text with its control characters but newline and tab shown as U+FFFD.
    static func displayable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value) ? "\u{FFFD}" : scalar
        }))
    }

    /// The ready-made planners `make install` put beside this executable
    /// (PREFIX/share/sessiond/planners for PREFIX/bin/sessionctl), when they are there.
    static func installedPlanners() -> String? {
        guard let executable = FilePath.executable() else { return nil }
        let directory = FilePath.directory(of: FilePath.directory(of: executable)) + "/share/sessiond/planners"
        return access(directory, F_OK) == 0 ? directory : nil
    }

    /// The planner command and its limits, from the options, the environment and the
    /// config file, in that order.
    static func plannerSettings(_ arguments: ParsedArguments, _ context: CommandContext) throws -> PlannerLink.Settings {
        let config: UserConfig
        do {
            config = try UserConfig.load(environment: context.environment)
        } catch let problem as UserConfig.Problem {
            throw UsageError("config file: \(problem)")
        }
        // The options as typed first: a bad one is said whatever the planner.
        let timeout = try arguments.value(Options.timeout) ?? config.plannerTimeout ?? PlannerLimits.defaultTimeoutSeconds
        let repairs = try arguments.value(Options.repairs) ?? config.plannerRepairs ?? PlannerLimits.defaultRepairs
        if let given = arguments[.planner], given.trimmingWhitespace().isEmpty { throw UsageError("--planner needs a command, got \"\(given)\"") }
        let command = arguments[.planner] ?? context.environment["SESSIOND_PLANNER"].flatMap { $0.isEmpty ? nil : $0 } ?? config.planner
        guard let command else {
            let file = UserConfig.path(environment: context.environment) ?? "$XDG_CONFIG_HOME/sessiond/config"
            throw UsageError("no planner: give --planner CMD, set SESSIOND_PLANNER, or write \"planner = CMD\" in \(file) (ready-made planners: \(installedPlanners() ?? "contrib/planners in the source tree"))")
        }
        try PlannerLink.checkProgram(of: command, path: context.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
        return PlannerLink.Settings(command: command, timeoutSeconds: timeout, repairs: repairs, monthlyLimit: config.plannerMonthlyLimit,
                                    configPath: UserConfig.path(environment: context.environment))
    }

    /// The link that asks the planner for `request`; nil when --print-request printed it
    /// instead (no planner needed then). The run is named by `run` and the time.
    static func plannerLink(for request: PlannerRequest, run: String, _ arguments: ParsedArguments, _ context: CommandContext,
                            _ client: SocketClient) throws -> PlannerLink? {
        if arguments.has(.printRequest) {
            context.console.print(request.json.prettyText)
            return nil
        }
        return PlannerLink(settings: try plannerSettings(arguments, context), context: context, client: client,
                           dryRun: arguments.has(.dryRun), run: "\(run)-\(context.clock.nowMs())")
    }

    static func runPlanNext(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let written = try arguments.value(Options.week)
        let client = try context.connect(arguments)
        let week = try context.date(written, over: client)
        // Next week is the one after the daemon's today, and the prompt's record ends there.
        try context.useDaemonTimeZone(client)
        let today = context.clock.today()
        let weekStart = (week ?? today.adding(days: 7)).mondayOfWeek
        // The week planned, a new plan's, and the week before it, which the prompt reads:
        // checked before the planner is asked.
        let weeks = PlanLimits.planWeekStarts
        guard weeks.contains(weekStart), PlanLimits.weekStarts.contains(weekStart.adding(days: -7)) else {
            throw UsageError("--week \(written?.text ?? "") names the week of \(weekStart): the week planned must start from \(weeks.lowerBound) to \(weeks.upperBound)")
        }
        // The week summarised is the one before, but for the current week: its days so far
        // are read, not cut off at last Sunday.
        var promptParams = PromptRender.Params()
        promptParams.weekStart = weekStart == today.mondayOfWeek ? weekStart : weekStart.adding(days: -7)
        // Sent only where it is not the default, which a daemon before it takes as well.
        if weekStart == today.mondayOfWeek { promptParams.planWeek = weekStart }
        let prompt = try context.call(client, PromptRender.self, promptParams)
        let request = PlannerRequest(system: prompt.system, user: prompt.user, schema: prompt.schema, weekStart: weekStart)
        guard let link = try plannerLink(for: request, run: "next-\(weekStart)", arguments, context, client) else { return ExitStatus.ok }
        let outcome = try link.ask(request) { text, attempt, tokens in
            if link.dryRun {
                return .checked(try PlanImporter.importPlan(text: text, options: PlanImportOptions(today: context.clock.today(), weekStart: weekStart, bareWeightInPounds: context.console.units == .lb)))
            }
            var params = PlanImport.Params { $0.plan = .string(text) }
            params.bareWeightUnit = context.console.units.rawValue
            params.weekStart = weekStart
            (params.run, params.attempt, params.planner, params.tokens) = (link.run, attempt, link.settings.command, tokens)
            return .imported(try context.call(client, PlanImport.self, params))
        }
        printPlannerOutcome(outcome, arguments, context)
        return ExitStatus.ok
    }

    /// What `plan next` and `plan redo` print when the planner's plan is in.
    static func printPlannerOutcome(_ outcome: PlannerLink.Outcome, _ arguments: ParsedArguments, _ context: CommandContext) {
        let console = context.console
        let attempts = plural(outcome.attempts, "attempt")
        if arguments.has(.json) {
            var writer = JSONWriter()
            writer.object {
                switch outcome.result {
                case .imported(let result): result.encodeMembers(to: &$0)
                case .checked(let result):
                    $0.member("plan", result.plan.json)
                    $0.member("warnings", JSONValue.array(result.warnings.map(\.json)))
                }
                $0.member("dryRun", outcome.run == nil)
                $0.member("run", outcome.run)
                $0.member("attempts", outcome.attempts)
            }
            console.print(String(decoding: writer.bytes, as: UTF8.self))
            return
        }
        let warnings: [PathMessage]
        switch outcome.result {
        case .imported(let result):
            console.print("imported plan \(result.planID): \(console.bold(result.name)) · week of \(result.weekStart)" +
                          (result.active ? " · active" : "") + " · \(attempts)")
            warnings = result.warnings
        case .checked(let result):
            PlanFormatter(console: console).printPlan(result.plan, today: nil)
            console.print()
            console.print("dry run: the planner's plan imports (\(attempts)); nothing was stored")
            warnings = result.warnings
        }
        PlanFormatter(console: console).printWarnings(warnings, heading: "\(plural(warnings.count, "change")) made on import:",
                                                      verbose: arguments.has(.verbose))
    }
}
