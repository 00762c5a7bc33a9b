import SessionCore
import JSON

/// `session.start`: a session on a plan day, or a free session.
public enum SessionStart: MethodContract {
    public static let method = MethodDescription(
        name: "session.start", summary: "Start a session on a plan day (default: today's), or a free session when the date has none.",
        errors: [.sessionAlreadyActive, .planDayNotFound, .planNotFound, .dayInFuture], events: [SessionStartedEvent.self])
    public typealias Result = SessionSnapshot

    @CodedParams
    public struct Params: MethodParams {
        @Param(.id, "the plan day to train")
        public var planDayID: Int64?
        /// The date whose plan day to train (default: the day of `at`, or today).
        @Param(.recordedDate, "the date whose plan day to train (default today)")
        public var date: LocalDate?
        /// When it started (a client sends the RFC 3339 text as given).
        @Param(.timestamp, CommonParams.atSummary)
        public var at: Timestamp?
    }
}

/// `session.started`, published by `session.start`.
public enum SessionStartedEvent: EventContract {
    public static let event = EventDescription(type: "session.started", summary: "A session started (session.start).")

    @Coded
    public struct Payload: CodedResult, Equatable {
        public var sessionID: Int64 = 0
        public var title = ""
        public var planDayID: Int64?
    }
}
