import SessionCore
import JSON

/// `history.export`: finished sessions with every set, in pages, in the form
/// `history.import` takes back (times as local wall-clock times in the daemon's zone).
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
        public var limit: Int?

        public init() {}

        public init(from: LocalDate?, to: LocalDate?, after: Int64?) {
            self.from = from
            self.to = to
            self.after = after
        }

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.date("from", &from, "the first date (default: the first session)")
            coder.date("to", &to, "the last date (default: today)")
            coder.id("after", &after, "the page after this session id: the previous page's next")
            coder.int("limit", &limit, in: HistoryLimits.exportPage, "sessions per page (default \(HistoryLimits.exportPage.upperBound))")
        }

        public mutating func validate(_ params: inout SessionRPC.Params) {
            if let from, let to, from > to { params.fail("to", "\(to) lies before from (\(from))") }
        }
    }

    public struct Result: CodedResult {
        public var workouts: [HistoryWorkout] = []
        /// Where the next page starts (`after`), nil on the last page.
        public var next: Int64?

        public init() {}

        public init(workouts: [HistoryWorkout], next: Int64?) {
            self.workouts = workouts
            self.next = next
        }

        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.objects("workouts", &workouts)
            try coder.id("next", &next)
        }
    }
}
