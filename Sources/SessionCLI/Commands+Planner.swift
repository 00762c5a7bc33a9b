#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing
import SessionCore
import SessionRPC
import SessionSystem
import JSON

extension Commands {
    static let plannerOptions = [
        OptionSpec(.planner, value: "CMD", help: "the planner command (default: $SESSIOND_PLANNER, else planner = in the config file)"),
        OptionSpec(.timeout, value: "SECONDS", help: "how long one planner run may take (default \(PlannerLimits.defaultTimeoutSeconds))"),
        OptionSpec(.repairs, value: "N", help: "times a refused reply goes back to the planner with its errors (default \(PlannerLimits.defaultRepairs))"),
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
            running is ended and not waited for. A program (CMD's first word) or its
            directory that another user owns, or that its group or every user may write,
            is not run; nor is a config file of that kind read.
            A reply the import refuses is sent back with the errors appended to the
            conversation, at most --repairs times. A planner that times out, exits non-zero
            or prints nothing stops the command; nothing is imported then. Every attempt's
            reply is kept for audit (sessionctl plan attempts). Ready-made planners for
            OpenAI-compatible servers, Anthropic and ollama: contrib/planners (README).
            The planner comes from --planner, $SESSIOND_PLANNER, or the config file
            $XDG_CONFIG_HOME/sessiond/config (~/.config/sessiond/config):
              planner = /usr/local/share/sessiond/planners/openai-compatible
              planner-timeout = 180
              planner-repairs = 2
            """,
        options: CommonOptions.daemon + [OptionSpec(.week, value: "DATE", help: "plan the week holding DATE (default: next week)")] + plannerOptions,
        run: runPlanNext)

    static let planRedo = Command(
        words: ["plan", "redo"], synopsis: "DAY",
        summary: "Ask the planner for one day of the active plan again; a new version of the plan gets it.",
        details: """
            DAY is a weekday (Thursday, thu) or a date of the active plan's week. The planner
            is asked for that day only, with the rest of the week's exercises (and every
            --avoid NAME) as names not to use and the profile's equipment as the only
            equipment; the request has plan next's shape. Its answer, a plan of one day,
            replaces that day in a new version of the active plan, which becomes active; the
            old version is kept (sessions already trained keep their rows). A reply with
            another number of days, or with an avoided exercise, is sent back for repair
            like any refused reply. The planner, --timeout, --repairs, --dry-run and
            --print-request are as for plan next.
            """,
        options: CommonOptions.daemon + [OptionSpec(.avoid, value: "NAME", help: "an exercise not to use (repeat for more)")] + plannerOptions,
        run: runPlanRedo)

    static func runPlanRedo(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("plan redo needs one DAY (a weekday or a date of the active plan's week)") }
        let client = try context.connect(arguments)
        let document = try context.call(client, PlanGet.self, PlanGet.Params())
        let plan = document.plan
        let word = arguments.positionals[0]
        let date: LocalDate
        if let weekday = Weekday(parsing: word) {
            date = plan.weekStart.adding(days: weekday.rawValue - 1)
        } else if let parsed = LocalDate(word) {
            date = parsed
        } else {
            throw UsageError("DAY must be a weekday or a date as YYYY-MM-DD, got \"\(word)\"")
        }
        guard let redo = DayRedo(plan: plan, date: date, avoiding: arguments.allValues(.avoid)) else {
            throw UsageError("\(date) is not in the active plan's week (\(plan.weekStart) to \(plan.weekStart.adding(days: 6)))")
        }
        let profile = try context.call(client, ProfileGet.self, NoParams())
        let request = redo.request(profile: profile.profile)
        guard let link = try plannerLink(for: request, run: "redo-\(date)", arguments, context, client) else { return ExitStatus.ok }
        let outcome = try link.ask(request) { text, attempt in
            let answer = try PlanImporter.importPlan(text: text, options: PlanImportOptions(today: context.clock.today(), weekStart: plan.weekStart, bareWeightInPounds: context.console.units == .lb))
            let replaced = try redo.replacing(with: answer.plan)
            if link.dryRun { return .checked(ImportedPlan(plan: replaced, warnings: answer.warnings)) }
            var params = PlanImport.Params(plan: replaced.json)
            params.bareWeightUnit = context.console.units.rawValue
            params.weekStart = plan.weekStart
            params.revises = document.planID
            (params.run, params.attempt, params.planner, params.reply) = (link.run, attempt, link.settings.command, text)
            var result = try context.call(client, PlanImport.self, params)
            result = PlanImport.Result(planID: result.planID, name: result.name, weekStart: result.weekStart, active: result.active,
                                       warnings: answer.warnings + result.warnings)
            return .imported(result)
        }
        printPlannerOutcome(outcome, arguments, context)
        if !arguments.has(.json), case .imported(let result) = outcome.result {
            context.console.print("\(date.weekday.name) \(date) redone: plan \(result.planID) is a new version of plan \(document.planID), which is kept")
        }
        return ExitStatus.ok
    }

    static let planAttempts = Command(
        words: ["plan", "attempts"], synopsis: "[RUN]",
        summary: "List the kept planner attempts, newest first, or show one run's replies.",
        details: "Without RUN, one line per attempt; with RUN, every attempt of that run with the reply as the planner printed it.",
        options: CommonOptions.daemon + [OptionSpec(.limit, value: "N", help: "at most N attempts (default 20)")],
        arguments: ["run": "RUN"],
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else { throw UsageError("plan attempts takes at most one RUN") }
            var params = PlanAttempts.Params()
            params.run = arguments.positionals.first
            params.limit = try intOption(arguments, .limit, in: SessionLimits.listLimit)
            let attempts = try context.call(try context.connect(arguments), PlanAttempts.self, params)
            if context.printJSON(attempts, arguments) { return ExitStatus.ok }
            let console = context.console
            if attempts.items.isEmpty {
                console.print(params.run.map { "no attempts kept for run \"\($0)\"" } ?? "no planner attempts kept yet (sessionctl plan next)")
                return params.run == nil ? ExitStatus.ok : ExitStatus.refused
            }
            for item in attempts.items.reversed() where params.run != nil {
                console.print(console.bold("attempt \(item.attempt.attempt)") + " · \(item.at) · \(item.attempt.outcome.rawValue)" +
                              (item.planID.map { " as plan \($0)" } ?? ""))
                if let detail = item.attempt.detail { console.print(console.dim(detail)) }
                // A model's text is shown, not obeyed: control characters (terminal escapes) are replaced.
                console.print(item.attempt.reply.isEmpty ? console.dim("(printed nothing)") : displayable(item.attempt.reply))
                console.print()
            }
            for item in attempts.items where params.run == nil {
                let outcome = item.planID.map { "imported as plan \($0)" } ?? item.attempt.outcome.rawValue
                console.print("\(item.at)  \(item.attempt.run)  attempt \(item.attempt.attempt)  \(outcome)")
            }
            return ExitStatus.ok
        })

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
        let command = arguments[.planner] ?? context.environment["SESSIOND_PLANNER"].flatMap { $0.isEmpty ? nil : $0 } ?? config.planner
        guard let command else {
            let file = UserConfig.path(environment: context.environment) ?? "$XDG_CONFIG_HOME/sessiond/config"
            throw UsageError("no planner: give --planner CMD, set SESSIOND_PLANNER, or write \"planner = CMD\" in \(file) (ready-made planners: \(installedPlanners() ?? "contrib/planners in the source tree"))")
        }
        try PlannerLink.checkProgram(of: command, path: context.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
        let timeout = try intOption(arguments, .timeout, in: PlannerLimits.timeoutSeconds) ?? config.plannerTimeout ?? PlannerLimits.defaultTimeoutSeconds
        let repairs = try intOption(arguments, .repairs, in: PlannerLimits.repairs) ?? config.plannerRepairs ?? PlannerLimits.defaultRepairs
        return PlannerLink.Settings(command: command, timeoutSeconds: timeout, repairs: repairs)
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
        let weekStart = (try dateOption(arguments, .week) ?? context.clock.today().adding(days: 7)).mondayOfWeek
        let client = try context.connect(arguments)
        var promptParams = PromptRender.Params()
        promptParams.weekStart = weekStart.adding(days: -7)
        let prompt = try context.call(client, PromptRender.self, promptParams)
        let request = PlannerRequest(system: prompt.system, user: prompt.user, schema: prompt.schema, weekStart: weekStart)
        guard let link = try plannerLink(for: request, run: "next-\(weekStart)", arguments, context, client) else { return ExitStatus.ok }
        let outcome = try link.ask(request) { text, attempt in
            if link.dryRun {
                return .checked(try PlanImporter.importPlan(text: text, options: PlanImportOptions(today: context.clock.today(), weekStart: weekStart, bareWeightInPounds: context.console.units == .lb)))
            }
            var params = PlanImport.Params(plan: .string(text))
            params.bareWeightUnit = context.console.units.rawValue
            params.weekStart = weekStart
            (params.run, params.attempt, params.planner) = (link.run, attempt, link.settings.command)
            return .imported(try context.call(client, PlanImport.self, params))
        }
        printPlannerOutcome(outcome, arguments, context)
        return ExitStatus.ok
    }

    /// What `plan next` and `plan redo` print when the planner's plan is in.
    static func printPlannerOutcome(_ outcome: PlannerLink.Outcome, _ arguments: ParsedArguments, _ context: CommandContext) {
        let console = context.console
        let attempts = PlanFormatter.count(outcome.attempts, "attempt")
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
        PlanFormatter(console: console).printWarnings(warnings, heading: "\(PlanFormatter.count(warnings.count, "change")) made on import:",
                                                      verbose: arguments.has(.verbose))
    }
}

/// Runs the planner command until it gives a plan the import takes, repairing refused
/// replies, and keeps every attempt for audit.
struct PlannerLink {
    /// Which command, and its limits.
    struct Settings {
        let command: String
        let timeoutSeconds: Int
        let repairs: Int
    }

    /// What came back in the end.
    struct Outcome {
        enum Result {
            case imported(PlanImport.Result)
            case checked(ImportedPlan)
        }

        let result: Result
        /// How many times the planner ran.
        let attempts: Int
        /// The run the attempts are kept under (nil for a dry run: nothing is kept).
        let run: String?
    }

    /// Why no plan came back: exit status 1 with this message.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Refuses a planner whose program (the command line's first word, as the shell
    /// finds it on `path`) or its directory another user may change (`FileInput.untrusted`):
    /// it runs as this user, with the prompt. A first word that names no file (a shell
    /// builtin, an assignment) is left to the shell.
    static func checkProgram(of command: String, path: String) throws(Failure) {
        guard let first = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first, !first.contains("=") else { return }
        let word = String(first.filter { $0 != "'" && $0 != "\"" })
        guard let program = word.contains("/") ? word : ChildProcess.executable(named: word, path: path) else { return }
        for file in [program, FilePath.directory(of: program)] {
            var status = stat()
            guard stat(file, &status) == 0 else { continue }
            if let problem = FileInput.untrusted(status) {
                throw Failure(description: "refusing to run the planner: \(file): \(problem)")
            }
        }
    }

    let settings: Settings
    let context: CommandContext
    let client: SocketClient
    let dryRun: Bool
    let run: String

    /// Runs the planner with `request`, and each repair after it, until `importing` takes
    /// a reply. `importing` throws `PlanImportError` (checked here) or the daemon's
    /// plan_invalid refusal for a reply it refuses.
    func ask(_ first: PlannerRequest, importing: (String, Int) throws -> Outcome.Result) throws -> Outcome {
        var request = first
        let maximum = 1 + settings.repairs
        while true {
            let attempt = request.attempt
            let reply = try runPlanner(request)
            let errors: [PathMessage]
            do {
                return Outcome(result: try importing(reply, attempt), attempts: attempt, run: dryRun ? nil : run)
            } catch let error as PlanImportError {
                errors = error.errors
            } catch let refusal as DaemonRefusal where refusal.error.is(.planInvalid) {
                errors = refusal.problems
            }
            try refused(reply, errors: errors, attempt: attempt, of: maximum)
            request = request.repairing(reply: reply, errors: errors)
        }
    }

    /// Keeps a refused reply, and says so; after the last attempt, fails with the errors.
    private func refused(_ reply: String, errors: [PathMessage], attempt: Int, of maximum: Int) throws {
        let detail = errors.map(\.description).joined(separator: "\n")
        try keep(PlannerAttempt(run: run, attempt: attempt, planner: settings.command, reply: reply, outcome: .refused, detail: detail))
        let console = context.console
        console.error("sessionctl: attempt \(attempt) of \(maximum): the reply was refused (\(PlanFormatter.count(errors.count, "error")))" +
                      (attempt < maximum ? "; asking the planner to repair it" : ""))
        guard attempt < maximum else {
            var lines = ["the planner's reply was refused\(attempt == 1 ? "" : " \(attempt) times"), nothing was imported; the last errors:"]
            lines += errors.prefix(10).map { "  \($0.path): \($0.message)" }
            if errors.count > 10 { lines.append("  … \(errors.count - 10) more") }
            if !dryRun { lines.append("(every reply is kept: sessionctl plan attempts \(run))") }
            throw Failure(description: lines.joined(separator: "\n"))
        }
    }

    /// Runs the planner once and returns what it printed; a planner that does not answer
    /// is kept as a failed attempt and stops the command.
    private func runPlanner(_ request: PlannerRequest) throws -> String {
        var input = request.json.jsonText
        input += "\n"
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run(
                shell: settings.command, input: Array(input.utf8), timeoutMs: settings.timeoutSeconds * 1000,
                environment: ["SESSIOND_WEEK_START": request.weekStart.description, "SESSIOND_ATTEMPT": String(request.attempt)])
        } catch {
            throw Failure(description: "cannot run the planner: \(error)")
        }
        let reply = String(decoding: finished.standardOutput.prefix(PlannerAttempt.Limits.replyBytes), as: UTF8.self)
        let why: String?
        switch finished.ending {
        case .timedOut: why = "the planner did not answer within \(settings.timeoutSeconds) s and was stopped (--timeout)"
        case .signalled(let signal): why = "the planner was killed by signal \(signal)"
        case .exited(let status) where status != 0: why = "the planner exited with status \(status)"
        case .exited where finished.standardOutput.count > PlannerAttempt.Limits.replyBytes:
            // Cut here, not by the model: the import would call it cut off and blame the
            // model's output tokens.
            why = "the planner printed \(finished.standardOutput.count) bytes, more than the \(PlannerAttempt.Limits.replyBytes >> 10) KiB a plan may be (the attempt keeps the first \(PlannerAttempt.Limits.replyBytes >> 10) KiB)"
        case .exited:
            why = reply.trimmingWhitespace().isEmpty ? "the planner printed nothing" : nil
        }
        guard let why else { return reply }
        try keep(PlannerAttempt(run: run, attempt: request.attempt, planner: settings.command, reply: reply, outcome: .failed, detail: why))
        let errors = String(decoding: finished.standardError, as: UTF8.self).trimmingWhitespace()
        let tail = errors.split(separator: "\n").suffix(5).map { "  " + $0 }
        throw Failure(description: ([why + "; nothing was imported"] + (tail.isEmpty ? [] : ["its last words on standard error:"] + tail)
                                    + ["(command: \(settings.command))"]).joined(separator: "\n"))
    }

    /// Keeps an attempt that did not become a plan (not in a dry run).
    private func keep(_ attempt: PlannerAttempt) throws {
        guard !dryRun else { return }
        _ = try context.call(client, PlanAttempt.self, PlanAttempt.Params(attempt))
    }
}
