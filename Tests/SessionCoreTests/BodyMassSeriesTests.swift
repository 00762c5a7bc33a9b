import Testing
@testable import SessionCore

/// The body mass on or before a day, found by binary search, is what the one-day query
/// finds: the latest day on or before it, and that day's last sample.
@Suite struct BodyMassSeriesTests {
    @Test func answersAsTheLatestSampleOnOrBeforeTheDay() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 5, 40] {
            // Ordered by day, several samples on some days (the last one counts).
            let samples = (0..<count).map { index in
                (date: LocalDate(daysSinceEpoch: 20_000 + index / 2 * 3), kg: Double(Int.random(in: 600...900, using: &generator)) / 10)
            }
            let series = BodyMassSeries(orderedSamples: samples)
            for day in 19_995...20_000 + count * 2 + 5 {
                let date = LocalDate(daysSinceEpoch: day)
                #expect(series.kg(onOrBefore: date) == samples.last { $0.date <= date }?.kg, "day \(day) of \(count) samples")
            }
        }
    }

    @Test func noSamplesNoMass() {
        #expect(BodyMassSeries(orderedSamples: []).kg(onOrBefore: LocalDate(daysSinceEpoch: 20_000)) == nil)
    }
}
