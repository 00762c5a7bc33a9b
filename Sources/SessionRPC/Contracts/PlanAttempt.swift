import SessionCore
import JSON

/// `plan.attempt`: keeps a planner attempt that did not become a plan — a reply the
/// import refused, or a planner that failed — for audit, as `plan.import` keeps the text
/// of a plan it stored (an imported attempt is kept by `plan.import` with `run`).
public enum PlanAttempt: MethodContract {
    public static let name = "plan.attempt"
    public static let summary = "Keep a planner attempt that did not become a plan (refused or failed) for audit."

    public struct Params: MethodParams {
        public var attempt: PlannerAttempt

        public init() { attempt = PlannerAttempt(run: "", attempt: 1, planner: "", reply: "", outcome: .failed) }

        public init(_ attempt: PlannerAttempt) { self.attempt = attempt }

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.string("run", &attempt.run, maxLength: PlannerAttempt.Limits.runLength, PlanAttempt.runSummary)
            var number: Int? = attempt.attempt
            coder.int("attempt", &number, in: PlannerAttempt.Limits.attempts, PlanAttempt.attemptSummary)
            attempt.attempt = number ?? attempt.attempt
            coder.string("planner", &attempt.planner, maxLength: PlannerAttempt.Limits.plannerLength, PlanAttempt.plannerSummary)
            coder.string("reply", &attempt.reply, maxLength: PlannerAttempt.Limits.replyBytes, "what the planner printed, as it printed it")
            coder.choice("outcome", &attempt.outcome, required: true, "refused (the import refused the reply) or failed (the planner did not answer)")
            coder.string("detail", &attempt.detail, maxLength: PlannerAttempt.Limits.detailLength, "refused: the import's errors; failed: why")
        }

        /// An imported attempt is kept by `plan.import` with the plan it became.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            if !params.has("attempt") { params.fail("attempt", "is required") }
            if attempt.outcome == .imported, !params.failed("outcome") {
                params.fail("outcome", "an imported attempt is kept by plan.import (its run and attempt params); use refused or failed")
            }
        }
    }

    /// The kept attempt's id.
    public struct Result: CodedResult {
        public var attemptID: Int64 = 0

        public init() {}

        public init(attemptID: Int64) { self.attemptID = attemptID }

        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.id("attemptId", &attemptID)
        }
    }

    static let runSummary = "names every attempt of one plan next or plan redo"
    static let attemptSummary = "1 for the first attempt, 2 for the first repair, …"
    static let plannerSummary = "the planner command that ran"
}
