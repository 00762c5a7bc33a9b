/// The one bound on a date that names a fact being recorded: the day a session is
/// started on, a health sample's day (recorded, imported or restored from an archive),
/// an imported workout's start. From the Unix epoch, as timestamps are bounded
/// (`SessionLimits.earliestMs`), to tomorrow: a day's slack for a device or an export
/// whose zone is ahead of the daemon's. A year 0001, 1000 or 9999 is a typo or another
/// calendar, not history; stored, it would make a history span hundreds of thousands
/// of weeks.
///
/// Dates that only ask (the week of a summary, a range to list, a month of the
/// calendar) are not bounded by it: any valid date is an answer, if an empty one; only
/// a week that would end past 9999-12-31 is none (`PlanLimits.weekStarts`).
public enum RecordedDates {
    /// 1970-01-01.
    public static let earliest = LocalDate(daysSinceEpoch: 0)

    /// The dates a fact may carry when the daemon's day is `today`.
    public static func range(today: LocalDate) -> ClosedRange<LocalDate> {
        earliest...max(today.adding(days: 1), earliest)
    }

    /// Why `date` may not name a fact recorded on `today`, in the words of an invalid
    /// param's message ("must lie …"); nil when it may. With `approximate`, `today` is
    /// only nearly the daemon's (a client's check, a day late for the zones between):
    /// tomorrow is not named by its date.
    public static func problem(_ date: LocalDate, today: LocalDate, approximate: Bool = false) -> String? {
        let dates = range(today: today)
        guard !dates.contains(date) else { return nil }
        let latest = approximate ? "tomorrow" : "\(dates.upperBound) (tomorrow)"
        return "must lie between \(dates.lowerBound) and \(latest), got \(date)"
    }

}
