/// What a set adds to a session's volume: its reps times the load lifted beyond the
/// body, none for a body-weight set, and none, not less, for an assisted one (its
/// weight below zero is the help taken off the body, not a load). The stores' volume
/// queries sum `reps * max(weight_kg, 0)` by the same rule.
public enum SetVolume {
    public static func kg(reps: Int, weightKg: Double) -> Double {
        Double(reps) * max(weightKg, 0)
    }
}
