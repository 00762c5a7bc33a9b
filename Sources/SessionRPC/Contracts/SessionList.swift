import SessionCore
import JSON

/// `session.list`: sessions, newest first.
public enum SessionList: MethodContract {
    public static let name = "session.list"
    public static let summary = "Sessions, newest first."
    public static let repliesLarge = true
    public static let errors: [ApplicationError] = [.sessionNotFound]
    public typealias Result = ResultList<Listing>

    public struct Params: MethodParams {
        /// First and last date, inclusive.
        public var from: LocalDate?
        public var to: LocalDate?
        public var limit: Int?
        /// Only sessions started before this one: the next page after a page whose
        /// last session this is.
        public var before: Int64?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.date("from", &from, "first date (inclusive)")
            coder.date("to", &to, "last date (inclusive)")
            coder.int("limit", &limit, in: SessionLimits.listLimit, "at most this many (default \(SessionLimits.listDefault))")
            coder.id("before", &before, "only sessions started before this session: the page after one that ends with it")
        }
    }

    /// One session of the list.
    @Coded
    public struct Listing: CodedResult, ResultItem, Equatable {
        public var sessionID: Int64 = 0
        @Member(.date) public var date = ""
        public var title = ""
        public var state = SessionSnapshot.State.finished
        @Member(.timestamp) public var startedAt = ""
        public var durationSeconds = 0
        public var sets = 0
        public var volumeKg = 0.0
    }
}
