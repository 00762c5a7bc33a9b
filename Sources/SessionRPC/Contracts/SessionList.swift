import SessionCore
import JSON

/// `session.list`: sessions, newest first.
public enum SessionList: MethodContract {
    public static let method = MethodDescription(
        name: "session.list", summary: "Sessions, newest first.",
        errors: [.sessionNotFound], readsOnly: true, repliesLarge: true)
    public typealias Result = ResultList<Listing>

    @CodedParams
    public struct Params: MethodParams {
        /// First and last date, inclusive.
        @Param(.date, "first date (inclusive)")
        public var from: LocalDate?
        @Param(.date, "last date (inclusive)")
        public var to: LocalDate?
        @Param(.int, in: SessionLimits.listLimit, "at most this many (default \(SessionLimits.listDefault))")
        public var limit: Int?
        /// Only sessions started before this one: the next page after a page whose
        /// last session this is.
        @Param(.id, "only sessions started before this session: the page after one that ends with it")
        public var before: Int64?
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
