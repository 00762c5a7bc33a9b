import SessionCore
import JSON

/// `session.abort`: discards the session and its sets: the active one, or the one
/// `sessionId` names, finished ones too.
public enum SessionAbort: MethodContract {
    public static let method = MethodDescription(
        name: "session.abort", summary: "Discard the session (the active one, or any by sessionId, finished too) and its sets: kept nowhere, excluded from summaries.",
        errors: [.noActiveSession, .sessionNotFound, .confirmationRequired], events: [SessionAbortedEvent.self])

    @CodedParams
    public struct Params: MethodParams {
        @Param(.id, "default: the active session; a finished one with confirm")
        public var sessionID: Int64?
        /// Needed to discard a finished session: its history goes, on every device.
        @Param(.bool, "true to discard a finished session (its history goes, on every device)")
        public var confirm: Bool?
    }

    public struct Result: CodedResult {
        public var sessionID: Int64 = 0

        public init() {}

        public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.id("sessionId", &sessionID)
            try coder.constant("discarded", true)
        }
    }
}

/// `session.aborted`, published by `session.abort`.
public enum SessionAbortedEvent: EventContract {
    public typealias Payload = SessionReference
    public static let event = EventDescription(type: "session.aborted", summary: "The session was discarded with its sets.")
}
