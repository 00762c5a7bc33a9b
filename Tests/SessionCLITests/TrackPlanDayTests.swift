import Foundation
import JSON
import SessionCore
import SessionSystem
import Testing
import TestSupport

/// `track` enters a session on the plan day its date trains as the plan calendar has
/// it, as `start DATE` does: a date before the plan was in force is unplanned, and a
/// one-off move puts a day's training on the date it was moved to.
@Suite struct TrackPlanDayTests {
    static let plan = """
        {"planName": "Three days", "days": [
          {"day": "Monday", "title": "Squat day", "exercises": [{"name": "Back Squat", "sets": 3, "reps": 5, "weightKg": 100}]},
          {"day": "Tuesday", "rest": true},
          {"day": "Wednesday", "title": "Pull day", "exercises": [{"name": "Deadlift", "sets": 3, "reps": 5, "weightKg": 120}]},
          {"day": "Thursday", "rest": true},
          {"day": "Friday", "title": "Press day", "exercises": [{"name": "Overhead Press", "sets": 3, "reps": 5, "weightKg": 40}]},
          {"day": "Saturday", "rest": true},
          {"day": "Sunday", "rest": true}]}
        """

    @Test func aTrackedSessionTakesTheCalendarsPlanDayNotTheWeekdays() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let monday = LocalClock().today().mondayOfWeek.adding(days: -35)
        // Imported on the Wednesday: its week's Monday had no plan in force.
        try daemon.on(monday.adding(days: 2)) { try daemon.importPlan(Self.plan) }
        // The next week, carried over: Wednesday's training moved to Saturday.
        let nextWednesday = monday.adding(days: 9), nextSaturday = monday.adding(days: 12)
        let moved = try daemon.on(nextWednesday) { try daemon.ctl(["plan", "move", "wed", "sat"]) }
        #expect(moved.status == 0, "\(moved.stderr)")
        func track(_ date: LocalDate, _ exercise: String) throws -> String {
            let result = try daemon.ctl(["track", date.description, "10:00-11:00", exercise, "3x5@60"])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        #expect(try track(monday, "squat").hasPrefix("tracked Workout · \(monday) 10:00"), "before the plan: no plan day")
        #expect(try track(monday.adding(days: 4), "overhead press").hasPrefix("tracked Press day · "), "a day the plan was in force")
        #expect(try track(nextSaturday, "deadlift").hasPrefix("tracked Pull day · \(nextSaturday)"), "the day moved here")
        #expect(try track(nextWednesday, "deadlift").hasPrefix("tracked Workout · \(nextWednesday)"), "the day moved away")
    }

    /// A move this week, then the same move for every week: both say Wednesday trains
    /// Pull day, and it does; the move made for this week is not applied again on top of
    /// the plan that now trades the days itself.
    @Test func aMoveMadeForEveryWeekAfterTheSameMoveThisWeekKeepsWhatItSaid() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let monday = LocalClock().today().mondayOfWeek.adding(days: -35)
        try daemon.on(monday) { try daemon.importPlan(Self.plan) }
        let (wednesday, thursday) = (monday.adding(days: 2), monday.adding(days: 3))
        try daemon.on(monday) {
            let once = try daemon.ctl(["plan", "move", "wed", "thu"])
            #expect(once.status == 0 && once.stdout.contains("Thursday \(thursday): Pull day"), "\(once.stdout) \(once.stderr)")
            let always = try daemon.ctl(["plan", "move", "wed", "thu", "--every-week"])
            #expect(always.status == 0 && always.stdout.contains("Wednesday → Thursday: Pull day"), "\(always.stdout) \(always.stderr)")
            let week = try daemon.ctl(["plan", "show", "--week", "today"]).stdout
            #expect(week.contains("Thu \(thursday)  Pull day") && !week.contains("moved from"), "\(week)")
        }
        let trained = try daemon.on(thursday) { try daemon.ctl(["start"]) }
        #expect(trained.status == 0 && trained.stdout.contains("Pull day"), "\(trained.stdout) \(trained.stderr)")
        let summary = try JSONParser.parse(try daemon.on(thursday) { try daemon.ctl(["call", "summary.weekly"]) }.stdout)
        #expect(summary["plannedDays"]?.arrayValue?.contains(.string(wednesday.description)) == false, "Wednesday is a rest day: \(summary["plannedDays"] ?? .null)")
    }

    /// The same with two days of one title, told apart by their exercises as the
    /// store gives them to the calendar.
    @Test func aMoveMadeForEveryWeekBetweenDaysOfOneTitleKeepsWhatItSaid() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let plan = """
            {"planName": "Two", "days": [
              {"day": "Tuesday", "title": "Full Body", "exercises": [{"name": "Back Squat", "sets": 3, "reps": 5, "weightKg": 100}]},
              {"day": "Wednesday", "title": "Full Body", "exercises": [{"name": "Deadlift", "sets": 3, "reps": 5, "weightKg": 120}]}]}
            """
        let monday = LocalClock().today().mondayOfWeek.adding(days: -35)
        try daemon.on(monday) {
            try daemon.importPlan(plan)
            #expect(try daemon.ctl(["plan", "move", "tue", "wed"]).status == 0)
            #expect(try daemon.ctl(["plan", "move", "tue", "wed", "--every-week"]).status == 0)
            let week = try daemon.ctl(["plan", "show", "--week", "today"]).stdout
            #expect(!week.contains("moved from"), "\(week)")
            let tuesday = (week.components(separatedBy: "Tue ").dropFirst().first ?? "").components(separatedBy: "Wed ")[0]
            #expect(tuesday.contains("Deadlift") && !tuesday.contains("Back Squat"), "Tuesday trains the deadlift, as the plan now says: \(week)")
        }
    }

    /// A plan imported on Monday for next week becomes the active one, but this week
    /// still trains the plan before it: `exercise show` suggests today's weight for the
    /// plan of record's row, not for the next plan's.
    @Test func exerciseShowSuggestsForThePlanOfRecord() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let monday = LocalClock().today().mondayOfWeek.adding(days: -35)
        try daemon.on(monday.adding(days: -7)) {
            try daemon.importPlan(Self.plan)
            #expect(try daemon.ctl(["start"]).status == 0)
            #expect(try daemon.ctl(["log", "squat", "5", "100"]).status == 0)
            #expect(try daemon.ctl(["finish"]).status == 0)
        }
        let next = #"{"planName": "Volume", "days": [{"day": "Tuesday", "title": "Volume", "exercises": [{"name": "Back Squat", "sets": 2, "reps": 10, "weightKg": 80}]}]}"#
        try daemon.on(monday) {
            Fixtures.write(next, to: daemon.directory + "/next.json")
            let imported = try daemon.ctl(["plan", "import", daemon.directory + "/next.json", "--week-start", monday.adding(days: 7).description])
            #expect(imported.status == 0, "\(imported.stderr)")
            let shown = try daemon.ctl(["exercise", "show", "squat"]).stdout
            #expect(shown.contains("next, for the plan's 3 × 5: today"), "\(shown)")
        }
        let shown = try daemon.on(monday.adding(days: 8)) { try daemon.ctl(["exercise", "show", "squat"]).stdout }
        #expect(shown.contains("next, for the plan's 2 × 10: today"), "its week: \(shown)")
    }

    /// A name longer than any exercise's is refused as `log` refuses it, at once: the
    /// matcher is never asked to compare it with every name known.
    @Test func aNameLongerThanAnyExercisesIsAUsageError() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let long = String(repeating: "a", count: 50_000)
        let result = try daemon.ctl(["track", "yesterday", "10:00-11:00", long, "3x5"])
        #expect(result.status == 2 && result.stderr.contains("EXERCISE: must be at most 120 characters, got 50000"), "\(result.stderr.prefix(200))")
        #expect(try daemon.client().call("session.list").arrayValue?.isEmpty == true)
        let fits = try daemon.ctl(["track", "yesterday", "10:00-11:00", String(repeating: "b", count: 120), "3x5", "--new"])
        #expect(fits.status == 0, "\(fits.stderr)")
    }
}
