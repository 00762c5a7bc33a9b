import Testing
import TestSupport

@testable import SessionCore

/// `PlanDiff` on plans made here: each kind of change found once, nothing else.
@Suite struct PlanDiffTests {
    func exercise(_ name: String, sets: Int = 3, reps: Int? = 10, weight: Double? = nil) -> PlannedExercise {
        PlannedExercise(name: name, sets: sets, reps: reps, weightKg: weight)
    }

    func plan(_ days: [PlanDay]) -> Plan { Plan(name: "P", weekStart: Fixtures.monday, days: days) }

    func day(_ offset: Int, _ title: String, rest: Bool = false, _ exercises: [PlannedExercise]) -> PlanDay {
        PlanDay(date: Fixtures.monday.adding(days: offset), title: title, rest: rest, warmup: [], exercises: exercises)
    }

    @Test func everyKindOfChangeIsFoundOnceAndNothingElse() {
        let before = plan([
            day(0, "Push", [exercise("Bench Press", sets: 4, reps: 8, weight: 60), exercise("Dumbbell Fly"), exercise("Dips")]),
            day(1, "Rest", rest: true, []),
            day(2, "Legs", [exercise("Squat", sets: 5, reps: 5, weight: 100)]),
        ])
        var later = before
        later.days[0].exercises = [exercise("dips"), exercise("bench  press", sets: 5, reps: 5, weight: 62.5), exercise("Cable Fly")]
        later.days[1] = day(1, "Pull", [exercise("Row")])
        later.days[2].title = "Legs & Core"
        let diff = PlanDiff(from: before, to: later)
        #expect(diff.days.map(\.weekday) == [.monday, .tuesday, .wednesday])
        let monday = diff.days[0]
        #expect(monday.added.map(\.name) == ["Cable Fly"] && monday.removed.map(\.name) == ["Dumbbell Fly"])
        #expect(monday.changed.map(\.after.name) == ["dips", "bench  press"], "matched by key; a move alone is no change")
        #expect(monday.changed.last?.fields == ["name", "sets", "reps", "weight"])
        #expect(monday.title == nil && monday.rest == nil)
        #expect(diff.days[1].rest?.before == true && diff.days[1].rest?.after == false && diff.days[1].added.map(\.name) == ["Row"])
        #expect(diff.days[2].title?.after == "Legs & Core" && diff.days[2].changed.isEmpty)
        #expect(PlanDiff(from: before, to: before).isEmpty)
    }
}
