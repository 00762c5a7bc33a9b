import SessionMacros

/// A month of training at a glance, and the streak of weeks that met the plan. Pure:
/// the planned training days and the days trained come in, with today.
///
/// The rules:
/// * A day is `done` when a finished session is dated on it (planned or not); else
///   `missed` when the plan that covers it trains that weekday and it lies before
///   today, but for the day of a session that still runs past its midnight (the weekly
///   summary's rule); else `planned` when the plan trains it (today or later, or that
///   session's); else `none`.
/// * A week (Monday to Sunday) met the plan when the plan covering it has training days
///   and the week has at least as many days trained: a session moved to another day of
///   the week still counts.
/// * The streak counts back from the last week that ended before today's, week by week
///   while each met the plan; today's week adds one once it has met it (it cannot
///   break the streak before it ends).
public enum TrainingCalendar {
    public enum Mark: String, Sendable, CaseIterable {
        case done, missed, planned, none
    }

    @Memberwise
    public struct Day: Sendable, Equatable {
        public let date: LocalDate
        public let mark: Mark
        /// Finished sessions dated on it.
        public let sessions: Int
    }

    /// The first and the last day of a month.
    public static func bounds(year: Int, month: Int) -> (first: LocalDate, last: LocalDate)? {
        guard let first = LocalDate(year: year, month: month, day: 1) else { return nil }
        let next = month == 12 ? LocalDate(year: year + 1, month: 1, day: 1) : LocalDate(year: year, month: month + 1, day: 1)
        return (first, next.map { $0.adding(days: -1) } ?? LocalDate(year: year, month: 12, day: 31) ?? first)
    }

    /// Each day from `first` through `last`, marked; `running` is the day of the session
    /// that still runs, if one does.
    public static func days(from first: LocalDate, through last: LocalDate, today: LocalDate, planned: Set<LocalDate>,
                            sessions: [LocalDate: Int], running: LocalDate? = nil) -> [Day] {
        guard first <= last else { return [] }
        return (0...(last.daysSinceEpoch - first.daysSinceEpoch)).map { offset in
            let date = first.adding(days: offset)
            let count = sessions[date] ?? 0
            let mark: Mark = count > 0 ? .done : planned.contains(date) ? (date < today && date != running ? .missed : .planned) : .none
            return Day(date: date, mark: mark, sessions: count)
        }
    }

    /// True when a week with `plannedDays` training days and `trainedDays` days with a
    /// finished session met the plan.
    public static func met(plannedDays: Int, trainedDays: Int) -> Bool {
        plannedDays > 0 && trainedDays >= plannedDays
    }

    /// The streak: `week(monday)` gives a week's planned and trained day counts, asked
    /// for today's week and then back, one week at a time, at most `limit` weeks.
    public static func streak(today: LocalDate, limit: Int = 520,
                              week: (LocalDate) throws -> (plannedDays: Int, trainedDays: Int)) rethrows -> Int {
        let current = today.mondayOfWeek
        let now = try week(current)
        var streak = met(plannedDays: now.plannedDays, trainedDays: now.trainedDays) ? 1 : 0
        var monday = current.adding(days: -7)
        while streak < limit {
            let counts = try week(monday)
            guard met(plannedDays: counts.plannedDays, trainedDays: counts.trainedDays) else { break }
            streak += 1
            monday = monday.adding(days: -7)
        }
        return streak
    }
}
