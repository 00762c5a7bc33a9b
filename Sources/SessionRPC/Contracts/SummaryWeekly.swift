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

        public init() {}

        public init(weekStart: LocalDate?) { self.weekStart = weekStart }

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.date("weekStart", &weekStart, "any date of the week (default: the current week)")
        }
    }
}

/// The weekly summary (written rounded, see `WeeklySummary+JSON`) and the compact text
/// the next generation prompt receives.
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
        "health": Schema.array(Schema.object), "muscles": Schema.array(Schema.object), "promptContext": Schema.string,
    ])

    public func encodeMembers(to writer: inout JSONWriter) {
        summary.encodeMembers(to: &writer)
        writer.member("promptContext", promptContext)
    }

    public init(json: JSONValue) throws(JSONReadError) {
        let reader = try JSONReader(json)
        self.init(summary: try WeeklySummary(reader: reader), promptContext: try reader.string("promptContext"))
    }
}
