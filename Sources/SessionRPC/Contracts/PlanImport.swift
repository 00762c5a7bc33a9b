import SessionCore
import JSON

/// `plan.import`: a generated plan through the typed boundary (SessionCore's
/// PlanImporter); nothing is stored when it is refused.
public enum PlanImport: MethodContract {
    public static let name = "plan.import"
    public static let summary = "Import a generated plan (object, array of days, or raw model text) at the typed boundary; nothing is stored when it is refused."
    public static let errors: [ApplicationError] = [.planInvalid]

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
        /// The plan this one is a new version of (`plan redo`); that plan is kept.
        public var revises: Int64?

        public init() { plan = .null }

        public init(plan: JSONValue) { self.plan = plan }

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.document("plan", &plan, types: ["object", "array", "string"], "the plan: JSON, or a model's raw reply as a string")
            coder.date("weekStart", &weekStart, "the Monday of the plan's week (default: the plan's own, else this week)")
            var activate: Bool? = self.activate
            coder.bool("activate", &activate, "make it the active plan (default true)")
            self.activate = activate ?? true
            coder.int("exercisesPerDay", &exercisesPerDay, in: PlanLimits.exercisesPerDay, "keep N exercises per training day, padding with fillers")
            coder.choice("bareWeightUnit", &bareWeightUnit, ["kg", "lb"], required: false,
                         "what a number under weight without a unit is read as (the person's unit; default kg), with a warning")
            coder.string("run", &run, maxLength: PlannerAttempt.Limits.runLength, "a planner's run: " + PlanAttempt.runSummary)
            coder.int("attempt", &attempt, in: PlannerAttempt.Limits.attempts, "with run: " + PlanAttempt.attemptSummary)
            coder.string("planner", &planner, maxLength: PlannerAttempt.Limits.plannerLength, "with run: " + PlanAttempt.plannerSummary)
            coder.string("reply", &reply, maxLength: PlannerAttempt.Limits.replyBytes, "with run: the planner's raw reply, when plan was built from it")
            coder.id("revises", &revises, "the plan this one is a new version of (that plan is kept)")
        }

        /// The week must start on a Monday; a planner's run comes with its attempt and
        /// planner.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            if let weekStart, weekStart.weekday != .monday { params.fail("weekStart", "\(weekStart) is a \(weekStart.weekday.name), not a Monday") }
            let given = ["run", "attempt", "planner"].filter { params.has($0) }
            if !given.isEmpty, given.count < 3 {
                for name in ["run", "attempt", "planner"] where !given.contains(name) {
                    params.fail(name, "is required with \(given.joined(separator: " and "))")
                }
            }
        }

        /// The planner attempt this import keeps, when it came from one.
        public func attempt(reply: String) -> PlannerAttempt? {
            guard let run, let attempt, let planner else { return nil }
            return PlannerAttempt(run: run, attempt: attempt, planner: planner, reply: self.reply ?? reply, outcome: .imported)
        }
    }

    /// The stored plan, and every change the importer made.
    public struct Result: MethodResult, JSONObjectEncodable {
        public let planID: Int64
        public let name: String
        public let weekStart: LocalDate
        public let active: Bool
        public let warnings: [PathMessage]

        public init(planID: Int64, name: String, weekStart: LocalDate, active: Bool, warnings: [PathMessage]) {
            self.planID = planID
            self.name = name
            self.weekStart = weekStart
            self.active = active
            self.warnings = warnings
        }

        public static let schema = Schema.object([
            "planId": Schema.integer, "name": Schema.string, "weekStart": Schema.date, "active": Schema.boolean,
            "warnings": Schema.array(Schema.object(["path": Schema.string, "message": Schema.string, "kind": Schema.oneOf(WarningKind.allCases.map(\.rawValue))])),
        ])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("planId", planID)
            writer.member("name", name)
            writer.member("weekStart", weekStart.description)
            writer.member("active", active)
            writer.key("warnings")
            writer.array {
                for warning in warnings {
                    $0.object {
                        $0.member("path", warning.path)
                        $0.member("message", warning.message)
                        $0.member("kind", (warning.kind ?? .other).rawValue)
                    }
                }
            }
        }

        public init(json: JSONValue) throws(JSONReadError) {
            let reader = try JSONReader(json)
            guard let week = LocalDate(try reader.string("weekStart")) else {
                throw JSONReadError(path: "result.weekStart", expected: "a date as YYYY-MM-DD")
            }
            var warnings: [PathMessage] = []
            for item in try reader.objects("warnings") {
                warnings.append(PathMessage(path: try item.string("path"), message: try item.string("message"),
                                            kind: try item.optionalString("kind").flatMap(WarningKind.init(rawValue:))))
            }
            self.init(planID: try reader.id("planId"), name: try reader.string("name"), weekStart: week, active: try reader.bool("active"),
                      warnings: warnings)
        }
    }
}
