import Glibc
import Dispatch
import JSON
import SessionCore
import SessionRPC
import SessionSystem
import Synchronization

/// Another client's latency while clients misbehave: a stream of maximal
/// batch lines, and a hundred clients that pipeline and never read. The daemon's own
/// status answer must stay fast; `sessiond.peak_rss` after this shows what it cost.
enum AbuseBenchmark {
    /// `daemon.status` latencies in µs, sorted, measured on a fresh connection while
    /// `abuse` runs on another thread.
    static func statusLatency(socket: String, samples: Int, during abuse: @escaping @Sendable (StopFlag) -> Void) throws -> [Double] {
        let stop = StopFlag()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            abuse(stop)
            done.signal()
        }
        defer {
            stop.raise()
            done.wait()
        }
        usleep(100_000)  // the abuse is under way
        let client = try SocketClient(path: socket)
        var latencies: [Double] = []
        for _ in 0..<samples {
            let start = nowNs()
            guard case .success = try client.call("daemon.status") else { throw BenchError("daemon.status failed") }
            latencies.append(Double(nowNs() - start) / 1000)
            usleep(2_000)
        }
        return latencies.sorted()
    }

    /// Sends maximal batch lines (100 session.current each) one after the other.
    static func maximalBatches(socket: String) -> @Sendable (StopFlag) -> Void {
        { stop in
            guard let client = try? SocketClient(path: socket) else { return }
            let line = "[" + Array(repeating: #"{"jsonrpc":"2.0","id":1,"method":"session.current"}"#, count: JSONRPC.maximumBatch)
                .joined(separator: ",") + "]"
            while !stop.raised {
                guard (try? client.send(line: line)) != nil, (try? client.readLine()) != nil else { return }
            }
        }
    }

    /// A hundred clients that each pipeline requests and never read a reply.
    static func nonReadingClients(socket: String) -> @Sendable (StopFlag) -> Void {
        { stop in
            var clients: [SocketClient] = []
            let burst = String(repeating: #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"# + "\n", count: 49) + #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#
            for _ in 0..<100 {
                guard let client = try? SocketClient(path: socket) else { break }
                _ = try? client.send(line: burst)
                clients.append(client)
            }
            while !stop.raised { usleep(10_000) }
            withExtendedLifetime(clients) {}
        }
    }
}

/// A flag one thread raises and another polls.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func raise() { value.store(true, ordering: .relaxed) }
    var raised: Bool { value.load(ordering: .relaxed) }
}

/// The attacks of the red-team list, each run alone against a daemon started for them
/// (a history of more than a thousand sessions, a watchdog the bench listens to): the
/// daemon's peak memory during the attack, its memory a few seconds after, another
/// client's `session.log` latency throughout, and the longest the loop went without
/// pinging the watchdog beyond its schedule.
enum AttackBenchmark {
    /// What one attack cost.
    struct Run {
        let name: String
        /// The attack and the bound that holds it (`Attack.what`).
        let what: String
        /// When `afterMiB` was read after the attack ended, s.
        let afterSeconds: Int
        let peakMiB: Double
        let afterMiB: Double
        /// Another client's session.log latencies (ms), sorted.
        let latencies: [Double]
        /// The longest gap between two WATCHDOG=1 pings minus the ping interval, ms.
        let watchdogStallMs: Double
    }

    /// Sets of the session stored before the bound: the red team's 22.8 MB reply (the
    /// quick run's: two pages).
    static func legacySets(scale: Int) -> Int { scale > 1 ? 3_000 : 100_000 }

    /// The daemon's watchdog: WatchdogSec=1s, so it pings every 500 ms.
    static let watchdogUsec = 1_000_000

    struct Attack {
        let name: String
        /// What it is, and the bound that holds it, for the figures' notes.
        var what = ""
        /// When its RSS is read after it ended, s: what it left is let go by then.
        var afterSeconds: UInt32 = 3
        let run: @Sendable (_ socket: String, _ stop: StopFlag) -> Void
    }

    /// The attacks; `scale` divides the number of clients and lines (the quick run's 10);
    /// `legacySession` holds more sets than a session may now.
    static func attacks(scale: Int, legacySession: Int64) -> [Attack] {
        let lines = 20 / max(1, scale / 2)
        let staged = scale > 1 ? 8 << 20 : HistoryLimits.stagedBytesPerUser + (8 << 20)
        let all = [
            Attack(name: "unknown_params_lines",
                   what: "\(lines) connections, each a 539 KB session.log line of 50,000 unknown params; refused on the tape (at most \(JSONRPC.maximumParams) params)") { socket, stop in
                unknownParams(socket: socket, connections: lines, stop: stop)
            },
            Attack(name: "array_params_lines",
                   what: "\(lines) connections, each a 500 KB session.log line of a 250,000-value array (14 MB parsed); lines decoded and unanswered held at most 16 MiB together") { socket, stop in
                arrayParams(socket: socket, connections: lines, values: 250_000, stop: stop)
            },
            Attack(name: "large_session_reads",
                   what: "5 clients reading a session of \(legacySets(scale: scale)) sets (stored before the bound), a page of \(SessionGet.setsPage.upperBound) sets at a time") { socket, stop in
                sessionReads(socket: socket, clients: 5, id: legacySession, stop: stop)
            },
            Attack(name: "exercise_get_batches",
                   what: "one connection sending batches of 100 exercise.get of that session's exercise; its last sets at most \(SessionLimits.setsPerSession), a batch's replies 2 MiB") { socket, stop in
                exerciseBatches(socket: socket, stop: stop)
            },
            Attack(name: "non_reading_session_lists", what: "\(100 / scale) connections pipelining 600 session.list {limit: 1000}, never reading") { socket, stop in
                nonReading(socket: socket, clients: 100 / scale, line: #"{"jsonrpc":"2.0","id":1,"method":"session.list","params":{"limit":1000}}"#, count: 600, stop: stop)
            },
            Attack(name: "export_page_batches", what: "one connection sending lines of 100 history.export pages, 10 at a time, reading") { socket, stop in
                exportBatches(socket: socket, lines: 10, stop: stop)
            },
            Attack(name: "unfinished_lines",
                   what: "\(200 / scale) connections, each sending 1 MiB of a line and never its end; lines not yet taken held at most 16 MiB together, 16 KiB a connection past it") { socket, stop in
                unfinishedLines(socket: socket, connections: 200 / scale, stop: stop)
            },
            // Last: what it stages stays until it expires.
            Attack(name: "staged_imports",
                   what: "one client staging \(staged >> 20) MiB of history.import chunks under 4 ids, never done; \(HistoryLimits.stagedBytesPerUser >> 20) MiB a user, dropped \(HistoryLimits.stagedExpirySeconds) s after its last chunk",
                   afterSeconds: scale > 1 ? 1 : UInt32(HistoryLimits.stagedExpirySeconds) + 5) { socket, _ in
                _ = stagedImports(socket: socket, bytes: staged)
            },
        ]
        // The quick run reads what is left a second after each attack, not three.
        return scale > 1 ? all.map { attack in
            var quick = attack
            quick.afterSeconds = 1
            return quick
        } : all
    }

    /// Starts a daemon on a generated history of `sessions` sessions and runs each
    /// attack in turn, `samples` session.log calls of another client during each.
    static func measure(directory: String, sessions: Int, samples: Int, scale: Int) throws -> [Run] {
        let path = directory + "/abuse.db"
        let days = sessions * 7 / 6 + 1
        _ = try SummaryBenchmark.generate(path: path, totalSets: sessions * 6, days: days, first: HistoryBenchmark.today.adding(days: -days))
        defer { ImportBenchmark.removeDatabase(path) }
        let legacySession = try addLegacySession(path: path, sets: legacySets(scale: scale))
        let socket = directory + "/abuse.sock"
        let watchdog = try WatchdogListener(path: directory + "/notify.sock")
        let daemon = try startDaemon(socket: socket, database: path, environment: ["NOTIFY_SOCKET": watchdog.path, "WATCHDOG_USEC": String(watchdogUsec)],
                                     session: true, for: "for the abuse runs")
        defer { stop(daemon) }
        let client = try SocketClient(path: socket)
        var runs: [Run] = []
        for attack in attacks(scale: scale, legacySession: legacySession) {
            // Each attack's sets in a session of their own: a session holds at most 2,000.
            _ = try? client.call("session.finish")
            _ = try? client.call("session.start")
            usleep(500_000)
            resetPeak(daemon)
            let pingsBefore = watchdog.pings.count
            let stop = StopFlag()
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                attack.run(socket, stop)
                done.signal()
            }
            usleep(50_000)  // the attack is under way
            var latencies: [Double] = []
            for index in 0..<samples {
                let start = nowNs()
                guard case .success = try client.call("session.log", Benchmarks.logParams(index)) else { throw BenchError("session.log failed during \(attack.name)") }
                latencies.append(Double(nowNs() - start) / 1e6)
                usleep(5_000)
            }
            stop.raise()
            done.wait()
            let peak = Double(peakRSSKilobytes(daemon)) / 1024
            let pings = Array(watchdog.pings.dropFirst(max(0, pingsBefore - 1)))
            let gaps = zip(pings.dropFirst(), pings).map { Double($0 - $1) / 1e6 }
            sleep(attack.afterSeconds)
            runs.append(Run(name: attack.name, what: attack.what, afterSeconds: Int(attack.afterSeconds), peakMiB: peak, afterMiB: Double(rssKilobytes(daemon)) / 1024, latencies: latencies.sorted(),
                            watchdogStallMs: max(0, (gaps.max() ?? 0) - Double(watchdogUsec) / 2000)))
        }
        return runs
    }

    /// What the red team's history of one exercise costs: `sessions` sessions of 2,000
    /// sets of it (1,000,000 sets at 500).
    struct LongHistory {
        /// `session.list {"limit": 1}`, median ms.
        let listMs: Double
        /// The first page of its `exercise.history`, median ms, and its size.
        let pageMs: Double
        let pageBytes: Int
        /// `sessionctl history EXERCISE`, median wall ms (it exits 0: the page is shown).
        let sessionctlMs: Double
        let peakMiB: Double
    }

    static func oneExercise(directory: String, sessions: Int, runs: Int) throws -> LongHistory {
        let path = directory + "/one-exercise.db"
        let days = sessions * 7 / 6 + 1
        _ = try SummaryBenchmark.generate(path: path, totalSets: sessions * 2_000, days: days, first: HistoryBenchmark.today.adding(days: -days),
                                          names: ["Back Squat"])
        defer { ImportBenchmark.removeDatabase(path) }
        let socket = directory + "/one-exercise.sock"
        let daemon = try startDaemon(socket: socket, database: path, for: "on one exercise's history")
        defer { stop(daemon) }
        let client = try SocketClient(path: socket)
        func medianMs(_ body: () throws -> Void) rethrows -> Double {
            var samples: [Double] = []
            for _ in 0..<runs {
                let start = nowNs()
                try body()
                samples.append(Double(nowNs() - start) / 1e6)
            }
            return Benchmarks.percentile(samples.sorted(), 0.5)
        }
        let list = SocketClient.Call("session.list", JSONValue.obj(["limit": 1]))
        let listMs = try medianMs { guard case .result = try client.request(list) else { throw BenchError("session.list failed") } }
        var pageBytes = 0
        let page = SocketClient.Call("exercise.history", JSONValue.obj(["exercise": "back squat"]))
        let pageMs = try medianMs {
            guard case .result(let value) = try client.request(page) else { throw BenchError("exercise.history failed") }
            pageBytes = value.jsonText.utf8.count
        }
        let sessionctlMs = try medianWallMs(productsDirectory() + "/sessionctl", ["--socket", socket, "history", "back squat"], runs: runs)
        return LongHistory(listMs: listMs, pageMs: pageMs, pageBytes: pageBytes, sessionctlMs: sessionctlMs, peakMiB: Double(peakRSSKilobytes(daemon)) / 1024)
    }

    /// Resets the daemon's VmHWM to its current RSS, so each attack's peak is its own.
    static func resetPeak(_ pid: pid_t) {
        try? writeFile("/proc/\(pid)/clear_refs", "5")
    }

    /// `connections` clients at once, each sending one `session.log` line of 50,000
    /// unknown params (539 KB) and reading its error, again and again.
    static func unknownParams(socket: String, connections: Int, stop: StopFlag) {
        let members = (0..<50_000).map { #""p\#($0)":0"# }.joined(separator: ",")
        let line = #"{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"exercise":"x","reps":5,"#  + members + "}}"
        while !stop.raised {
            DispatchQueue.concurrentPerform(iterations: connections) { _ in
                guard let client = try? SocketClient(path: socket) else { return }
                _ = try? client.send(line: line)
                _ = try? client.readLine()
            }
        }
    }

    /// `clients` connections that each pipeline `count` copies of `line` and never read
    /// a reply: sent as fast as the daemon takes them, until the stop.
    static func nonReading(socket: String, clients: Int, line: String, count: Int, stop: StopFlag) {
        let burst = Array(String(repeating: line + "\n", count: count).utf8)
        var connections: [(fd: Int32, sent: Int)] = (0..<clients).compactMap { _ in
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0, UnixAddress.withAddress(socket, { connect(fd, $0, $1) }) == 0 else { return nil }
            return (fd, 0)
        }
        defer { for connection in connections { close(connection.fd) } }
        while !stop.raised {
            for index in connections.indices where connections[index].sent < burst.count {
                let sent = burst.withUnsafeBytes { bytes in
                    Glibc.send(connections[index].fd, bytes.baseAddress! + connections[index].sent, bytes.count - connections[index].sent, Int32(MSG_NOSIGNAL))
                }
                if sent > 0 { connections[index].sent += sent }
            }
            usleep(10_000)
        }
    }

    /// One connection that sends `lines` batch lines of 100 `history.export` pages (500
    /// sessions each, the largest page) and reads the replies, again and again.
    static func exportBatches(socket: String, lines: Int, stop: StopFlag) {
        let batch = "[" + Array(repeating: #"{"jsonrpc":"2.0","id":1,"method":"history.export","params":{"limit":500}}"#, count: JSONRPC.maximumBatch)
            .joined(separator: ",") + "]"
        guard let client = try? SocketClient(path: socket) else { return }
        while !stop.raised {
            guard (try? client.send(line: Array(repeating: batch, count: lines).joined(separator: "\n"))) != nil else { return }
            for _ in 0..<lines { guard (try? client.readLine()) != nil else { return } }
        }
    }
}

/// A datagram socket in the place of the service manager's: the monotonic time of each
/// WATCHDOG=1 the daemon sends, recorded on a thread of its own.
final class WatchdogListener: @unchecked Sendable {
    let path: String
    private let fd: Int32
    private let times = Mutex<[UInt64]>([])

    init(path: String) throws {
        self.path = path
        unlink(path)
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        fd = socket
        guard socket >= 0, UnixAddress.withAddress(path, { bind(socket, $0, $1) }) == 0 else { throw BenchError("cannot bind \(path)") }
        DispatchQueue.global().async { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count < 0 { if errno == EINTR { continue } else { return } }
                if String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n").contains("WATCHDOG=1") {
                    let now = nowNs()
                    times.withLock { $0.append(now) }
                }
            }
        }
    }

    /// The pings so far, in ns of the monotonic clock.
    var pings: [UInt64] { times.withLock { $0 } }
}
