/// Today's weight for an exercise from last time's sets, by double progression: work
/// up the plan's rep range at one weight, and step the weight up once every set reaches
/// the top. A suggestion only: the plan is never changed.
///
/// The rule, in full:
/// * Last time's working sets are its counted sets (no warm-ups) with reps and a load,
///   at the heaviest weight among them. With none, there is no suggestion.
/// * When there were at least as many working sets as the plan asks for and every one
///   reached the top of the range (`repsMax`, or the target itself without a range),
///   the suggestion is the next step up from that weight (`nextWeight`); reps start
///   again at the bottom of the range.
/// * Otherwise (reps missed, or fewer sets) it is the same weight again.
/// * Without a next step (a band, a body-weight lift, the heaviest dumbbell listed) it
///   is the same weight again.
public enum DoubleProgression {
    public enum Change: String, Sendable, CaseIterable {
        /// Every set reached the top of the range: the next step up.
        case up
        /// Reps were missed (or sets left out): the same weight until they are not.
        case same
    }

    public struct Suggestion: Sendable, Equatable {
        public let weightKg: Double
        public let change: Change

        public init(weightKg: Double, change: Change) {
            self.weightKg = weightKg
            self.change = change
        }
    }

    /// The suggestion for a plan row of `sets` sets of `reps` (up to `repsMax`) after
    /// last time's `sets`; nil without a rep target or without a working set last time.
    public static func suggest(reps: Int?, repsMax: Int?, sets planned: Int, lastTime: [(kind: SetKind, reps: Int?, weightKg: Double?)],
                               equipment: Equipment?, availableKg: [Double]) -> Suggestion? {
        guard let low = reps, low > 0 else { return nil }
        let top = max(repsMax ?? low, low)
        let working = lastTime.compactMap { set -> (reps: Int, weightKg: Double)? in
            guard set.kind.counts, let reps = set.reps, reps > 0, let weight = set.weightKg, weight > 0 else { return nil }
            return (reps, weight)
        }
        guard let heaviest = working.map(\.weightKg).max() else { return nil }
        let atHeaviest = working.filter { abs($0.weightKg - heaviest) < 1e-6 }
        if atHeaviest.count >= planned, atHeaviest.allSatisfy({ $0.reps >= top }),
            let next = nextWeight(after: heaviest, equipment: equipment, availableKg: availableKg) {
            return Suggestion(weightKg: next, change: .up)
        }
        return Suggestion(weightKg: heaviest, change: .same)
    }

    /// The smallest step up from `weightKg` the equipment allows, nil when there is none:
    /// * a barbell or a Smith machine: a pair of 1.25 kg plates, +2.5 kg, or of a
    ///   lighter plate the profile's weights list (fractional plates: 0.5 kg → +1 kg);
    /// * a dumbbell or a kettlebell: the next of the profile's weights above it when it
    ///   lists one, else +2.5 kg (nil when it lists weights and this is the heaviest);
    /// * a machine or a cable stack: +5 kg; anything else (an exercise the catalog
    ///   does not know included): +2.5 kg;
    /// * a band or a body-weight lift: none.
    public static func nextWeight(after weightKg: Double, equipment: Equipment?, availableKg: [Double]) -> Double? {
        let listed = availableKg.filter { $0 > 0 }
        switch equipment {
        case .barbell?, .smith?:
            return weightKg + 2 * min(listed.min() ?? 1.25, 1.25)
        case .dumbbell?, .kettlebell?:
            if let next = listed.filter({ $0 > weightKg + 1e-6 }).min() { return next }
            return listed.isEmpty ? weightKg + 2.5 : nil
        case .machine?, .cable?:
            return weightKg + 5
        case .band?, .bodyweight?:
            return nil
        case .other?, nil:
            return weightKg + 2.5
        }
    }
}
