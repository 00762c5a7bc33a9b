import Glibc
import ArgumentParsing
import SessionCore
import SessionRPC
import SessionSystem

/// sessiond-sync's command line: `sessiond-sync [--once] [--dsn DSN] [--socket PATH]
/// [--interval SECONDS]` pushes this daemon's changes to PostgreSQL and pulls the other
/// devices'; `sessiond-sync schema` prints the SQL to apply once; `sessiond-sync plan
/// ROLE FILE` queues a plan for an athlete's devices.
public enum SyncProgram {
    /// The usage lines, printed with every usage error.
    static let usage = """
        usage: sessiond-sync [--once] [--dsn CONNINFO] [--socket PATH] [--interval SECONDS]
               sessiond-sync plan [--dsn CONNINFO] ROLE FILE|-
               sessiond-sync schema [--upgrade]
        """

    /// The options, with their help.
    static let options: [OptionSpec] = [
        OptionSpec("--once", help: "push and pull what is there, deliver waiting plans, then exit"),
        OptionSpec("--dsn", value: "CONNINFO", help: "a libpq connection string (default: libpq's environment, PGHOST, PGDATABASE, PGSERVICE, ~/.pgpass)"),
        OptionSpec("--socket", value: "PATH", help: "the daemon's socket (default: $SESSIOND_SOCKET, $XDG_RUNTIME_DIR/sessiond.sock, /run/sessiond/sessiond.sock)"),
        OptionSpec("--interval", value: "SECONDS", help: "the longest wait between rounds when nothing wakes it (default 60)"),
        OptionSpec("--upgrade", help: "with schema: print the psql script that upgrades a database of an earlier schema version in place"),
        OptionSpec("--help", short: "-h", help: "print this help"),
        OptionSpec("--version", help: "print the version"),
    ]

    /// Runs the command; returns the exit status (0 done, 1 a failure, 2 a usage error).
    public static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: options)
        } catch {
            return usageError(error.message)
        }
        if parsed.has("--help") {
            print(usage)
            for option in options { print("  \(option.name)\(option.value.map { " " + $0 } ?? "")  \(option.help)") }
            return 0
        }
        if parsed.has("--version") {
            print("sessiond-sync \(SessiondVersion.current)")
            return 0
        }
        let conninfo = parsed["--dsn"] ?? ""
        switch parsed.positionals.first {
        case "schema":
            guard parsed.positionals.count == 1 else { return usageError("schema takes no arguments") }
            print(parsed.has("--upgrade") ? SyncSchema.upgrade : SyncSchema.sql)
            return 0
        case "plan":
            guard parsed.positionals.count == 3 else { return usageError("plan needs a ROLE and a FILE (or - for standard input)") }
            return PlanQueue.run(role: parsed.positionals[1], file: parsed.positionals[2], conninfo: conninfo)
        case nil:
            if parsed.has("--upgrade") { return usageError("--upgrade goes with schema") }
        case let word?:
            return usageError("unexpected argument \(word)")
        }
        var interval = 60
        if let text = parsed["--interval"] {
            guard let seconds = Int(text), (1...86_400).contains(seconds) else {
                return usageError("--interval must be a number of seconds from 1 to 86400, not \(text)")
            }
            interval = seconds
        }
        let loop = SyncLoop(socket: SocketPath.resolve(flag: parsed["--socket"], environment: environment), conninfo: conninfo, interval: interval)
        if parsed.has("--once") { return loop.round() ? 0 : 1 }
        loop.run()
    }

    /// Prints `message` and the usage on standard error; returns 2.
    static func usageError(_ message: String) -> Int32 {
        printError("sessiond-sync: \(message)\n\(usage)")
        return 2
    }

    /// Writes a line to standard error.
    static func printError(_ text: String) {
        let line = Array((text + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
