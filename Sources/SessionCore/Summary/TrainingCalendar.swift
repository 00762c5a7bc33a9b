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
/// * A week (Monday to Sunday) met the plan when the plans governing it have training
///   days and none of them is missed: each was trained, or is the day of the session
///   still running (a `missed` mark breaks the streak, as the weekly summary counts the
///   day missed; training moved with `plan move` is planned on its new day).
/// * The streak counts back from the last week that ended before today's, week by week
///   while each met the plan; today's week adds one once every training day of it is
///   trained (it cannot break the streak before it ends).
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

    /// True when a week whose training days are `planned` met the plan: it has some,
    /// and each is among `trained` (the dates with a finished session) or is `running`,
    /// the day of the session still running.
    public static func met(planned: Set<LocalDate>, trained: Set<LocalDate>, running: LocalDate? = nil) -> Bool {
        !planned.isEmpty && planned.allSatisfy { trained.contains($0) || $0 == running }
    }

    /// The streak: `week(monday)` gives a week's training days and the dates in it with
    /// a finished session, asked for today's week and then back, one week at a time, at
    /// most `limit` weeks; `running` is the day of the session still running, if one is.
    public static func streak(today: LocalDate, running: LocalDate? = nil, limit: Int = 520,
                              week: (LocalDate) throws -> (planned: Set<LocalDate>, trained: Set<LocalDate>)) rethrows -> Int {
        let current = today.mondayOfWeek
        let now = try week(current)
        var streak = met(planned: now.planned, trained: now.trained) ? 1 : 0
        var monday = current.adding(days: -7)
        while streak < limit {
            let dates = try week(monday)
            guard met(planned: dates.planned, trained: dates.trained, running: running) else { break }
            streak += 1
            monday = monday.adding(days: -7)
        }
        return streak
    }
}
