#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Dispatch
import JSON
import SessionCore
import SessionRPC
import SessionStore
import Synchronization

/// A line's requests, queued for the database thread. A class, as `Completion` is: a
/// job passes through the loop's pending list, the database thread's queue and its
/// group commit, and each copy of a struct retained every reference in its requests.
final class Job: Sendable {
    /// One element of a line: a request to run, or an error decided while decoding.
    enum Item: Sendable {
        /// A request, and its method looked up once (`MethodRouter.resolve`) for every
        /// step that asks about it: scheduling, the turn at the database, the run.
        case call(Request, ResolvedMethod)
        case invalid(RPCErrorWithID)
    }

    let connection: Int
    /// The uid of the client that sent it (`SO_PEERCRED`).
    let uid: UInt32
    let slot: UInt64
    let items: OneOrMany<Item>
    /// True when the line was a batch: the reply is an array (or nothing).
    let batch: Bool
    /// The request line's length in bytes: a measure of the work it brings.
    let lineBytes: Int
    /// True when one of its requests may reply at length (`MethodContract.repliesLarge`):
    /// such jobs take turns (`ServerLimits.maximumLargeAtDatabase`).
    let large: Bool
    /// True when one of its requests has no small bound (`MethodContract.runsLong`): the
    /// serving loop never runs it itself.
    let runsLong: Bool

    /// A job of `items`, whose calls' methods are `methods` (known where the line is
    /// decoded: asking the items again would copy each).
    init(connection: Int, uid: UInt32, slot: UInt64, items: OneOrMany<Item>, methods: some Sequence<ResolvedMethod>, batch: Bool, lineBytes: Int) {
        self.connection = connection
        self.uid = uid
        self.slot = slot
        self.items = items
        self.batch = batch
        self.lineBytes = lineBytes
        var (large, runsLong) = (false, false)
        for method in methods {
            large = large || method.repliesLarge
            runsLong = runsLong || method.runsLong
        }
        (self.large, self.runsLong) = (large, runsLong)
    }
}

/// What the database thread sends back for one job. A class: it is handed from the
/// database thread to the loop and read there in several places, and a copy of a
/// struct this size retained every reference in it each time (eight per copy).
final class Completion: Sendable {
    let connection: Int
    let slot: UInt64
    /// The line's responses, in request order (none for notifications). The serving
    /// loop encodes them, off the database thread.
    let responses: OneOrMany<Response>
    /// True when the line was a batch: the reply is an array.
    let batch: Bool
    /// What the line's successful requests did besides replying, in request order.
    let effects: Effects
    /// The job's `large`: its turn at the database ends with this completion.
    let large: Bool

    init(_ job: Job, responses: OneOrMany<Response>, effects: Effects) {
        connection = job.connection
        slot = job.slot
        self.responses = responses
        batch = job.batch
        self.effects = effects
        large = job.large
    }
}

/// The one owner of the database: a thread that takes every queued job, runs them all
/// in one transaction (each request atomic, see `commit`), commits once, and only then
/// hands the replies back. Many clients' writes share one fsync (group commit), and no
/// reply reports a write before it is durable. A lone request may instead run on the
/// serving thread (`runInline`); `ownership` ensures one thread at a time uses the
/// database either way.
final class DatabaseThread: @unchecked Sendable {
    // The service (and its database) is touched only by the thread holding `ownership`
    // once start() ran: this thread, or the serving loop running a job inline.
    private let service: SessionService
    private let table = DaemonRoutes.table
    /// Held by whichever thread is using the service and its database.
    private let ownership = Mutex<Void>(())
    private let queue = Mutex<(jobs: [Job], stopping: Bool, checkFiles: Bool)>((jobs: [], stopping: false, checkFiles: false))
    private let completions = Mutex<[Completion]>([])
    private let wakeThread = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// An eventfd the event loop polls; written after completions are queued.
    let wakeLoop: FileDescriptor
    private let logger: Logger
    /// True when a request changed sessions since the last STATUS= (under `ownership`).
    private var sessionChanged = false
    private var lastStatusMs: Int64 = 0
    /// Set when the database can no longer be trusted to keep what is acknowledged (its
    /// files changed under the daemon): the loop stops with a failure status.
    let failure = Mutex<String?>(nil)
    /// The active plan and session and the schema version, for the loop's own answers.
    let facts: Mutex<DaemonFacts>
    /// The latest one-line status for sd_notify STATUS=, read by the loop.
    let status = Mutex<String>("idle")

    /// False when no service manager reads STATUS=: the line is then never computed.
    private let publishesStatus: Bool

    init(service: SessionService, logger: Logger, publishesStatus: Bool) throws(SystemCallError) {
        self.service = service
        self.logger = logger
        self.publishesStatus = publishesStatus
        wakeLoop = try FileDescriptor(eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK)), from: "eventfd")
        // Unreadable now, the facts show nothing active until the next commit reads them.
        facts = Mutex((try? DaemonFacts(reading: service.database)) ?? DaemonFacts(activePlanID: nil, activeSessionID: nil, schemaVersion: 0))
        // Checkpoints happen here once a commit's replies are handed over, not inside
        // the commit (`checkpointIfDue`).
        service.database.deferCheckpoints()
    }

    /// Starts the database thread.
    func start() throws(SystemCallError) {
        try spawnThread { [self] in run() }
    }

    /// Queues a loop iteration's jobs together: one lock and one wake-up for all of
    /// them (a wake-up per job woke the thread again after it had taken them all, to
    /// find nothing to do).
    func submit(_ jobs: [Job]) {
        guard !jobs.isEmpty else { return }
        queue.withLock { $0.jobs.append(contentsOf: jobs) }
        wakeThread.signal()
    }

    /// Asks the thread to check the database's files now (the loop saw one of them
    /// removed or renamed): a WAL gone is copied into the database file, and the daemon
    /// stops (`failure`).
    func checkFiles() {
        queue.withLock { $0.checkFiles = true }
        wakeThread.signal()
    }

    /// Finishes every queued job, checkpoints, and returns when the thread has ended.
    func stop() {
        queue.withLock { $0.stopping = true }
        wakeThread.signal()
        finished.wait()
    }

    /// Takes the completions ready so far.
    func takeCompletions() -> [Completion] {
        var counter: UInt64 = 0
        // EAGAIN: nothing was signalled since the last read, which is harmless.
        _ = read(wakeLoop.raw, &counter, 8)
        return completions.withLock { ready in
            defer { ready.removeAll(keepingCapacity: true) }
            return ready
        }
    }

    private func run() {
        while true {
            // Asleep until there is work; the only timed wake is a STATUS= line that is
            // due (at most one a second) after sessions changed.
            // Without a service manager listening there is no STATUS= to time, and no
            // reason to take `ownership` (the loop may hold it, running a request inline).
            let statusDueMs = publishesStatus ? ownership.withLock { _ in sessionChanged ? lastStatusMs + 1000 : nil } : nil
            if let statusDueMs {
                _ = wakeThread.wait(timeout: .now() + .milliseconds(Int(max(0, statusDueMs - service.clock.nowMs()))))
            } else {
                wakeThread.wait()
            }
            let (jobs, stopping, checkFiles) = queue.withLock { state -> ([Job], Bool, Bool) in
                defer {
                    state.jobs.removeAll(keepingCapacity: true)
                    state.checkFiles = false
                }
                return (state.jobs, state.stopping, state.checkFiles)
            }
            ownership.withLock { _ in
                if checkFiles { verifyFiles() }
                if !jobs.isEmpty {
                    let results = commit(jobs)
                    completions.withLock { $0.append(contentsOf: results) }
                    wakeTheLoop()
                }
                // The replies are on their way: the WAL is copied into the database
                // file now, if it grew past the threshold, not inside the commit.
                checkpointIfDue()
                refreshStatusIfDue()
            }
            if stopping, queue.withLock({ $0.jobs.isEmpty }) { break }
        }
        do {
            try service.database.checkpoint()
        } catch {
            logger.warning("checkpoint at shutdown failed", [("error", error.description)])
        }
        finished.signal()
    }

    /// Runs one client's few requests (`ServerLimits.maximumInlineRequests`, a lone
    /// request most often) on the calling (serving) thread when the database is idle
    /// and nothing is queued, in one group commit, sparing the two thread hand-offs a
    /// queued job costs; nil when the thread is busy, and the jobs must be queued. The
    /// commit is as durable as any other, and the replies are only sent after it returns.
    func runInline(_ jobs: [Job]) -> [Completion]? {
        let outcome = ownership.withLockIfAvailable { _ -> (completions: [Completion]?, checkpointDue: Bool) in
            guard queue.withLock({ $0.jobs.isEmpty }) else { return (nil, false) }
            // Never wait here for another process's lock: the serving thread must stay
            // free. Busy, the jobs go to this thread's queue, which may wait.
            return (commit(jobs, waitForLocks: false), service.database.checkpointDue)
        }
        let result = outcome?.completions
        // The thread publishes STATUS= and checkpoints; it sleeps until told there is
        // something to do (the checkpoint then runs while the serving thread replies).
        if outcome?.checkpointDue == true || publishesStatus && result?.contains(where: \.effects.sessionChanged) == true {
            wakeThread.signal()
        }
        return result
    }

    /// Copies the WAL into the database file when it has grown past the threshold
    /// (the caller holds `ownership`); a failure is logged, and tried again after the
    /// next commit.
    private func checkpointIfDue() {
        do {
            try service.database.checkpointIfDue()
        } catch {
            logger.warning("checkpoint failed", [("error", error.description)])
        }
    }

    /// One group commit for every job taken (see `Database.groupCommit`); the caller
    /// holds `ownership`. Replay-safe as the group commit asks: a request's effects
    /// outside the database (events, rest timers) travel in its Completion, which a
    /// rolled-back attempt discards.
    private func commit(_ jobs: [Job]) -> [Completion] {
        commit(jobs, waitForLocks: true) ?? []
    }

    /// The group commit; nil, with nothing done, when `waitForLocks` is false and
    /// another process holds the write lock.
    private func commit(_ jobs: [Job], waitForLocks: Bool) -> [Completion]? {
        service.begin(nowMs: service.clock.nowMs())
        do {
            let results = try service.database.groupCommit(waitForLocks: waitForLocks, onRetry: {
                service.afterCommit = []  // the attempt that asked for them was rolled back
                // Rare (a constraint the checks missed, or a fault): worth a line.
                logger.warning("a request failed after writing; its batch runs again, each request isolated",
                               [("requests", String(jobs.reduce(0) { $0 + $1.items.count }))])
            }) { scope in
                try jobs.map { job throws(RequestScope.Aborted) in try run(job, in: scope) }
            }
            service.committed()
            // The rest timer as the loop will run it, so a snapshot can say what is left.
            for result in results { service.rest.apply(result.effects.rest) }
            if results.contains(where: \.effects.sessionChanged) { sessionChanged = true }
            if results.contains(where: \.effects.factsChanged), let now = try? DaemonFacts(reading: service.database) {
                facts.withLock { $0 = now }
            }
            verifyFiles()
            return results
        } catch StorageError.busy where !waitForLocks {
            return nil
        } catch {
            let reply = ErrorMapping.rpcError(error)
            logger.error("commit failed; replying with errors", [("error", reply.message)])
            return jobs.map { failAll($0, error: reply) }
        }
    }

    /// Checks that the database file is the one opened and its WAL still there (the
    /// caller holds `ownership`); if not, what the WAL holds is copied into the file and
    /// the loop is told to stop.
    private func verifyFiles() {
        do {
            try service.database.verifyFiles()
        } catch {
            logger.error("database files changed; stopping", [("error", error.description)])
            failure.withLock { $0 = error.description }
            wakeTheLoop()
        }
    }

    private func wakeTheLoop() {
        var one: UInt64 = 1
        // Fails only when the counter would overflow (EAGAIN): the loop is woken anyway.
        _ = write(wakeLoop.raw, &one, 8)
    }

    /// STATUS= is for people reading `systemctl status`: it is refreshed at most once a
    /// second, off the reply path, and only after sessions changed.
    private func refreshStatusIfDue() {
        let now = service.clock.nowMs()
        guard publishesStatus, sessionChanged, now - lastStatusMs >= 1000 else { return }
        sessionChanged = false
        lastStatusMs = now
        let line = statusLine()
        status.withLock { $0 = line }
        wakeTheLoop()
    }

    /// Runs one job's requests, each atomic, and builds its reply line. In a batch, the
    /// replies of methods that reply at length are written here as they are made, and
    /// once they pass `ServerLimits.batchReplyBudget` the rest of them are refused
    /// unrun: a line's reply has a bound before it is built.
    private func run(_ job: Job, in scope: RequestScope) throws(RequestScope.Aborted) -> Completion {
        var responses = OneOrMany<Response>.none
        var effects = Effects()
        var spent = 0
        service.callerUID = job.uid
        for item in job.items {
            switch item {
            case .invalid(let failure):
                responses.append(.error(id: failure.id, failure.error))
            case .call(let request, let method):
                let large = method.repliesLarge
                let counted = job.batch && large
                if counted, spent >= ServerLimits.batchReplyBudget {
                    // A read's notification has no effect to keep: it is not run either.
                    if let id = request.id { responses.append(.error(id: id, Self.overBudget)) }
                    continue
                }
                let result = try scope.run { try table.call(request, resolved: method, context: service).get() }
                if case .success(let outcome) = result { effects.append(outcome.effects) }
                guard let id = request.id else { continue }
                let response = Response(id: id, result.mapError(ErrorMapping.rpcError))
                if large {
                    // Written here, where its size can still be refused: a reply the
                    // client could not be sent is an error that says so, not a drop.
                    var bytes = response.bytes
                    if bytes.count > ServerLimits.maximumReplyBytes {
                        logger.warning("reply refused as too large", [("method", request.method), ("bytes", String(bytes.count))])
                        bytes = Response.error(id: id, Self.tooLarge(request.method, bytes: bytes.count)).bytes
                    }
                    if counted { spent += bytes.count }
                    responses.append(.encoded(bytes))
                } else {
                    responses.append(response)
                }
            }
        }
        // Only once the whole attempt commits do these count (a retried attempt starts over).
        return Completion(job, responses: responses, effects: effects)
    }

    /// The answer to a batch's request past the reply budget.
    static let overBudget = RPCError.application(
        .replyTooLarge,
        message: "the replies to this batch's earlier requests passed the \(ServerLimits.batchReplyBudget >> 20) MiB one line may carry; send this request in a later line",
        details: [(key: "budgetBytes", value: JSONValue(ServerLimits.batchReplyBudget))])

    /// The answer to a request whose reply would pass `ServerLimits.maximumReplyBytes`.
    static func tooLarge(_ method: String, bytes: Int) -> RPCError {
        RPCError.application(
            .replyTooLarge,
            message: "the reply to \(method) would be \(bytes) bytes, over the \(ServerLimits.maximumReplyBytes >> 20) MiB one reply may carry; ask for less (a smaller limit, fewer dates)",
            details: [(key: "budgetBytes", value: JSONValue(ServerLimits.maximumReplyBytes))])
    }

    private func failAll(_ job: Job, error: RPCError) -> Completion {
        let responses = OneOrMany<Response>(job.items.compactMap { item in
            switch item {
            case .invalid(let failure): return .error(id: failure.id, failure.error)
            case .call(let request, _): return request.id.map { .error(id: $0, error) }
            }
        })
        return Completion(job, responses: responses, effects: Effects())
    }

    /// "idle", or the active session's progress in one line, for STATUS=.
    func statusLine() -> String {
        guard let session = try? service.database.activeSession(), let progress = try? service.progress(of: session) else { return "idle" }
        let sets = progress.plannedSets
        let state = session.isPaused ? "paused" : "in session"
        return sets.planned > 0
            ? "\(state): \(session.title), \(sets.done)/\(sets.planned) planned sets"
            : "\(state): \(session.title), \(progress.countedSets) sets"
    }
}

/// Runs `body` on a new POSIX thread.
func spawnThread(_ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
    final class Box { let body: @Sendable () -> Void; init(_ body: @escaping @Sendable () -> Void) { self.body = body } }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { argument in
        guard let argument else { return nil }
        Unmanaged<Box>.fromOpaque(argument).takeRetainedValue().body()
        return nil
    }, context)
    guard result == 0 else {
        Unmanaged<AnyObject>.fromOpaque(context).release()
        throw SystemCallError("pthread_create", code: result)
    }
    pthread_detach(thread)
}
