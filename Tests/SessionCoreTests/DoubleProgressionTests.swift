import Testing
import SessionCore

/// The double-progression rule on its edges: the top of the range reached in every
/// planned set, or not; warm-ups and sets without a load left out; the steps each kind
/// of equipment allows.
@Suite struct DoubleProgressionTests {
    typealias Set = (kind: SetKind, reps: Int?, weightKg: Double?)

    func suggest(_ sets: [Set], reps: Int? = 8, repsMax: Int? = 12, planned: Int = 3, equipment: Equipment? = .barbell, available: [Double] = [])
        -> DoubleProgression.Suggestion? {
        DoubleProgression.suggest(reps: reps, repsMax: repsMax, sets: planned, lastTime: sets, equipment: equipment, availableKg: available)
    }

    @Test func everySetAtTheTopStepsUpAndAMissedRepKeepsTheWeight() {
        let top: [Set] = [(.normal, 12, 60), (.normal, 12, 60), (.normal, 12, 60)]
        #expect(suggest(top) == .init(weightKg: 62.5, change: .up))
        #expect(suggest(top.dropLast() + [(.normal, 11, 60)]) == .init(weightKg: 60, change: .same), "one rep short of 12")
        #expect(suggest(Array(top.prefix(2))) == .init(weightKg: 60, change: .same), "two sets of the three planned")
        #expect(suggest(top + [(.normal, 6, 60)]) == .init(weightKg: 60, change: .same), "an extra set below the top counts too")
    }

    @Test func aPlainTargetIsItsOwnTop() {
        let fives: [Set] = [(.normal, 5, 100), (.normal, 5, 100), (.normal, 5, 100)]
        #expect(suggest(fives, reps: 5, repsMax: nil) == .init(weightKg: 102.5, change: .up))
        #expect(suggest(fives, reps: 6, repsMax: nil) == .init(weightKg: 100, change: .same))
    }

    @Test func workingSetsAreTheCountedOnesAtTheHeaviestWeight() {
        let ramp: [Set] = [(.warmup, 3, 100), (.normal, 12, 40), (.normal, 12, 50), (.normal, 12, 50), (.normal, 12, 50), (.drop, 12, 30)]
        #expect(suggest(ramp) == .init(weightKg: 52.5, change: .up), "the warm-up's 100 kg is not the working weight")
        #expect(suggest([(.normal, 12, nil), (.normal, 12, 0)]) == nil, "no load: nothing to suggest")
        #expect(suggest([(.warmup, 12, 60)]) == nil)
        #expect(suggest([(.normal, 12, 60)], reps: nil, repsMax: nil) == nil, "no rep target in the plan")
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
            == .init(weightKg: 20, change: .same))
    }
}
