/// Bounds that keep one client from hurting the others.
enum ServerLimits {
    /// A line longer than this (1 MiB, without its newline) gets -32600 and the
    /// connection is closed (docs/protocol.md).
    static let maximumLineBytes = 1 << 20
    /// Requests read but not yet answered, per connection; past it reading pauses.
    static let maximumInFlight = 512
    /// Replies and events queued for a client that does not read; past it the client
    /// is dropped.
    static let maximumPendingOutput = 8 << 20
    /// A client that sent part of a line and then nothing for this long is dropped.
    static let stalledLineMs: Int64 = 30_000
    /// How long shutdown waits for in-flight replies to be written.
    static let shutdownGraceMs: Int64 = 10_000
    /// Connections at once; more are accepted, told so (-32031) and closed at once.
    static let maximumConnections = 1024
    /// How long accepting pauses after accept(2) ran out of file descriptors.
    static let acceptBackoffMs: Int64 = 250
    /// A warning that repeats (out of descriptors, too many connections) is logged at
    /// most this often, with a count of what happened since.
    static let repeatedLogIntervalMs: Int64 = 10_000
}
