import Foundation
import Testing
@testable import SessionCore

@Suite struct LocalDateTests {
    @Test func convertsToAndFromEpochDays() {
        #expect(LocalDate(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(LocalDate("2000-02-29")?.daysSinceEpoch == 11_016)
        for days in stride(from: -800_000, through: 800_000, by: 9_973) {
            #expect(LocalDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
    }

    @Test func parsesExactlyYearMonthDay() {
        #expect(LocalDate("0001-01-01")?.description == "0001-01-01")
        #expect(LocalDate("2024-02-29")?.description == "2024-02-29")
        for text in ["", "2026-1-01", "2026-01-1", "20260101", "2026/01/01", "2026-01-01 ", " 2026-01-01", "2026-01-011", "+026-01-01",
                     "2026-00-10", "2026-13-01", "2026-02-29", "2026-04-31", "0000-01-01", "2026-0١-01", "２０２６-01-01"] {
            #expect(LocalDate(text) == nil, "\(text)")
        }
    }

    /// A text of a date's shape that names no day says why, by Foundation's calendar's
    /// count of the month's days; a real day, or no date at all, says nothing.
    @Test func saysWhyADateIsNone() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for (year, month) in [(2026, 2), (2024, 2), (2100, 2), (2000, 2), (2026, 4), (2026, 12)] {
            let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: 1)))
            let days = try #require(calendar.range(of: .day, in: .month, for: date)).count
            let name = [2: "February", 4: "April", 12: "December"][month] ?? ""  // English, as the messages are
            let text = String(format: "%04d-%02d-%02d", year, month, days + 1)
            #expect(LocalDate.impossibility(in: text) == "\(name) \(year) has \(days) days", "\(text)")
            #expect(LocalDate.impossibility(in: "yesterday \(text) 18:05") == "\(name) \(year) has \(days) days", "within a time")
            #expect(LocalDate.impossibility(in: String(format: "%04d-%02d-%02d", year, month, days)) == nil, "the last day is one")
        }
        #expect(LocalDate.impossibility(in: "2026-13-01") == "there is no month 13")
        #expect(LocalDate.impossibility(in: "2026-00-10") == "there is no month 0")
        #expect(LocalDate.impossibility(in: "0000-01-01") == "there is no year 0")
        #expect(LocalDate.impossibility(in: "2026-02-00") == "there is no day 0")
        for text in ["", "tomorrow", "12026-02-30", "2026-02-301", "2026/02/30", "2026-2-30"] {
            #expect(LocalDate.impossibility(in: text) == nil, "\(text)")
        }
    }

    @Test func knowsWeekdaysAndWeeks() throws {
        let date = try #require(LocalDate("2026-12-03"))
        #expect(date.weekday == .thursday)
        #expect(date.mondayOfWeek.description == "2026-11-30")
        #expect(try #require(LocalDate("2026-11-30")).mondayOfWeek.description == "2026-11-30")
        #expect(try #require(LocalDate("2026-12-06")).weekday == .sunday)
        #expect(try #require(LocalDate("2026-12-06")).mondayOfWeek.description == "2026-11-30")
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01T", "abcd-ef-gh", "2026-04-31"])
    func rejectsInvalidDates(_ text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test func parsesWeekdaysInEnglishAndGerman() {
        #expect(Weekday(parsing: "Mittwoch") == .wednesday)
        #expect(Weekday(parsing: "mon") == .monday)
        #expect(Weekday(parsing: "SUN.") == .sunday)
        #expect(Weekday(parsing: " Donnerstag ") == .thursday)
        #expect(Weekday(parsing: "7") == .sunday)
        #expect(Weekday(parsing: "Sa") == nil)
        #expect(Weekday(parsing: "Funday") == nil)
        #expect(Weekday(parsing: "8") == nil)
    }
}
