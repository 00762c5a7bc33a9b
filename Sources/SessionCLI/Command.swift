import ArgumentParsing
import SessionCore
import SessionRPC
import JSON
import SessionSystem

/// What a command gets to run: where to write, the environment, the clock.
public struct CommandContext {
    public let console: Console
    public let environment: [String: String]
    public let clock: LocalClock
    /// `--socket` given before the command word.
    var globalSocket: String?
    /// `-H`/`--host` given before the command word.
    var globalHost: String?
    /// Whether this process reads times in the daemon's zone yet (`useDaemonTimeZone`).
    private let zone = DaemonZone()

    public init(console: Console, environment: [String: String], clock: LocalClock = LocalClock()) {
        self.console = console
        self.environment = environment
        self.clock = clock
    }

    /// Reads dates and times in the daemon's zone from here on, as the daemon reads
    /// them: today, yesterday and a day's wall-clock times are the daemon's, whatever
    /// this process's TZ (a daemon run with --timezone or under another TZ, or on
    /// another machine through -H). One round trip (`daemon.status`), the first time,
    /// unless the connection through ssh asked already (`connect`). A zone this machine
    /// has no data for (a POSIX TZ string, or tzdata missing here) leaves this
    /// process's, said on standard error.
    func useDaemonTimeZone(_ client: SocketClient) throws {
        guard !zone.known else { return }
        let name = try zone.told ?? call(client, DaemonStatus.self, NoParams()).timeZone
        zone.known = true
        guard name != LocalClock.zoneName() else { return }
        do {
            try LocalClock.use(timeZone: name)
        } catch {
            console.error(console.dim("sessionctl: the daemon's time zone \(name) is unknown here; times are read in this machine's (\(LocalClock.zoneName()))"))
        }
    }

    /// The date a day written in an option or argument names: YYYY-MM-DD as written;
    /// today, yesterday or a weekday against the daemon's today, in its zone
    /// (`useDaemonTimeZone`, asked over `client` the first time a word needs it).
    func date(_ day: WrittenDay?, over client: SocketClient) throws -> LocalDate? {
        guard let day else { return nil }
        if let date = LocalDate(day.text) { return date }
        try useDaemonTimeZone(client)
        return day.on(clock.today())
    }

    /// `useDaemonTimeZone` before a file whose instants become wall-clock times is read
    /// (a FIT activity that does not say its offset, Gadgetbridge's samples), over the
    /// connection the command goes on with (one ssh session under -H): returned. With
    /// no daemon to ask (a dry run needs none), nil, and this process's zone stands in.
    func connectInDaemonTimeZone(_ arguments: ParsedArguments) throws -> SocketClient? {
        do {
            let client = try connect(arguments)
            try useDaemonTimeZone(client)
            return client
        } catch is SocketClient.Unreachable {
            return nil
        }
    }

    /// The daemon's socket, resolved as docs/protocol.md says.
    func socketPath(_ arguments: ParsedArguments) -> String {
        SocketPath.resolve(flag: arguments[.socket] ?? globalSocket, environment: environment)
    }

    /// The options that named the daemon on the command line (`-H HOST`, `--socket
    /// PATH`), for a command printed to run next against the same one.
    func daemonOptions(_ arguments: ParsedArguments) -> [String] {
        var options: [String] = []
        if let host = arguments[.host] ?? globalHost { options += ["-H", host] }
        if let socket = arguments[.socket] ?? globalSocket { options += [OptionName.socket.text, socket] }
        return options
    }

    /// A command line to run next against the same daemon (`arguments`'), printed as a
    /// hint: `sessionctl`, the options that named the daemon, `words`, and with
    /// `retyping` the options the command was given (as typed, bar `leaving` and
    /// --json), each word quoted for the shell where it needs it.
    func commandLine(_ words: [String], _ arguments: ParsedArguments, retyping: Bool = false, leaving: [OptionName] = []) -> String {
        let left = Set(([.host, .socket, .json] + leaving).map(\.text))
        var options = retyping ? arguments.flags.filter { !left.contains($0) } : []
        for (name, values) in arguments.repeated.sorted(by: { $0.key < $1.key }) where retyping && !left.contains(name) {
            for value in values { options += [name, value] }
        }
        return (["sessionctl"] + daemonOptions(arguments) + words + options).map(RemoteHost.shellWord).joined(separator: " ")
    }

    /// Where the daemon is reached: its socket here, or, with -H or `$SESSIONCTL_HOST`,
    /// ssh to that host running `sessionctl dial-stdio` there (with `--socket` when one
    /// was given: it names the socket there; this machine's `$SESSIOND_SOCKET` does not).
    func address(_ arguments: ParsedArguments, batch: Bool = false) throws(UsageError) -> ByteStream.Address {
        guard let remote = try RemoteHost.chosen(flag: arguments[.host], global: globalHost, environment: environment) else {
            return .unixSocket(socketPath(arguments))
        }
        return remote.address(environment: environment, remoteSocket: (arguments[.socket] ?? globalSocket).flatMap { $0.isEmpty ? nil : $0 }, batch: batch)
    }

    /// A connection to the daemon; `batch` for a completion's, through ssh, which must
    /// never wait for a person (`RemoteHost.address`).
    func connect(_ arguments: ParsedArguments, batch: Bool = false) throws -> SocketClient {
        try Self.connect(address(arguments, batch: batch), zone: zone)
    }

    /// A connection to the daemon at `address`. A socket here is refused unless the
    /// daemon runs as a user it may (`ServerIdentity`); through ssh, `dial-stdio` checks
    /// that on the daemon's machine, where the socket is. ssh starts whether or not the
    /// far side answers, so a connection through it asks `daemon.status` first: a host,
    /// a sessionctl or a daemon that cannot be reached is said then, in ssh's or the far
    /// side's words (exit 3), before a command sends what it may not send twice (`log`
    /// would otherwise say its set may have been stored). Its answer tells `zone` the
    /// daemon's time zone, which `useDaemonTimeZone` then need not ask again.
    static func connect(_ address: ByteStream.Address, zone: DaemonZone? = nil) throws(SocketClient.Unreachable) -> SocketClient {
        let client = try SocketClient(address)
        switch address {
        case .unixSocket: try ServerIdentity.check(client)
        case .command:
            if case .result(let status) = try client.request(SocketClient.Call(DaemonStatus.self, NoParams())) {
                zone?.told = (try? DaemonStatus.Result(json: status))?.timeZone
            }
        }
        return client
    }

    /// Calls a method by its contract: typed params out, a typed result back. The
    /// daemon's refusal is thrown as `DaemonRefusal` (exit 1).
    func call<Contract: MethodContract>(_ client: SocketClient, _ contract: Contract.Type, _ params: Contract.Params) throws -> Contract.Result {
        try check(Contract.self, params)
        return try Contract.Result(json: try client.request(SocketClient.Call(Contract.self, params)).value())
    }

    /// `plan.get` for `params`, or its `reply` when the call went in a pipeline already.
    /// A daemon of a build before `current` refuses it as unknown, and is asked again
    /// without it: its answer, the active plan, is what it always gave.
    func plan(_ client: SocketClient, _ params: PlanGet.Params, reply: SocketClient.Reply? = nil) throws -> PlanDocument {
        do {
            guard let reply else { return try call(client, PlanGet.self, params) }
            return try PlanGet.Result(json: try reply.value())
        } catch let refusal as DaemonRefusal where params.current == true && refusal.problems.contains(where: { $0.path == "params.current" }) {
            var older = params
            older.current = nil
            return try call(client, PlanGet.self, older)
        }
    }

    /// The params checked by the contract's declaration before anything is sent; a
    /// problem is refused as the daemon would refuse it (`DaemonRefusal`, which the
    /// command turns into a usage error naming its option).
    func check<Contract: MethodContract>(_ contract: Contract.Type, _ params: Contract.Params) throws(DaemonRefusal) {
        do {
            try params.check(method: Contract.name, nowMs: clock.nowMs())
        } catch {
            throw DaemonRefusal(error: error)
        }
    }

    /// With `--json`, prints the result as the daemon sent it and returns true.
    func printJSON(_ result: some JSONEncodable, _ arguments: ParsedArguments) -> Bool {
        guard arguments.has(.json) else { return false }
        console.print(String(decoding: result.jsonBytes, as: UTF8.self))
        return true
    }

    /// With --json, a file written said on standard output as `{"file": PATH, …}` with
    /// `details` (what it holds); true when printed. The words for a person stay where
    /// the command writes them.
    func printWritten(_ path: String, _ details: [(key: String, value: JSONValue)] = [], _ arguments: ParsedArguments) -> Bool {
        printJSON(JSONValue.object([(key: "file", value: .string(path))] + details), arguments)
    }

    /// Calls a method; the daemon's refusal is thrown as `DaemonRefusal` (exit 1).
    func call(_ client: SocketClient, _ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        try client.request(SocketClient.Call(method, params)).value()
    }
}

extension SocketClient.Reply {
    /// The result; the daemon's refusal is thrown as `DaemonRefusal` (exit 1).
    func value() throws(DaemonRefusal) -> JSONValue {
        switch self {
        case .result(let value): return value
        case .error(let error): throw DaemonRefusal(error: error)
        }
    }
}

/// What was given names nothing there, or cannot be done with what is there (an
/// exercise a plan day lacks, an alias never made, a weight below the bar): a data
/// error, exit 1 without the usage line, its description said as it is.
struct DataError: Error, CustomStringConvertible {
    let description: String
}

/// The daemon answered with an error: exit status 1, its message printed.
struct DaemonRefusal: Error {
    let error: RPCError

    /// The message, with each invalid param on a line of its own; no active session in
    /// the words `status` uses.
    var text: String {
        if error.is(.noActiveSession) { return SessionCommands.noActiveSession }
        // The protocol's way to go ahead ("confirm": true) is --yes here.
        if error.is(.confirmationRequired), let cut = error.message.firstRange(of: " Call again with \"confirm\": true") {
            return error.message[..<cut.lowerBound] + " Run again with --yes to go ahead."
        }
        var lines = [error.message]
        if error.code == RPCError.Code.invalidParams, !problems.isEmpty {
            lines = ["invalid arguments:"] + problems.map { "  \($0)" }
        } else if error.is(.planInvalid), !problems.isEmpty {
            lines = ["the plan was refused; nothing was stored:"] + problems.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// The problems the error lists (`data.errors`), each at its path.
    var problems: [PathMessage] { error.data(as: ErrorData.Problems.self)?.pathMessages ?? [] }
}

/// Exit statuses, as docs/protocol.md fixes them.
public enum ExitStatus {
    public static let ok: Int32 = 0
    /// The daemon refused (or, offline, the input was refused).
    public static let refused: Int32 = 1
    public static let usage: Int32 = 2
    public static let unreachable: Int32 = 3
}

/// What completion offers at one or every argument of a command: the words after the
/// command's own, options and their values left out, counted from 1 (plan swap's OLD
/// is its 2nd).
struct ArgumentCompletion: Sendable, Equatable {
    /// The argument's place, nil for every argument.
    let position: Int?
    let completion: OptionSpec.Completion

    /// `completion` at the argument in place `position`.
    static func at(_ position: Int, _ completion: OptionSpec.Completion) -> ArgumentCompletion {
        ArgumentCompletion(position: position, completion: completion)
    }

    /// `completion` at every argument.
    static func every(_ completion: OptionSpec.Completion) -> ArgumentCompletion {
        ArgumentCompletion(position: nil, completion: completion)
    }
}

/// The values sessionctl's words complete to, beside those an option lists.
extension OptionSpec.Completion {
    /// The words a day of a plan goes by: mon … sun.
    static let weekdays = Self.words(Weekday.allCases.map { $0.name.prefix(3).lowercased() })
    /// Plan ids from the daemon, newest first.
    static let plans = Self.asked("__complete-plans")
    /// Exercise names from the daemon: today's (`__complete-exercises`), every one logged
    /// (`logged`), every one known (`known`), or today's plan's (`planned`).
    static func exercises(_ which: String? = nil) -> OptionSpec.Completion {
        .asked("__complete-exercises" + (which.map { " --" + $0 } ?? ""))
    }
}

/// One `sessionctl` verb.
struct Command: Sendable {
    /// The words that select it: ["plan", "check"].
    let words: [String]
    /// The arguments after the words, for the usage line: "FILE|-".
    let synopsis: String
    /// One line for the verb list.
    let summary: String
    /// Paragraphs for `--help`, after the usage line: worked out when help is asked
    /// for, not at every start (a text built from the catalog's lists costs).
    var details: String { detailsText() }
    private let detailsText: @Sendable () -> String
    let options: [OptionSpec]
    /// The params its words of the synopsis give, by param (`["alias": "ALIAS"]`): a
    /// refused one is named by its word.
    var arguments: [String: String]
    /// What the shells complete at its arguments (the words of its synopsis), besides a
    /// FILE's file names (`takesFile`): worked out only when a completion script is
    /// written, not at every start of sessionctl.
    var completes: @Sendable () -> [ArgumentCompletion]
    let run: @Sendable (ParsedArguments, CommandContext) throws -> Int32

    init(words: [String], synopsis: String, summary: String, details: @autoclosure @escaping @Sendable () -> String, options: [OptionSpec],
         arguments: [String: String] = [:], completes: @escaping @Sendable () -> [ArgumentCompletion] = { [] },
         run: @escaping @Sendable (ParsedArguments, CommandContext) throws -> Int32) {
        (self.words, self.synopsis, self.summary, self.detailsText, self.options) = (words, synopsis, summary, details, options)
        (self.arguments, self.completes, self.run) = (arguments, completes, run)
    }

    /// True when a word of its synopsis is FILE: completion offers file names there.
    var takesFile: Bool {
        synopsis.split(whereSeparator: { " []|".contains($0) }).contains("FILE")
    }

    /// `sessionctl plan check [OPTIONS] FILE|-`.
    var usage: String {
        let optionsPart = options.isEmpty ? "" : " [OPTIONS]"
        return "sessionctl \(words.joined(separator: " "))\(optionsPart)\(synopsis.isEmpty ? "" : " " + synopsis)"
    }

    /// The daemon's refusal of invalid params (-32602) as a usage error in this command's
    /// words: each problem's param as the option or argument that gave it; nil for any
    /// other refusal.
    func usageError(_ refusal: DaemonRefusal, given: ParsedArguments? = nil) -> UsageError? {
        guard refusal.error.code == RPCError.Code.invalidParams, !refusal.problems.isEmpty else { return nil }
        return UsageError(refusal.problems.map { argumentName(ofParam: $0.path, given: given) + ": " + $0.message }.joined(separator: "; "))
    }

    /// The option or word that gives the param at `path`, as the command declares it
    /// (`OptionSpec.param`, `arguments`): `params.note` → `--note`, `params.weightsKg` →
    /// `--weights`, `params.types[0]` → `TYPE`; otherwise the param's own name.
    /// When a param may come from an option or a word (edit's WEIGHT or --weight), the
    /// one `given` names it.
    func argumentName(ofParam path: String, given: ParsedArguments? = nil) -> String {
        var key = path.hasPrefix("params.") ? String(path.dropFirst("params.".count)) : path
        // A member of the one object a command sends in a list (track's workout: its
        // `workouts[0].rpe`) is named by its own name.
        if key.hasPrefix("workouts["), let last = key.split(separator: ".").last { key = String(last) }
        if let end = key.firstIndex(where: { $0 == "." || $0 == "[" }) { key = String(key[..<end]) }
        let option = options.first { $0.param == key }?.name
        if let option, let word = arguments[key], let given, !given.gave(option) { return word }
        return option ?? arguments[key] ?? key
    }

    /// The widest option label the help's column of labels makes room for.
    static let longestLabel = 32

    /// The full `--help` text.
    var help: String {
        var lines = ["Usage: \(usage)", "", summary]
        if !details.isEmpty { lines += ["", details] }
        let all = options + [CommonOptions.help]
        lines += ["", "Options:"]
        let labels = all.map { spec in
            [spec.short, spec.name].compactMap { $0 }.joined(separator: ", ") + (spec.value.map { " " + $0 } ?? "")
        }
        // A label longer than `longestLabel` (a list of choices) has its help on the line
        // below, so that one does not push every help far right.
        let width = (labels.map(\.count).filter { $0 <= Self.longestLabel }.max() ?? 0) + 2
        for (label, spec) in zip(labels, all) {
            if label.count > Self.longestLabel {
                lines += ["  " + label, "  " + String(repeating: " ", count: width) + spec.help]
            } else {
                lines.append("  " + label + String(repeating: " ", count: width - label.count) + spec.help)
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Options every verb shares.
enum CommonOptions {
    static let help = OptionSpec(.help, short: "-h", help: "show this help and exit")
    static let json = OptionSpec(.json, help: "print JSON for programs instead of text")
    static let yes = OptionSpec(.yes, short: "-y", help: "confirm a change that discards or rewrites history")
    static let verbose = OptionSpec(.verbose, short: "-v", help: "list every change import made, not one line per kind")
    static let socket = OptionSpec(.socket, value: "PATH", completion: .file, help: "the daemon's socket (default: $SESSIOND_SOCKET, $XDG_RUNTIME_DIR/sessiond.sock, /run/sessiond/sessiond.sock; with --host, on that host)")
    /// The daemon on another machine, through ssh (`RemoteHost`).
    static let host = OptionSpec(.host, short: "-H", value: "[USER@]HOST[:PORT]", completion: .host,
                                 help: "the daemon on HOST, through ssh (default: $SESSIONCTL_HOST; empty: this machine)")
    /// What every command that talks to the daemon accepts.
    static let daemon = [json, socket, host]
    /// What may come before the command word too, for every command.
    static let global = [socket, host, json]
}

/// Whether a command's process has taken on the daemon's time zone, and the zone when
/// the daemon said it before it was needed.
final class DaemonZone {
    var known = false
    var told: String?
}
