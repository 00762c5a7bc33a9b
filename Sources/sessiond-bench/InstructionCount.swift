import Glibc
import SessionRPC

/// Instructions a daemon spends per `session.log`, counted by callgrind: a count, not a
/// time, so it is the same however busy the machine is. The daemon runs twice under
/// valgrind, `clients` connections logging `smallRun` and then `largeRun` sets each, one
/// after the other; start-up, migrations and shutdown cancel out in the difference.
/// At 64 clients, as at the throughput figure, requests share group commits.
enum InstructionCount {
    static let clients = 64
    static let smallRun = 4
    static let largeRun = 24

    /// Where valgrind is installed, nil when it is not.
    static var valgrind: String? {
        ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first { access($0, X_OK) == 0 }
    }

    /// Instructions per call over every thread of the daemon at `daemonPath`.
    static func perSessionLog(daemonPath: String, directory: String) throws -> Double {
        guard let valgrind else { throw BenchError("valgrind is not installed (apt-get install valgrind)") }
        let small = try total(valgrind: valgrind, daemonPath: daemonPath, directory: directory, calls: smallRun)
        let large = try total(valgrind: valgrind, daemonPath: daemonPath, directory: directory, calls: largeRun)
        return Double(large - small) / Double(clients * (largeRun - smallRun))
    }

    /// The daemon's whole instruction count for one run of `calls` sets.
    private static func total(valgrind: String, daemonPath: String, directory: String, calls: Int) throws -> Int {
        let base = "\(directory)/callgrind-\(getpid())-\(nowNs())-\(calls)"
        let socket = base + ".sock"
        let profile = base + ".out"
        let pid = spawn(valgrind, [
            "--tool=callgrind", "--callgrind-out-file=" + profile, daemonPath,
            "--socket", socket, "--database", base + ".db", "--timezone", "UTC",
        ])
        var client: SocketClient?
        for _ in 0..<6000 where client == nil {  // valgrind starts slowly: up to a minute
            client = try? SocketClient(path: socket)
            if client == nil { usleep(10_000) }
        }
        guard let client, case .success? = try? client.call("session.start") else {
            kill(pid, SIGKILL)
            _ = wait(for: pid)
            throw BenchError("sessiond did not start under valgrind")
        }
        let load = output(of: productsDirectory() + "/sessiond-bench", ["--load", socket, String(clients), String(calls)])
        kill(pid, SIGTERM)
        let status = wait(for: pid)
        guard let load, status == 0 else { throw BenchError("the callgrind run of \(calls) calls failed (exit \(status))") }
        // "<elapsed ns> <calls> <failed calls> <CPU ns>": a refused set costs less than a
        // stored one, so a count of refusals would be no figure at all.
        let fields = load.split(separator: " ")
        guard fields.count >= 3, fields[2] == "0" else { throw BenchError("the daemon refused sets under callgrind (--load said \(load)): no figure") }
        return try total(profile: profile)
    }

    /// The whole instruction count callgrind wrote to `profile`.
    static func total(profile: String) throws -> Int {
        // callgrind's output ends with "totals: N" (older versions write "summary: N").
        let text = procFile(profile) ?? ""
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("totals:") || $0.hasPrefix("summary:") }),
            let count = line.split(separator: " ").last.flatMap({ Int($0) })
        else { throw BenchError("no instruction total in \(profile)") }
        return count
    }

    /// Instructions of one socket-activated life of the daemon at `daemonPath`:
    /// systemd-socket-activate starts it under callgrind at the first connection, it
    /// opens an existing database and answers one `daemon.status`, then stops. The
    /// dynamic linker, the Swift runtime's first use of each type, the schema read and
    /// the reply, counted alike whatever the machine is doing.
    static func coldStart(daemonPath: String, directory: String) throws -> Int {
        guard let valgrind else { throw BenchError("valgrind is not installed (apt-get install valgrind)") }
        let base = "\(directory)/callgrind-cold-\(getpid())-\(nowNs())"
        let socket = base + ".sock"
        let profile = base + ".out"
        try ColdStartBenchmark.prepare(database: base + ".db", daemon: daemonPath, directory: directory)
        let pid = spawn(ColdStartBenchmark.activator, [
            "-l", socket, valgrind, "--tool=callgrind", "--callgrind-out-file=" + profile,
            daemonPath, "--database", base + ".db", "--timezone", "UTC",
        ])
        guard waitForListening(socket), let client = try? SocketClient(path: socket),
            case .success? = try? client.call("daemon.status")
        else {
            kill(pid, SIGKILL)
            _ = wait(for: pid)
            throw BenchError("sessiond did not answer through systemd-socket-activate under valgrind")
        }
        kill(pid, SIGTERM)
        let status = wait(for: pid)
        guard status == 0 else { throw BenchError("the callgrind cold start failed (exit \(status))") }
        return try total(profile: profile)
    }
}

extension InstructionCount {
    /// What a person waits for between two sets, counted: `sessionctl status` and
    /// `sessionctl log` (a new exercise, reps and weight), each from exec to exit under
    /// callgrind against this build's daemon, which runs outside valgrind with a session
    /// started. Nil for a `sessionctl` that is not there.
    struct CLICounts {
        let status: Int
        let log: Int
    }

    static func sessionctl(_ path: String, directory: String) throws -> CLICounts? {
        guard let valgrind else { throw BenchError("valgrind is not installed (apt-get install valgrind)") }
        guard access(path, X_OK) == 0 else { return nil }
        let base = "\(directory)/callgrind-ctl-\(getpid())-\(nowNs())"
        let socket = base + ".sock"
        let daemon = try daemonWithSession(socket: socket, database: base + ".db")
        defer { stop(daemon) }
        func count(_ arguments: [String]) throws -> Int {
            let profile = base + "-\(arguments[0]).out"
            guard output(of: valgrind, ["-q", "--tool=callgrind", "--callgrind-out-file=" + profile, path, "--socket", socket] + arguments) != nil else {
                throw BenchError("sessionctl \(arguments.joined(separator: " ")) failed under callgrind")
            }
            return try total(profile: profile)
        }
        return CLICounts(status: try count(["status"]), log: try count(["log", "--new", "Goblet Squat", "10", "24"]))
    }
}
