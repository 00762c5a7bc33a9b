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
    /// Connections at once; more are accepted and closed at once.
    static let maximumConnections = 1024
}
