/// The Epley estimate of a one-rep maximum: w × (1 + reps / 30).
public enum Epley {
    /// The estimate in kg, or nil when the set has no weight or no reps.
    public static func oneRepMax(weightKg: Double?, reps: Int?) -> Double? {
        guard let weightKg, let reps, weightKg > 0, reps > 0 else { return nil }
        return weightKg * (1 + Double(reps) / 30)
    }
}

/// What a new set beat.
public struct PersonalRecord: Sendable, Equatable {
    /// True when its Epley estimate beats every earlier counted set of the exercise.
    public let oneRepMax: Bool
    /// True when its weight beats every earlier counted set of the exercise.
    public let weight: Bool
    /// The new estimate, kg.
    public let estimatedOneRepMaxKg: Double?
    /// The previous best estimate, kg.
    public let previousOneRepMaxKg: Double?
    /// The previous heaviest weight, kg.
    public let previousWeightKg: Double?

    /// Compares a set with the exercise's history. No record without history (the first
    /// set of a new exercise is a baseline, not a record) and none for warm-up sets.
    public static func check(kind: SetKind, weightKg: Double?, reps: Int?, bestOneRepMaxKg: Double?, heaviestKg: Double?) -> PersonalRecord? {
        guard kind.counts, bestOneRepMaxKg != nil || heaviestKg != nil else { return nil }
        let estimate = Epley.oneRepMax(weightKg: weightKg, reps: reps)
        let beatsEstimate = estimate.map { $0 > (bestOneRepMaxKg ?? 0) + 1e-9 } ?? false
        let beatsWeight = (weightKg ?? 0) > 0 && reps.map { $0 > 0 } == true && (weightKg ?? 0) > (heaviestKg ?? 0) + 1e-9
        guard beatsEstimate || beatsWeight else { return nil }
        return PersonalRecord(
            oneRepMax: beatsEstimate, weight: beatsWeight, estimatedOneRepMaxKg: estimate,
            previousOneRepMaxKg: bestOneRepMaxKg, previousWeightKg: heaviestKg)
    }
}
