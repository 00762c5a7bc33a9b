import SessionCore
import JSON

/// `history.export`: finished sessions with every set, in pages, in the form
/// `history.import` takes back (times as local wall-clock times in the daemon's zone).
/// A page holds at most `HistoryLimits.pageSets` sets and a workout at most
/// `HistoryLimits.setsPerWorkout`: a session of more (stored before that bound) comes
/// as consecutive workouts of its start and title, over pages if need be, which an
/// import joins again.
public enum HistoryExport: MethodContract {
    public static let name = "history.export"
    public static let summary = "Finished sessions with every set, oldest first, a page at a time; history.import takes them back."
    public static let repliesLarge = true
    public static let runsLong = true

    public struct Params: MethodParams {
        public var from: LocalDate?
        public var to: LocalDate?
        /// The page after this session id (the previous page's `next`).
        public var after: Int64?
        /// With `after`: the page starts with that session's sets after this set id
        /// (the previous page's `nextSet`).
        public var afterSet: Int64?
        public var limit: Int?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.date("from", &from, "the first date (default: the first session)")
            coder.date("to", &to, "the last date (default: today)")
            coder.id("after", &after, "the page after this session id: the previous page's next")
            coder.id("afterSet", &afterSet, "with after, the previous page's nextSet: the page starts with the rest of that session, after this set")
            coder.int("limit", &limit, in: HistoryLimits.exportPage, "sessions per page (default \(HistoryLimits.exportPage.upperBound))")
        }

        public mutating func validate(_ params: inout SessionRPC.Params) {
            if let from, let to, from > to { params.fail("to", "\(to) lies before from (\(from))") }
            if afterSet != nil, after == nil { params.fail("afterSet", "goes with after: the session the previous page ended within") }
        }
    }

    @Coded
    public struct Result: CodedResult {
        public var workouts: [HistoryWorkout] = []
        /// Where the next page starts (`after`), nil on the last page.
        public var next: Int64?
        /// When the page ended within the session `next`: its last set, the next page's
        /// `afterSet`; nil when the page ended after a whole session.
        public var nextSet: Int64?
    }
}
