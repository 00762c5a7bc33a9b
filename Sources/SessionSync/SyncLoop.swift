import Glibc
import SessionCore
import SessionRPC

/// sessiond-sync's rounds: one push, pull, share and plan delivery each, reported to
/// the daemon (`sync.report`). Between rounds it waits on PostgreSQL's notifications
/// (LISTEN on the athlete's own channel, `SyncSchema.wakeUpChannel`: another device's
/// records, a plan for this athlete)
/// and on the daemon's events (something was logged or changed here) together, with
/// poll(2) on both sockets; `interval` is only the longest wait. Connections are kept
/// between rounds and made again after a failure.
final class SyncLoop {
    /// The daemon's socket.
    let socket: String
    /// The libpq connection string ("" for libpq's environment).
    let conninfo: String
    /// The longest wait between rounds, in seconds.
    let interval: Int
    private var postgres: PostgresConnection?
    private var daemon: SocketClient?
    /// A second connection to the daemon, subscribed to its events.
    private var events: SocketClient?

    /// A loop over the daemon at `socket` and the database `conninfo` names.
    init(socket: String, conninfo: String, interval: Int) {
        self.socket = socket
        self.conninfo = conninfo
        self.interval = interval
    }

    /// Runs rounds until killed. SIGTERM, SIGINT and SIGHUP end it at once, as their
    /// default actions do, even when the parent left them blocked: a round cut off
    /// loses nothing (the cursors move only after each side committed).
    func run() -> Never {
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            sigaddset(&stopping, signal)
            Glibc.signal(signal, SIG_DFL)
        }
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
        while true {
            let succeeded = round()
            // After a failure, try again sooner than the ceiling.
            wait(seconds: succeeded ? interval : min(interval, 30))
        }
    }

    /// One round; prints what it did, or why it failed. False when it failed.
    func round() -> Bool {
        var report = Syncer.Report()
        do {
            let daemon = try connectedDaemon()
            do {
                let postgres = try connectedPostgres()
                try Syncer(daemon: daemon, postgres: postgres).run(into: &report)
                try tell(daemon, report, error: nil)
                for reason in report.unreadable { SyncProgram.printError("sessiond-sync: passed over: \(reason)") }
                print(report.description)
                fflush(nil)
                return true
            } catch {
                postgres = nil
                SyncProgram.printError("sessiond-sync: \(error)")
                try? tell(daemon, report, error: "\(error)")
                // A daemon that went away (restarted, or closed an idle connection) is
                // connected to again next round, its events with it.
                if error is SocketClient.Unreachable {
                    self.daemon = nil
                    events = nil
                }
                return false
            }
        } catch {
            self.daemon = nil
            events = nil
            SyncProgram.printError("sessiond-sync: \(error)")
            return false
        }
    }

    /// Reports a round to the daemon.
    private func tell(_ daemon: SocketClient, _ report: Syncer.Report, error: String?) throws {
        let text = error.map { String($0.prefix(SyncReport.maximumErrorLength)) }
        let params = SyncReport.Params(pushed: report.pushDone, pulled: report.pullDone, error: text)
        if case .failure(let refusal) = try daemon.request(SocketClient.Call(SyncReport.self, params)).outcome {
            throw Syncer.Failure(description: "sessiond refused \(SyncReport.name): \(refusal.message)")
        }
    }

    /// The connection to the daemon, made again after a failure, or when the daemon
    /// closed it for its idle timeout between rounds (a quiet hour under a long interval).
    private func connectedDaemon() throws -> SocketClient {
        if let daemon {
            try daemon.reconnectIfClosed()
            return daemon
        }
        let connected = try SocketClient(path: socket)
        daemon = connected
        return connected
    }

    /// The connection to PostgreSQL, listening, made again after a failure.
    private func connectedPostgres() throws -> PostgresConnection {
        if let postgres { return postgres }
        let connected = try PostgresConnection(conninfo: conninfo)
        // A lock waited for past this fails the round, which says why, and the next
        // round tries again: another role's DDL queued on a table must not hang it.
        try connected.query("SET lock_timeout = '\(Syncer.lockTimeoutSeconds)s'")
        if let problem = SyncSchema.problem(connected) { throw Syncer.Failure(description: problem) }
        // Listening from the start: a row written during a round wakes the next wait.
        try connected.listen(try SyncSchema.wakeUpChannel(connected))
        postgres = connected
        return connected
    }

    /// The daemon's event stream, subscribed on first use; nil when it cannot be had.
    private func subscribedEvents() -> SocketClient? {
        if let events { return events }
        guard let client = try? SocketClient(path: socket),
              case .success = try? client.request(SocketClient.Call(EventsSubscribe.self, EventsSubscribe.Params())).outcome
        else { return nil }
        events = client
        return client
    }

    /// Waits until the daemon publishes an event, PostgreSQL notifies this athlete, or
    /// `seconds` pass.
    private func wait(seconds: Int) {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let end = Int(deadline.tv_sec) + seconds
        let listening = listeningPostgres()
        let events = subscribedEvents()
        while true {
            if let listening, heardForUs(listening) { return }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = end - Int(now.tv_sec)
            guard left > 0 else { return }
            var descriptors: [pollfd] = []
            if let listening { descriptors.append(pollfd(fd: listening.descriptor, events: Int16(POLLIN), revents: 0)) }
            if let events { descriptors.append(pollfd(fd: events.descriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(left, 3_600) * 1000))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            if let events, (descriptors.last?.revents ?? 0) != 0 {
                // Something changed here: read what is there, then push.
                if (try? events.readLine()) == nil { self.events = nil }
                while events.waitReadable(milliseconds: 0), (try? events.readLine()) != nil {}
                return
            }
        }
    }

    /// The PostgreSQL connection, listening; nil when there is none.
    private func listeningPostgres() -> PostgresConnection? {
        try? connectedPostgres()
    }

    /// True when the athlete's channel was notified (or the connection broke: a round
    /// will say why).
    private func heardForUs(_ postgres: PostgresConnection) -> Bool {
        do {
            return try !postgres.notifications().isEmpty
        } catch {
            self.postgres = nil
            return true
        }
    }
}
