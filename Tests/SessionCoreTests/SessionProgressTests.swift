import Testing
import SessionCore

/// What comes next in a session against its plan day: one rule for a bare `log`, the
/// log's reply and `status`.
@Suite struct SessionProgressTests {
    let day: [(id: Int64, exercise: PlannedExercise)] = [
        (1, PlannedExercise(name: "Goblet Squat", sets: 4, reps: 10, weightKg: 24)),
        (2, PlannedExercise(name: "Romanian Deadlift", sets: 3, reps: 8, weightKg: 30)),
        (3, PlannedExercise(name: "Dead Bug", sets: 2, reps: 10)),
    ]

    func progress(_ logged: [Int64: Int], last: Int64?) -> SessionProgress {
        let tally = logged.map { ExerciseTally(plannedExerciseID: $0.key, name: "", countedSets: $0.value, volumeKg: 0, allSets: $0.value) }
        return SessionProgress(planned: day, tally: tally, lastPlannedID: last)
    }

    /// The exercise just done goes on while it has sets left, whatever its place in
    /// the plan; then the first planned exercise with sets left; nothing once all are.
    @Test func theExerciseJustDoneGoesOnThenThePlansOrder() {
        #expect(progress([:], last: nil).next?.plannedExerciseID == 1, "nothing done: the plan's first")
        let second = progress([2: 1], last: 2).next
        #expect(second?.plannedExerciseID == 2 && second?.setNumber == 2 && second?.plannedSets == 3, "after the deadlift's first set: its second")
        #expect(progress([2: 3], last: 2).next?.plannedExerciseID == 1, "the deadlift done: the first with sets left")
        #expect(progress([2: 1], last: nil).next?.plannedExerciseID == 1, "after an off-plan set: the plan's order")
        #expect(progress([1: 4, 2: 3, 3: 2], last: 3).next == nil)
    }
}
