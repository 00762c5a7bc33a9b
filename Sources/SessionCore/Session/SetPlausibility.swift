/// When a set as a person typed it is more likely a misreading than what was done:
/// `sessionctl log 5x85` for a squat meant 5 reps at 85 kg far more often than five
/// sets of 85 reps. One rule, asked about before such a set is stored (the caller
/// confirms to store it anyway):
/// - more than `maximumLoadedReps` reps in a set with a load: the set's weight, an
///   exercise planned or ever logged with one, or one whose equipment carries one (a
///   barbell, a machine: `Equipment.carriesLoad`) — a bare `5x85` takes no weight of its
///   own but is still a squat;
/// - a weight over `bestFactor` times the heaviest the exercise was ever logged with;
/// - 0 reps and no time, typed so, but for a failed attempt (`SetKind.failure`): nothing
///   was done, and a set would count towards the plan as done (`log 1 3x0` for 3x10).
/// An exercise without a load (push-ups, a plank) may have any number of reps, and an
/// exercise never logged with a weight any weight.
public enum SetPlausibility {
    public static let maximumLoadedReps = 30
    public static let bestFactor = 2.0

    /// Why a set looks mistyped.
    public enum Doubt: Sendable, Equatable {
        /// More reps than `maximumLoadedReps` under a load.
        case repsUnderLoad(reps: Int)
        /// A weight over `bestFactor` × the heaviest logged.
        case overBest(weightKg: Double, heaviestKg: Double)
        /// 0 reps and no time, of a set that is not a failed attempt.
        case nothingDone
    }

    /// The doubt about a set of `kind` of `reps` (or `durationSeconds`) at `weightKg` of
    /// an exercise whose plan gives `plannedWeightKg`, whose heaviest logged set is
    /// `heaviestKg` and whose equipment is `equipment`; nil when it is plausible.
    public static func doubt(kind: SetKind, reps: Int?, durationSeconds: Int?, weightKg: Double?, plannedWeightKg: Double?, heaviestKg: Double?,
                             equipment: Equipment? = nil) -> Doubt? {
        if reps != nil || durationSeconds != nil, (reps ?? 0) == 0, (durationSeconds ?? 0) == 0, kind != .failure { return .nothingDone }
        let loaded = [weightKg, plannedWeightKg, heaviestKg].contains { ($0 ?? 0) > 0 } || equipment?.carriesLoad == true
        if let reps, reps > maximumLoadedReps, loaded { return .repsUnderLoad(reps: reps) }
        if let weightKg, let heaviestKg, heaviestKg > 0, weightKg > heaviestKg * bestFactor {
            return .overBest(weightKg: weightKg, heaviestKg: heaviestKg)
        }
        return nil
    }
}
