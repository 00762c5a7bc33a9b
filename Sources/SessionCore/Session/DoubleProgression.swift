import SessionMacros

/// Today's weight for a planned exercise, by double progression: work up the plan's rep
/// range at one weight, and step the weight up once every set reaches the top. It
/// starts from today's prescription and this session's sets, as `SetFill` does. A
/// suggestion only: the plan is never changed.
///
/// The rule, in full:
/// * The sets it starts from are this session's counted sets of the exercise (no
///   warm-ups) with reps and a load, once it has one (`from` today); before that, last
///   time's (`from` lastTime). The working sets are those at the heaviest weight among
///   them. With none, there is no suggestion.
/// * When there are at least as many working sets as the plan asks for and every one
///   reached the top of the range (`repsMax`, or the target itself without a range),
///   the suggestion is the next step up from that weight (`nextWeight`, `up`); reps
///   start again at the bottom of the range.
/// * Otherwise it is the same weight again: a working set short of the top (`same`),
///   fewer working sets than planned (`setsLeft`), or no next step — a band, a
///   body-weight lift, the heaviest dumbbell listed (`noStep`).
/// * Before today's first working set, never below the plan's weight: when the plan
///   gives a heavier one than last time's sets lead to, that weight (`plan`).
public enum DoubleProgression {
    /// How the suggested weight relates to the working weight it started from.
    public enum Change: String, Sendable, CaseIterable {
        /// Every working set reached the top of the range, in at least the planned
        /// number: the next step up.
        case up
        /// A working set fell short of the top: the same weight until none does.
        case same
        /// Fewer working sets than planned, none short of the top: the same weight.
        case setsLeft
        /// Every set reached the top, but the equipment has no next step up.
        case noStep
        /// The plan's weight, heavier than last time's sets lead to.
        case plan
    }

    /// Which sets a suggestion started from.
    public enum Basis: String, Sendable, CaseIterable {
        /// This session's sets of the exercise.
        case today
        /// The last session's before this one that had it.
        case lastTime
    }

    /// A set as the rule reads it.
    public typealias LoggedSet = (kind: SetKind, reps: Int?, weightKg: Double?)

    /// Today's prescription: the plan row's sets, rep target (up to `repsMax`) and weight.
    @Memberwise
    public struct Prescription: Sendable, Equatable {
        public var sets: Int
        public var reps: Int?
        public var repsMax: Int? = nil
        public var weightKg: Double? = nil
    }

    /// The suggested weight, why, and from which sets.
    @Memberwise
    public struct Suggestion: Sendable, Equatable {
        public let weightKg: Double
        public let change: Change
        public let from: Basis
    }

    /// The suggestion for the plan row `plan` after this session's sets of the exercise
    /// (`today`) and last time's (`lastTime`); nil without a rep target or without a
    /// working set to start from.
    public static func suggest(plan: Prescription, today: [LoggedSet], lastTime: [LoggedSet], equipment: Equipment?, availableKg: [Double]) -> Suggestion? {
        guard let low = plan.reps, low > 0 else { return nil }
        let top = max(plan.repsMax ?? low, low)
        let worked = working(today)
        let (basis, sets) = worked.isEmpty ? (Basis.lastTime, working(lastTime)) : (Basis.today, worked)
        guard let heaviest = sets.map(\.weightKg).max() else { return nil }
        let atHeaviest = sets.filter { abs($0.weightKg - heaviest) < 1e-6 }
        let suggested: (weightKg: Double, change: Change)
        if atHeaviest.contains(where: { $0.reps < top }) {
            suggested = (heaviest, .same)
        } else if atHeaviest.count < plan.sets {
            suggested = (heaviest, .setsLeft)
        } else if let next = nextWeight(after: heaviest, equipment: equipment, availableKg: availableKg) {
            suggested = (next, .up)
        } else {
            suggested = (heaviest, .noStep)
        }
        if basis == .lastTime, let planned = plan.weightKg, planned > suggested.weightKg + 1e-6 {
            return Suggestion(weightKg: planned, change: .plan, from: basis)
        }
        return Suggestion(weightKg: suggested.weightKg, change: suggested.change, from: basis)
    }

    /// The counted sets with reps and a load.
    private static func working(_ sets: [LoggedSet]) -> [(reps: Int, weightKg: Double)] {
        sets.compactMap { set in
            guard set.kind.counts, let reps = set.reps, reps > 0, let weight = set.weightKg, weight > 0 else { return nil }
            return (reps, weight)
        }
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
