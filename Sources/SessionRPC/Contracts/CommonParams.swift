import SessionCore
import JSON
import SessionMacros

/// A point in time as a client wrote it (RFC 3339) and as the daemon uses it.
@Memberwise
public struct Timestamp: Sendable, Equatable {
    /// Unix milliseconds.
    public let ms: Int64
    /// The text as given; for a time already placed, what is sent (a local time
    /// without an offset is placed by the daemon in its zone).
    public let text: String

    /// Parses RFC 3339 (`2026-11-30T18:05:00+01:00`); nil when it is not.
    public init?(_ text: String) {
        guard let ms = RFC3339.parse(text) else { return nil }
        self.ms = ms
        self.text = text
    }
}

/// What params several methods take say of themselves, written once.
public enum CommonParams {
    public static let sessionIDSummary = "default: the active session"
    public static let atSummary = "RFC 3339 time it happened, or a local 2026-11-30T18:05 in the daemon's zone, for entering a workout afterwards (default: now)"
}

/// Params that name a session: by default the active one.
@CodedParams
public struct SessionSelector: MethodParams {
    @Param(.id, CommonParams.sessionIDSummary)
    public var sessionID: Int64?
}
