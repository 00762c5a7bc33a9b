import SessionCore
import JSON

/// `health.list`: the daily values stored, a day and type each: the day's latest
/// sample (by when it was recorded), with how many the day has.
public enum HealthList: MethodContract {
    public static let name = "health.list"
    public static let summary = "Daily health values: each day's latest sample of each type, oldest first, for a type and dates."
    public static let repliesLarge = true

    /// At most this many days and types in one reply.
    public static let rows = 1...5000

    public struct Params: MethodParams {
        public var type: HealthType?
        public var from: LocalDate?
        public var to: LocalDate?
        public var limit: Int?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            var name = type?.rawValue
            coder.choice("type", &name, HealthType.allCases.map(\.rawValue), required: false, "one type (default: all)")
            type = name.flatMap(HealthType.init(rawValue:))
            coder.date("from", &from, "first date (inclusive)")
            coder.date("to", &to, "last date (inclusive)")
            coder.int("limit", &limit, in: HealthList.rows, "at most this many values, the newest (default \(HealthList.rows.upperBound))")
        }

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
