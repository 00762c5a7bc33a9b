import SessionCore
import JSON

/// `summary.weekly`: an ISO week's adherence, volume, progress, effort and health.
public enum SummaryWeekly: MethodContract {
    public static let method = MethodDescription(
        name: "summary.weekly", summary: "An ISO week's adherence, volume, per-exercise progress, effort and health, with promptContext for the next plan.",
        readsOnly: true)
    public typealias Result = WeeklyReport

    @CodedParams
    public struct Params: MethodParams {
        /// Any date of the week (default: the current week).
        @Param(.date, "any date of the week (default: the current week)")
        public var weekStart: LocalDate?

        public mutating func validate(_ params: inout SessionRPC.Params) { params.failWeekPastTheLastDate("weekStart", weekStart) }
    }
}

/// The weekly summary (written rounded, see `WeeklySummary+JSON`) and the compact text
/// the next generation prompt receives.
@Coded
public struct WeeklyReport: CodedResult {
    @Member(.members) public var summary = WeeklySummary()
    public var promptContext = ""
}
