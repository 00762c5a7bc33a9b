import SessionMacros

/// One run of the planner command for `plan next` or `plan redo`, kept for audit: what
/// it printed, and what became of it. All attempts of one request share a run id.
@Memberwise
public struct PlannerAttempt: Sendable, Equatable {
    /// What became of an attempt.
    public enum Outcome: String, Sendable, CaseIterable {
        /// The reply was imported as a plan.
        case imported
        /// The reply was read and refused at the typed boundary.
        case refused
        /// The planner did not answer: it timed out, failed, or printed nothing.
        case failed
    }

    /// Names every attempt of one request (chosen by the client).
    public var run: String
    /// 1 for the first attempt, 2 for the first repair, …
    public var attempt: Int
    /// The planner command that ran.
    public var planner: String
    /// The raw text the planner printed, as it printed it.
    public var reply: String
    public var outcome: Outcome
    /// Refused: the import's errors, one `path: message` a line; failed: why.
    public var detail: String? = nil
    /// What it cost in tokens; nil for an attempt kept without them.
    public var tokens: PlannerTokens? = nil

    /// Bounds of what is kept.
    public enum Limits {
        public static let runLength = 64
        public static let attempts = 1...10
        public static let plannerLength = 4096
        /// A reply larger than this is not a plan; it is kept cut to this many bytes —
        /// little enough that even written with `\uXXXX` escapes throughout (6 bytes
        /// a character) it fits a request line (1 MiB).
        public static let replyBytes = 128 << 10
        public static let detailLength = 65_536
    }
}
