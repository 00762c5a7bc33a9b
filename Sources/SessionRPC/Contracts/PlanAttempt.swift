import SessionCore
import JSON

/// `plan.attempt`: keeps a planner attempt that did not become a plan — a reply the
/// import refused, or a planner that failed — for audit, as `plan.import` keeps the text
/// of a plan it stored (an imported attempt is kept by `plan.import` with `run`).
public enum PlanAttempt: MethodContract {
    public static let method = MethodDescription(
        name: "plan.attempt", summary: "Keep a planner attempt that did not become a plan (refused or failed) for audit.")

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
            PlanAttempt.code(tokens: &attempt.tokens, &coder)
        }

        /// An imported attempt is kept by `plan.import` with the plan it became.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            if !params.has("attempt") { params.fail("attempt", "is required") }
            PlanAttempt.validateTokens(&params)
            if attempt.outcome == .imported, !params.failed("outcome") {
                params.fail("outcome", "an imported attempt is kept by plan.import (its run and attempt params); use refused or failed")
            }
        }
    }

    /// The kept attempt's id.
    @Coded
    public struct Result: CodedResult {
        public var attemptID: Int64 = 0
    }

    static let runSummary = "names every attempt of one plan next or plan redo"
    static let tokenNames = ["inputTokens", "outputTokens", "tokenSource"]

    /// An attempt's tokens as three params, all given or none (`validateTokens`).
    static func code(tokens: inout PlannerTokens?, _ coder: inout some ParamsCoder) {
        var input = tokens?.input
        var output = tokens?.output
        var source = tokens?.source.rawValue
        coder.int("inputTokens", &input, in: PlannerTokens.counts, "tokens the model read (with outputTokens and tokenSource)")
        coder.int("outputTokens", &output, in: PlannerTokens.counts, "tokens the model wrote")
        coder.choice("tokenSource", &source, PlannerTokens.Source.allCases.map(\.rawValue), required: false,
                     "usage: the endpoint's usage, as the planner passed it back; estimate: estimated at 4 bytes of UTF-8 a token")
        if let input, let output, let source = source.flatMap(PlannerTokens.Source.init(rawValue:)) {
            tokens = PlannerTokens(input: input, output: output, source: source)
        } else {
            tokens = nil
        }
    }

    /// The three token params come together.
    static func validateTokens(_ params: inout SessionRPC.Params) {
        let given = tokenNames.filter { params.has($0) }
        guard !given.isEmpty, given.count < tokenNames.count else { return }
        for name in tokenNames where !given.contains(name) {
            params.fail(name, "is required with \(given.joined(separator: " and "))")
        }
    }
    static let attemptSummary = "1 for the first attempt, 2 for the first repair, …"
    static let plannerSummary = "the planner command that ran"
}
