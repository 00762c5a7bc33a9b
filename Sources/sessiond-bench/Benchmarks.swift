import Glibc
import SessionCore
import SessionRPC
import SessionStore
import JSON
import SessionSystem

/// One measured figure, printed as a JSON line.
struct Metric {
    let name: String
    let value: Double
    let unit: String
    var note: String?

    var line: String {
        var pairs: [(key: String, value: JSONValue)] = [
            (key: "name", value: .string(name)), (key: "value", value: .number((value * 1000).rounded() / 1000)), (key: "unit", value: .string(unit)),
        ]
        if let note { pairs.append((key: "note", value: .string(note))) }
        return JSONValue.object(pairs).jsonText
    }
}

/// The workload sizes: full, or tiny for the test suite.
struct Workload {
    let roundTrips: Int
    let commits: Int
    let sequentialLogs: Int
    /// Rounds that alternate floor and latency samples, so noise hits both alike.
    let rounds: Int
    let logsPerClient: Int
    let cliRuns: Int
    let summarySets: [Int]
    let summaryRuns: Int
    /// Rows of the generated Strong export `sessionctl import` reads.
    let importRows: Int
    /// Rounds of that import and sqlite3's `.import` of the same file, by turns: the
    /// ratio is the median of each round's own, so a noisy moment hits one round.
    let importRounds: Int
    /// Commits and logs before anything is measured.
    let warmUp: Int
    /// Bytes of the generated Apple Health export.xml `sessionctl health import` reads.
    var healthBytes = 1 << 30

    static let full = Workload(roundTrips: 20_000, commits: 300, sequentialLogs: 2_000, rounds: 10, logsPerClient: 500, cliRuns: 100,
                               summarySets: [50_000, 1_000_000], summaryRuns: 21, importRows: 250_000, importRounds: 5, warmUp: 1_000)
    static let quick = Workload(roundTrips: 200, commits: 10, sequentialLogs: 50, rounds: 2, logsPerClient: 5, cliRuns: 3,
                                summarySets: [2_000, 4_000], summaryRuns: 3, importRows: 2_000, importRounds: 2, warmUp: 10, healthBytes: 2 << 20)
}

enum Benchmarks {
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
    }

    /// The floor of any request: a line to another process over a Unix socket and back.
    final class EchoPeer {
        let pid: pid_t
        let client: SocketClient

        init(directory: String) throws {
            let path = directory + "/echo.sock"
            pid = spawn(productsDirectory() + "/sessiond-bench", ["--echo", path])
            var connected: SocketClient?
            for _ in 0..<500 where connected == nil {
                connected = try? SocketClient(path: path)
                if connected == nil { usleep(5_000) }
            }
            guard let connected else { throw BenchError("the echo peer did not start") }
            client = connected
        }

        deinit {
            kill(pid, SIGKILL)  // a helper holding no data: no need to ask nicely
            wait(for: pid)
        }

        /// Round-trip times in µs.
        func roundTrips(_ count: Int) -> [Double] {
            let line = String(repeating: "x", count: 150)
            return (0..<count).map { _ in
                let start = nowNs()
                try? client.send(line: line)
                _ = try? client.readLine()
                return Double(nowNs() - start) / 1000
            }
        }
    }

    /// An echo server for the round-trip floor (run as a separate process).
    static func echoServer(path: String) -> Never {
        unlink(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = UnixAddress.withAddress(path) { bind(fd, $0, $1) }
        listen(fd, 8)
        let client = accept(fd, nil, nil)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(client, &buffer, buffer.count)
            if count <= 0 { exit(0) }
            _ = write(client, buffer, count)
        }
    }

    /// The floor of a durable write: one set row committed alone (WAL, synchronous=FULL).
    final class CommitFloor {
        let database: Database
        let session: Int64
        var next = 0

        init(directory: String) throws {
            database = try Database(path: directory + "/commit.db")
            session = try database.sessions.insertSession(planDayID: nil, date: LocalDate(daysSinceEpoch: 20_000), title: "bench", carriedOver: false, startedAtMs: 0)
        }

        /// Commit times in µs.
        func commits(_ count: Int) throws -> [Double] {
            try (0..<count).map { _ in
                next += 1
                let start = nowNs()
                let decision = SetDecision(exerciseKey: "squat", kind: .normal, reps: 5, weightKg: 100,
                                           previous: SetNumbering(setNumber: next - 1, countedSets: next - 1), bests: .none)
                _ = try database.sessions.insertSet(NewSet(
                    sessionID: session, plannedExerciseID: nil, exerciseName: "Squat", kind: .normal,
                    reps: 5, weightKg: 100, durationSeconds: nil, rpe: nil, note: nil, loggedAtMs: Int64(next), requestID: nil, decision: decision))
                return Double(nowNs() - start) / 1000
            }
        }
    }

    /// A log request line.
    static func logParams(_ index: Int) -> JSONValue {
        .obj(["exercise": .string("Lift \(index % 7)"), "reps": JSONValue(index % 12 + 1), "weightKg": JSONValue(Double(index % 40) + 20)])
    }

    /// Sequential session.log latencies in µs.
    static func sequentialLatency(client: SocketClient, count: Int) throws -> [Double] {
        var samples: [Double] = []
        for index in 0..<count {
            let start = nowNs()
            guard case .success = try client.call("session.log", logParams(index)) else { throw BenchError("session.log failed") }
            samples.append(Double(nowNs() - start) / 1000)
        }
        return samples
    }

    /// What one throughput run measured.
    struct Throughput {
        /// session.log calls answered per second.
        let rate: Double
        /// The daemon's CPU time per call, in µs.
        let daemonCPU: Double
        /// The CPU time per call of the daemon's busiest thread (the one that runs the
        /// SQL and commits, one batch after the other), in µs.
        let busiestThreadCPU: Double
        /// The load client's CPU time per call, in µs.
        let loadCPU: Double

        /// The calls per second this CPU cost allows on `cores` cores however fast the
        /// disk were: the busiest thread cannot do more than one second of work a second,
        /// and daemon and load client together no more than `cores` seconds. Nil when
        /// the run was too short to measure (clock ticks, on a kernel without schedstat).
        func cpuCeiling(cores: Int) -> Double? {
            guard busiestThreadCPU > 0, daemonCPU + loadCPU > 0 else { return nil }
            return min(1e6 / busiestThreadCPU, Double(cores) * 1e6 / (daemonCPU + loadCPU))
        }
    }

    /// session.log throughput with `clients` connections logging at once, driven by a
    /// separate load process (LoadGenerator); nil when a call failed.
    static func throughput(socket: String, daemon: pid_t, clients: Int, perClient: Int) -> Throughput? {
        let before = threadCPUSeconds(daemon)
        guard let load = output(of: productsDirectory() + "/sessiond-bench", ["--load", socket, String(clients), String(perClient)]) else {
            return nil
        }
        let threads = threadCPUSeconds(daemon).map { $0.value - (before[$0.key] ?? 0) }
        let cpu = threads.reduce(0, +)
        let busiest = threads.max() ?? 0
        let fields = load.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        guard fields.count == 4, fields[2] == 0, fields[0] > 0, fields[1] > 0 else { return nil }
        let perCall = { (seconds: Double) in seconds * 1e6 / fields[1] }
        // The load client's CPU while the clock ran, not its encoding of every request before.
        return Throughput(rate: fields[1] / (fields[0] / 1e9), daemonCPU: perCall(cpu), busiestThreadCPU: perCall(busiest), loadCPU: perCall(fields[3] / 1e9))
    }

    /// Median wall times in ms of one `sessionctl log` and, when timewarrior is installed
    /// (`make bench` installs it), of one `timew start` into a database of its own: the
    /// tool the CLI is compared with. The two run by turns, so both see the same machine.
    static func cliWallTimes(socket: String, directory: String, runs: Int) throws -> (log: Double, timew: Double?) {
        let sessionctl = productsDirectory() + "/sessionctl"
        let logArguments = ["--socket", socket, "log", "--new", "Curl", "10", "12"]
        let candidates: [String] = ["/usr/bin/timew", "/usr/local/bin/timew"]
        var timew = candidates.first { access($0, X_OK) == 0 }
        let database = directory + "/timewarrior"
        if timew != nil {
            // An existing database with its data folder: timew asks nothing.
            mkdir(database, 0o700)
            mkdir(database + "/data", 0o700)
            try writeFile(database + "/timewarrior.cfg", "")
        }
        var logSamples: [Double] = []
        var timewSamples: [Double] = []
        for run in 0..<runs {
            logSamples.append(try wallMs(sessionctl, logArguments))
            guard let path = timew else { continue }
            // :adjust: a start within the same second as the last one replaces it.
            if let ms = try? wallMs(path, ["start", "bench\(run % 10)", ":adjust"], environment: ["TIMEWARRIORDB": database]) {
                timewSamples.append(ms)
            } else {
                timew = nil
            }
        }
        return (percentile(logSamples.sorted(), 0.5), timewSamples.count == runs ? percentile(timewSamples.sorted(), 0.5) : nil)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
