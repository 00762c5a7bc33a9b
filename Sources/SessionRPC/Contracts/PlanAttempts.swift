import SessionCore
import JSON

/// `plan.attempts`: the kept planner attempts, newest first — what each planner run
/// printed and what became of it.
public enum PlanAttempts: MethodContract {
    public static let name = "plan.attempts"
    public static let summary = "Kept planner attempts, newest first: each reply as printed and what became of it."
    public static let repliesLarge = true
    public typealias Result = ResultList<Attempt>

    public struct Params: MethodParams {
        /// Only the attempts of this run.
        public var run: String?
        public var limit: Int?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.string("run", &run, maxLength: PlannerAttempt.Limits.runLength, "only the attempts of this run")
            coder.int("limit", &limit, in: SessionLimits.listLimit, "at most this many (default 20)")
        }
    }

    /// One kept attempt.
    public struct Attempt: ResultItem, Equatable {
        public let attemptID: Int64
        public let at: String
        /// The plan it became (imported attempts only).
        public let planID: Int64?
        public let attempt: PlannerAttempt

        public init(attemptID: Int64, at: String, planID: Int64?, attempt: PlannerAttempt) {
            self.attemptID = attemptID
            self.at = at
            self.planID = planID
            self.attempt = attempt
        }

        public static let schema = Schema.object([
            "attemptId": Schema.integer, "at": Schema.timestamp, "planId": Schema.nullable(Schema.integer), "run": Schema.string,
            "attempt": Schema.integer, "planner": Schema.string, "outcome": Schema.oneOf(PlannerAttempt.Outcome.allCases.map(\.rawValue)),
            "detail": Schema.nullable(Schema.string), "reply": Schema.string,
        ])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("attemptId", attemptID)
            writer.member("at", at)
            writer.member("planId", planID)
            writer.member("run", attempt.run)
            writer.member("attempt", attempt.attempt)
            writer.member("planner", attempt.planner)
            writer.member("outcome", attempt.outcome.rawValue)
            writer.member("detail", attempt.detail)
            writer.member("reply", attempt.reply)
        }

        public init(reader: JSONReader) throws(JSONReadError) {
            guard let outcome = PlannerAttempt.Outcome(rawValue: try reader.string("outcome")) else {
                throw JSONReadError(path: reader.path + ".outcome", expected: "imported, refused or failed")
            }
            self.init(
                attemptID: try reader.id("attemptId"), at: try reader.string("at"), planID: try reader.optionalID("planId"),
                attempt: PlannerAttempt(run: try reader.string("run"), attempt: try reader.int("attempt"), planner: try reader.string("planner"),
                                        reply: try reader.string("reply"), outcome: outcome, detail: try reader.optionalString("detail")))
        }
    }
}
