@testable import SessionCore
import TestSupport
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
        // Without a body mass a body-weight exercise has no estimate: the added load is a weight record only.
        #expect(weighted.records == [.weight])
    }

    /// Records of every kind, each beaten only by more than the best before.
    @Test func repsAtAWeightSetVolumeAndRepsWithoutALoad() {
        var bests = ExerciseBests.none
        func log(_ reps: Int, _ weight: Double?, _ kind: SetKind = .normal) -> RecordKinds {
            let decision = SetDecision(exerciseKey: "back squat", kind: kind, reps: reps, weightKg: weight, previous: nil, bests: bests, countsBodyMass: false)
            bests = bests.adding(decision, weightKg: weight) ?? bests
            return decision.records
        }
        #expect(log(5, 100) == [], "the first set is a baseline")
        #expect(log(8, 90) == [.setVolume, .repsAtWeight], "720 kg against 500; 8 reps where the most at 90 kg or more were 5 (at 100)")
        #expect(bests.repsAtWeight == [WeightReps(weightKg: 100, reps: 5), WeightReps(weightKg: 90, reps: 8)])
        #expect(log(6, 100) == [.oneRepMax, .repsAtWeight], "6 at 100 kg: 120 kg e1RM against 116.7 and 5 reps; 600 kg set volume is short of 720")
        #expect(bests.repsAtWeight == [WeightReps(weightKg: 100, reps: 6), WeightReps(weightKg: 90, reps: 8)])
        #expect(log(8, 95) == [.oneRepMax, .setVolume, .repsAtWeight], "8 at 95: nobody did 8 at 95 or more")
        #expect(bests.repsAtWeight == [WeightReps(weightKg: 100, reps: 6), WeightReps(weightKg: 95, reps: 8)], "95 × 8 matches 90 × 8")
        #expect(log(7, 90) == [], "7 at 90: 8 were done at 95")
        #expect(log(20, 100, .warmup) == [], "warm-ups are never records")
        #expect(log(1, 110) == [.weight], "heavier than ever: a weight record, no rep record to beat at 110")
        // Without a load: the most reps.
        #expect(log(10, nil) == [], "the first set without a load is a baseline of its kind")
        #expect(log(12, nil) == [.reps])
        #expect(log(12, 0) == [], "as many is no record")
        #expect(bests.mostReps == 12)
    }

    @Test func theFrontierKeepsOnlyWeightsNoHeavierOneMatched() {
        var frontier: [WeightReps] = []
        for (weight, reps) in [(100.0, 5), (80, 10), (90, 7), (80, 9), (100, 3), (60, 10), (105, 5)] {
            frontier = WeightReps.frontier(frontier, adding: WeightReps(weightKg: weight, reps: reps))
        }
        // Worked by hand: 105 × 5 replaces 100 × 5; 60 × 10 is matched by 80 × 10.
        #expect(frontier == [WeightReps(weightKg: 105, reps: 5), WeightReps(weightKg: 90, reps: 7), WeightReps(weightKg: 80, reps: 10)])
        let bests = ExerciseBests(oneRepMaxKg: nil, heaviestKg: 105, repsAtWeight: frontier)
        #expect(bests.mostReps(atLeast: 85) == 7 && bests.mostReps(atLeast: 80) == 10 && bests.mostReps(atLeast: 20) == 10)
        #expect(bests.mostReps(atLeast: 106) == nil)
    }

    @Test func recordKindsRoundTripThroughTheirNames() {
        for kinds: RecordKinds in [[], [.oneRepMax], [.weight], [.oneRepMax, .weight]] {
            #expect(RecordKinds(names: kinds.names) == kinds)
        }
        #expect(RecordKinds(names: "oneRepMax,weight".split(separator: ",")).names == ["oneRepMax", "weight"])
        #expect(RecordKinds(names: ["bogus"]).isEmpty)
    }
}

/// Body-weight exercises: the load is body mass plus what was added.
@Suite struct BodyweightDecisionTests {
    @Test(arguments: [
        ("pull up", true), ("weighted pull up", true), ("chin up", true), ("ring dips", true), ("push up", true), ("pull-up", true),
        ("bench press", false), ("pullover", false), ("dumbbell row", false), ("lat pulldown", false), ("inverted row", true),
        ("assisted pull up", false), ("pull up (weighted)", true), ("my pull-up variation", false),
    ])
    func bodyweightExercisesAreTheCatalogs(name: String, bodyweight: Bool) {
        #expect(Bodyweight.isBodyweight(exerciseKey: name.exerciseKey) == bodyweight)
    }

    @Test func addedLoadCountsOnTopOfBodyMass() throws {
        let key = "pull up"
        let bodyweightSet = SetDecision(exerciseKey: key, kind: .normal, reps: 10, weightKg: nil, previous: nil, bests: .none, bodyMassKg: 80)
        let estimate = try #require(bodyweightSet.oneRepMaxKg)
        #expect(abs(estimate - 80 * (1 + 10.0 / 30)) < 1e-9)
        // Six at +10 kg is 90 kg × 1.2 = 108 kg: more than ten at body weight (106.7 kg), not the 12 kg the added load alone gives.
        let weighted = SetDecision(exerciseKey: key, kind: .normal, reps: 6, weightKg: 10, previous: nil,
                                   bests: ExerciseBests(oneRepMaxKg: estimate, heaviestKg: 0), bodyMassKg: 80)
        #expect(abs((weighted.oneRepMaxKg ?? 0) - 108) < 1e-9)
        #expect(weighted.records == [.oneRepMax, .weight])
        // A lighter weighted set does not outrank ten at body weight.
        let light = SetDecision(exerciseKey: key, kind: .normal, reps: 5, weightKg: 2.5, previous: nil,
                                bests: ExerciseBests(oneRepMaxKg: estimate, heaviestKg: 10), bodyMassKg: 80)
        #expect(light.records == [])
    }

    @Test func withoutBodyMassThereIsNoEstimateAndSetsRankByReps() {
        let weighted = SetDecision(exerciseKey: "pull up", kind: .normal, reps: 6, weightKg: 10, previous: nil,
                                   bests: ExerciseBests(oneRepMaxKg: nil, heaviestKg: 0), bodyMassKg: nil)
        #expect(weighted.oneRepMaxKg == nil)
        #expect(weighted.records == [.weight])
        // Other exercises are as they were: the weight is the load.
        #expect(SetDecision(exerciseKey: "bench press", kind: .normal, reps: 5, weightKg: 100, previous: nil, bests: .none, bodyMassKg: 80).oneRepMaxKg
                == Epley.oneRepMax(weightKg: 100, reps: 5))
    }
}

/// The rule a typed set is checked by before it is stored, on its edges.
@Suite struct SetPlausibilityTests {
    @Test func manyRepsAreDoubtedOnlyUnderALoad() {
        #expect(SetPlausibility.doubt(reps: 30, weightKg: 80, plannedWeightKg: nil, heaviestKg: nil) == nil, "30 is still plausible")
        #expect(SetPlausibility.doubt(reps: 31, weightKg: 80, plannedWeightKg: nil, heaviestKg: nil) == .repsUnderLoad(reps: 31))
        #expect(SetPlausibility.doubt(reps: 85, weightKg: nil, plannedWeightKg: 80, heaviestKg: nil) == .repsUnderLoad(reps: 85),
                "5x85 of a squat planned at 80 kg")
        #expect(SetPlausibility.doubt(reps: 85, weightKg: nil, plannedWeightKg: nil, heaviestKg: 100) == .repsUnderLoad(reps: 85),
                "an exercise logged with a weight before")
        #expect(SetPlausibility.doubt(reps: 60, weightKg: nil, plannedWeightKg: nil, heaviestKg: nil) == nil, "push-ups: no load anywhere")
        #expect(SetPlausibility.doubt(reps: 60, weightKg: 0, plannedWeightKg: 0, heaviestKg: 0) == nil, "a zero load is none")
    }

    @Test func aWeightOverTwiceTheHeaviestIsDoubted() {
        #expect(SetPlausibility.doubt(reps: 5, weightKg: 200, plannedWeightKg: nil, heaviestKg: 100) == nil, "exactly twice is plausible")
        #expect(SetPlausibility.doubt(reps: 5, weightKg: 200.5, plannedWeightKg: nil, heaviestKg: 100) == .overBest(weightKg: 200.5, heaviestKg: 100))
        #expect(SetPlausibility.doubt(reps: 1, weightKg: 120, plannedWeightKg: 80, heaviestKg: nil) == nil, "never logged: any weight")
        #expect(SetPlausibility.doubt(reps: nil, weightKg: 500, plannedWeightKg: nil, heaviestKg: 100) == .overBest(weightKg: 500, heaviestKg: 100))
    }

    /// 3x0 for 3x10: nothing done, which would count towards the plan as sets done.
    @Test func nothingDoneIsAskedAboutButForAFailedAttemptOrAWarmUp() {
        for kind in [SetKind.normal, .drop] {
            #expect(SetPlausibility.nothingDone(kind: kind, reps: 0, durationSeconds: nil), "\(kind): 0 reps")
            #expect(SetPlausibility.nothingDone(kind: kind, reps: nil, durationSeconds: 0), "\(kind): a plank of 0 s")
            #expect(SetPlausibility.nothingDone(kind: kind, reps: 0, durationSeconds: 0), "\(kind): neither")
            #expect(!SetPlausibility.nothingDone(kind: kind, reps: 0, durationSeconds: 30), "\(kind): 30 s of a hold is something done")
            #expect(!SetPlausibility.nothingDone(kind: kind, reps: 1, durationSeconds: nil), "\(kind): one rep")
        }
        #expect(!SetPlausibility.nothingDone(kind: .failure, reps: 0, durationSeconds: nil), "a failed attempt is 0 reps")
        #expect(!SetPlausibility.nothingDone(kind: .warmup, reps: 0, durationSeconds: nil), "a warm-up counts towards nothing")
        #expect(!SetPlausibility.nothingDone(kind: .normal, reps: nil, durationSeconds: nil), "no number typed")
    }
}
