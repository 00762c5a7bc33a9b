/// The planner's monthly budget (`planner-monthly-limit`): every attempt kept counts,
/// by the calendar month of the daemon's time zone, and the count starts again on the
/// first day of the next month.
public enum PlannerBudget {
    /// The calendar month holding `date`: its first day, and the first day of the month
    /// after it, when the count starts again.
    public static func month(holding date: LocalDate) -> (first: LocalDate, next: LocalDate) {
        let first = date.adding(days: 1 - date.day)
        return (first, first.adding(days: LocalDate.daysIn(month: date.month, year: date.year)))
    }

    /// True when another attempt may be made: `used` attempts this month (those made
    /// before it in the same run included) stay under `limit`; without a limit, always.
    public static func allows(used: Int, limit: Int?) -> Bool {
        guard let limit else { return true }
        return used < limit
    }
}
