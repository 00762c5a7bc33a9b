import Glibc
import CLinux
import SessionApplication
import SessionCore
import SessionSystem
import SessionRPC
import JSON

extension Server {
    func acceptClients() {
        while true {
            let raw = clinux_accept(listenerFD)
            if raw < 0 {
                if errno == EINTR { continue }
                if errno == EMFILE || errno == ENFILE {
                    // Out of descriptors: the pending connection stays in the backlog and
                    // epoll would report it again at once. Stop watching the listener
                    // and try again a little later instead of spinning.
                    pauseAccepting(error: errorText())
                } else if errno != EAGAIN, errno != EWOULDBLOCK {
                    logger.warning("accept failed", [("error", errorText())])
                }
                return
            }
            guard let descriptor = try? FileDescriptor(raw, from: "accept4") else { return }
            take(descriptor)
        }
    }

    /// Serves a connected socket (one accepted, or one end of a socketpair in the loop's
    /// tests), or tells it why not and closes it: its peer's credentials are checked
    /// against the access policy and each user's share of the connections.
    func take(_ descriptor: consuming FileDescriptor) {
        let peer = AccessPolicy.credentials(of: descriptor.raw)
        if let refusal = access.refusal(peer) {
            let uid = peer.map { String($0.uid) } ?? "unknown"
            logger.warning("client refused", id: .clientRefused, [("uid", uid), ("pid", peer.map { String($0.pid) } ?? "unknown"), ("reason", refusal)])
            refuse(descriptor, .application(
                .permissionDenied,
                message: "uid \(uid) may not use this sessiond: \(refusal)",
                data: ErrorData.Peer { $0.uid = peer.map { Int($0.uid) } }))
            return
        }
        // A peer here has credentials: the policy refuses one without.
        let uid = peer?.uid ?? UInt32.max
        if let full = connectionShareRefusal(uid: uid) {
            if let refused = refusedConnections.occurred(nowMs: LocalClock.monotonicMs()) {
                logger.warning("too many connections; refusing new ones", [
                    ("limit", String(ServerLimits.maximumConnections)), ("uid", String(uid)), ("refused", String(refused)),
                ])
            }
            refuse(descriptor, .application(.tooManyConnections, message: full + "; try again later"))
            return
        }
        let connection = ClientConnection(id: nextConnectionID, descriptor: descriptor, uid: uid, nowMs: LocalClock.monotonicMs())
        nextConnectionID += 1
        var event = epoll_event()
        event.events = UInt32(EPOLLIN.rawValue) | UInt32(EPOLLRDHUP.rawValue)
        event.data.u64 = UInt64(connection.fd)
        guard epoll_ctl(epoll.raw, EPOLL_CTL_ADD, connection.fd, &event) == 0 else {
            logger.warning("cannot watch a new connection; closing it", [("error", errorText())])
            return
        }
        connection.registeredEvents = event.events
        connections.insert(connection)
        connectionsByID[connection.id] = connection
        connectionsByUID[uid, default: 0] += 1
    }

    /// Why a new connection of `uid` is not taken, nil when it is: root and the daemon's
    /// own user up to `ServerLimits.maximumConnections`; any other user up to
    /// `maximumPerOtherUser` of its own, and never into the last `reservedForOwnUser`.
    func connectionShareRefusal(uid: UInt32) -> String? {
        let limit = ServerLimits.maximumConnections
        if uid == 0 || uid == access.ownUID {
            return connections.count < limit ? nil : "sessiond serves at most \(limit) connections at once"
        }
        if connectionsByUID[uid, default: 0] >= ServerLimits.maximumPerOtherUser {
            return "uid \(uid) holds \(ServerLimits.maximumPerOtherUser) connections, the most one user other than sessiond's own may"
        }
        let shared = limit - ServerLimits.reservedForOwnUser
        return connections.count < shared ? nil : "sessiond serves at most \(shared) connections of users other than its own at once"
    }

    /// Tells a connection that is not served why (one error line, best effort) and
    /// closes it, when `descriptor` ends.
    private func refuse(_ descriptor: borrowing FileDescriptor, _ error: RPCError) {
        let line = Response.error(id: .null, error).bytes + [0x0A]
        _ = line.withUnsafeBytes { send(descriptor.raw, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Stops watching the listener for `ServerLimits.acceptBackoffMs` after accept(2)
    /// ran out of descriptors; the heartbeat resumes it. Logged at most once per
    /// `repeatedLogIntervalMs`, with how often it happened since.
    func pauseAccepting(error: String) {
        let now = LocalClock.monotonicMs()
        guard acceptResumesAtMs == nil else { return }
        unwatchListener()
        acceptResumesAtMs = now + ServerLimits.acceptBackoffMs
        if let pauses = acceptPauses.occurred(nowMs: now) {
            logger.warning("out of file descriptors; not accepting for \(ServerLimits.acceptBackoffMs) ms", [
                ("error", error), ("connections", String(connections.count)), ("pauses", String(pauses)),
            ])
        }
    }

    /// Watches the listener again once the back-off is over (and the daemon is not
    /// stopping).
    func resumeAcceptingIfDue(now: Int64) {
        guard let resumesAt = acceptResumesAtMs, now >= resumesAt else { return }
        acceptResumesAtMs = nil
        guard stoppingSinceMs == nil else { return }
        do {
            try watch(listenerFD, tag: Self.listenerTag)
        } catch {
            logger.warning("cannot watch the listening socket again", [("error", error.description)])
        }
    }

    func serviceClient(fd: Int32, events: UInt32) {
        guard let connection = connections[fd] else { return }
        if events & UInt32(EPOLLOUT.rawValue) != 0 {
            write(connection)
            guard connections[fd] != nil else { return }
        }
        if events & (UInt32(EPOLLIN.rawValue) | UInt32(EPOLLRDHUP.rawValue) | UInt32(EPOLLHUP.rawValue) | UInt32(EPOLLERR.rawValue)) != 0 {
            // Hung up both ways: it closed its socket, not only its sending side.
            if events & UInt32(EPOLLHUP.rawValue) != 0 { connection.peerGone = true }
            read(connection)
        }
    }

    /// A client that hung up both ways reads no reply: its requests that only read
    /// (`MethodDescription.readsOnly`) and have not gone to the database are let go, so work
    /// nobody will read does not hold up everyone else's; those that write still run, as
    /// a client may send a write and leave. Once it has nothing more to run it goes.
    /// Meanwhile its socket is no longer watched, as epoll reports a hang-up at every
    /// turn of the loop whatever it is asked for: the rest of what it sent is read as
    /// room comes (`readUnwatched`), and its replies are let go unsent.
    private func abandonIfGone(_ connection: ClientConnection) {
        if connection.waiting.contains(where: \.readsOnly) {
            let reads = connection.waiting.filter(\.readsOnly)
            connection.waiting.removeAll(where: \.readsOnly)
            connection.waitingBytes = connection.waiting.reduce(0) { $0 + $1.lineBytes }
            for job in reads {
                decodedBytes -= job.footprint
                connection.finish(slot: job.slot, .nothing)
            }
        }
        if connection.readClosed, !connection.input.hasPartialLine, connection.waiting.isEmpty {
            return drop(connection, reason: nil)
        }
        guard connection.watched else { return }
        connection.watched = false
        guard epoll_ctl(epoll.raw, EPOLL_CTL_DEL, connection.fd, nil) == 0 else {
            return drop(connection, reason: "cannot stop watching it: \(errorText())")
        }
        // Reading goes on without epoll: at once when it may, else when room comes.
        if connection.readPaused { resumeReading(connection) } else if !connection.readClosed { unwatchedReads.append(connection) }
    }

    /// Reads on the connections that are no longer watched and may read again.
    func readUnwatched() {
        guard !unwatchedReads.isEmpty else { return }
        let due = unwatchedReads
        unwatchedReads.removeAll(keepingCapacity: true)
        for connection in due where connection.isOpen { read(connection) }
    }

    /// Reads what is available and turns complete lines into jobs.
    private func read(_ connection: ClientConnection) {
        while !connection.readClosed, !connection.readPaused {
            let room = receiveRoom(connection)
            guard room > 0 else {
                awaitReceiveBudget(connection)
                break
            }
            let count = readBuffer.withUnsafeMutableBytes { Glibc.read(connection.fd, $0.baseAddress, min($0.count, room)) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                drop(connection, reason: nil)
                return
            }
            if count == 0 {
                // The client closed its side: what it sent without a final newline is
                // still its last line; replies owed are written before closing.
                connection.readClosed = true
                connection.input.endOfInput()
                consumeLines(connection)
                connection.closeWhenFlushed = true
                break
            }
            let now = LocalClock.monotonicMs()
            connection.lastInputMs = now
            let linesBefore = connection.input.completedLines
            let hadPartialLine = connection.input.hasPartialLine
            connection.input.append(readBuffer[0..<count])
            consumeLines(connection)
            // The line timeout runs from the first byte of the line now unfinished.
            if !connection.input.hasPartialLine {
                connection.partialLineSinceMs = nil
            } else if !hadPartialLine || connection.input.completedLines != linesBefore || connection.partialLineSinceMs == nil {
                connection.partialLineSinceMs = now
            }
            guard connections[connection.fd] != nil else { return }
            // A short read took everything there was; the descriptor is level-triggered,
            // so epoll reports it again when more arrives (no read just to see EAGAIN).
            // A client that hung up sends nothing more: read on to its end.
            if count < room, !connection.peerGone { break }
        }
        if connection.peerGone {
            abandonIfGone(connection)
            guard connections[connection.fd] != nil else { return }
        }
        updateInterest(connection)
        write(connection)
    }

    /// Decodes complete lines while the connection may take more (`mayDecode`), else
    /// pauses its reading; refuses a line over the size limit.
    func consumeLines(_ connection: ClientConnection) {
        defer { recountReceived(connection) }
        while connection.mayDecode, hasDecodeBudget, let frame = connection.input.next(admitting: admits) {
            switch frame {
            case .line(let line): handle(line: line, on: connection)
            case .oversize:
                refuseOversize(connection)
                return
            case .held(let length):
                // Only the turn's allowance was short: the loop comes back at once.
                if fitsInMemory(length) { decodingDeferred = true }
                awaitDecodeBudget(connection)
                return
            }
        }
        if !connection.mayDecode {
            connection.readPaused = true
        } else if !hasDecodeBudget {
            if decodedBytes < ServerLimits.maximumDecodedBytes { decodingDeferred = true }
            awaitDecodeBudget(connection)
        }
    }

    /// Reads from a paused connection again once it may take more: after its replies
    /// came back, its requests went to the database, or its output drained.
    func resumeReading(_ connection: ClientConnection) {
        guard connection.readPaused, connection.mayDecode, !connection.awaitsReceiveBudget else { return }
        guard hasDecodeBudget else {
            awaitDecodeBudget(connection)
            return
        }
        connection.readPaused = false
        // Lines already read come first; the socket's are read when epoll reports them,
        // or, once it no longer watches the socket, at the end of the loop's turn.
        consumeLines(connection)
        if !connection.watched, !connection.readPaused, !connection.readClosed { unwatchedReads.append(connection) }
    }

    private func refuseOversize(_ connection: ClientConnection) {
        connection.input = LineFramer(maximumLineBytes: ServerLimits.maximumLineBytes)
        connection.readClosed = true
        connection.closeWhenFlushed = true
        let slot = connection.reserveSlot()
        let error = RPCError.invalidRequest("line longer than \(ServerLimits.maximumLineBytes) bytes; closing the connection")
        connection.finish(slot: slot, .line(Response.error(id: .null, error).bytes))
        logger.warning("oversize line; connection closed", [("client", String(connection.id))])
    }

    private func handle(line: [UInt8], on connection: ClientConnection) {
        decodedThisTurn += line.count
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        let slot = connection.reserveSlot()
        switch JSONRPC.decode(line: line) {
        case .single(.failure(let failure)):
            connection.finish(slot: slot, .line(Response.error(id: failure.id, failure.error).bytes))
        case .single(.success(let request)) where connection.inFlight == 1 && DaemonRoutes.loopTable.hasRoute(request.method):
            // Answered here and now, from what the database thread published: no wait
            // behind other clients' work or another process's lock. Only with nothing
            // of this client's still in flight, so it sees its own earlier requests.
            let loop = LoopService(
                facts: databaseThread.facts.withLock { $0 }, databasePath: databasePath, startedMonotonicMs: startedMonotonicMs, clock: clock,
                nowMs: clock.nowMs(), serving: servingCounts)
            let result = DaemonRoutes.loopTable.call(request, context: loop)
            let line = request.id.flatMap { Response.line([Response(id: $0, result)], batch: false) }
            connection.finish(slot: slot, line.map { .line($0) } ?? .nothing)
        case .single(.success(let request)):
            enqueue(Job(request: request, connection: connection.id, uid: connection.uid, slot: slot, lineBytes: line.count), on: connection)
        case .batch(let items):
            enqueue(Job(batch: items, connection: connection.id, uid: connection.uid, slot: slot, lineBytes: line.count), on: connection)
        }
    }

    /// Puts a decoded job in its connection's queue, for `schedule` to hand on.
    private func enqueue(_ job: Job, on connection: ClientConnection) {
        decodedBytes += job.footprint
        connection.waiting.append(job)
        connection.waitingBytes += job.lineBytes
        guard !connection.isScheduled else { return }
        connection.isScheduled = true
        scheduled.append(connection)
    }

    /// Hands waiting jobs to the database, at the end of each loop iteration.
    ///
    /// A few requests (not batches) of the one connection with work waiting, and nothing
    /// else of its in flight — a lone request, or `sessionctl log`'s sets and read sent
    /// in one write — run inline in one commit when the database is idle (no thread
    /// hand-off). Otherwise connections take turns, a job each per round: at most
    /// `ServerLimits.maximumAtDatabase` of one connection's at the database, a job that
    /// replies at length only alone of its connection's and among at most
    /// `maximumLargeAtDatabase` of everyone's, and none for a connection whose output is
    /// past `outputHighWater` (it gets more when its client reads). A batch never runs
    /// inline: its work has no small bound, and the loop must stay free for the
    /// watchdog, signals and other clients.
    func schedule() {
        var handedOn = true
        resumeAwaitingDecodeBudget()
        resumeAwaitingReceiveBudget()
        while handedOn, !scheduled.isEmpty {
            handedOn = false
            scheduled.removeAll { connection in
                if !connection.isOpen { connection.isScheduled = false }
                return !connection.isOpen
            }
            if scheduled.count == 1, let only = scheduled.first, runsInline(only), let completions = databaseThread.runInline(only.waiting) {
                only.waiting.removeAll()
                only.waitingBytes = 0
                only.isScheduled = false
                scheduled.removeAll(keepingCapacity: true)
                // Delivering can resume the reader and decode more jobs: another round.
                for completion in completions { deliver(completion) }
                stopIfDatabaseFailed()
                handedOn = true
                continue
            }
            // Rounds of a job per connection, until none may take another.
            var took = true
            while took {
                took = false
                for connection in scheduled {
                    guard let job = connection.waiting.first, mayHandOn(job, of: connection) else { continue }
                    handOff.append(connection.takeWaiting())
                    connection.atDatabase += 1
                    jobsAtDatabase += 1
                    if job.large { largeAtDatabase += 1 }
                    if !connection.servedThisTurn {
                        connection.servedThisTurn = true
                        served.append(connection)
                    }
                    took = true
                }
            }
            guard !handOff.isEmpty else { return }
            databaseThread.submit(handOff)
            handOff.removeAll(keepingCapacity: true)
            handedOn = true
            // The next turn goes first to those that got none in this one. The buffers are
            // the server's, kept: a turn allocates nothing.
            for connection in scheduled where !connection.servedThisTurn { turnOrder.append(connection) }
            for connection in served {
                connection.servedThisTurn = false
                if connection.waiting.isEmpty { connection.isScheduled = false } else { turnOrder.append(connection) }
            }
            swap(&scheduled, &turnOrder)
            turnOrder.removeAll(keepingCapacity: true)
            for connection in served {
                resumeReading(connection)
                updateInterest(connection)
            }
            served.removeAll(keepingCapacity: true)
        }
    }

    /// True when `job`, the oldest waiting of `connection`'s, may go to the database now.
    private func mayHandOn(_ job: Job, of connection: ClientConnection) -> Bool {
        guard connection.pendingOutput < ServerLimits.outputHighWater else { return false }
        if job.large { return connection.atDatabase == 0 && largeAtDatabase < ServerLimits.maximumLargeAtDatabase }
        return connection.atDatabase < ServerLimits.maximumAtDatabase
    }

    /// True when the serving thread may run `connection`'s waiting jobs itself: single
    /// requests, with nothing else of the connection in flight — one of any size, or a
    /// few small ones (at most `ServerLimits.maximumInlineRequests`, `maximumInlineBytes`
    /// together: pipelined import chunks go to the database thread, so the loop stays
    /// free). A method that runs long (an import's `done`, a backup) never does.
    private func runsInline(_ connection: ClientConnection) -> Bool {
        let jobs = connection.waiting
        guard !jobs.isEmpty, connection.inFlight == jobs.count, connection.pendingOutput < ServerLimits.outputHighWater,
            !jobs.contains(where: \.batch), jobs.count == 1 || !jobs.contains(where: \.large)
        else { return false }
        guard !jobs.contains(where: \.runsLong) else { return false }
        if jobs.count > 1 {
            guard jobs.count <= ServerLimits.maximumInlineRequests, connection.waitingBytes <= ServerLimits.maximumInlineBytes else { return false }
        }
        return true
    }

    /// Writes what is queued; drops a client whose unread replies pass the bound, and
    /// closes one that is done.
    func write(_ connection: ClientConnection) {
        guard connections[connection.fd] != nil else { return }
        // A client that hung up reads nothing: its replies are let go while what it
        // sent may still hold writes to run (`abandonIfGone`).
        if connection.peerGone, !connection.watched {
            queuedOutput -= connection.countedOutput
            connection.countedOutput = 0
            connection.discardOutput()
        }
        guard connection.flush() else {
            drop(connection, reason: nil)
            return
        }
        queuedOutput += connection.pendingOutput - connection.countedOutput
        connection.countedOutput = connection.pendingOutput
        if connection.pendingOutput > ServerLimits.maximumPendingOutput {
            drop(connection, reason: "not reading its replies (\(connection.pendingOutput) bytes queued)")
            return
        }
        // Many clients that do not read could each queue up to the per-client bound:
        // past the daemon's budget, the one with the most queued goes first.
        while queuedOutput > ServerLimits.maximumQueuedOutput,
            let greediest = connections.max(by: { $0.pendingOutput < $1.pendingOutput })
        {
            drop(greediest, reason: "not reading its replies (\(greediest.pendingOutput) bytes queued) while the output budget of \(ServerLimits.maximumQueuedOutput >> 20) MiB is used up")
            if greediest === connection { return }
        }
        if connection.closeWhenFlushed, connection.isDrained {
            drop(connection, reason: nil)
            return
        }
        resumeReading(connection)
        updateInterest(connection)
    }

    /// Keeps epoll's interest in line with the connection: reading unless closed or
    /// paused, writing while output is queued.
    func updateInterest(_ connection: ClientConnection) {
        guard connection.watched else { return }
        var events: UInt32 = 0
        if !connection.readClosed, !connection.readPaused { events |= UInt32(EPOLLIN.rawValue) | UInt32(EPOLLRDHUP.rawValue) }
        if connection.pendingOutput > 0 { events |= UInt32(EPOLLOUT.rawValue) }
        guard events != connection.registeredEvents else { return }
        connection.registeredEvents = events
        var event = epoll_event()
        event.events = events
        event.data.u64 = UInt64(connection.fd)
        guard epoll_ctl(epoll.raw, EPOLL_CTL_MOD, connection.fd, &event) == 0 else {
            drop(connection, reason: "cannot update its epoll interest: \(errorText())")
            return
        }
    }

    /// Closes a connection; replies still owed to it are discarded when they arrive.
    func drop(_ connection: ClientConnection, reason: String?) {
        guard connections.remove(fd: connection.fd) != nil else { return }
        connection.isOpen = false
        queuedOutput -= connection.countedOutput
        let heldInput = connection.countedReceived
        receivedBytes -= heldInput
        connection.countedReceived = 0
        // A large output buffer, or a long line unfinished, goes back to the system, not
        // only to malloc's free lists (once the burst is over: a trim per dropped client
        // would stall the loop).
        if connection.output.capacity > 1 << 16 || !connection.waiting.isEmpty || heldInput > 1 << 16 {
            decodedBytes -= connection.waiting.reduce(0) { $0 + $1.footprint }
            connection.output = []
            connection.waiting.removeAll()
            connection.input = LineFramer(maximumLineBytes: ServerLimits.maximumLineBytes)
            trimDueMs = LocalClock.monotonicMs() + ServerLimits.trimDelayMs
        }
        connectionsByID[connection.id] = nil
        if let held = connectionsByUID[connection.uid] { connectionsByUID[connection.uid] = held > 1 ? held - 1 : nil }
        subscribers[connection.id] = nil
        if let reason { logger.warning("client dropped: \(reason)", [("client", String(connection.id))]) }
        // Closing removes it from epoll too; deleting first keeps a descriptor shared
        // with another process (none here) from being reported. ENOENT: never added.
        if epoll_ctl(epoll.raw, EPOLL_CTL_DEL, connection.fd, nil) < 0, errno != ENOENT {
            logger.warning("cannot stop watching a connection", [("client", String(connection.id)), ("error", errorText())])
        }
        // The socket closes when the last reference to the connection goes, at the end
        // of this loop iteration at the latest.
    }
}
