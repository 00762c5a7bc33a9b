/// The Epley estimate of a one-rep maximum: w × (1 + reps / 30).
public enum Epley {
    /// The estimate in kg, or nil when the set has no weight or no reps.
    public static func oneRepMax(weightKg: Double?, reps: Int?) -> Double? {
        guard let weightKg, let reps, weightKg > 0, reps > 0 else { return nil }
        return weightKg * (1 + Double(reps) / 30)
    }

    /// The estimate for a set of an exercise that `countsBodyMass` or not: for a
    /// body-weight exercise the load is the body mass plus what was added (`weightKg`;
    /// below zero, assistance taken off it), and without a known body mass there is no
    /// estimate (such sets rank by reps); for any other exercise, `weightKg`.
    public static func oneRepMax(countsBodyMass: Bool, weightKg: Double?, reps: Int?, bodyMassKg: Double?) -> Double? {
        guard countsBodyMass else { return oneRepMax(weightKg: weightKg, reps: reps) }
        guard let bodyMassKg else { return nil }
        return oneRepMax(weightKg: bodyMassKg + (weightKg ?? 0), reps: reps)
    }
}

/// Exercises that move the body itself: the load is body mass plus whatever is added
/// (a belt, a vest), so "+10 kg" is 10 kg on top of the person, not 10 kg. Which ones
/// they are is the catalog's `countsBodyMass`, never a guess from the name.
public enum Bodyweight {
    /// True when the exercise kept under `exerciseKey` (or named by it) counts body mass.
    public static func isBodyweight(exerciseKey: String) -> Bool {
        ExerciseCatalog.builtIn.exercise(key: exerciseKey)?.countsBodyMass == true
    }
}
