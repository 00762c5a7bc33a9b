import SessionCore
import JSON

/// `plan.get`: a stored plan with the ids sessions refer to.
public enum PlanGet: MethodContract {
    public static let name = "plan.get"
    public static let summary = "A plan with its days and planned exercises and their ids."
    public static let repliesLarge = true
    public static let errors: [ApplicationError] = [.planNotFound, .noActivePlan]
    public typealias Result = PlanDocument

    public struct Params: MethodParams {
        /// Default: the active plan.
        public var planID: Int64?
        /// The plan that covers this day instead (kept for past days, carried over to
        /// later weeks): not with `planID`.
        public var date: LocalDate?

        public init() {}

        public init(planID: Int64?) { self.planID = planID }

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.id("planId", &planID, "default: the active plan")
            coder.date("date", &date, "instead of planId: the plan that covers this day (as sessions and summaries take it)")
        }
    }
}

/// A stored plan: the domain plan with its row ids and import facts.
public struct PlanDocument: MethodResult, JSONObjectEncodable, Equatable {
    public let planID: Int64
    public let active: Bool
    /// RFC 3339 in the daemon's zone.
    public let importedAt: String
    public let plan: Plan
    /// Row ids parallel to `plan.days`.
    public let dayIDs: [Int64]
    /// Planned-exercise row ids parallel to each day's exercises.
    public let exerciseIDs: [[Int64]]
    /// Asked for by date: the Monday of the later week this plan was carried over to.
    public let carriedOverTo: LocalDate?

    public init(planID: Int64, active: Bool, importedAt: String, plan: Plan, dayIDs: [Int64], exerciseIDs: [[Int64]], carriedOverTo: LocalDate? = nil) {
        precondition(dayIDs.count == plan.days.count && zip(exerciseIDs, plan.days).allSatisfy { $0.count == $1.exercises.count },
                     "one id per day and per exercise")
        self.planID = planID
        self.active = active
        self.importedAt = importedAt
        self.plan = plan
        self.dayIDs = dayIDs
        self.exerciseIDs = exerciseIDs
        self.carriedOverTo = carriedOverTo
    }

    public static let schema = Schema.object([
        "planId": Schema.integer, "name": Schema.string, "weekStart": Schema.date, "active": Schema.boolean, "importedAt": Schema.timestamp,
        "days": Schema.array(Schema.object), "carriedOverTo": Schema.date,
    ], optional: ["carriedOverTo"])

    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("planId", planID)
        writer.member("name", plan.name)
        writer.member("weekStart", plan.weekStart.description)
        writer.member("active", active)
        writer.member("importedAt", importedAt)
        if let carriedOverTo { writer.member("carriedOverTo", carriedOverTo.description) }
        writer.key("days")
        writer.array {
            for (dayIndex, day) in plan.days.enumerated() {
                $0.object {
                    $0.member("planDayId", dayIDs[dayIndex])
                    day.encodeHeader(to: &$0)
                    $0.key("exercises")
                    $0.array {
                        for (position, exercise) in day.exercises.enumerated() {
                            $0.object {
                                $0.member("plannedExerciseId", exerciseIDs[dayIndex][position])
                                $0.member("position", position + 1)
                                exercise.encodeMembers(to: &$0)
                            }
                        }
                    }
                }
            }
        }
    }

    public init(json: JSONValue) throws(JSONReadError) {
        let reader = try JSONReader(json)
        var days: [PlanDay] = []
        var dayIDs: [Int64] = []
        var exerciseIDs: [[Int64]] = []
        for day in try reader.objects("days") {
            var warmup: [WarmupItem] = []
            for item in try day.objects("warmup") {
                warmup.append(WarmupItem(name: try item.string("name"), reps: try item.optionalInt("reps"),
                                         durationSeconds: try item.optionalInt("durationSeconds"), description: try item.optionalString("description")))
            }
            var exercises: [PlannedExercise] = []
            var ids: [Int64] = []
            for item in try day.objects("exercises") {
                ids.append(try item.id("plannedExerciseId"))
                exercises.append(try PlannedExercise(reader: item))
            }
            days.append(PlanDay(date: try day.date("date"), title: try day.string("title"), rest: try day.bool("rest"), warmup: warmup, exercises: exercises))
            dayIDs.append(try day.id("planDayId"))
            exerciseIDs.append(ids)
        }
        self.init(
            planID: try reader.id("planId"), active: try reader.bool("active"), importedAt: try reader.string("importedAt"),
            plan: Plan(name: try reader.string("name"), weekStart: try reader.date("weekStart"), days: days),
            dayIDs: dayIDs, exerciseIDs: exerciseIDs, carriedOverTo: try reader.optionalDate("carriedOverTo"))
    }
}
