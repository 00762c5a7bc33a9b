/// Bounds that keep one client from hurting the others.
enum ServerLimits {
    /// A line longer than this (1 MiB, without its newline) gets -32600 and the
    /// connection is closed (docs/protocol.md).
    static let maximumLineBytes = 1 << 20
    /// Requests read but not yet answered, per connection; past it reading pauses.
    static let maximumInFlight = 512
    /// Requests decoded and waiting for their turn at the database, per connection, and
    /// their lines' bytes together: past either, reading pauses (a client cannot park
    /// more parsed work in the daemon than this).
    static let maximumWaiting = 64
    static let maximumWaitingBytes = 1 << 20
    /// A connection's requests at the database at once (one group commit takes at most
    /// this many of each client's, in turns with the others).
    static let maximumAtDatabase = 32
    /// What the jobs decoded and not yet answered may keep in memory, of all clients
    /// together (`Job.footprint`: a line's text and its tape, several times its length
    /// for a line of small values): a line is decoded only when the most it may keep
    /// (`JSONSlice.footprintBound`) fits beside them, or when nothing is held (one line
    /// always goes on); else its connection is read no more until replies let some go.
    /// Per connection, `maximumWaitingBytes` bounds the lines alone; this bounds what
    /// many connections at once may park.
    static let maximumDecodedBytes = 16 << 20
    /// Bytes read and not yet taken as lines (`LineFramer.heldBytes`: unfinished lines,
    /// and lines waiting to be decoded), of all connections together. Past it, a
    /// connection reads on only within `receiveAllowance`, except one at a time in the
    /// order they waited (`Server.receiveTurn`), so that lines still complete; the
    /// others wait until it falls below (`Server+ReceiveBudget.swift`). One connection
    /// may hold a line of `maximumLineBytes`; this bounds what many together may.
    static let maximumReceivedBytes = 16 << 20
    /// What a connection may always hold of lines not yet taken, whatever the others
    /// hold: a client's ordinary request is read and answered even while many
    /// connections hold long unfinished lines (1,024 connections at 16 KiB are 16 MiB).
    static let receiveAllowance = 16 << 10
    /// Bytes of request lines one turn of the loop decodes, of all connections together;
    /// the connections with more wait for the next turn, after epoll reported the others
    /// (a line of 1 MiB is a few milliseconds of parsing: twenty at once were a stall).
    static let maximumDecodedBytesPerTurn = 1 << 20
    /// Requests whose reply grows with the history (`MethodDescription.repliesLarge`) at
    /// the database at once, of all clients together; one client has at most one there,
    /// and one commit runs at most one of them (`DatabaseThread`).
    static let maximumLargeAtDatabase = 4
    /// A connection with this much output unwritten gets no more of its requests run,
    /// and none read, until its client takes some: a client that does not read costs
    /// the daemon this and one reply, not every reply it asked for.
    static let outputHighWater = 64 << 10
    /// Replies to a batch line's requests of `repliesLarge` methods together, at most:
    /// the requests after the one that passes it are answered `reply_too_large` without
    /// being run.
    static let batchReplyBudget = 2 << 20
    /// One reply of a `repliesLarge` method, at most: a bigger one is answered
    /// `reply_too_large` instead (well under `maximumPendingOutput`, past which a client
    /// would be dropped). Pages are cut far below it (`HistoryLimits.pageSets`).
    static let maximumReplyBytes = 4 << 20
    /// How long after the last large reply the heap's free memory is handed back to the
    /// system (`malloc_trim`): once a burst is over, not after each reply.
    static let trimDelayMs: Int64 = 500
    /// Requests of one connection that the serving thread runs itself, in one commit,
    /// when the database is idle (`sessionctl log 3x5`: three sets and a read); more go
    /// to the database thread, so the loop stays free.
    static let maximumInlineRequests = 32
    /// Their request lines together, at most.
    static let maximumInlineBytes = 64 << 10
    /// Replies and events queued for a client that does not read; past it the client
    /// is dropped.
    static let maximumPendingOutput = 8 << 20
    /// Replies and events queued for all clients together; past it the client with the
    /// most queued is dropped (1,024 clients at 8 MiB each would be 8 GiB). Replies stop
    /// at `outputHighWater`; what passes it is events to subscribers that do not read.
    static let maximumQueuedOutput = 16 << 20
    /// A request line not complete this long after its first byte arrived closes the
    /// connection (`--line-timeout`), however slowly its bytes trickle in.
    static let defaultLineTimeoutMs: Int64 = 30_000
    /// A connection that sent nothing for this long and is owed nothing is closed
    /// (`--idle-timeout`); event subscribers are kept.
    static let defaultIdleTimeoutMs: Int64 = 600_000
    /// How long shutdown waits for in-flight replies to be written.
    static let shutdownGraceMs: Int64 = 10_000
    /// Connections at once; more are accepted, told so (-32031) and closed at once.
    static let maximumConnections = 1024
    /// Of those, the slots only root and the daemon's own user may take: another user
    /// (a member of `--group`) cannot lock them out by holding connections.
    static let reservedForOwnUser = 64
    /// Connections any one other user may hold at once, event subscribers included.
    static let maximumPerOtherUser = 256
    /// How long accepting pauses after accept(2) ran out of file descriptors.
    static let acceptBackoffMs: Int64 = 250
    /// A warning that repeats (out of descriptors, too many connections) is logged at
    /// most this often, with a count of what happened since.
    static let repeatedLogIntervalMs: Int64 = 10_000
}

/// How long a connection may take to finish a request line, and stay idle.
struct ConnectionTimeouts: Sendable {
    let lineMs: Int64
    /// 0: idle connections are kept.
    let idleMs: Int64
}

/// A warning that may repeat without end (out of descriptors, connections refused):
/// logged at most once per `ServerLimits.repeatedLogIntervalMs`, with how many times it
/// happened since the last line.
struct RepeatedWarning {
    private var count = 0
    private var lastLoggedMs: Int64?

    /// Counts one occurrence; returns how many there were since the last line when a
    /// line is due now, nil when it is not.
    mutating func occurred(nowMs: Int64) -> Int? {
        count += 1
        if let last = lastLoggedMs, nowMs - last < ServerLimits.repeatedLogIntervalMs { return nil }
        defer { count = 0 }
        lastLoggedMs = nowMs
        return count
    }
}
