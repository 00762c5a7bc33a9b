/// When a set as a person typed it is more likely a misreading than what was done:
/// `sessionctl log 5x85` for a squat meant 5 reps at 85 kg far more often than five
/// sets of 85 reps. One rule, asked about before such a set is stored (the caller
/// confirms to store it anyway):
/// - more than `maximumLoadedReps` reps in a set with a load: the set's weight, an
///   exercise planned or ever logged with one, or one whose equipment carries one (a
///   barbell, a machine: `Equipment.carriesLoad`) — a bare `5x85` takes no weight of its
///   own but is still a squat;
/// - a weight over `bestFactor` times the heaviest the exercise was ever logged with.
/// An exercise without a load (push-ups, a plank) may have any number of reps, and an
/// exercise never logged with a weight any weight.
public enum SetPlausibility {
    public static let maximumLoadedReps = 30
    public static let bestFactor = 2.0

    /// True when numbers typed for a set of `kind` say nothing was done: 0 reps and no
    /// time (or a time of 0), typed so (`3x0` for `3x10`), for a set that would count
    /// towards the plan as done. A failed attempt (`failure`) is 0 reps by nature, and a
    /// warm-up counts towards nothing. Asked by the client that reads what a person
    /// typed, before anything is sent.
    public static func nothingDone(kind: SetKind, reps: Int?, durationSeconds: Int?) -> Bool {
        guard kind != .failure, kind != .warmup, reps != nil || durationSeconds != nil else { return false }
        return (reps ?? 0) == 0 && (durationSeconds ?? 0) == 0
    }

    /// Why a set looks mistyped.
    public enum Doubt: Sendable, Equatable {
        /// More reps than `maximumLoadedReps` under a load.
        case repsUnderLoad(reps: Int)
        /// A weight over `bestFactor` × the heaviest logged.
        case overBest(weightKg: Double, heaviestKg: Double)
    }

    /// The doubt about a set of `reps` at `weightKg` of an exercise whose plan gives
    /// `plannedWeightKg`, whose heaviest logged set is `heaviestKg` and whose equipment
    /// is `equipment`; nil when it is plausible.
    public static func doubt(reps: Int?, weightKg: Double?, plannedWeightKg: Double?, heaviestKg: Double?, equipment: Equipment? = nil) -> Doubt? {
        let loaded = [weightKg, plannedWeightKg, heaviestKg].contains { ($0 ?? 0) > 0 } || equipment?.carriesLoad == true
        if let reps, reps > maximumLoadedReps, loaded { return .repsUnderLoad(reps: reps) }
        if let weightKg, let heaviestKg, heaviestKg > 0, weightKg > heaviestKg * bestFactor {
            return .overBest(weightKg: weightKg, heaviestKg: heaviestKg)
        }
        return nil
    }
}
