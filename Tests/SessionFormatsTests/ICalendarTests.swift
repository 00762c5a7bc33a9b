import Testing

import SessionCore
@testable import SessionFormats

/// RFC 5545's text rules, which calendar apps enforce unevenly.
@Suite struct ICalendarTests {
    @Test func textIsEscaped() {
        #expect(ICalendar.escape("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
    }

    @Test func longLinesFoldAt75OctetsWithoutSplittingACharacter() {
        let line = "DESCRIPTION:" + String(repeating: "é×", count: 60)
        let folded = ICalendar.fold(line)
        let parts = folded.components(separatedBy: "\r\n")
        #expect(parts.count > 1)
        #expect(parts.allSatisfy { $0.utf8.count <= 75 }, "\(parts.map(\.utf8.count))")
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(parts.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == line, "unfolding gives the line back")
    }

    @Test func restDaysHaveNoEventAndTimesAreTheDaemonsWrittenInUTC() throws {
        let monday = try #require(LocalDate("2026-11-30"))
        let plan = Plan(name: "P", weekStart: monday, days: [
            PlanDay(date: monday, title: "Legs", rest: false, warmup: [], exercises: [PlannedExercise(name: "Squat", sets: 3, reps: 5)]),
            PlanDay(date: monday.adding(days: 1), title: "Rest", rest: true, warmup: [], exercises: []),
        ])
        // The daemon's zone one hour ahead of UTC.
        let calendar = ICalendar(startSecond: 23 * 3600 + 30 * 60, durationMinutes: 90, reminderMinutes: 15, stampMs: 0) {
            Int64($0.date.daysSinceEpoch * 86_400 + $0.secondOfDay - 3600) * 1000
        }
        let text = calendar.file(for: plan)
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 2)
        #expect(text.contains("DTSTART:20261130T223000Z\r\nDTEND:20261201T000000Z\r\n"), "23:30 at +01:00, for 90 minutes: \(text)")
        #expect(text.contains("DTSTAMP:19700101T000000Z") && text.contains("TRIGGER:-PT15M"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n") && !text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }
}
