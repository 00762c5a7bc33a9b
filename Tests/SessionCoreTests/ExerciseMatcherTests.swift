import SessionCore
import Testing

@Suite struct ExerciseMatcherTests {
    @Test func matchesExercisesForgivingly() {
        let day = [
            ExerciseMatcher.Candidate(id: 10, position: 1, name: "Goblet Squat"),
            ExerciseMatcher.Candidate(id: 11, position: 2, name: "Dumbbell Romanian Deadlift"),
            ExerciseMatcher.Candidate(id: 12, position: 3, name: "Bulgarian Split Squat"),
        ]
        #expect(ExerciseMatcher.match("goblet squat", in: day) == .planned(day[0]))
        #expect(ExerciseMatcher.match("GOB", in: day) == .planned(day[0]))
        #expect(ExerciseMatcher.match("romanian", in: day) == .planned(day[1]))
        #expect(ExerciseMatcher.match("squat", in: day) == .ambiguous([day[0], day[2]]))
        #expect(ExerciseMatcher.match("goblet-squat", in: day) == .planned(day[0]), "a completed word finds what it completed")
        #expect(ExerciseMatcher.match("bulgarian_split", in: day) == .planned(day[2]))
        #expect(ExerciseMatcher.match("split squat", in: day) == .planned(day[2]))
        #expect(ExerciseMatcher.match("  Farmer   Carry", in: day) == .offPlan("Farmer Carry"))
        let back = [ExerciseMatcher.Candidate(id: 1, position: 1, name: "Lateral Raise"), ExerciseMatcher.Candidate(id: 2, position: 2, name: "Lat Pulldown")]
        #expect(ExerciseMatcher.match("lat", in: back) == .planned(back[1]), "a whole word beats a prefix")
        #expect(ExerciseMatcher.match("lat", in: [back[0]]) == .planned(back[0]), "a prefix still finds a name alone")
    }

    @Test func typosSuggestTheClosestNames() {
        let names = ["Overhead Press", "Overhead Triceps Extension", "Deadlift", "Bench Press"]
        #expect(ExerciseMatcher.suggestions(for: "overhed", among: names).first == "Overhead Press")
        #expect(ExerciseMatcher.suggestions(for: "deadlfit", among: names) == ["Deadlift"])
        #expect(ExerciseMatcher.suggestions(for: "bnech press", among: names) == ["Bench Press"])
        #expect(ExerciseMatcher.suggestions(for: "kettlebell swing", among: names).isEmpty)
    }

    @Test func offPlanExercisesAlreadyLoggedMatchToo() {
        let day = [ExerciseMatcher.Candidate(id: 10, position: 1, name: "Goblet Squat")]
        let logged = [ExerciseMatcher.Candidate(offPlan: "push-up"), ExerciseMatcher.Candidate(offPlan: "Farmer Carry")]
        #expect(ExerciseMatcher.match("push", in: day + logged) == .logged("push-up"), "continues the exercise as first logged")
        #expect(ExerciseMatcher.match("FARMER CARRY", in: day + logged) == .logged("Farmer Carry"))
        #expect(ExerciseMatcher.match("gob", in: day + logged) == .planned(day[0]))
        #expect(ExerciseMatcher.match("carry", in: day + logged) == .logged("Farmer Carry"), "a word of the name")
        let two = [ExerciseMatcher.Candidate(offPlan: "Carry Hold"), ExerciseMatcher.Candidate(offPlan: "Carry Walk")]
        #expect(ExerciseMatcher.match("carry", in: day + two) == .ambiguous(two))
        #expect(ExerciseMatcher.match("plank", in: day + logged) == .offPlan("plank"))
    }

    let day = [
        ExerciseMatcher.Candidate(id: 10, position: 1, name: "Overhead Press"),
        ExerciseMatcher.Candidate(id: 11, position: 2, name: "Lat Pulldown"),
        ExerciseMatcher.Candidate(id: 12, position: 3, name: "Lateral Raise"),
    ]

    @Test func positionsNameThePlanDaysExercises() throws {
        #expect(try ExerciseMatcher.resolve(position: 2, planned: day) == .planned(id: 11))
        #expect(throws: SessionError.noExerciseAtPosition(4, planned: 3)) { try ExerciseMatcher.resolve(position: 4, planned: day) }
        let logged = [ExerciseMatcher.Candidate(offPlan: "Farmer Carry")]
        #expect(throws: SessionError.noExerciseAtPosition(1, planned: 0), "an off-plan name has no position") {
            try ExerciseMatcher.resolve(position: 1, planned: logged)
        }
    }
}
