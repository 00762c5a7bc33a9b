import SessionCore
import Testing

@Suite struct SetDecisionTests {
    @Test func numbersFollowThePreviousSetAndWarmUpsDoNotCount() {
        let first = SetDecision(exerciseKey: "squat", kind: .warmup, reps: 5, weightKg: 40, previous: nil, bests: .none)
        #expect(first.setNumber == 1 && first.countedSets == 0)
        let second = SetDecision(exerciseKey: "squat", kind: .normal, reps: 5, weightKg: 100,
                                 previous: SetNumbering(setNumber: first.setNumber, countedSets: first.countedSets), bests: .none)
        #expect(second.setNumber == 2 && second.countedSets == 1)
    }

    @Test func theFirstSetOfAnExerciseIsABaselineNotARecord() {
        let decision = SetDecision(exerciseKey: "squat", kind: .normal, reps: 5, weightKg: 100, previous: nil, bests: .none)
        #expect(decision.records.isEmpty)
        #expect(decision.oneRepMaxKg == 100 * (1 + 5.0 / 30), "Epley: w × (1 + reps / 30)")
        #expect(decision.recordWeightKg == 100)
    }

    @Test func recordsNameWhatWasBeaten() {
        let bests = ExerciseBests(oneRepMaxKg: 120, heaviestKg: 105)
        let heavier = SetDecision(exerciseKey: "squat", kind: .normal, reps: 5, weightKg: 110, previous: nil, bests: bests)
        #expect(heavier.records == [.oneRepMax, .weight])
        let moreReps = SetDecision(exerciseKey: "squat", kind: .normal, reps: 10, weightKg: 100, previous: nil, bests: bests)
        #expect(moreReps.records == [.oneRepMax], "133 kg estimated beats 120; 100 kg does not beat 105")
        let equal = SetDecision(exerciseKey: "squat", kind: .normal, reps: 1, weightKg: 105, previous: nil, bests: ExerciseBests(oneRepMaxKg: 200, heaviestKg: 105))
        #expect(equal.records.isEmpty, "equalling a best is no record")
    }

    @Test func warmUpsContributeNothingToBests() {
        let bests = ExerciseBests(oneRepMaxKg: 10, heaviestKg: 10)
        let warmUp = SetDecision(exerciseKey: "squat", kind: .warmup, reps: 5, weightKg: 200, previous: nil, bests: bests)
        #expect(warmUp.records.isEmpty && warmUp.oneRepMaxKg == nil && warmUp.recordWeightKg == nil)
    }

    @Test func aBodyWeightSetMakesAHistoryToBeat() {
        let bodyWeight = SetDecision(exerciseKey: "pull-up", kind: .normal, reps: 8, weightKg: 0, previous: nil, bests: .none)
        #expect(bodyWeight.oneRepMaxKg == nil && bodyWeight.recordWeightKg == 0)
        let weighted = SetDecision(exerciseKey: "pull-up", kind: .normal, reps: 5, weightKg: 10, previous: nil,
                                   bests: ExerciseBests(oneRepMaxKg: nil, heaviestKg: bodyWeight.recordWeightKg))
        #expect(weighted.records == [.oneRepMax, .weight])
    }

    @Test func recordKindsRoundTripThroughTheirNames() {
        for kinds: RecordKinds in [[], [.oneRepMax], [.weight], [.oneRepMax, .weight]] {
            #expect(RecordKinds(names: kinds.names) == kinds)
        }
        #expect(RecordKinds(names: "oneRepMax,weight".split(separator: ",")).names == ["oneRepMax", "weight"])
        #expect(RecordKinds(names: ["bogus"]).isEmpty)
    }
}
