@testable import SessionCore
import SessionRPC
import Testing
import SessionSystem
@testable import SessionCLI

@Suite struct SummaryFormatterTests {
    func summary(planned: Int, due: Int, done: Int, sessions: Int) -> WeeklySummary {
        let monday = LocalDate(daysSinceEpoch: 20_000).mondayOfWeek
        let dates = (0..<planned).map { monday.adding(days: $0) }
        return WeeklySummary(
            weekStart: monday, plannedDays: dates, dueDays: Array(dates.prefix(due)), completedPlannedDays: Array(dates.prefix(done)),
            missedDays: [], sessions: sessions, adherence: due > 0 ? Double(done) / Double(due) : nil, sets: 0, reps: 0, volumeKg: 0,
            activeMinutes: 0, averageRPE: nil, hardSets: 0, exercises: [], skipped: [], health: [], volumePerDayKg: [])
    }

    @Test func theHeaderSaysWhatWasDueDoneAndIsStillAhead() {
        #expect(SummaryFormatter.progress(summary(planned: 3, due: 2, done: 1, sessions: 2)) == " · 1/2 planned sessions (50%) · 1 to come · 2 logged")
        #expect(SummaryFormatter.progress(summary(planned: 2, due: 2, done: 2, sessions: 2)) == " · 2/2 planned sessions (100%) · 2 logged")
        #expect(SummaryFormatter.progress(summary(planned: 3, due: 0, done: 0, sessions: 0)) == " · 3 planned, none due yet · 0 logged",
                "Monday morning: nothing is missed yet")
        #expect(SummaryFormatter.progress(summary(planned: 0, due: 0, done: 0, sessions: 1)) == " · nothing planned · 1 logged")
    }

    @Test func countsAgreeWithTheirNouns() {
        #expect(PlanFormatter.count(1, "set") == "1 set")
        #expect(PlanFormatter.count(0, "set") == "0 sets")
        #expect(PlanFormatter.count(12, "rep") == "12 reps")
    }
}

@Suite struct WatchFormatTests {
    @Test func restEndsInThisMachinesTimeOfDay() throws {
        let clock = LocalClock()
        let ends = "2026-11-30T14:14:20.194+01:00"
        let line = Commands.describe(event: .obj(["exercise": "Plank", "seconds": 45, "endsAt": .string(ends)]), type: "rest.started", clock: clock)
        let local = String(clock.rfc3339(ms: try #require(RFC3339.parse(ends))).dropFirst(11).prefix(8))
        #expect(line.hasSuffix("  rest.started  Plank · rest 0:45 until \(local)"), "\(line)")
        #expect(local.count == 8 && !line.contains("+01:00"))
    }
}
