import Testing
import SessionCore

/// The double-progression rule on its edges: the top of the range reached in every
/// planned set, or not; warm-ups and sets without a load left out; this session's sets
/// before last time's; never below the plan's weight before today's first set; the
/// steps each kind of equipment allows.
@Suite struct DoubleProgressionTests {
    typealias Set = DoubleProgression.LoggedSet

    func suggest(_ lastTime: [Set], today: [Set] = [], reps: Int? = 8, repsMax: Int? = 12, planned: Int = 3, weightKg: Double? = nil,
                 equipment: Equipment? = .barbell, available: [Double] = []) -> DoubleProgression.Suggestion? {
        DoubleProgression.suggest(
            plan: .init(sets: planned, reps: reps, repsMax: repsMax, weightKg: weightKg), today: today, lastTime: lastTime,
            equipment: equipment, availableKg: available)
    }

    @Test func everySetAtTheTopStepsUpAndAMissedRepKeepsTheWeight() {
        let top: [Set] = [(.normal, 12, 60), (.normal, 12, 60), (.normal, 12, 60)]
        #expect(suggest(top) == .init(weightKg: 62.5, change: .up, from: .lastTime))
        #expect(suggest(top.dropLast() + [(.normal, 11, 60)]) == .init(weightKg: 60, change: .same, from: .lastTime), "one rep short of 12")
        #expect(suggest(Array(top.prefix(2))) == .init(weightKg: 60, change: .setsLeft, from: .lastTime), "two sets of the three planned")
        #expect(suggest(top + [(.normal, 6, 60)]) == .init(weightKg: 60, change: .same, from: .lastTime), "an extra set below the top counts too")
        #expect(suggest(Array(top.prefix(2)) + [(.normal, 9, 60)], planned: 4) == .init(weightKg: 60, change: .same, from: .lastTime),
                "reps missed is said before sets left out")
    }

    @Test func aPlainTargetIsItsOwnTop() {
        let fives: [Set] = [(.normal, 5, 100), (.normal, 5, 100), (.normal, 5, 100)]
        #expect(suggest(fives, reps: 5, repsMax: nil) == .init(weightKg: 102.5, change: .up, from: .lastTime))
        #expect(suggest(fives, reps: 6, repsMax: nil) == .init(weightKg: 100, change: .same, from: .lastTime))
    }

    @Test func workingSetsAreTheCountedOnesAtTheHeaviestWeight() {
        let ramp: [Set] = [(.warmup, 3, 100), (.normal, 12, 40), (.normal, 12, 50), (.normal, 12, 50), (.normal, 12, 50), (.drop, 12, 30)]
        #expect(suggest(ramp) == .init(weightKg: 52.5, change: .up, from: .lastTime), "the warm-up's 100 kg is not the working weight")
        #expect(suggest([(.normal, 12, nil), (.normal, 12, 0)]) == nil, "no load: nothing to suggest")
        #expect(suggest([(.warmup, 12, 60)]) == nil)
        #expect(suggest([(.normal, 12, 60)], reps: nil, repsMax: nil) == nil, "no rep target in the plan")
    }

    /// Today's prescription: last time's lighter sets (reps missed at 17 kg) do not take
    /// the weight below the plan's 25 kg; once today has working sets they are what it
    /// starts from, and four of 10 × 25 kg against 4 × 10 planned step up from 25 kg.
    @Test func thePlanAndTodaysSetsComeBeforeLastTime() {
        let lastTime: [Set] = [(.normal, 8, 17), (.normal, 7, 17)]
        let plan = (reps: 10, weightKg: 25.0, sets: 4)
        #expect(suggest(lastTime, reps: plan.reps, repsMax: nil, planned: plan.sets, weightKg: plan.weightKg, equipment: .dumbbell)
            == .init(weightKg: plan.weightKg, change: .plan, from: .lastTime))
        let today = Array(repeating: Set(kind: .normal, reps: plan.reps, weightKg: plan.weightKg), count: plan.sets)
        let step = 2.5  // a dumbbell without a profile's list
        #expect(suggest(lastTime, today: today, reps: plan.reps, repsMax: nil, planned: plan.sets, weightKg: plan.weightKg, equipment: .dumbbell)
            == .init(weightKg: plan.weightKg + step, change: .up, from: .today))
        #expect(suggest(lastTime, today: Array(today.prefix(2)), reps: plan.reps, repsMax: nil, planned: plan.sets, weightKg: plan.weightKg,
                        equipment: .dumbbell) == .init(weightKg: plan.weightKg, change: .setsLeft, from: .today), "two of four done")
        // Today's sets are today's evidence: lighter than the plan, they are kept.
        #expect(suggest(lastTime, today: [(.normal, 9, 20)], reps: plan.reps, repsMax: nil, planned: plan.sets, weightKg: plan.weightKg,
                        equipment: .dumbbell) == .init(weightKg: 20, change: .same, from: .today))
        #expect(suggest(lastTime, today: [(.warmup, 10, 10)], reps: plan.reps, repsMax: nil, planned: plan.sets, weightKg: plan.weightKg,
                        equipment: .dumbbell)?.from == .lastTime, "a warm-up is no working set")
        // A plan lighter than where last time led: double progression goes past it.
        let top: [Set] = [(.normal, 12, 60), (.normal, 12, 60), (.normal, 12, 60)]
        #expect(suggest(top, weightKg: 50) == .init(weightKg: 62.5, change: .up, from: .lastTime))
    }

    @Test func theStepIsTheEquipmentsSmallest() {
        #expect(DoubleProgression.nextWeight(after: 60, equipment: .barbell, availableKg: []) == 62.5)
        #expect(DoubleProgression.nextWeight(after: 60, equipment: .smith, availableKg: [0.5, 20]) == 61, "fractional plates")
        #expect(DoubleProgression.nextWeight(after: 16, equipment: .dumbbell, availableKg: [20, 14, 18, 16]) == 18)
        #expect(DoubleProgression.nextWeight(after: 20, equipment: .dumbbell, availableKg: [14, 16, 18, 20]) == nil, "the heaviest listed")
        #expect(DoubleProgression.nextWeight(after: 16, equipment: .kettlebell, availableKg: []) == 18.5)
        #expect(DoubleProgression.nextWeight(after: 40, equipment: .machine, availableKg: []) == 45)
        #expect(DoubleProgression.nextWeight(after: 40, equipment: .cable, availableKg: []) == 45)
        #expect(DoubleProgression.nextWeight(after: 10, equipment: .band, availableKg: []) == nil)
        #expect(DoubleProgression.nextWeight(after: 10, equipment: .bodyweight, availableKg: []) == nil)
        #expect(DoubleProgression.nextWeight(after: 10, equipment: nil, availableKg: []) == 12.5)
        // Without a step the weight stays, whatever the reps.
        #expect(suggest([(.normal, 12, 20), (.normal, 12, 20), (.normal, 12, 20)], equipment: .dumbbell, available: [10, 20])
            == .init(weightKg: 20, change: .noStep, from: .lastTime))
    }
}
