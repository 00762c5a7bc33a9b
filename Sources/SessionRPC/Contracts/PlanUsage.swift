import SessionCore
import JSON

/// `plan.usage`: this month's planner attempts and the tokens they cost — what the
/// planner's monthly budget (`planner-monthly-limit`) counts. The month is the calendar
/// month of the daemon's time zone.
public enum PlanUsage: MethodContract {
    public static let method = MethodDescription(
        name: "plan.usage", summary: "This month's planner attempts (the daemon's time zone) and the tokens they cost, with the day the count starts again.")
    public typealias Params = NoParams

    /// The month's count and totals.
    @Coded
    public struct Result: CodedResult, Equatable {
        /// `YYYY-MM`.
        public var month = ""
        /// The month's first day.
        public var since = LocalDate(daysSinceEpoch: 0)
        /// The first day of the next month, when the count starts again.
        public var resetsOn = LocalDate(daysSinceEpoch: 0)
        /// Every attempt kept this month: imported, refused or failed.
        public var attempts = 0
        /// The tokens of the attempts kept with tokens.
        public var inputTokens = 0
        public var outputTokens = 0
        /// How many of those attempts' figures are estimates.
        public var estimatedAttempts = 0
        /// Attempts kept without tokens (before tokens were kept), in `attempts` only.
        public var unrecordedAttempts = 0
    }
}
