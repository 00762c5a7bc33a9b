import Glibc
import CLinux
import Dispatch
import JSON
import SessionApplication
import SessionCore
import SessionRPC
import SessionStore
import Synchronization

/// The one owner of the database: a thread that takes every queued job, runs them all
/// in one transaction (each request atomic, see `commit`), commits once, and only then
/// hands the replies back. Many clients' writes share one fsync (group commit), and no
/// reply reports a write before it is durable. A lone request may instead run on the
/// serving thread (`runInline`); `ownership` ensures one thread at a time uses the
/// database either way.
final class DatabaseThread: @unchecked Sendable {
    // The application (and its database) is touched only by the thread holding
    // `ownership` once start() ran: this thread, or the serving loop running a job inline.
    private let application: Application
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
    /// The rest timer the commits change, which the loop runs: the service's own.
    let rest: SharedRestSchedule
    /// The loop's counts of its clients, published for a `daemon.status` in a batch.
    let serving: SharedServingCounts
    /// The latest one-line status for sd_notify STATUS=, read by the loop.
    let status = Mutex<String>("idle")

    /// False when no service manager reads STATUS=: the line is then never computed.
    private let publishesStatus: Bool
    /// When the next staged import expires (`Application.nextStagingExpiryMs`), as
    /// the last commit left it: the thread wakes then, without taking `ownership` to ask.
    private let stagingDueMs = Mutex<Int64?>(nil)

    init(application: Application, logger: Logger, publishesStatus: Bool) throws(SystemCallError) {
        self.application = application
        rest = application.service.rest
        serving = application.service.serving
        self.logger = logger
        self.publishesStatus = publishesStatus
        wakeLoop = try FileDescriptor(eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK)), from: "eventfd")
        // Unreadable now, the facts show nothing active until the next commit reads them.
        facts = Mutex((try? application.facts()) ?? DaemonFacts(activePlanID: nil, activeSessionID: nil, schemaVersion: 0))
        // Checkpoints happen here once a commit's replies are handed over, not inside
        // the commit (`checkpointIfDue`).
        application.database.deferCheckpoints()
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
            let stagingDue = stagingDueMs.withLock { $0 }
            if let dueMs = [statusDueMs, stagingDue].compactMap({ $0 }).min() {
                _ = wakeThread.wait(timeout: .now() + .milliseconds(Int(max(0, dueMs - application.clock.nowMs()))))
            } else {
                wakeThread.wait()
            }
            if let stagingDue, application.clock.nowMs() >= stagingDue {
                ownership.withLock { _ in
                    application.expireStaged()
                    stagingDueMs.withLock { $0 = application.nextStagingExpiryMs }
                }
            }
            let (jobs, stopping, checkFiles, more) = queue.withLock { state -> ([Job], Bool, Bool, Bool) in
                defer { state.checkFiles = false }
                // At most one job that replies at length a commit, and what was queued
                // before the next: every other client's request waits for one such
                // read at most, not for four. The rest stays queued, in order.
                var end = state.jobs.count
                if let first = state.jobs.firstIndex(where: \.large), let second = state.jobs[(first + 1)...].firstIndex(where: \.large) {
                    end = second
                }
                let taken = Array(state.jobs[..<end])
                state.jobs.removeFirst(end)
                return (taken, state.stopping, state.checkFiles, !state.jobs.isEmpty)
            }
            if more { wakeThread.signal() }
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
            try application.database.checkpointAtExit()
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
            return (commit(jobs, waitForLocks: false), application.database.checkpointDue)
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
            try application.database.checkpointIfDue()
        } catch {
            logger.warning("checkpoint failed", [("error", error.description)])
        }
    }

    /// One group commit for every job taken (`Application.commit`); the caller holds
    /// `ownership`.
    private func commit(_ jobs: [Job]) -> [Completion] {
        commit(jobs, waitForLocks: true) ?? []
    }

    /// The group commit, and what it changed for the loop; nil, with nothing done, when
    /// `waitForLocks` is false and another process holds the write lock.
    private func commit(_ jobs: [Job], waitForLocks: Bool) -> [Completion]? {
        guard let results = application.commit(jobs, waitForLocks: waitForLocks) else { return nil }
        stagingDueMs.withLock { $0 = application.nextStagingExpiryMs }
        if results.contains(where: \.effects.sessionChanged) { sessionChanged = true }
        if results.contains(where: \.effects.factsChanged), let now = try? application.facts() {
            facts.withLock { $0 = now }
        }
        // Before any reply: a write acknowledged only into a WAL whose name is gone would
        // be lost at the next crash.
        if let lost = verifyFiles() { return application.failAll(jobs, because: lost) }
        return results
    }

    /// Checks that the database file and its WAL are the ones opened (the caller holds
    /// `ownership`); if not, what the WAL holds is copied into the file and the loop is
    /// told to stop. Returns the error when the last commit's writes could not be kept:
    /// its requests are answered with it instead.
    @discardableResult
    private func verifyFiles() -> StorageError? {
        do {
            try application.database.verifyFiles()
            return nil
        } catch {
            logger.error("database files changed; stopping", [("error", error.description)])
            // The first reason stands: later checks only repeat that the daemon stops.
            failure.withLock { $0 = $0 ?? error.description }
            wakeTheLoop()
            switch error {
            case .filesChanged(_, _, saved: true): return nil
            // The last writes are in the file the database's name leads to again.
            case .filesRescued(let path, _, let to) where to == path: return nil
            default: return error
            }
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
        let now = application.clock.nowMs()
        guard publishesStatus, sessionChanged, now - lastStatusMs >= 1000 else { return }
        sessionChanged = false
        lastStatusMs = now
        let line = application.statusLine()
        status.withLock { $0 = line }
        wakeTheLoop()
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
