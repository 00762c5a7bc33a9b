import SessionCore
import JSON

/// `history.export`: finished sessions with every set, in pages, in the form
/// `history.import` takes back (times as local wall-clock times in the daemon's zone).
/// A page holds at most `HistoryLimits.pageSets` sets and a workout at most
/// `HistoryLimits.setsPerWorkout`: a session of more (stored before that bound) comes
/// as consecutive workouts of its start and title, over pages if need be, which an
/// import joins again.
public enum HistoryExport: MethodContract {
    public static let method = MethodDescription(
        name: "history.export", summary: "Finished sessions with every set, oldest first, a page at a time; history.import takes them back.",
        readsOnly: true, repliesLarge: true, runsLong: true)

    @CodedParams
    public struct Params: MethodParams {
        @Param(.date, "the first date (default: the first session)")
        public var from: LocalDate?
        @Param(.date, "the last date (default: today)")
        public var to: LocalDate?
        /// The page after this session id (the previous page's `next`).
        @Param(.id, "the page after this session id: the previous page's next")
        public var after: Int64?
        /// With `after`: the page starts with that session's sets after this set id
        /// (the previous page's `nextSet`).
        @Param(.id, "with after, the previous page's nextSet: the page starts with the rest of that session, after this set")
        public var afterSet: Int64?
        @Param(.int, in: HistoryLimits.exportPage, "sessions per page (default \(HistoryLimits.exportPage.upperBound))")
        public var limit: Int?

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
