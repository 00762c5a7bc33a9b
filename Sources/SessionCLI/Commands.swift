import ArgumentParsing
import SessionCore
import SessionRPC
import JSON

/// The verb table of `sessionctl`: help and dispatch both come from it, in this order;
/// each command is declared by its group (`SessionCommands`, `PlanCommands`, …).
enum Commands {
    static let all: [Command] = [
        SessionCommands.start, SessionCommands.log, SessionCommands.edit, SessionCommands.status, SessionCommands.pause,
        SessionCommands.resume, SessionCommands.undo, SessionCommands.finish, SessionCommands.abort, HistoryCommands.history,
        HistoryCommands.show, HistoryCommands.progress, PlanCommands.planImport, PlanCommands.planShow, PlanCommands.planDiff,
        PlanCommands.planEditor, PlanCommands.planSet, PlanCommands.planSwap, PlanCommands.planAdd, PlanCommands.planRemove,
        PlanCommands.planMove, PlanCommands.planList, PlanCommands.planActivate, PlanCommands.planCheck, PlanCommands.planSchema,
        PlanCommands.planExport, PlanCommands.planNext, PlanCommands.planRedo, PlanCommands.planAttempts, SessionCommands.track,
        HealthCommands.summary, HealthCommands.health, HealthCommands.healthImport, HealthCommands.healthShow, HealthCommands.profile,
        HealthCommands.prompt, HistoryCommands.historyImport, HistoryCommands.historyExport, HistoryCommands.backup,
        ExerciseCommands.exercises, ExerciseCommands.exerciseShow, ExerciseCommands.exerciseAdd, ExerciseCommands.exerciseRest,
        ExerciseCommands.alias, SessionCommands.rest, HistoryCommands.calendar, HistoryCommands.plates, RemoteCommands.syncStatus,
        RemoteCommands.syncShare, RemoteCommands.syncUnshare, RemoteCommands.syncShares, RemoteCommands.watch, RemoteCommands.call,
        RemoteCommands.completion, RemoteCommands.dialStdio, RemoteCommands.completeExercises, RemoteCommands.completePlans,
        RemoteCommands.completeSessions,
    ]
}

/// `sessionctl`'s entry point: parses the verb, runs it, maps errors to exit statuses.
public enum SessionCtl {
    static let globalHelp = """
        Usage: sessionctl %OPTIONS% COMMAND [ARGS...]

        Track a workout against the active plan, through the sessiond daemon.

        Commands:
        %COMMANDS%

        With -H (or $SESSIONCTL_HOST) the daemon on that host is asked through ssh; files
        named on the command line are read and written here.
        Run "sessionctl COMMAND --help" for a command's options.
        Exit status: 0 ok, 1 refused (the message says why), 2 usage error, 3 daemon unreachable.
        """

    /// Runs one invocation and returns its exit status: 1 when what it wrote to
    /// standard output did not all get there (a full disk under `export > FILE`).
    public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
        let status = dispatch(arguments, context: context)
        if context.console.reportOutputFailure(), status == ExitStatus.ok { return ExitStatus.refused }
        return status
    }

    /// Runs one invocation and returns its exit status.
    static func dispatch(_ arguments: [String], context: CommandContext) -> Int32 {
        let console = context.console
        if arguments.isEmpty {
            // A usage error: the help goes where errors go, standard output stays empty.
            console.error(help())
            return ExitStatus.usage
        }
        var context = context
        var arguments = arguments
        // Options every command takes may come before it too (`CommonOptions.global`).
        var global: [String] = []
        while let first = arguments.first, let option = globalOption(first) {
            guard option.spec.value != nil else {
                global.append(first)
                arguments.removeFirst()
                continue
            }
            guard let value = option.inline ?? arguments.dropFirst().first else {
                let message = "\(first) needs a value (\(option.spec.value ?? "a value"))"
                console.error("sessionctl: \(message)")
                console.error("Usage: sessionctl \(globalOptionsSynopsis) COMMAND [ARGS...]  (see --help)")
                if global.contains("--json") { printJSONError("usage", message, console: console) }
                return ExitStatus.usage
            }
            arguments.removeFirst(option.inline == nil ? 2 : 1)
            if option.spec.name == OptionName.socket.text { context.globalSocket = value }
            if option.spec.name == OptionName.host.text { context.globalHost = value }
        }
        guard let first = arguments.first else {
            console.error(help())
            if global.contains("--json") { printJSONError("usage", "no COMMAND given", console: console) }
            return ExitStatus.usage
        }
        // `help COMMAND` is that command's help, as `COMMAND --help` is; `help plan`
        // lists the plan commands.
        if first == "help", arguments.count > 1 {
            let asked = Array(arguments.dropFirst())
            if let (command, rest) = match(asked), rest.isEmpty {
                console.print(command.help)
                return ExitStatus.ok
            }
            guard let lines = help(of: asked) else { return unknownCommand(asked, json: global.contains("--json"), console: console) }
            console.print(lines)
            return ExitStatus.ok
        }
        // Asked for alone or after the options every command takes.
        if ["--help", "-h", "help"].contains(first) {
            console.print(help())
            return ExitStatus.ok
        }
        if first == "--version" {
            console.print("sessionctl \(SessiondVersion.current)")
            return ExitStatus.ok
        }
        guard let (command, words) = match(arguments) else { return unknownCommand(arguments, json: global.contains("--json"), console: console) }
        let rest = words + global
        // --json as the command reads it (not a word after --, nor an option's value);
        // words that do not parse are their usage error, said with --json when given.
        let json = (try? ParsedArguments(rest, options: command.options))?.has(.json) ?? rest.prefix { $0 != "--" }.contains("--json")
        do {
            console.units = try displayUnits(context.environment, console: console)
            // Help is asked for before `--`; after it, "--help" is an argument (a note).
            let options = rest.prefix { $0 != "--" }
            if options.contains("--help") || options.contains("-h") {
                console.print(command.help)
                return ExitStatus.ok
            }
            let parsed = try ParsedArguments(rest, options: command.options)
            // A command whose synopsis names no arguments takes none: a word too many is
            // a mistake to say, not to ignore ("plan show 3" showed the active plan).
            if command.synopsis.isEmpty, let extra = parsed.positionals.first {
                throw UsageError("\(command.words.joined(separator: " ")) takes no arguments, got \"\(extra)\"")
            }
            // An empty word names no file ("cannot write : No such file or directory").
            if parsed.positionals.contains(""), command.takesFile { throw UsageError("FILE is empty: name a file") }
            do {
                let said = console.errorLines.count
                let status = try command.run(parsed, context)
                // A command that refused in its own words (an ambiguous name, nothing to
                // compare) said them on standard error: with --json they are the error
                // object too, as every error's is.
                if status == ExitStatus.refused, json, !console.wroteOutput {
                    printJSONError("data", dataErrorMessage(Array(console.errorLines.dropFirst(said))), console: console)
                }
                return status
            } catch let refusal as DaemonRefusal where command.words != ["call"] {
                // An argument the daemon found out of bounds is a usage error too, named as
                // the command names it (--note, ALIAS), not as a protocol path; `call`,
                // whose arguments are the protocol's, keeps the daemon's words.
                guard let usage = command.usageError(refusal, given: parsed) else { throw refusal }
                throw usage
            }
        } catch let error as UsageError {
            console.error("sessionctl: \(error.message)")
            console.error("Usage: \(command.usage)  (see --help)")
            if json { printJSONError("usage", error.message, console: console) }
            return ExitStatus.usage
        } catch let error as FileInput.Failure {
            // A FILE that cannot be read or written (missing, a directory, not allowed,
            // not text): a data error, as cat(1) and cp(1) have it, not a usage one.
            console.error("sessionctl: \(error)")
            if json { printJSONError("file", error.description, console: console) }
            return ExitStatus.refused
        } catch let refusal as DaemonRefusal {
            if json {
                printJSONRefusal(refusal.error, console: console)
            } else {
                console.error("sessionctl: " + refusal.text)
            }
            return ExitStatus.refused
        } catch let failure as PlannerLink.Failure {
            console.error("sessionctl: \(failure)")
            if json { printJSONError("planner", failure.description, console: console) }
            return failure.status
        } catch let error as JSONReadError {
            console.error("sessionctl: unexpected reply from sessiond: \(error) (is the daemon another version?)")
            return ExitStatus.refused
        } catch let error as SessionCommands.OutcomeUnknown {
            console.error("sessionctl: \(error)")
            return ExitStatus.unreachable
        } catch let error as SocketClient.Unreachable {
            console.error("sessionctl: \(error)")
            if error.throughCommand {
                console.error("Does ssh reach \(error.path), with sessionctl on its PATH and sessiond running there? "
                              + "-H runs \"ssh HOST \(RemoteHost.remoteCommand)\"; $\(RemoteHost.sshVariable) replaces ssh.")
            } else {
                console.error("Is sessiond running? Start it with \"sessiond\" (or \"systemctl --user start sessiond.socket\"), or point --socket at it.")
            }
            if json { printJSONError("unreachable", "\(error)", console: console) }
            return ExitStatus.unreachable
        } catch {
            console.error("sessionctl: \(error)")
            if json { printJSONError("data", "\(error)", console: console) }
            return ExitStatus.refused
        }
    }

    /// What a command that refused said on standard error, as one message: its lines,
    /// each without the program's name before it.
    static func dataErrorMessage(_ lines: [String]) -> String {
        lines.map { $0.hasPrefix("sessionctl: ") ? String($0.dropFirst("sessionctl: ".count)) : $0 }.joined(separator: "\n")
    }

    /// The option of `CommonOptions.global` that `word` is (`--socket`, `--socket=PATH`,
    /// `-H`), with its value when the word holds it.
    static func globalOption(_ word: String) -> (spec: OptionSpec, inline: String?)? {
        for spec in CommonOptions.global {
            if word == spec.name || word == spec.short { return (spec, nil) }
            if spec.value != nil, word.hasPrefix(spec.name + "=") { return (spec, String(word.dropFirst(spec.name.count + 1))) }
        }
        return nil
    }

    /// The unit weights are shown in: `$SESSIOND_UNITS`, else the config file's `units`.
    /// A config file that does not read is said once and kilograms are used: a typo in
    /// it must not stop a set from being logged. A directory another user may change is
    /// refused (`UserConfig.Untrusted`, exit 1).
    static func displayUnits(_ environment: [String: String], console: Console) throws -> WeightUnit {
        try WeightUnit.resolve(environment: environment) {
            do {
                return try UserConfig.load(environment: environment)
            } catch let untrusted as UserConfig.Untrusted {
                // Not a typo to get past: someone else could be choosing the units.
                throw untrusted
            } catch {
                console.error("sessionctl: config file: \(error); weights are shown in kg")
                return UserConfig()
            }
        }
    }

    /// A word that names no command: a command group alone ("plan", "plan --help") lists
    /// its commands; anything else is named, one word, as unknown.
    static func unknownCommand(_ arguments: [String], json: Bool, console: Console) -> Int32 {
        let word = arguments.first ?? ""
        let group = Commands.all.filter { $0.words.count > 1 && $0.words[0] == word }
        if !group.isEmpty, arguments.count == 1 || ["--help", "-h"].contains(arguments[1]) {
            let width = (group.map { $0.words[1].count }.max() ?? 0) + 2
            let list = group.map { "  \(word) " + $0.words[1] + String(repeating: " ", count: width - $0.words[1].count) + $0.summary }
            let asked = arguments.count > 1
            (asked ? console.print : console.error)("Usage: sessionctl \(word) COMMAND [ARGS...]\n\nCommands:\n" + list.joined(separator: "\n"))
            if !asked, json { printJSONError("usage", "\(word) needs a command: " + group.map { $0.words[1] }.joined(separator: ", "), console: console) }
            return asked ? ExitStatus.ok : ExitStatus.usage
        }
        // An option before any command: not a command mistyped.
        if word.hasPrefix("-"), word.count > 1 {
            let message = "unknown option \"\(word)\" before the command (before it: \(globalOptionsSynopsis))"
            console.error("sessionctl: " + message)
            console.error("Usage: sessionctl \(globalOptionsSynopsis) COMMAND [ARGS...]  (see --help)")
            if json { printJSONError("usage", message, console: console) }
            return ExitStatus.usage
        }
        // A typo of a command is offered its command, as a typo of an exercise is.
        let typed = group.isEmpty ? word : arguments[1]
        let known = group.isEmpty ? Commands.all.map { $0.words[0] }.filter { !$0.hasPrefix("__") } : group.map { $0.words[1] }
        let close = closest(typed, among: known).map { group.isEmpty ? $0 : "\(word) \($0)" }
        var message = group.isEmpty ? "unknown command \"\(word)\"" : "unknown command \"\(word) \(arguments[1])\""
        if !close.isEmpty { message += "; did you mean " + close.map { "\"\($0)\"" }.joined(separator: " or ") + "?" }
        console.error("sessionctl: " + message)
        // The usage line, as every usage error ends; --help lists the commands.
        console.error(group.isEmpty ? "Usage: sessionctl \(globalOptionsSynopsis) COMMAND [ARGS...]  (see --help for the list)"
                                    : "Usage: sessionctl \(word) COMMAND [ARGS...]  (see sessionctl \(word) --help for the list)")
        if json { printJSONError("usage", message, console: console) }
        return ExitStatus.usage
    }

    /// The words of `known` closest to `typed` (a letter wrong, missing, extra or two
    /// swapped for every three), each once: those at the least distance.
    static func closest(_ typed: String, among known: [String]) -> [String] {
        let lowered = typed.lowercased()
        let limit = max(1, lowered.count / 3)
        var seen = Set<String>()
        let scored = known.filter { seen.insert($0).inserted }.map { ($0, lowered.editDistance(to: $0)) }.filter { $0.1 <= limit }
        guard let least = scored.map(\.1).min() else { return [] }
        return scored.filter { $0.1 == least }.map(\.0).sorted()
    }

    /// An error with --json: `{"error": {"kind", "message"}}` on standard output, the kind
    /// `usage`, `file`, `planner` or `unreachable` (a refusal of the daemon's: below).
    static func printJSONError(_ kind: String, _ message: String, console: Console) {
        console.print(JSONValue.obj(["error": .obj(["kind": .string(kind), "message": .string(message)])]).jsonText)
    }

    /// A refusal of the daemon's with --json: the error object as the daemon sent it
    /// (`code`, `message`, `data`) with the kind `refused` first, so that every error
    /// sessionctl prints with --json has a kind and a message.
    static func printJSONRefusal(_ error: RPCError, console: Console) {
        console.print(JSONValue.obj(["error": .object([(key: "kind", value: "refused")] + (error.json.objectPairs ?? []))]).jsonText)
    }

    /// The longest command whose words start `arguments`.
    static func match(_ arguments: [String]) -> (Command, [String])? {
        let sorted = Commands.all.sorted { $0.words.count > $1.words.count }
        for command in sorted where arguments.starts(with: command.words) {
            return (command, Array(arguments.dropFirst(command.words.count)))
        }
        return nil
    }

    static func help() -> String {
        globalHelp.replacingOccurrences(of: "%COMMANDS%", with: commandLines(Commands.all.filter { !$0.words[0].hasPrefix("__") }))
            .replacingOccurrences(of: "%OPTIONS%", with: globalOptionsSynopsis)
    }

    /// The commands whose words begin with `words` (`help plan`), each with its summary;
    /// nil when none does.
    static func help(of words: [String]) -> String? {
        let commands = Commands.all.filter { $0.words.starts(with: words) && !$0.words[0].hasPrefix("__") }
        guard !commands.isEmpty else { return nil }
        return "Usage: sessionctl \(globalOptionsSynopsis) \(words.joined(separator: " ")) COMMAND [ARGS...]\n\nCommands:\n"
            + commandLines(commands) + "\n\nsessionctl COMMAND --help (or sessionctl help COMMAND) shows a command's options."
    }

    /// A line a command: its words and summary, in a column.
    private static func commandLines(_ commands: [Command]) -> String {
        let width = (commands.map { $0.words.joined(separator: " ").count }.max() ?? 0) + 2
        return commands.map { command in
            let name = command.words.joined(separator: " ")
            return "  " + name + String(repeating: " ", count: width - name.count) + command.summary
        }.joined(separator: "\n")
    }

    /// The options every command takes, as the usage line writes them.
    static var globalOptionsSynopsis: String {
        CommonOptions.global.map { "[" + ($0.short ?? $0.name) + ($0.value.map { " " + $0 } ?? "") + "]" }.joined(separator: " ")
    }
}
