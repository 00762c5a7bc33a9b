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
