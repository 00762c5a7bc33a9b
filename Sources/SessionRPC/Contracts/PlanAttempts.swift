import SessionCore
import JSON

/// `plan.attempts`: the kept planner attempts, newest first — what each planner run
/// printed and what became of it.
public enum PlanAttempts: MethodContract {
    public static let method = MethodDescription(
        name: "plan.attempts", summary: "Kept planner attempts, newest first: each reply as printed and what became of it.",
        readsOnly: true, repliesLarge: true)
    public typealias Result = ResultList<Attempt>

    @CodedParams
    public struct Params: MethodParams {
        /// Only the attempts of this run.
        @Param(.string, maxLength: PlannerAttempt.Limits.runLength, "only the attempts of this run")
        public var run: String?
        @Param(.int, in: SessionLimits.listLimit, "at most this many (default 20)")
        public var limit: Int?
    }

    /// One kept attempt.
    public struct Attempt: CodedResult, ResultItem, Equatable {
        public var attemptID: Int64 = 0
        public var at = ""
        /// The plan it became (imported attempts only).
        public var planID: Int64?
        public var attempt = PlannerAttempt(run: "", attempt: 0, planner: "", reply: "", outcome: .failed)

        public init() {}

        public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.id("attemptId", &attemptID)
            try coder.timestamp("at", &at)
            try coder.id("planId", &planID)
            try coder.string("run", &attempt.run)
            try coder.int("attempt", &attempt.attempt)
            try coder.string("planner", &attempt.planner)
            try coder.choice("outcome", &attempt.outcome)
            try coder.string("detail", &attempt.detail)
            var input = attempt.tokens?.input
            var output = attempt.tokens?.output
            var source = attempt.tokens?.source
            try coder.int("inputTokens", &input)
            try coder.int("outputTokens", &output)
            try coder.choice("tokenSource", &source)
            try coder.check((input == nil) == (source == nil) && (output == nil) == (source == nil), "tokenSource",
                            "null exactly when inputTokens and outputTokens are")
            if let input, let output, let source { attempt.tokens = PlannerTokens(input: input, output: output, source: source) }
            try coder.string("reply", &attempt.reply)
        }
    }
}
