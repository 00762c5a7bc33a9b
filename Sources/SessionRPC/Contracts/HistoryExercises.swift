import SessionCore
import JSON

/// `history.exercises`: every exercise ever logged, most recent first — what names a
/// person has used, for matching typed names and completion.
public enum HistoryExercises: MethodContract {
    public static let name = "history.exercises"
    public static let summary = "Every exercise ever logged (as last named), with its set count, most recently logged first."
    public static let repliesLarge = true
    public typealias Result = ResultList<Exercise>

    public struct Params: MethodParams {
        public var limit: Int?
        /// False: no set counts (null), which matching a typed name does not need and
        /// which alone step through every set of each exercise.
        public var counts: Bool?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.int("limit", &limit, in: SessionLimits.listLimit, "at most this many (default 1000)")
            coder.bool("counts", &counts, "false: no set counts (sets null), every figure an index seek")
        }
    }

    /// One exercise of the history.
    @Coded
    public struct Exercise: CodedResult, ResultItem, Equatable {
        public var name: String = ""
        /// Sets logged of it, warm-ups included; nil when not asked for.
        public var sets: Int?
        @Member(.timestamp) public var lastLoggedAt: String = ""
    }
}
