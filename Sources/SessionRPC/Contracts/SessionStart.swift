import SessionCore
import JSON

/// `session.start`: a session on a plan day, or a free session.
public enum SessionStart: MethodContract {
    public static let name = "session.start"
    public static let summary = "Start a session on a plan day (default: today's), or a free session when the date has none."
    public typealias Result = SessionSnapshot

    public struct Params: MethodParams {
        public var planDayID: Int64?
        /// The date whose plan day to train (default: the day of `at`, or today).
        public var date: LocalDate?
        /// When it started (a client sends the RFC 3339 text as given).
        public var at: Timestamp?

        public init() {}

        public static let specs = [
            ParamSpec("planDayId", schema: Schema.integer, "the plan day to train"),
            ParamSpec("date", schema: Schema.date, "the date whose plan day to train (default today)"),
            CommonParams.at,
        ]

        public init(from params: inout SessionRPC.Params, context: DecodingContext) throws(RPCError) {
            planDayID = params.id("planDayId")
            date = params.date("date")
            at = params.timestamp("at", notAfterMs: context.latestMs)
            try params.check()
        }

        public var json: JSONValue {
            var pairs: [(key: String, value: JSONValue)] = []
            if let planDayID { pairs.append((key: "planDayId", value: JSONValue(Int(planDayID)))) }
            if let date { pairs.append((key: "date", value: .string(date.description))) }
            if let at { pairs.append((key: "at", value: .string(at.text))) }
            return .object(pairs)
        }
    }
}
