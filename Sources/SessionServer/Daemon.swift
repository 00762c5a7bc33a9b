import Glibc
import ArgumentParsing
import CLinux
import SessionApplication
import SessionCore
import SessionRPC
import SessionStore
import SessionSystem

/// sessiond's wiring: flags, signals, the database, the socket, the database thread and the loop.
public enum Daemon {
    /// Runs the daemon to completion and returns its exit status.
    public static func main(arguments: [String], environment: [String: String]) -> Int32 {
        let startedNs = MonotonicClock.nowNs()
        let options: DaemonOptions
        do {
            options = try DaemonOptions(arguments: arguments, environment: environment)
        } catch {
            writeError("sessiond: \(error.message)\n\(DaemonOptions.usage)  (see --help)\n")
            return 2
        }
        if options.showHelp { print(DaemonOptions.help); return 0 }
        if options.showVersion { print("sessiond \(SessiondVersion.current)"); return 0 }
        let logger = Logger(environment: environment)
        do {
            return try serve(options, environment: environment, logger: logger, startedNs: startedNs)
        } catch {
            logger.error("cannot start: \(error)")
            return 1
        }
    }

    /// Milliseconds on the monotonic clock since `startNs`, to the hundredth ("1.27").
    static func millisecondsSince(_ startNs: Int64) -> String {
        let hundredths = max(0, MonotonicClock.nowNs() - startNs) / 10_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Why start-up failed, already phrased for a person.
    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func serve(_ options: DaemonOptions, environment: [String: String], logger: Logger, startedNs: Int64) throws -> Int32 {
        if let zone = options.timeZone { try LocalClock.use(timeZone: zone) }
        // Blocks of 256 KiB and more (large replies, an export page, an import's
        // workouts) are mapped on their own and go back to the system when freed. glibc
        // would otherwise raise this threshold to the largest block freed so far, and
        // keep every later one on its heaps after a burst.
        _ = mallopt(M_MMAP_THRESHOLD, 256 << 10)
        // Two threads allocate (the serving loop and the database thread): an arena each
        // at most, so a burst's freed memory is in heaps `malloc_trim` knows to trim.
        _ = mallopt(M_ARENA_MAX, 2)
        var group: gid_t?
        if let name = options.groupName {
            guard let entry = getgrnam(name) else { throw StartFailure(description: "unknown group \"\(name)\"") }
            group = entry.pointee.gr_gid
        }
        let signals = try blockSignals()
        let useActivation = options.socketFlag == nil && environment["SESSIOND_SOCKET"] == nil
        let activated = useActivation ? try Listener.fromActivation() : nil
        let socketSource = activated == nil ? SocketPath.resolve(flag: options.socketFlag, environment: environment) : "activation"
        // A daemon that cannot have the socket must not create or migrate a database.
        if activated == nil { try Listener.refuseIfServed(path: socketSource) }
        if let failure = DaemonOptions.makeDirectory(for: options.databasePath) { throw StartFailure(description: failure) }
        // One daemon per database: a second would keep rest timers and event streams of
        // its own. Before anything is read or written.
        let lock = try DatabaseLock(databasePath: options.databasePath)
        defer { lock.release() }
        try lock.lockDatabaseFile(options.databasePath)
        if let restored = Database.restoreLinkedWAL(path: options.databasePath) {
            logger.warning("the write-ahead log was restored: \(options.databasePath)-wal was removed while sessiond ran, and its second name \(Database.walLinkPath(options.databasePath)) kept its \(restored) pages of committed writes", [
                ("database", options.databasePath), ("restored_pages", String(restored)),
            ])
        }
        if let lost = Database.lostWALFrames(path: options.databasePath) {
            // Before SQLite opens the file and starts the index over: afterwards nobody
            // could tell.
            logger.error("the database lost its write-ahead log: \(options.databasePath)-wal was removed while it held \(lost) pages of committed writes, which are gone", [
                ("database", options.databasePath), ("lost_pages", String(lost)),
            ])
        }
        let database = try Database(path: options.databasePath)
        // A database this start made is locked now it is there.
        try lock.lockDatabaseFile(options.databasePath)
        if let original = database.copiedFromDevice {
            logger.info("the database is a copy written by sessionctl backup: it syncs as a device of its own from now on, apart from the one it was copied from", [
                ("database", options.databasePath), ("copied_from_device", original),
            ])
        }
        if let problem = database.linkWriteAheadLog() {
            logger.warning("the write-ahead log has no second name; a removed one is still copied at the next commit, but not after a crash", [("error", problem)])
        }
        // Logged before the socket exists, so a client that can connect can read it.
        if let active = try database.sessions.activeSession() {
            let sets = try database.sessions.sessionTally(sessionID: active.id).reduce(0) { $0 + $1.allSets }
            logger.info("recovered active session", [("session_id", String(active.id)), ("sets", String(sets))])
        }
        let listener = try activated ?? Listener.bind(path: socketSource, group: group)
        let clock = LocalClock()
        let application = Application(database: database, clock: clock, log: logger.applicationLog)
        // Plan events stored before they kept their day (or by a sync run alone) keep
        // the day they fall on in this zone from now on.
        try database.plans.dateUndatedEvents()
        let notifier = Notifier()
        let databaseThread = try DatabaseThread(application: application, logger: logger, publishesStatus: notifier.isListening)
        let server = try Server(
            listener: listener, databaseThread: databaseThread, logger: logger, notifier: notifier,
            access: AccessPolicy(ownUID: getuid(), group: group), signals: signals,
            timeouts: ConnectionTimeouts(lineMs: options.lineTimeoutMs, idleMs: options.idleTimeoutMs),
            databasePath: database.path, startedMonotonicMs: application.service.startedMonotonicMs)
        let status = application.statusLine()  // before the database thread owns the database
        try databaseThread.start()
        // How long the start took from main() (the database open and its schema check
        // most of it): what a socket-activated first call waits for after the exec.
        logger.info("ready", id: .started, [("socket", socketSource), ("database", database.path), ("version", SessiondVersion.current),
                                            ("startup_ms", millisecondsSince(startedNs))])
        notifier.ready(status: status)
        server.run()
        databaseThread.stop()
        logger.info("stopped", id: .stopping)
        return server.exitStatus
    }

    /// Blocks the signals the loop handles (`Server.handledSignals`) for every thread and
    /// returns a signalfd that reports them to the loop; SIGPIPE is ignored (writes use
    /// MSG_NOSIGNAL anyway).
    private static func blockSignals() throws(SystemCallError) -> FileDescriptor {
        signal(SIGPIPE, SIG_IGN)
        var mask = sigset_t()
        sigemptyset(&mask)
        // Every signal whose default action would end the daemon abruptly becomes an
        // event in the loop: SIGTERM and SIGINT stop it cleanly, the others are logged.
        for signal in Server.handledSignals { sigaddset(&mask, signal) }
        let blocked = pthread_sigmask(SIG_BLOCK, &mask, nil)
        guard blocked == 0 else { throw SystemCallError("pthread_sigmask", code: blocked) }
        return try FileDescriptor(signalfd(-1, &mask, Int32(SFD_NONBLOCK) | Int32(SFD_CLOEXEC)), from: "signalfd")
    }

    private static func writeError(_ text: String) {
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    }
}

extension Listener.Failure: @unchecked Sendable {}
