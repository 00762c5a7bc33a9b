import SessionCore

/// The summary as `summary.weekly` carries it (the prompt context is added by the
/// method's result). Figures are written rounded: kg and averages to 0.01,
/// adherence to 0.001, change to 0.0001; reading gives back the rounded values.
extension WeeklySummary: CodedObject {
    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.date("weekStart", &weekStart)
        var weekEnd = weekStart.adding(days: 6)  // worked out: read, not kept
        try coder.date("weekEnd", &weekEnd)
        try coder.dates("plannedDays", &plannedDays)
        try coder.dates("dueDays", &dueDays)
        try coder.dates("completedPlannedDays", &completedPlannedDays)
        try coder.dates("missedDays", &missedDays)
        try coder.int("sessions", &sessions)
        try coder.number("adherence", &adherence, places: 3)
        try coder.int("sets", &sets)
        try coder.int("reps", &reps)
        try coder.number("volumeKg", &volumeKg, places: 2)
        try coder.int("activeMinutes", &activeMinutes)
        try coder.number("averageRpe", &averageRPE, places: 2)
        try coder.int("hardSets", &hardSets)
        try coder.numbers("volumePerDayKg", &volumePerDayKg, places: 2)
        try coder.objects("exercises", &exercises)
        try coder.objects("skipped", &skipped)
        try coder.objects("muscles", &muscles)
        try coder.objects("health", &health)
        try coder.objects("moves", &moves)
        try coder.dates("planChanges", &planChanges)
    }
}

extension HealthSummary: CodedObject {
    /// How a week's values of a type become one: the latest (body mass and
    /// measurements) or the average.
    public enum Aggregate: String, Sendable, CaseIterable { case latest, average }

    public init() { self.init(type: .steps, value: 0, samples: 0, previous: nil) }

    public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
        try coder.choice("type", &type)
        try coder.number("value", &value, places: 2)
        try coder.int("samples", &samples)
        // Worked out from the type and the values: written, read as what they are.
        var aggregate: Aggregate = type.usesLatest ? .latest : .average
        try coder.choice("aggregate", &aggregate)
        try coder.number("previous", &previous, places: 2)
        // The change of the figures as written, so that one who reads them (sessionctl's
        // --json, writing them again) finds the same change.
        var change = previous.map { ObjectWriter.round(value, 2) - ObjectWriter.round($0, 2) }
        try coder.number("change", &change, places: 2)
    }
}
