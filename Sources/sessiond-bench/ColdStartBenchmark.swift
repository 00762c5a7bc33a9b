import Glibc
import SessionSystem

/// The first call through socket activation against a warm one: systemd's own
/// `systemd-socket-activate` listens, a `sessionctl status` makes it start `sessiond`
/// (process start, database open, schema check, the reply), then a second `status`
/// finds it running. Beside them, to say where the cold call's time goes: `sessiond
/// --version` (starting the executable and nothing else) and the daemon's own start,
/// from main() to "ready" (`startup_ms` in that log line: the database open, its
/// schema check, the threads).
enum ColdStartBenchmark {
    struct Figures {
        /// Medians in milliseconds.
        let coldMs: Double
        let warmMs: Double
        let executableStartMs: Double
        /// The daemon's start from main() to ready; nil when no run logged one.
        let daemonStartupMs: Double?
        /// What each run's cold call took beyond its warm call, the executable's start and
        /// the daemon's own start (the activator's fork and exec, the first request on a
        /// cold process), by its median; at least 0 (the parts are timed apart, and a
        /// noisy run can make their difference negative). Nil with `daemonStartupMs`.
        let restMs: Double?
    }

    static let activator = "/usr/bin/systemd-socket-activate"

    /// Nil when systemd-socket-activate is not on this machine.
    static func measure(directory: String, runs: Int) throws -> Figures? {
        guard access(activator, X_OK) == 0 else { return nil }
        let products = productsDirectory()
        let ctl = products + "/sessionctl"
        var cold: [Double] = []
        var warm: [Double] = []
        var start: [Double] = []
        var startup: [Double] = []
        var rest: [Double] = []
        for run in 0..<runs {
            let socket = directory + "/cold-\(run).sock"
            let database = directory + "/cold-\(run).db"
            // The database exists already, as it does for every start but the first.
            if run == 0 || access(database, F_OK) != 0 { try prepare(database: database, daemon: products + "/sessiond", directory: directory) }
            // The daemon's log (and the activator's) to a file, for its start-up time.
            let logPath = directory + "/cold-\(run).log"
            let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard log >= 0 else { throw BenchError("cannot create \(logPath) (errno \(errno))") }
            let activated: pid_t
            do {
                activated = try ChildProcess.spawn(activator, ["-l", socket, products + "/sessiond", "--database", database, "--timezone", "UTC"],
                                                   descriptors: [0, -1, log])
            } catch {
                close(log)
                throw BenchError("cannot start \(activator): \(error)")
            }
            close(log)
            guard waitForListening(socket) else { throw BenchError("systemd-socket-activate did not listen on \(socket)") }
            usleep(20_000)
            cold.append(try wallMs(ctl, ["--socket", socket, "status"]))
            warm.append(try wallMs(ctl, ["--socket", socket, "status"]))
            kill(activated, SIGTERM)
            wait(for: activated)
            unlink(socket)
            start.append(try wallMs(products + "/sessiond", ["--version"]))
            if let text = procFile(logPath), let value = startupMs(inLog: text) {
                startup.append(value)
                rest.append(cold[run] - warm[run] - start[run] - value)
            }
            unlink(logPath)
            // Each run starts from a database that exists: copy the prepared one.
            _ = system("cp '\(directory)/cold-template.db' '\(directory)/cold-\(run + 1).db'")
        }
        return Figures(coldMs: Benchmarks.percentile(cold.sorted(), 0.5), warmMs: Benchmarks.percentile(warm.sorted(), 0.5),
                       executableStartMs: Benchmarks.percentile(start.sorted(), 0.5),
                       daemonStartupMs: startup.isEmpty ? nil : Benchmarks.percentile(startup.sorted(), 0.5),
                       restMs: rest.isEmpty ? nil : max(0, Benchmarks.percentile(rest.sorted(), 0.5)))
    }

    /// The `startup_ms=` of the daemon's "ready" line in `log`.
    static func startupMs(inLog log: String) -> Double? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains("ready") && $0.contains("startup_ms=") }),
              let field = line.split(separator: " ").first(where: { $0.hasPrefix("startup_ms=") }) else { return nil }
        return Double(field.dropFirst("startup_ms=".count))
    }

    /// A database made by `daemon` (its schema in place, which an older build would
    /// refuse from a newer one), copied to `database`.
    static func prepare(database: String, daemon path: String, directory: String) throws {
        let socket = directory + "/cold-template.sock"
        let template = directory + "/cold-template.db"
        for file in [template, template + "-wal", template + "-shm"] { unlink(file) }
        let daemon = spawn(path, ["--socket", socket, "--database", template, "--timezone", "UTC"])
        let ready = waitForSocket(socket, connecting: false)
        kill(daemon, SIGTERM)
        wait(for: daemon)
        guard ready else { throw BenchError("sessiond did not start to make a database") }
        _ = system("cp '\(template)' '\(database)'")
    }
}
