import SessionCore
import JSON

/// `exercise.history`: one exercise over time, every set session by session, and its
/// weekly best estimated one-rep max and volume.
public enum ExerciseHistoryGet: MethodContract {
    public static let method = MethodDescription(
        name: "exercise.history", summary: "One exercise over time: its sets session by session, best e1RM per session, and the weekly trend.",
        errors: [.sessionNotFound], readsOnly: true, repliesLarge: true)

    public struct Params: MethodParams {
        /// The exercise's name as logged (any case and spacing).
        public var exercise = ""
        public var from: LocalDate?
        public var to: LocalDate?
        /// Only the newest this many sessions (still returned oldest first); nil: all.
        public var limit: Int?
        /// Only sessions started before this one: the page after one that begins with it.
        public var before: Int64?
        /// False: each session's figures without its sets (what a chart needs).
        public var sets: Bool?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            var name: String? = exercise.isEmpty ? nil : exercise
            coder.string("exercise", &name, maxLength: SessionLimits.exerciseNameLength, "required: the exercise's name as logged (any case)")
            exercise = name ?? ""
            coder.date("from", &from, "first date (inclusive)")
            coder.date("to", &to, "last date (inclusive)")
            coder.int("limit", &limit, in: SessionLimits.listLimit, "only the newest this many sessions, still oldest first (default: all; a page with sets stops before \(HistoryLimits.pageSets) of them, and its next is the before of the page after)")
            coder.id("before", &before, "only sessions started before this session: the page before one that begins with it")
            coder.bool("sets", &sets, "false: each session's figures (best e1RM, volume, countedSets) without its sets")
        }

        public mutating func validate(_ params: inout SessionRPC.Params) {
            if exercise.isEmpty, !params.failed("exercise") { params.fail("exercise", "is required") }
            if let from, let to, from > to { params.fail("to", "\(to) lies before from (\(from))") }
        }
    }

    @Coded
    public struct Result: CodedResult {
        @Member(.members) public var history = ExerciseHistory()
        /// The `before` of the next page back when this one stopped at
        /// `HistoryLimits.pageSets` sets with older sessions left (nil: nothing left
        /// out but what `limit` leaves out).
        public var next: Int64?
        /// True when the exercise counts body mass (a pull-up): a set's `weightKg` is the
        /// load added to the body.
        public var countsBodyMass = false

        public init(_ history: ExerciseHistory, next: Int64? = nil, countsBodyMass: Bool = false) {
            self.history = history
            self.next = next
            self.countsBodyMass = countsBodyMass
        }
    }
}
