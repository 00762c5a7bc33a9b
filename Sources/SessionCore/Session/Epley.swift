/// The Epley estimate of a one-rep maximum: w × (1 + reps / 30).
public enum Epley {
    /// The estimate in kg, or nil when the set has no weight or no reps.
    public static func oneRepMax(weightKg: Double?, reps: Int?) -> Double? {
        guard let weightKg, let reps, weightKg > 0, reps > 0 else { return nil }
        return weightKg * (1 + Double(reps) / 30)
    }
}
