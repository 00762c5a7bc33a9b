import SessionCore
import JSON

/// `plan.import`: a generated plan through the typed boundary (SessionFormats'
/// PlanImporter); nothing is stored when it is refused.
public enum PlanImport: MethodContract {
    public static let method = MethodDescription(
        name: "plan.import", summary: "Import a generated plan (object, array of days, or raw model text) at the typed boundary; nothing is stored when it is refused.",
        errors: [.planInvalid], events: [PlanActivatedEvent.self])

    public struct Params: MethodParams {
        /// The plan: JSON, or a model's raw reply as a string.
        public var plan: JSONValue
        /// The Monday of the plan's week (default: the plan's own, else this week).
        public var weekStart: LocalDate?
        public var activate = true
        /// Keep this many exercises per training day, padding with fillers.
        public var exercisesPerDay: Int?
        /// What a bare number under `weight` is read as: `lb` for a person who uses
        /// pounds; kilograms otherwise.
        public var bareWeightUnit: String?
        /// When a planner wrote the plan (`plan next`): the run and attempt it came
        /// from, kept with the plan in `plan.attempts`.
        public var run: String?
        public var attempt: Int?
        public var planner: String?
        /// The planner's raw reply, when `plan` was built from it (`plan redo`): kept as
        /// the attempt's reply instead of `plan`.
        public var reply: String?
        /// With run: what the attempt cost in tokens.
        public var tokens: PlannerTokens?
        /// The plan this one is a new version of (`plan redo`); that plan is kept.
        public var revises: Int64?
        /// Makes retries idempotent: the same requestId returns the plan stored under it
        /// and stores nothing (sessiond-sync's delivery of a queued plan).
        public var requestID: String?

        public init() { plan = .null }

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.document("plan", &plan, types: ["object", "array", "string"], "the plan: JSON, or a model's raw reply as a string")
            coder.date("weekStart", &weekStart, "the Monday of the plan's week (default: the plan's own, else this week)")
            coder.bool("activate", &activate, "make it the active plan (default true)")
            coder.int("exercisesPerDay", &exercisesPerDay, in: PlanLimits.exercisesPerDay, "keep N exercises per training day, padding with fillers")
            coder.choice("bareWeightUnit", &bareWeightUnit, ["kg", "lb"], required: false,
                         "what a number under weight without a unit is read as (the person's unit; default kg), with a warning")
            coder.string("run", &run, maxLength: PlannerAttempt.Limits.runLength, "a planner's run: " + PlanAttempt.runSummary)
            coder.int("attempt", &attempt, in: PlannerAttempt.Limits.attempts, "with run: " + PlanAttempt.attemptSummary)
            coder.string("planner", &planner, maxLength: PlannerAttempt.Limits.plannerLength, "with run: " + PlanAttempt.plannerSummary)
            coder.string("reply", &reply, maxLength: PlannerAttempt.Limits.replyBytes, "with run: the planner's raw reply, when plan was built from it")
            PlanAttempt.code(tokens: &tokens, &coder)
            coder.id("revises", &revises, "the plan this one is a new version of (that plan is kept)")
            coder.string("requestId", &requestID, maxLength: SessionLimits.requestIDLength,
                         "makes retries idempotent: the same requestId returns the plan stored under it and stores nothing")
        }

        /// The week must start on a Monday and end by 9999-12-31; a planner's run comes with its attempt and
        /// planner, and tokens only with a run; a request id is not empty.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            if let weekStart, weekStart.weekday != .monday { params.fail("weekStart", "\(weekStart) is a \(weekStart.weekday.name), not a Monday") }
            if let weekStart, let problem = PlanLimits.weekProblem(weekStart) { params.fail("weekStart", problem) }
            let given = ["run", "attempt", "planner"].filter { params.has($0) }
            if !given.isEmpty, given.count < 3 {
                for name in ["run", "attempt", "planner"] where !given.contains(name) {
                    params.fail(name, "is required with \(given.joined(separator: " and "))")
                }
            }
            if requestID?.isEmpty == true { params.fail("requestId", "must not be empty") }
            PlanAttempt.validateTokens(&params)
            if given.isEmpty, let name = PlanAttempt.tokenNames.first(where: { params.has($0) }) {
                params.fail(name, "is kept with a planner's attempt: give run, attempt and planner too")
            }
        }

        /// The planner attempt this import keeps, when it came from one.
        public func attempt(reply: String) -> PlannerAttempt? {
            guard let run, let attempt, let planner else { return nil }
            return PlannerAttempt(run: run, attempt: attempt, planner: planner, reply: self.reply ?? reply, outcome: .imported,
                                  tokens: tokens)
        }
    }

    /// The stored plan, and every change the importer made.
    @Coded
    public struct Result: CodedResult {
        public var planID: Int64 = 0
        public var name = ""
        public var weekStart = LocalDate(daysSinceEpoch: 0)
        public var active = false
        public var warnings: [PathMessage] = []
        /// True when the plan stored before under the request id answered: nothing was
        /// stored or activated by this call.
        public var storedBefore = false
        /// Activated on a day trained already: the date it governs from (tomorrow), the
        /// day keeping the plan it was trained under. Absent when it governs from today.
        @Member(.omitted) public var governsFrom: LocalDate?
    }
}
