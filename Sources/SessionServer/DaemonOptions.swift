import Glibc
import ArgumentParsing
import SessionCore
import SessionRPC

/// sessiond's command line and the defaults it falls back to.
struct DaemonOptions {
    static let specs = [
        OptionSpec(.socket, value: "PATH", help: "listen on PATH (default: $SESSIOND_SOCKET, the systemd socket, $XDG_RUNTIME_DIR/sessiond.sock, /run/sessiond/sessiond.sock)"),
        OptionSpec(.database, value: "PATH", help: "the SQLite database (default: $STATE_DIRECTORY/sessiond.db, else $XDG_STATE_HOME/sessiond/sessiond.db)"),
        OptionSpec(.timezone, value: "TZ", help: "the IANA time zone for dates and weeks (default: the system's)"),
        OptionSpec(.group, value: "NAME", help: "serve members of group NAME too; the socket becomes mode 0660 owned by it"),
        OptionSpec(.idleTimeout, value: "SECONDS", help: "close a connection that sent nothing for SECONDS and is owed nothing (default 600; 0: never); subscribers to events are kept"),
        OptionSpec(.lineTimeout, value: "SECONDS", help: "close a connection whose request line is not complete SECONDS after it began (default 30)"),
        OptionSpec(.help, short: "-h", help: "show this help and exit"),
        OptionSpec(.version, help: "print the version and exit"),
    ]

    /// The usage line, which `--help` opens with and a usage error ends with.
    static let usage = """
        Usage: sessiond [--socket PATH] [--database PATH] [--timezone TZ] [--group NAME]
                        [--idle-timeout SECONDS] [--line-timeout SECONDS]
        """

    static var help: String {
        let labels = specs.map { spec in [spec.short, spec.name].compactMap { $0 }.joined(separator: ", ") + (spec.value.map { " " + $0 } ?? "") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        let options = zip(labels, specs).map { "  " + $0 + String(repeating: " ", count: width - $0.count) + $1.help }
        return """
            \(usage)

            The sessiond daemon: tracks workout sessions against the active training plan and
            serves JSON-RPC 2.0 on a Unix socket (one message per line). Runs in the
            foreground and logs to stderr (native journal fields under systemd). SIGTERM or
            SIGINT: stop accepting, answer what is in flight, close the database, exit 0 (a
            second one: at once). SIGHUP, SIGUSR1, SIGUSR2: logged and ignored.

            Options:
            \(options.joined(separator: "\n"))

            Clients: sessionctl(1), or any program speaking JSON-RPC on the socket; see
            docs/protocol.md. Exit status: 0 after a clean stop, 1 when it cannot start, 2 on
            usage errors.
            """
    }

    var socketFlag: String?
    var databasePath: String
    var timeZone: String?
    var groupName: String?
    /// Connection timeouts in milliseconds; an idle timeout of 0 is none.
    var idleTimeoutMs: Int64 = ServerLimits.defaultIdleTimeoutMs
    var lineTimeoutMs: Int64 = ServerLimits.defaultLineTimeoutMs
    var showHelp = false
    var showVersion = false

    init(arguments: [String], environment: [String: String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: Self.specs)
        guard parsed.positionals.isEmpty else { throw UsageError("unexpected argument \"\(parsed.positionals[0])\"") }
        showHelp = parsed.has(.help)
        showVersion = parsed.has(.version)
        socketFlag = parsed[.socket]
        timeZone = parsed[.timezone]
        if timeZone?.isEmpty == true { throw UsageError("--timezone needs an IANA zone name such as Europe/Berlin, got an empty one") }
        groupName = parsed[.group]
        if let text = parsed[.idleTimeout] { idleTimeoutMs = try Self.seconds(text, .idleTimeout, allowZero: true) }
        if let text = parsed[.lineTimeout] { lineTimeoutMs = try Self.seconds(text, .lineTimeout, allowZero: false) }
        databasePath = parsed[.database] ?? Self.defaultDatabase(environment)
    }

    /// A whole number of seconds up to a day, as milliseconds.
    static func seconds(_ text: String, _ option: OptionName, allowZero: Bool) throws(UsageError) -> Int64 {
        guard let seconds = Int64(text), seconds >= (allowZero ? 0 : 1), seconds <= 86_400 else {
            throw UsageError("\(option) takes whole seconds from \(allowZero ? 0 : 1) to 86400, got \"\(text)\"")
        }
        return seconds * 1000
    }

    /// `$STATE_DIRECTORY/sessiond.db` under systemd, else the XDG state directory.
    static func defaultDatabase(_ environment: [String: String]) -> String {
        if let state = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !state.isEmpty {
            return String(state) + "/sessiond.db"
        }
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return xdg + "/sessiond/sessiond.db"
        }
        let home = environment["HOME"] ?? "/root"
        return home + "/.local/state/sessiond/sessiond.db"
    }

    /// Creates the database's directory (mode 0700) when missing.
    static func makeDirectory(for path: String) -> String? {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return nil }
        let directory = String(path[..<slash])
        var info = stat()
        if stat(directory, &info) == 0 { return nil }
        if let failure = makeDirectory(for: directory) { return failure }
        if mkdir(directory, 0o700) != 0, errno != EEXIST { return "cannot create \(directory): \(errorText())" }
        return nil
    }
}

/// sessiond's option names, once: declarations and reads name these constants.
extension OptionName {
    static let socket: OptionName = "--socket"
    static let database: OptionName = "--database"
    static let timezone: OptionName = "--timezone"
    static let group: OptionName = "--group"
    static let idleTimeout: OptionName = "--idle-timeout"
    static let lineTimeout: OptionName = "--line-timeout"
    static let help: OptionName = "--help"
    static let version: OptionName = "--version"
}
