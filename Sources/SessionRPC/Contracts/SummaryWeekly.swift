import SessionCore
import JSON

/// `summary.weekly`: an ISO week's adherence, volume, progress, effort and health.
public enum SummaryWeekly: MethodContract {
    public static let name = "summary.weekly"
    public static let summary = "An ISO week's adherence, volume, per-exercise progress, effort and health, with promptContext for the next plan."
    public typealias Result = WeeklyReport

    public struct Params: MethodParams {
        /// Any date of the week (default: the current week).
        public var weekStart: LocalDate?

        public init(weekStart: LocalDate? = nil) { self.weekStart = weekStart }

        public static let specs = [ParamSpec("weekStart", schema: Schema.date, "any date of the week (default: the current week)")]

        public init(from params: inout SessionRPC.Params, context: DecodingContext) throws(RPCError) {
            weekStart = params.date("weekStart")
            try params.check()
        }

        public var json: JSONValue { .object(weekStart.map { [(key: "weekStart", value: .string($0.description))] } ?? []) }
    }
}

/// The weekly summary and the compact text the next generation prompt receives.
/// Figures are written rounded (kg and averages to 0.01, adherence to 0.001, change
/// to 0.0001), so a client reads back the rounded values.
public struct WeeklyReport: MethodResult, JSONObjectEncodable {
    public let summary: WeeklySummary
    public let promptContext: String

    public init(summary: WeeklySummary, promptContext: String) {
        self.summary = summary
        self.promptContext = promptContext
    }

    public static let schema = Schema.object([
        "weekStart": Schema.date, "weekEnd": Schema.date, "plannedDays": Schema.array(Schema.date), "dueDays": Schema.array(Schema.date),
        "completedPlannedDays": Schema.array(Schema.date), "missedDays": Schema.array(Schema.date), "sessions": Schema.integer,
        "adherence": Schema.nullable(Schema.number), "sets": Schema.integer, "reps": Schema.integer, "volumeKg": Schema.number,
        "activeMinutes": Schema.integer, "averageRpe": Schema.nullable(Schema.number), "hardSets": Schema.integer,
        "volumePerDayKg": Schema.array(Schema.number), "exercises": Schema.array(Schema.object), "skipped": Schema.array(Schema.object),
        "health": Schema.array(Schema.object), "promptContext": Schema.string,
    ])

    /// `value` to `decimals` places.
    static func round(_ value: Double, _ decimals: Int = 2) -> Double {
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        return (value * factor).rounded() / factor
    }

    public func encodeMembers(to writer: inout JSONWriter) {
        func dates(_ key: StaticString, _ dates: [LocalDate]) {
            writer.key(key)
            writer.array { for date in dates { $0.value(date.description) } }
        }
        writer.member("weekStart", summary.weekStart.description)
        writer.member("weekEnd", summary.weekStart.adding(days: 6).description)
        dates("plannedDays", summary.plannedDays)
        dates("dueDays", summary.dueDays)
        dates("completedPlannedDays", summary.completedPlannedDays)
        dates("missedDays", summary.missedDays)
        writer.member("sessions", summary.sessions)
        writer.member("adherence", summary.adherence.map { Self.round($0, 3) })
        writer.member("sets", summary.sets)
        writer.member("reps", summary.reps)
        writer.member("volumeKg", Self.round(summary.volumeKg))
        writer.member("activeMinutes", summary.activeMinutes)
        writer.member("averageRpe", summary.averageRPE.map { Self.round($0) })
        writer.member("hardSets", summary.hardSets)
        writer.key("volumePerDayKg")
        writer.array { for value in summary.volumePerDayKg { $0.value(Self.round(value)) } }
        writer.key("exercises")
        writer.array { for exercise in summary.exercises { $0.object { Self.encode(exercise, to: &$0) } } }
        writer.key("skipped")
        writer.array {
            for item in summary.skipped {
                $0.object {
                    $0.member("date", item.date.description)
                    $0.member("name", item.name)
                    $0.member("setsDone", item.setsDone)
                    $0.member("setsPlanned", item.setsPlanned)
                }
            }
        }
        writer.key("health")
        writer.array {
            for item in summary.health {
                $0.object {
                    $0.member("type", item.type.rawValue)
                    $0.member("value", Self.round(item.value))
                    $0.member("samples", item.samples)
                    $0.member("aggregate", item.type.usesLatest ? "latest" : "average")
                    $0.member("previous", item.previous.map { Self.round($0) })
                    $0.member("change", item.change.map { Self.round($0) })
                }
            }
        }
        writer.member("promptContext", promptContext)
    }

    private static func encode(_ exercise: ExerciseSummary, to writer: inout JSONWriter) {
        writer.member("name", exercise.name)
        writer.member("setsDone", exercise.setsDone)
        writer.member("setsPlanned", exercise.setsPlanned)
        writer.key("bestSet")
        if let set = exercise.bestSet {
            writer.object {
                $0.member("reps", set.reps)
                $0.member("weightKg", set.weightKg)
                $0.member("durationSeconds", set.durationSeconds)
            }
        } else {
            writer.null()
        }
        writer.member("measure", exercise.measure.rawValue)
        writer.member("best", exercise.best.map { round($0) })
        writer.member("previousBest", exercise.previousBest.map { round($0) })
        writer.member("change", exercise.change.map { round($0, 4) })
        writer.member("trend", exercise.trend.rawValue)
    }

    public init(json: JSONValue) throws(ResultDecodingError) {
        let reader = try ResultReader(json)
        func dates(_ key: String) throws(ResultDecodingError) -> [LocalDate] {
            let texts = try reader.strings(key)
            let dates = texts.compactMap(LocalDate.init)
            guard dates.count == texts.count else { throw ResultDecodingError(path: "result.\(key)", expected: "dates as YYYY-MM-DD") }
            return dates
        }
        var exercises: [ExerciseSummary] = []
        for item in try reader.objects("exercises") {
            let bestSet = try item.optionalObject("bestSet").map { (set: ResultReader) throws(ResultDecodingError) in
                SetFigures(reps: try set.optionalInt("reps"), weightKg: try set.optionalNumber("weightKg"), durationSeconds: try set.optionalInt("durationSeconds"))
            }
            guard let measure = ExerciseSummary.Measure(rawValue: try item.string("measure")),
                let trend = ExerciseSummary.Trend(rawValue: try item.string("trend"))
            else { throw ResultDecodingError(path: "result.exercises", expected: "a known measure and trend") }
            exercises.append(ExerciseSummary(
                name: try item.string("name"), setsDone: try item.int("setsDone"), setsPlanned: try item.int("setsPlanned"), bestSet: bestSet,
                measure: measure, best: try item.optionalNumber("best"), previousBest: try item.optionalNumber("previousBest"),
                change: try item.optionalNumber("change"), trend: trend))
        }
        var skipped: [SkippedExercise] = []
        for item in try reader.objects("skipped") {
            skipped.append(SkippedExercise(date: try item.date("date"), name: try item.string("name"), setsDone: try item.int("setsDone"),
                                           setsPlanned: try item.int("setsPlanned")))
        }
        var health: [HealthSummary] = []
        for item in try reader.objects("health") {
            guard let type = HealthType(rawValue: try item.string("type")) else {
                throw ResultDecodingError(path: "result.health", expected: "known health types")
            }
            health.append(HealthSummary(type: type, value: try item.number("value"), samples: try item.int("samples"), previous: try item.optionalNumber("previous")))
        }
        guard let perDay = json["volumePerDayKg"]?.arrayValue?.compactMap(\.numberValue) else {
            throw ResultDecodingError(path: "result.volumePerDayKg", expected: "an array of numbers")
        }
        self.init(
            summary: WeeklySummary(
                weekStart: try reader.date("weekStart"), plannedDays: try dates("plannedDays"), dueDays: try dates("dueDays"),
                completedPlannedDays: try dates("completedPlannedDays"), missedDays: try dates("missedDays"), sessions: try reader.int("sessions"),
                adherence: try reader.optionalNumber("adherence"), sets: try reader.int("sets"), reps: try reader.int("reps"),
                volumeKg: try reader.number("volumeKg"), activeMinutes: try reader.int("activeMinutes"),
                averageRPE: try reader.optionalNumber("averageRpe"), hardSets: try reader.int("hardSets"), exercises: exercises,
                skipped: skipped, health: health, volumePerDayKg: perDay),
            promptContext: try reader.string("promptContext"))
    }
}
