/// The bounds a plan must respect. Import validates against them and the published
/// schema (SessionFormats' `PlanSchema`) is generated from them, so the two cannot disagree.
public enum PlanLimits {
    public static let days = 1...7
    /// The Mondays a plan's week may start on: all seven of its days are dates as
    /// `LocalDate` has them (years 1 to 9999). A week that ends past 9999-12-31 would
    /// store days no date reads back as.
    public static let weekStarts = LocalDate(year: 1, month: 1, day: 1)!...LocalDate(year: 9999, month: 12, day: 20)!
    /// The Mondays a plan's own week may start on: from the week of the first date a
    /// fact may carry (`RecordedDates.earliest`): a plan of the year 0001 is a typo, as
    /// a session of it is. (A week only asked about may be any of `weekStarts`.)
    public static let planWeekStarts = RecordedDates.earliest.mondayOfWeek...weekStarts.upperBound

    /// Why a plan's week may not start on `monday` (the week of `date`, when a day's
    /// own date gave it), in the words of a refusal; nil when it may. A plan stored
    /// already (`storedBefore`) may have any of `weekStarts`.
    public static func weekProblem(_ monday: LocalDate, of date: LocalDate? = nil, storedBefore: Bool = false) -> String? {
        guard !(storedBefore ? weekStarts : planWeekStarts).contains(monday) else { return nil }
        let week = date.map { "\($0) lies in a week" } ?? "\(monday) begins a week"
        return week + (monday < planWeekStarts.lowerBound ? " before \(RecordedDates.earliest.year): a typo?" : " that ends past 9999-12-31")
    }
    public static let sets = 1...20
    public static let reps = 1...100
    public static let durationSeconds = 1...7200
    public static let weightKg = 0.0...500.0
    public static let restSeconds = 0...1800
    public static let nameLength = 120
    public static let descriptionLength = 500
    /// What `exercisesPerDay` may ask a day to be fitted to.
    public static let exercisesPerDay = 1...20
    /// A day's exercises, and its warm-up items, at most: more is refused with the day's
    /// path (a plan of 10,000 exercises a day is no plan, and every reply about the day
    /// would carry them). A plan's seven days hold at most seven times as many.
    public static let exercisesInADay = 40
    public static let warmupItemsInADay = 20
    public static let supersetLabelLength = 20
    /// Sets given to an exercise whose plan names no set count (names-only schedules).
    public static let defaultSets = 3
    /// Pounds to kilograms, exactly (the international avoirdupois pound).
    public static let kilogramsPerPound = 0.45359237
}
