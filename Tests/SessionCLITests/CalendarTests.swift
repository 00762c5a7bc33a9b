import Foundation
import Testing
import TestSupport
import SessionCore
import SessionSystem
import JSON

/// `sessionctl calendar`: a month's days as trained, missed and planned, and the weeks
/// in a row that met the plan, each worked out here from the plan file and the
/// sessions entered.
@Suite struct CalendarTests {
    /// Today where the test runs: the daemon in the test's process reads days there.
    static var today: LocalDate { LocalClock().today() }

    @Test func theMonthShowsDaysDoneMissedAndPlannedAndTheStreak() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let today = Self.today
        let monday = today.mondayOfWeek
        let firstWeek = monday.adding(days: -21)
        let planText = Fixtures.dumbbellPlan
        #expect(try daemon.importBeforeItsWeek(firstWeek.description, [daemon.file("plan.json", planText)]).status == 0)
        // The plan's training weekdays, read from the file itself.
        let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let trainingWeekdays = Set(try #require(JSONParser.parse(planText)["days"]?.arrayValue).compactMap { day -> Int? in
            guard let name = day["day"]?.stringValue, !(day["exercises"]?.arrayValue ?? []).isEmpty else { return nil }
            return names.firstIndex(of: name)
        })
        #expect(trainingWeekdays.count == 3)
        func isTraining(_ date: LocalDate) -> Bool { date >= firstWeek && trainingWeekdays.contains(date.weekday.rawValue - 1) }
        // Three weeks of every training day, the first with one session a day later
        // than planned (its planned day missed); this week's training days up to
        // yesterday, one left out.
        var trained: [LocalDate] = []
        for week in 0..<3 {
            let start = firstWeek.adding(days: 7 * week)
            var days = (0..<7).map { start.adding(days: $0) }.filter(isTraining)
            if week == 0 { days[1] = days[1].adding(days: 1) }
            trained += days
        }
        let thisWeek = (0..<7).map { monday.adding(days: $0) }.filter { isTraining($0) && $0 < today }
        trained += thisWeek.dropFirst()
        for date in trained {
            let run = try daemon.ctl(["track", date.description, "18:00-19:00", "goblet", "squat", "3x10@24"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        // The test's own reading of the rules: a week met the plan when every one of
        // its training days was trained; the streak counts back from last week, and
        // this week once it has.
        func met(_ start: LocalDate) -> Bool {
            let planned = (0..<7).map { start.adding(days: $0) }.filter(isTraining)
            return !planned.isEmpty && planned.allSatisfy(trained.contains)
        }
        var streak = met(monday) ? 1 : 0
        var week = monday.adding(days: -7)
        while met(week) { streak += 1; week = week.adding(days: -7) }
        #expect(streak == 2, "the two weeks after the one with a day missed")
        let months = Set((trained + [today]).map { String($0.description.prefix(7)) }).sorted()
        for month in months {
            let shown = try JSONParser.parse(try daemon.ctl(["calendar", month, "--json"]).stdout)
            #expect(shown["streakWeeks"]?.intValue == streak, "\(month)")
            for day in shown["days"]?.arrayValue ?? [] {
                let date = try #require(day["date"]?.stringValue.flatMap(LocalDate.init))
                let expected = trained.contains(date) ? "done" : isTraining(date) ? (date < today ? "missed" : "planned") : "none"
                #expect(day["mark"]?.stringValue == expected, "\(date): \(day)")
                #expect(day["sessions"]?.intValue == trained.filter { $0 == date }.count)
            }
        }
        // The picture: a cal(1)-style grid, today's month by default.
        let picture = try daemon.ctl(["calendar"]).stdout
        let lines = picture.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 3 && lines[1] == "Mo  Tu  We  Th  Fr  Sa  Su", "\(picture)")
        #expect(picture.contains("streak: \(streak) week"), "\(picture)")
        let dayCell = String(today.day < 10 ? " \(today.day)" : "\(today.day)") + (isTraining(today) ? "•" : " ")
        // A Sunday's cell ends its line, its trailing space trimmed.
        let endOfLine = " " + dayCell.trimmingCharacters(in: .whitespaces) + "\n"
        #expect(picture.contains(dayCell) || (today.weekday == .sunday && picture.contains(endOfLine)), "today's cell \(dayCell): \(picture)")
        // Month words, and a bad one.
        let names12 = try JSONParser.parse(try daemon.ctl(["calendar", "dec", "--json"]).stdout)["month"]?.stringValue
        #expect(names12 == "\(today.year)-12")
        #expect(try daemon.ctl(["calendar", "smarch"]).status == 2)
        // The first month there is: drawn, its year in four digits.
        let first = try daemon.ctl(["calendar", "0001-01"])
        #expect(first.status == 0 && first.stdout.contains("January 1") && first.stdout.contains("31"), "\(first.stdout) \(first.stderr)")
        #expect(try JSONParser.parse(try daemon.ctl(["calendar", "0001-01", "--json"]).stdout)["month"] == "0001-01")
        #expect(try daemon.client().request("calendar.month", .obj(["month": "2026-13"]))["error"]?["code"] == -32602)
    }
}
