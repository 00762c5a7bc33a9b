import CLinux
import JSON
import SessionCore
import SessionRPC
import SessionStore
import SessionSystem

/// A line's requests, as the application runs them (`Application.commit`). A class, as
/// `Completion` is: a job passes through the loop's pending list, the database thread's
/// queue and its group commit, and each copy of a struct retained every reference in
/// its requests.
package final class Job: Sendable {
    /// One element of a line: a request to run, or an error decided while decoding.
    package enum Item: Sendable {
        /// A request, and its method looked up once (`MethodRouter.resolve`) for every
        /// step that asks about it: scheduling, the turn at the database, the run.
        case call(Request, ResolvedMethod)
        case invalid(RPCErrorWithID)
    }

    package let connection: Int
    /// The uid of the client that sent it (`SO_PEERCRED`).
    package let uid: UInt32
    package let slot: UInt64
    package let items: OneOrMany<Item>
    /// True when the line was a batch: the reply is an array (or nothing).
    package let batch: Bool
    /// The request line's length in bytes: a measure of the work it brings.
    package let lineBytes: Int
    /// True when one of its requests may reply at length (`MethodDescription.repliesLarge`):
    /// such jobs take turns (`ServerLimits.maximumLargeAtDatabase`).
    package let large: Bool
    /// True when one of its requests has no small bound (`MethodDescription.runsLong`): the
    /// serving loop never runs it itself.
    package let runsLong: Bool
    /// True when every one of its requests only reads (`MethodDescription.readsOnly`): not
    /// run once its client hung up.
    package let readsOnly: Bool
    /// The bytes the job keeps in memory until it is answered: its line, or the line's
    /// text and tape when its requests hold params (one tape for a batch's requests).
    package let footprint: Int

    /// A job of `items`, whose calls' methods are `methods` (known where the line is
    /// decoded: asking the items again would copy each).
    package init(connection: Int, uid: UInt32, slot: UInt64, items: OneOrMany<Item>, methods: some Sequence<ResolvedMethod>, batch: Bool, lineBytes: Int) {
        self.connection = connection
        self.uid = uid
        self.slot = slot
        self.items = items
        self.batch = batch
        self.lineBytes = lineBytes
        var (large, runsLong, readsOnly) = (false, false, true)
        for method in methods {
            large = large || method.repliesLarge
            runsLong = runsLong || method.runsLong
            readsOnly = readsOnly && method.readsOnly
        }
        (self.large, self.runsLong, self.readsOnly) = (large, runsLong, readsOnly)
        var footprint = lineBytes
        for case .call(let request, _) in items { footprint = max(footprint, request.params.footprint) }
        self.footprint = footprint
    }
}

extension Job {
    /// A line of one request, its method looked up in the daemon's routes.
    package convenience init(request: Request, connection: Int, uid: UInt32, slot: UInt64, lineBytes: Int) {
        let method = DaemonRoutes.table.resolve(request.method)
        self.init(connection: connection, uid: uid, slot: slot, items: .one(.call(request, method)), methods: CollectionOfOne(method),
                  batch: false, lineBytes: lineBytes)
    }

    /// A batch line's elements, each request's method looked up in the daemon's routes.
    package convenience init(batch elements: [Result<Request, RPCErrorWithID>], connection: Int, uid: UInt32, slot: UInt64, lineBytes: Int) {
        var methods: [ResolvedMethod] = []
        let items: [Item] = elements.map { element in
            switch element {
            case .success(let request):
                let method = DaemonRoutes.table.resolve(request.method)
                methods.append(method)
                return .call(request, method)
            case .failure(let failure): return .invalid(failure)
            }
        }
        self.init(connection: connection, uid: uid, slot: slot, items: .many(items), methods: methods, batch: true, lineBytes: lineBytes)
    }
}

/// What the application hands back for one job. A class: it is handed from the
/// database thread to the loop and read there in several places, and a copy of a
/// struct this size retained every reference in it each time (eight per copy).
package final class Completion: Sendable {
    package let connection: Int
    package let slot: UInt64
    /// The line's responses, in request order (none for notifications). The serving
    /// loop encodes them, off the database thread.
    package let responses: OneOrMany<Response>
    /// True when the line was a batch: the reply is an array.
    package let batch: Bool
    /// What the line's successful requests did besides replying, in request order.
    package let effects: Effects
    /// The job's `large`: its turn at the database ends with this completion.
    package let large: Bool
    /// The job's `footprint`, let go with this completion.
    package let footprint: Int

    package init(_ job: Job, responses: OneOrMany<Response>, effects: Effects) {
        connection = job.connection
        slot = job.slot
        self.responses = responses
        batch = job.batch
        self.effects = effects
        large = job.large
        footprint = job.footprint
    }

    /// Writes the line's reply (an array for a batch); false, with nothing written,
    /// when no request of the line wants one. Here, where the responses' collection is
    /// known: the loop calling the generic writer across modules walked it through
    /// witness tables.
    package func writeReply(to writer: inout JSONWriter) -> Bool {
        Response.write(responses, batch: batch, to: &writer)
    }
}

/// How much one reply, and one batch's replies, may carry.
package enum ReplyLimits {
    /// The bytes a batch's replies of `repliesLarge` methods may take together; the
    /// batch's later such requests are refused unrun.
    package static let batchReplyBudget = 2 << 20
    /// The most one reply may carry; a larger one is replaced by an error that says so.
    package static let maximumReplyBytes = 4 << 20
}

/// Where the application's few log lines go (the daemon's journal).
package struct ApplicationLog: Sendable {
    package let warning: @Sendable (_ message: String, _ fields: [(String, String)]) -> Void
    package let error: @Sendable (_ message: String, _ fields: [(String, String)]) -> Void

    package init(warning: @escaping @Sendable (String, [(String, String)]) -> Void,
                 error: @escaping @Sendable (String, [(String, String)]) -> Void) {
        self.warning = warning
        self.error = error
    }
}

/// The daemon's application: every method's work on the database, apart from how
/// requests arrive and replies leave. It runs decoded jobs in one group commit
/// (`commit`) and hands back their replies and effects; it knows nothing of sockets,
/// threads or systemd, so it is tested in-process on a temporary database. The serving
/// loop (SessionServer) owns it through one thread at a time.
package final class Application {
    package let service: SessionService
    private let table = DaemonRoutes.table
    private let log: ApplicationLog

    package init(database: Database, clock: LocalClock, log: ApplicationLog) {
        service = SessionService(database: database, clock: clock)
        self.log = log
    }

    package var database: Database { service.database }
    package var clock: LocalClock { service.clock }

    /// The active plan and session and the schema version, as the database holds them now.
    package func facts() throws(StorageError) -> DaemonFacts { try DaemonFacts(reading: database) }

    /// One group commit for every job (see `Database.groupCommit`). Replay-safe as the
    /// group commit asks: a request's effects outside the database (events, rest
    /// timers) travel in its Completion, which a rolled-back attempt discards. Nil, with
    /// nothing done, when `waitForLocks` is false and another process holds the write
    /// lock; a commit that fails replies to every request with the failure.
    package func commit(_ jobs: [Job], waitForLocks: Bool) -> [Completion]? {
        service.begin(nowMs: service.clock.nowMs())
        do {
            let results = try database.groupCommit(waitForLocks: waitForLocks, onRetry: { [service, log] in
                service.rolledBack()  // the attempt that asked for them was rolled back
                // Rare (a constraint the checks missed, or a fault): worth a line.
                log.warning("a request failed after writing; its batch runs again, each request isolated",
                            [("requests", String(jobs.reduce(0) { $0 + $1.items.count }))])
            }) { scope in
                try jobs.map { job throws(RequestScope.Aborted) in try run(job, in: scope) }
            }
            service.committed()
            // The rest timer the loop runs, changed before the replies reach it.
            for result in results { service.rest.apply(result.effects.rest) }
            return results
        } catch StorageError.busy where !waitForLocks {
            service.rolledBack()
            return nil
        } catch {
            service.rolledBack()
            let reply = ErrorMapping.rpcError(error)
            log.error("commit failed; replying with errors", [("error", reply.message)])
            return jobs.map { failAll($0, error: reply) }
        }
    }

    /// Runs one job's requests, each atomic, and builds its reply line. In a batch, the
    /// replies of methods that reply at length are written here as they are made, and
    /// once they pass `ReplyLimits.batchReplyBudget` the rest of them are refused
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
                if counted, spent >= ReplyLimits.batchReplyBudget {
                    // A read's notification has no effect to keep: it is not run either.
                    if let id = request.id { responses.append(.error(id: id, Self.overBudget)) }
                    continue
                }
                let done = service.staging.doneSoFar
                let result = try scope.run { try table.call(request, resolved: method, context: service).get() }
                switch result {
                case .success(let outcome): effects.append(outcome.effects)
                // Its writes were undone in its savepoint: so is what its import's `done` kept.
                case .failure: service.staging.rolledBack(since: done)
                }
                guard let id = request.id else { continue }
                let response = Response(id: id, result.mapError(ErrorMapping.rpcError))
                if large {
                    // Written here, where its size can still be refused: a reply the
                    // client could not be sent is an error that says so, not a drop.
                    var bytes = response.bytes
                    if bytes.count > ReplyLimits.maximumReplyBytes {
                        log.warning("reply refused as too large", [("method", request.method), ("bytes", String(bytes.count))])
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
    package static let overBudget = RPCError.application(
        .replyTooLarge,
        message: "the replies to this batch's earlier requests passed the \(ReplyLimits.batchReplyBudget >> 20) MiB one line may carry; send this request in a later line",
        data: ErrorData.Budget { $0.budgetBytes = ReplyLimits.batchReplyBudget })

    /// The answer to a request whose reply would pass `ReplyLimits.maximumReplyBytes`.
    package static func tooLarge(_ method: String, bytes: Int) -> RPCError {
        RPCError.application(
            .replyTooLarge,
            message: "the reply to \(method) would be \(bytes) bytes, over the \(ReplyLimits.maximumReplyBytes >> 20) MiB one reply may carry; ask for less (a smaller limit, fewer dates)",
            data: ErrorData.Budget { $0.budgetBytes = ReplyLimits.maximumReplyBytes })
    }

    /// Replies to every request of `jobs` with `error` instead, nothing else done: for
    /// a commit whose writes turned out not to be kept after all (`Database.verifyFiles`).
    package func failAll(_ jobs: [Job], because error: Error) -> [Completion] {
        let reply = ErrorMapping.rpcError(error)
        return jobs.map { failAll($0, error: reply) }
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

    /// When the next staged import expires (`ImportStaging.expire`), nil when none is
    /// staged: the database thread wakes then to let it go, whether or not another
    /// request comes.
    package var nextStagingExpiryMs: Int64? { service.staging.nextExpiryMs }

    /// Drops the staged imports that expired by now; true when one that held workouts
    /// went (its memory is then handed back to the system).
    @discardableResult
    package func expireStaged() -> Bool {
        let dropped = service.staging.expire(nowMs: clock.nowMs())
        if dropped { malloc_trim(0) }
        return dropped
    }

    /// "idle", or the active session's progress in one line, for STATUS=.
    package func statusLine() -> String {
        guard let session = try? service.database.sessions.activeSession(), let progress = try? service.sessions.progress(of: session) else { return "idle" }
        let sets = progress.plannedSets
        let state = session.isPaused ? "paused" : "in session"
        return sets.planned > 0
            ? "\(state): \(session.title), \(sets.done)/\(sets.planned) planned sets"
            : "\(state): \(session.title), \(progress.countedSets) sets"
    }
}

