import SessionCore
import JSON

/// `history.exercises`: every exercise ever logged, most recent first — what names a
/// person has used, for matching typed names and completion.
public enum HistoryExercises: MethodContract {
    public static let method = MethodDescription(
        name: "history.exercises", summary: "Every exercise ever logged (as last named), with its set count, most recently logged first.",
        readsOnly: true, repliesLarge: true)
    public typealias Result = ResultList<Exercise>

    @CodedParams
    public struct Params: MethodParams {
        @Param(.int, in: SessionLimits.listLimit, "at most this many (default 1000)")
        public var limit: Int?
        /// False: no set counts (null), which matching a typed name does not need and
        /// which alone step through every set of each exercise.
        @Param(.bool, "false: no set counts (sets null), every figure an index seek")
        public var counts: Bool?
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
