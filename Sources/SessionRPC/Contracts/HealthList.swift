import SessionCore
import JSON

/// `health.list`: the daily values stored, a day and type each: the day's latest
/// sample (by when it was recorded), with how many the day has.
public enum HealthList: MethodContract {
    public static let method = MethodDescription(
        name: "health.list", summary: "Daily health values: each day's latest sample of each type, oldest first, for a type and dates.",
        readsOnly: true, repliesLarge: true)

    /// At most this many days and types in one reply.
    public static let rows = 1...5000

    @CodedParams
    public struct Params: MethodParams {
        @Param(.choice, "one type (default: all)")
        public var type: HealthType?
        @Param(.date, "first date (inclusive)")
        public var from: LocalDate?
        @Param(.date, "last date (inclusive)")
        public var to: LocalDate?
        @Param(.int, in: HealthList.rows, "at most this many values, the newest (default \(HealthList.rows.upperBound))")
        public var limit: Int?

        public mutating func validate(_ params: inout SessionRPC.Params) {
            if let from, let to, from > to { params.fail("to", "\(to) lies before from (\(from))") }
        }
    }

    public typealias Result = ResultList<Value>

    @Coded
    public struct Value: CodedResult, ResultItem, Equatable {
        public var type: HealthType = .sleepHours
        public var date: LocalDate = LocalDate(daysSinceEpoch: 0)
        public var value = 0.0
        public var source: String?
        /// Samples of the type stored for the day.
        public var samples = 0
    }
}
