import Testing
import TestSupport
@testable import SessionCore

@Suite struct DayRedoTests {
    let plan = Plan(name: "P", weekStart: Fixtures.monday, days: [
        PlanDay(date: Fixtures.monday, title: "Push", rest: false, warmup: [], exercises: [PlannedExercise(name: "Bench", sets: 3)]),
        PlanDay(date: Fixtures.monday.adding(days: 2), title: "Pull", rest: false, warmup: [], exercises: [PlannedExercise(name: "Row", sets: 3)]),
    ])

    @Test func theAvoidListIsTheOtherDaysAndTheGivenNames() throws {
        let redo = try #require(DayRedo(plan: plan, date: Fixtures.monday.adding(days: 2), avoiding: ["  burpee ", "Bench"]))
        #expect(redo.avoid == ["Bench", "burpee"])
        let user = redo.userMessage(profile: Profile { $0.goals = "Strength"; $0.equipment = ["kettlebell"]; $0.weightsKg = [16] })
        #expect(user.contains("Equipment (use only this): kettlebell"))
        #expect(user.contains("It was \"Pull\": Row; replace it."))
        #expect(user.contains("Do not use these exercises (other days of the week have them): Bench, burpee"))
        #expect(DayRedo(plan: plan, date: Fixtures.monday.adding(days: 7)) == nil)
    }

    @Test func theAnswerReplacesTheDayOrIsRefused() throws {
        let redo = try #require(DayRedo(plan: plan, date: Fixtures.monday.adding(days: 3)))
        let answer = Plan(name: "A", weekStart: Fixtures.monday, days: [
            PlanDay(date: Fixtures.monday.adding(days: 4), title: "Legs", rest: false, warmup: [], exercises: [PlannedExercise(name: "Squat", sets: 5)]),
        ])
        let replaced = try redo.replacing(with: answer)
        // Friday's day, asked for Thursday: placed there, and said so.
        #expect(redo.placementWarning(for: answer) == PathMessage(path: "days[0].day", message: "Friday placed on Thursday \(Fixtures.monday.adding(days: 3)), the day asked for"))
        var onThursday = answer
        onThursday.days[0].date = Fixtures.monday.adding(days: 3)
        #expect(redo.placementWarning(for: onThursday) == nil)
        #expect(replaced.name == "P")
        #expect(replaced.days.map(\.title) == ["Push", "Pull", "Legs"])
        #expect(replaced.days.last?.date == Fixtures.monday.adding(days: 3), "placed on the day asked for")
        var clash = answer
        clash.days[0].exercises.append(PlannedExercise(name: "row", sets: 3))
        #expect(throws: PlanImportError(errors: [PathMessage(path: "days[0].exercises[1].name", message: "\"row\" is on the avoid-list (another day of the week has it); choose another exercise")])) {
            try redo.replacing(with: clash)
        }
        #expect(throws: PlanImportError.self) { try redo.replacing(with: plan) }
    }

    /// The avoid-list holds exercises, not spellings: another name the catalog gives the
    /// same lift clashes too, and is said to be that lift.
    @Test func anotherNameOfAnAvoidedExerciseIsRefusedAsIt() throws {
        let week = Plan(name: "P", weekStart: Fixtures.monday, days: [
            PlanDay(date: Fixtures.monday, title: "Legs", rest: false, warmup: [], exercises: [PlannedExercise(name: "Back Squat", sets: 3)]),
            PlanDay(date: Fixtures.monday.adding(days: 4), title: "Press", rest: false, warmup: [], exercises: [PlannedExercise(name: "Overhead Press", sets: 3)]),
        ])
        let redo = try #require(DayRedo(plan: week, date: Fixtures.monday.adding(days: 3)))
        let answer = Plan(name: "A", weekStart: Fixtures.monday, days: [
            PlanDay(date: Fixtures.monday.adding(days: 3), title: "Mixed", rest: false, warmup: [], exercises: [
                PlannedExercise(name: "Barbell Back Squat", sets: 3), PlannedExercise(name: "Dumbbell Row", sets: 3), PlannedExercise(name: "OHP", sets: 3),
            ]),
        ])
        let says = { (index: Int, name: String, listed: String) in
            PathMessage(path: "days[0].exercises[\(index)].name",
                        message: "\"\(name)\" is on the avoid-list as \(listed) (another day of the week has it); choose another exercise")
        }
        #expect(throws: PlanImportError(errors: [says(0, "Barbell Back Squat", "Back Squat"), says(2, "OHP", "Overhead Press")])) {
            try redo.replacing(with: answer)
        }
    }
}
