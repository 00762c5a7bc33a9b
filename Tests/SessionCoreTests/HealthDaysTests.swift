import Testing
import SessionCore

/// The rules that turn exported samples into daily values, on their edges.
@Suite struct HealthDaysTests {
    func time(_ text: String) -> LocalDateTime { LocalDateTime(text)! }

    func sample(_ kind: HealthDays.Kind, _ start: String, _ end: String, _ value: Double = 0, _ source: String = "phone") -> HealthDays.Sample {
        HealthDays.Sample(kind: kind, start: time(start), end: time(end), startMs: Int64(time(start).secondsSinceEpoch) * 1000,
                          endMs: Int64(time(end).secondsSinceEpoch) * 1000, value: value, source: source)
    }

    @Test func sleepIsMergedAndBelongsToTheDayOfWaking() throws {
        let days = try HealthDays.days([
            sample(.asleep, "2026-11-23 23:00", "2026-11-24 03:00"), sample(.asleep, "2026-11-24 02:00", "2026-11-24 06:00", 0, "watch"),
            // A nap the same day, apart from the night: added to it.
            sample(.asleep, "2026-11-24 14:00", "2026-11-24 14:30"),
            // In bed is not sleep.
            sample(.inBed, "2026-11-23 22:00", "2026-11-24 07:00"),
        ])
        #expect(days.count == 1 && days[0].type == .sleepHours && days[0].date == LocalDate("2026-11-24")! && days[0].value == 7.5)
        #expect(days[0].source == "phone, watch")
    }

    @Test func stepsComeFromOneSourcePerHour() throws {
        let days = try HealthDays.days([
            sample(.steps, "2026-11-23 09:00", "2026-11-23 09:10", 300), sample(.steps, "2026-11-23 09:20", "2026-11-23 09:30", 300),
            sample(.steps, "2026-11-23 09:05", "2026-11-23 09:40", 500, "watch"),  // fewer than the phone's 600
            sample(.steps, "2026-11-23 10:00", "2026-11-23 10:30", 400, "watch"), sample(.steps, "2026-11-23 10:00", "2026-11-23 10:30", 400),  // a tie
            sample(.steps, "2026-11-23 23:59", "2026-11-24 00:10", 50),  // counts for the hour it starts in
        ])
        #expect(days.map(\.value) == [600 + 400 + 50] && days[0].date == LocalDate("2026-11-23")!)
    }

    @Test func reportedValuesAreTheDaysLast() throws {
        let days = try HealthDays.days([
            sample(.restingHeartRate, "2026-11-24 20:00", "2026-11-24 20:00", 55), sample(.restingHeartRate, "2026-11-24 08:00", "2026-11-24 08:00", 60),
            sample(.bodyMassKg, "2026-11-24 07:00", "2026-11-24 07:00", 81), sample(.bodyMassKg, "2026-11-25 07:00", "2026-11-25 07:00", 80.5),
        ])
        #expect(days.filter { $0.type == .restingHeartRate }.map(\.value) == [55])
        #expect(days.filter { $0.type == .bodyMassKg }.map(\.value) == [81, 80.5])
    }

    /// A night's stretch counted back from when it ended crosses midnight both ways.
    @Test func wallClockArithmeticGoesBothWays() {
        let end = time("2026-11-24 06:50")
        #expect(LocalDateTime(secondsAfter: end, -(7 * 3600 + 10 * 60)) == time("2026-11-23 23:40"))
        #expect(LocalDateTime(secondsAfter: end, -(6 * 3600 + 50 * 60)) == time("2026-11-24 00:00"))
        #expect(LocalDateTime(secondsAfter: end, -2 * 86_400) == time("2026-11-22 06:50"))
        #expect(LocalDateTime(secondsAfter: end, 18 * 3600) == time("2026-11-25 00:50"))
        #expect(time("2026-11-24 06:50").secondsSinceEpoch - time("2026-11-23 23:40").secondsSinceEpoch == 7 * 3600 + 10 * 60)
    }
}
