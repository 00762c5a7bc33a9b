import Glibc
import CLinux
import JSON
import SessionApplication
import SessionCore
import SessionRPC
import SessionSystem

/// The serving loop: one epoll over the listening socket, the clients, the signal
/// descriptor and the database thread's wake-up descriptor. Decoding and writing happen here;
/// every method runs on the database thread (DatabaseThread). Signals arrive as events in the
/// loop (signalfd); nothing runs inside a signal handler.
final class Server {
    let epoll: FileDescriptor
    /// The listening socket until shutdown begins (then nil: closed, its file removed).
    var listener: Listener?
    /// The listener's descriptor number, for accept(2) while it listens.
    var listenerFD: Int32
    let databaseThread: DatabaseThread
    let signals: FileDescriptor
    let logger: Logger
    let notifier: Notifier
    let access: AccessPolicy
    let clock = LocalClock()
    /// Clients by descriptor (for epoll events) and by id (for the database thread's replies).
    var connections = ConnectionTable()
    var connectionsByID: [Int: ClientConnection] = [:]
    /// Connections held by each user (`connectionShareRefusal`).
    var connectionsByUID: [UInt32: Int] = [:]
    /// The connections that subscribed to events, by id: events go to these only.
    var subscribers: [Int: ClientConnection] = [:]
    /// Jobs handed to the database thread and not yet completed, of all connections.
    var jobsAtDatabase = 0
    /// Where the loop's counts are published (`DatabaseThread.serving`), and what was.
    let serving: SharedServingCounts
    var publishedCounts = ServingCounts()
    var nextConnectionID = 1
    /// The rest timer, as the commits leave it (`DatabaseThread.rest`).
    let rest: SharedRestSchedule
    var stoppingSinceMs: Int64?
    /// Set by a second stop signal: leave the loop without waiting for anyone.
    var forceStop = false
    /// Bytes queued for every client together (see `ServerLimits.maximumQueuedOutput`).
    var queuedOutput = 0
    /// What `run` returns: 0 for a clean stop, 1 when the database failed under it.
    var exitStatus: Int32 = 0
    /// While accepting is paused after running out of descriptors: when it resumes.
    var acceptResumesAtMs: Int64?
    /// Warnings that could repeat without end, each logged at most once per interval.
    var acceptPauses = RepeatedWarning()
    var refusedConnections = RepeatedWarning()
    var lastWatchdogMs: Int64 = 0
    var lastStatus = ""
    /// The connection timeouts in force (`--line-timeout`, `--idle-timeout`).
    let timeouts: ConnectionTimeouts
    /// For the answers the loop gives itself (`LoopService`).
    let databasePath: String
    let startedMonotonicMs: Int64
    /// One read buffer for every client: the loop reads on one thread, and each read's
    /// bytes are copied into the connection's input at once.
    var readBuffer = [UInt8](repeating: 0, count: 65_536)
    /// Every reply line is written here first, then queued from it on its connection:
    /// one buffer for the loop's life (replies are written one at a time, on this thread).
    var replyWriter = JSONWriter(capacity: replyWriterCapacity)
    static let replyWriterCapacity = 4096
    /// Connections with requests waiting for the database, in the order of their turns
    /// (`schedule`, at the end of each loop iteration).
    var scheduled: [ClientConnection] = []
    /// `schedule`'s buffers, kept from turn to turn: the jobs handed on, the connections
    /// that got one, the order of the next turn.
    var handOff: [Job] = []
    var served: [ClientConnection] = []
    var turnOrder: [ClientConnection] = []
    /// Connections no longer watched (their clients hung up) that may read again: read
    /// at the end of the loop's turn (`readUnwatched`).
    var unwatchedReads: [ClientConnection] = []
    /// Jobs of `repliesLarge` methods at the database, of all connections.
    var largeAtDatabase = 0
    /// What the jobs decoded and not yet answered keep in memory, of all connections
    /// together (`Job.footprint`; `ServerLimits.maximumDecodedBytes`).
    var decodedBytes = 0
    /// Bytes of lines decoded in this turn of the loop, of all connections
    /// (`ServerLimits.maximumDecodedBytesPerTurn`).
    var decodedThisTurn = 0
    /// True when a connection waits only for the next turn's allowance (not for memory):
    /// epoll then does not sleep.
    var decodingDeferred = false
    /// Connections whose reading paused because `decodedBytes` reached its bound, in
    /// the order they paused: resumed in that order once it falls below.
    var awaitingDecodeBudget: [ClientConnection] = []
    /// Bytes read and not yet taken as lines, of all connections together
    /// (`ServerLimits.maximumReceivedBytes`, `Server+ReceiveBudget.swift`).
    var receivedBytes = 0
    /// Connections whose reading paused because `receivedBytes` reached its bound, in
    /// the order they paused.
    var awaitingReceiveBudget: [ClientConnection] = []
    /// The one connection that reads on past the bound until it took a line, and how
    /// many lines it had taken when its turn began.
    var receiveTurn: ClientConnection?
    var receiveTurnLines = 0
    /// When the heap's free memory is next handed back to the system, after a burst of
    /// large replies or a large buffer dropped.
    var trimDueMs: Int64?
    /// The socket file bound here went and could not be bound again yet: how many tries
    /// failed, when the next is due, and why the last failed (`bindSocketAgain`).
    var socketRetry: (failures: Int, dueMs: Int64, reason: String?)?
    /// epoll_wait's buffer, kept for the loop's life.
    private var epollEvents = [epoll_event](repeating: epoll_event(), count: 128)

    /// Descriptor tags in epoll_event.data: clients use their fd.
    static let listenerTag: UInt64 = 1 << 40
    private static let signalTag: UInt64 = 1 << 41
    private static let databaseTag: UInt64 = 1 << 42
    private static let filesTag: UInt64 = 1 << 43
    /// The database's files and the socket file bound here, watched (nil when their
    /// directories cannot be).
    let fileWatch: FileWatch?

    init(
        listener: consuming Listener, databaseThread: DatabaseThread, logger: Logger, notifier: Notifier, access: AccessPolicy,
        signals: consuming FileDescriptor, timeouts: ConnectionTimeouts, databasePath: String, startedMonotonicMs: Int64
    ) throws(SystemCallError) {
        self.timeouts = timeouts
        self.databasePath = databasePath
        self.startedMonotonicMs = startedMonotonicMs
        listenerFD = listener.fd
        self.listener = consume listener
        self.databaseThread = databaseThread
        rest = databaseThread.rest
        serving = databaseThread.serving
        self.logger = logger
        self.notifier = notifier
        self.access = access
        self.signals = signals
        fileWatch = FileWatch(paths: Self.databaseFiles(databasePath) + (self.listener?.boundPath.map { [$0] } ?? []))
        epoll = try FileDescriptor(epoll_create1(Int32(EPOLL_CLOEXEC)), from: "epoll_create1")
        try watch(listenerFD, tag: Self.listenerTag)
        try watch(self.signals.raw, tag: Self.signalTag)
        try watch(databaseThread.wakeLoop.raw, tag: Self.databaseTag)
        if let files = fileWatch { try watch(files.descriptor.raw, tag: Self.filesTag) }
        if fileWatch?.watches(databasePath) != true {
            logger.warning("cannot watch the database's directory; a removed WAL is noticed at the next commit", [("database", databasePath)])
        }
        if let socket = self.listener?.boundPath, fileWatch?.watches(socket) != true {
            logger.warning("cannot watch the socket's directory; a socket file removed is not bound again", [("socket", socket)])
        }
    }

    /// Adds a descriptor the loop reads, reported under `tag`.
    func watch(_ fd: Int32, tag: UInt64) throws(SystemCallError) {
        var event = epoll_event()
        event.events = UInt32(EPOLLIN.rawValue)
        event.data.u64 = tag
        try SystemCallError.check(epoll_ctl(epoll.raw, EPOLL_CTL_ADD, fd, &event), "epoll_ctl")
    }

    /// Serves until SIGTERM or SIGINT, then answers what is in flight and returns.
    func run() {
        while turn() {}
        for connection in connections { drop(connection, reason: nil) }
    }

    /// One turn of the loop: what is due by the clock, then what epoll reports (waiting
    /// at most until the next thing due, and no longer than `maximumWaitMs` when given),
    /// then the waiting jobs handed on. False when the loop is to end. The loop's tests
    /// turn it by hand over a socketpair.
    func turn(maximumWaitMs: Int32? = nil) -> Bool {
        // Timeouts and the watchdog count on the monotonic clock: a step of the wall
        // clock must not close every connection or skip a ping.
        let now = LocalClock.monotonicMs()
        decodedThisTurn = 0
        heartbeat(now: now)
        if forceStop { return false }
        if let since = stoppingSinceMs,
            connections.allSatisfy(\.isDrained) || now - since > ServerLimits.shutdownGraceMs
        {
            return false
        }
        var wait = timeout(now: now)
        decodingDeferred = false
        if let maximumWaitMs, wait < 0 || wait > maximumWaitMs { wait = maximumWaitMs }
        let count = epoll_wait(epoll.raw, &epollEvents, Int32(epollEvents.count), wait)
        if count < 0 {
            if errno == EINTR { return true }
            logger.error("epoll_wait failed", [("error", errorText())])
            return false
        }
        for index in 0..<Int(count) {
            let event = epollEvents[index]
            switch event.data.u64 {
            case Self.listenerTag: acceptClients()
            case Self.signalTag: handleSignal()
            case Self.databaseTag: deliverCompletions()
            case Self.filesTag: filesChanged(fileWatch?.changed() ?? [])
            default: serviceClient(fd: Int32(truncatingIfNeeded: event.data.u64), events: event.events)
            }
        }
        readUnwatched()
        schedule()
        publishCounts()
        return true
    }

    /// Milliseconds epoll may sleep: until the rest timer, the next watchdog ping, the
    /// next connection's line or idle deadline, the end of an accept back-off, or the
    /// next shutdown check; -1, for ever, when nothing is due (an idle daemon does not
    /// wake).
    private func timeout(now: Int64) -> Int32 {
        var wait: Int64?
        func atMost(_ ms: Int64) { wait = min(wait ?? ms, max(0, ms)) }
        if let remaining = rest.remainingMs(nowMs: clock.nowMs()) { atMost(remaining) }  // the rest ends at a wall-clock time
        if let interval = notifier.watchdogIntervalMs { atMost(lastWatchdogMs + interval / 2 - now) }
        if stoppingSinceMs != nil { atMost(100) }
        if !unwatchedReads.isEmpty { atMost(0) }  // read on at once (`readUnwatched`)
        if let resumesAt = acceptResumesAtMs { atMost(resumesAt - now) }
        if let due = sweepDueMs() { atMost(due - now) }
        if let due = trimDueMs { atMost(due - now) }
        if let due = socketRetry?.dueMs { atMost(due - now) }
        // Connections that waited for this turn's decoding allowance go on at once.
        if decodingDeferred, !awaitingDecodeBudget.isEmpty { atMost(0) }
        return wait.map { Int32(clamping: $0) } ?? -1
    }

    /// True when the idle timeout applies: enabled, nothing owed, not a subscriber, and
    /// nothing half-sent.
    func isIdle(_ connection: ClientConnection) -> Bool {
        timeouts.idleMs > 0 && connection.subscriptions == nil && connection.isDrained && connection.partialLineSinceMs == nil
            && !connection.readClosed
    }

    /// When the next connection reaches its line or idle timeout; nil when none can.
    func sweepDueMs() -> Int64? {
        var due: Int64?
        for connection in connections {
            var deadline: Int64?
            if let since = connection.partialLineSinceMs, connection.lineTimerRuns {
                deadline = since + timeouts.lineMs
            } else if isIdle(connection) {
                deadline = connection.lastInputMs + timeouts.idleMs
            }
            if let deadline { due = min(due ?? deadline, deadline) }
        }
        return due
    }

    /// Work that is due by the clock: the watchdog ping (sent from this loop, so a hung
    /// loop stops the pings), the rest timer, resuming accepts after a back-off, and
    /// closing connections past their line or idle timeout.
    private func heartbeat(now: Int64) {
        if let interval = notifier.watchdogIntervalMs, now - lastWatchdogMs >= interval / 2 {
            notifier.watchdog()
            lastWatchdogMs = now
        }
        if let finished = rest.expire(nowMs: clock.nowMs()) { broadcast([finished.finishedEvent]) }
        resumeAcceptingIfDue(now: now)
        if let due = socketRetry?.dueMs, now >= due { bindSocketAgain() }
        if let due = trimDueMs, now >= due {
            trimDueMs = nil
            malloc_trim(0)
        }
        if let due = sweepDueMs(), now >= due {
            for connection in connections {
                if let since = connection.partialLineSinceMs, connection.lineTimerRuns,
                    now - since >= timeouts.lineMs
                {
                    drop(connection, reason: "request line not complete after \(timeouts.lineMs / 1000) s")
                } else if isIdle(connection), now - connection.lastInputMs >= timeouts.idleMs {
                    drop(connection, reason: nil)  // a normal end: idle connections are closed quietly
                }
            }
        }
    }

    /// The signals the loop takes from its signalfd (all blocked in every thread).
    static let handledSignals = [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]

    /// SIGTERM and SIGINT stop the daemon cleanly; a second one while stopping ends it
    /// at once. SIGHUP has nothing to re-read (options come from the command line and
    /// the environment at start) and SIGUSR1/SIGUSR2 have no meaning: they are logged
    /// and otherwise ignored, so a stray signal never ends the daemon.
    private func handleSignal() {
        var info = signalfd_siginfo()
        while read(signals.raw, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            let number = Int32(info.ssi_signo)
            let name = Signals.name(number)
            guard number == SIGTERM || number == SIGINT else {
                logger.info("ignoring \(name)", [("sender_pid", String(info.ssi_pid))])
                continue
            }
            guard stoppingSinceMs == nil else {
                logger.warning("second \(name) while stopping; exiting now without the replies still owed",
                               [("in_flight", String(requestsInFlight))])
                forceStop = true
                return
            }
            beginStopping(because: "on \(name)")
        }
    }

    /// Stops accepting and reading; the loop ends once every reply owed is written.
    func beginStopping(because reason: String) {
        guard stoppingSinceMs == nil else { return }
        logger.info("stopping \(reason)", id: .stopping, [("in_flight", String(requestsInFlight))])
        notifier.stopping()
        stoppingSinceMs = LocalClock.monotonicMs()
        if acceptResumesAtMs == nil { unwatchListener() }  // during a back-off it is unwatched already
        acceptResumesAtMs = nil
        listener = nil  // closes it and removes the socket file bound here
        for connection in connections {
            connection.readClosed = true
            updateInterest(connection)
        }
    }

    /// Requests read from every client and not yet answered.
    var requestsInFlight: Int { connections.reduce(0) { $0 + $1.inFlight } }

    /// Stops reporting the listener's connections (shutdown, or out of descriptors).
    func unwatchListener() {
        if epoll_ctl(epoll.raw, EPOLL_CTL_DEL, listenerFD, nil) < 0 {
            logger.warning("cannot stop watching the listening socket", [("error", errorText())])
        }
    }

    /// Stops, with a failure status, once the database thread found the database can
    /// no longer keep what is acknowledged.
    func stopIfDatabaseFailed() {
        guard exitStatus == 0, let failure = databaseThread.failure.withLock({ $0 }) else { return }
        exitStatus = 1
        beginStopping(because: "after a database failure: \(failure)")
    }

    /// The loop's counts of its clients now.
    var servingCounts: ServingCounts {
        ServingCounts(connections: connections.count, subscribers: subscribers.count, atDatabase: jobsAtDatabase)
    }

    /// Publishes the counts for the database thread's `daemon.status`, when they changed.
    private func publishCounts() {
        let counts = servingCounts
        guard counts != publishedCounts else { return }
        publishedCounts = counts
        serving.publish(counts)
    }

    /// Hands finished replies to their connections, in order, and publishes events.
    private func deliverCompletions() {
        // Completions first: taking them clears the wake-up counter, so a status the
        // database thread publishes after this read wakes the loop again.
        let completions = databaseThread.takeCompletions()
        stopIfDatabaseFailed()
        let status = databaseThread.status.withLock { $0 }
        if status != lastStatus {
            lastStatus = status
            notifier.status(status)
        }
        for completion in completions {
            // The job's turn at the database is over, whether or not its client stayed.
            if completion.large {
                largeAtDatabase -= 1
                trimDueMs = LocalClock.monotonicMs() + ServerLimits.trimDelayMs
            }
            connectionsByID[completion.connection]?.atDatabase -= 1
            jobsAtDatabase -= 1
            deliver(completion)
        }
    }

    /// Hands one finished job's reply to its connection, in order, and publishes events.
    func deliver(_ completion: Completion) {
        decodedBytes -= completion.footprint
        // A large line's text and tape were let go: the heap gives the memory back
        // once the burst is over.
        if completion.footprint > ServerLimits.maximumInlineBytes { trimDueMs = LocalClock.monotonicMs() + ServerLimits.trimDelayMs }
        let effects = completion.effects
        log(effects.events)
        if let connection = connectionsByID[completion.connection] {
            if let types = effects.subscription {
                connection.subscriptions = types
                subscribers[connection.id] = connection
            }
            replyWriter.removeAll()
            if completion.writeReply(to: &replyWriter) {
                replyWriter.withBytes { connection.finish(slot: completion.slot, line: $0) }
                // A large reply (an export, the OpenRPC document) does not keep its
                // buffer for the daemon's life.
                if replyWriter.byteCount > Self.replyWriterCapacity * 16 { replyWriter = JSONWriter(capacity: Self.replyWriterCapacity) }
            } else {
                connection.finish(slot: completion.slot, .nothing)
            }
            write(connection)
        }
        broadcast(effects.events)
    }

    /// Sends events to the connections subscribed to their types.
    private func broadcast(_ events: [Event]) {
        guard !events.isEmpty, !subscribers.isEmpty else { return }
        var lines: [Int: [UInt8]] = [:]  // each event encoded once, for every subscriber
        let at = clock.rfc3339(ms: clock.nowMs())
        for connection in Array(subscribers.values) {  // a copy: writing may drop one
            guard let types = connection.subscriptions else { continue }
            var added = false
            for (index, event) in events.enumerated() where types.contains(event.type) {
                let line = lines[index] ?? JSONRPC.notificationBytes(method: "event", params: Notification(event: event, at: at))
                lines[index] = line
                connection.append(line: line)
                added = true
            }
            if added { write(connection) }
        }
    }

    /// Journals the events a person or an administrator looks for; sets are not among
    /// them (they are in the database, and one line per set would flood the journal).
    private func log(_ events: [Event]) {
        for event in events {
            guard let id = event.journal else { continue }
            // "session started", "plan activated", …
            let message = (text: String(event.type.map { $0 == "." ? " " : $0 }), id: Logger.MessageID(id))
            let journalFields = [("sessionId", "session_id"), ("planId", "plan_id"), ("setId", "set_id"), ("exercise", "exercise")]
            let fields = journalFields.compactMap { key, field -> (String, String)? in
                event.field(key).map { (field, $0.stringValue ?? $0.jsonText) }
            }
            logger.info(message.text, id: message.id, fields)
        }
    }
}
