/// Body mass by day, oldest first: the mass on or before a day, what a body-weight
/// exercise's load starts from (`SetDecision`). An import asks for it for every day of
/// years of workouts: the samples are read once and each day is found by binary search
/// (a query per day cost more than storing that day's sets).
public struct BodyMassSeries: Sendable {
    /// Each day's mass (the latest recorded that day), oldest day first.
    private let days: [(date: LocalDate, kg: Double)]

    /// `samples` ordered by day and, within a day, by when they were recorded: the last
    /// of a day is that day's mass.
    public init(orderedSamples samples: [(date: LocalDate, kg: Double)]) {
        var days: [(date: LocalDate, kg: Double)] = []
        for sample in samples {
            if days.last?.date == sample.date { days[days.count - 1].kg = sample.kg } else { days.append(sample) }
        }
        self.days = days
    }

    /// The mass of the latest day on or before `date` with one, nil when there is none.
    public func kg(onOrBefore date: LocalDate) -> Double? {
        // The first day after `date`; the one before it is the answer.
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle].date <= date { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : days[low - 1].kg
    }
}
