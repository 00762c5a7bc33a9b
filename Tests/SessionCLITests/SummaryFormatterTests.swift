@testable import SessionCore
import SessionRPC
import JSON
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

    @Test func theWeeksVolumeIsRoundedAsThePromptRoundsIt() {
        let base = summary(planned: 1, due: 1, done: 1, sessions: 1)
        for volume in [1012.5, 1012.4, 999.5] {
            let week = WeeklySummary(
                weekStart: base.weekStart, plannedDays: base.plannedDays, dueDays: base.dueDays, completedPlannedDays: base.completedPlannedDays,
                missedDays: [], sessions: 1, adherence: 1, sets: 8, reps: 75, volumeKg: volume, activeMinutes: 3, averageRPE: nil, hardSets: 0,
                exercises: [], skipped: [], health: [], volumePerDayKg: [])
            let shown = WeightUnit.kg.volumeText(week.volumeKg)
            #expect(PromptContext.render(week).contains("Training: 8 sets, \(shown) volume"), "\(volume): \(shown) against the prompt")
        }
        #expect(WeightUnit.kg.volumeText(1012.5) == "1,013 kg")
        // One of a thing is said in the singular.
        let one = WeeklySummary(
            weekStart: base.weekStart, plannedDays: [base.weekStart], dueDays: [], completedPlannedDays: [], missedDays: [], sessions: 2,
            adherence: 0, sets: 1, reps: 5, volumeKg: 500, activeMinutes: 3, averageRPE: nil, hardSets: 0, exercises: [], skipped: [], health: [],
            volumePerDayKg: [])
        let text = PromptContext.render(one)
        #expect(text.contains("Training: 1 set, ") && text.contains(": 1 planned session, none due yet"), "\(text)")
        #expect(WeightUnit.lb.volumeText(102.05) == "225 lb", "224.98 lb")
    }
}

@Suite struct WatchFormatTests {
    /// A set.logged payload as the daemon writes it.
    static func logged(_ exercise: String, kind: SetKind = .normal, reps: Int?, loggedSets: Int, plannedSets: Int, planned: Bool,
                       loggedAt: String = "2026-11-30T18:05:09.000+01:00") throws -> JSONValue {
        let result = SessionLog.Result {
            $0.setID = 1
            $0.sessionID = 1
            $0.setNumber = loggedSets
            $0.exercise = exercise
            $0.plannedExerciseID = planned ? 4 : nil
            $0.kind = kind
            $0.reps = reps
            $0.weightKg = nil
            $0.durationSeconds = nil
            $0.loggedAt = loggedAt
            $0.progress.loggedSets = loggedSets
            $0.progress.plannedSets = plannedSets
            $0.restSeconds = nil
            $0.rpe = nil
            $0.personalRecord = nil
        }
        return try JSONParser.parse(bytes: result.jsonBytes)
    }

    @Test func timesAreTheDaemonsTimeOfDayAsEverywhereElse() throws {
        let ends = "2026-11-30T14:14:20.194+01:00"
        let rest = RestStartedEvent.Payload(sessionID: 1, exercise: "Plank", seconds: 45, endsAt: ends)
        let line = RemoteCommands.describe(event: try JSONParser.parse(bytes: rest.jsonBytes), type: "rest.started")
        #expect(line.hasSuffix("  rest.started  Plank · rest 0:45 until 14:14:20"), "\(line)")
        let logged = RemoteCommands.describe(event: try Self.logged("Row", reps: 8, loggedSets: 1, plannedSets: 3, planned: true), type: "set.logged")
        #expect(logged.hasPrefix("18:05:09  set.logged"), "\(logged)")
    }

    /// A set reads in watch as log prints it.
    @Test func warmUpsOffPlanSetsAndUndoneSetsReadAsLogSaysThem() throws {
        let console = Console(capturing: false)
        for (payload, expected) in [
            (try Self.logged("Squat", kind: .warmup, reps: 10, loggedSets: 0, plannedSets: 4, planned: true), "Squat · warm-up · 10 reps · next: set 1 of 4"),
            (try Self.logged("Burpee", reps: 10, loggedSets: 2, plannedSets: 0, planned: false), "Burpee (off-plan) · set 2 · 10 reps"),
            (try Self.logged("Row", reps: 8, loggedSets: 1, plannedSets: 3, planned: true), "Row · set 1/3 · 8 reps · next: set 2 of 3"),
        ] {
            let line = RemoteCommands.describe(event: payload, type: "set.logged", console: console)
            let log = SessionFormatter(console: console).logged(try SessionLog.Result(json: payload), session: nil).set
            #expect(line.hasSuffix("set.logged  " + expected) && line.hasSuffix(log), "\(line)")
        }
        let undone = SessionUndo.Removed { $0.setID = 3; $0.sessionID = 1; $0.exercise = "Row"; $0.setNumber = 1 }
        #expect(RemoteCommands.describe(event: try JSONParser.parse(bytes: undone.jsonBytes), type: "set.undone").hasSuffix("set.undone  Row · set 1 removed"))
        #expect(RemoteCommands.describe(event: .obj(["exercise": "Row"]), type: "set.undone").contains("not as declared"), "a payload that is not its type is said so")
    }
}
