import SessionCore

/// A point in time as a client wrote it (RFC 3339) and as the daemon uses it.
public struct Timestamp: Sendable, Equatable {
    /// Unix milliseconds.
    public let ms: Int64
    /// The text as given.
    public let text: String

    /// Parses RFC 3339 (`2026-11-30T18:05:00+01:00`); nil when it is not.
    public init?(_ text: String) {
        guard let ms = LocalClock.parseRFC3339(text) else { return nil }
        self.ms = ms
        self.text = text
    }
}

/// Params several methods take, documented once.
public enum CommonParams {
    public static let sessionID = ParamSpec("sessionId", schema: Schema.integer, "default: the active session")
    public static let at = ParamSpec("at", schema: Schema.timestamp, "RFC 3339 time it happened, for entering a workout afterwards (default: now)")
}
