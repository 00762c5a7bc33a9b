/// The Epley estimate of a one-rep maximum: w × (1 + reps / 30).
public enum Epley {
    /// The estimate in kg, or nil when the set has no weight or no reps.
    public static func oneRepMax(weightKg: Double?, reps: Int?) -> Double? {
        guard let weightKg, let reps, weightKg > 0, reps > 0 else { return nil }
        return weightKg * (1 + Double(reps) / 30)
    }

    /// The estimate for a set of `exerciseKey`: for a body-weight exercise the load is the
    /// body mass plus what was added (`weightKg`), and without a known body mass there is
    /// no estimate (such sets rank by reps); for any other exercise, `weightKg`.
    /// `bodyweight`, when the caller knows it, saves working it out from the key again.
    public static func oneRepMax(exerciseKey: String, weightKg: Double?, reps: Int?, bodyMassKg: Double?, bodyweight: Bool? = nil) -> Double? {
        guard bodyweight ?? Bodyweight.isBodyweight(exerciseKey: exerciseKey) else { return oneRepMax(weightKg: weightKg, reps: reps) }
        guard let bodyMassKg else { return nil }
        return oneRepMax(weightKg: bodyMassKg + max(0, weightKg ?? 0), reps: reps)
    }
}

/// Exercises that move the body itself: the load is body mass plus whatever is added
/// (a belt, a vest), so "+10 kg" is 10 kg on top of the person, not 10 kg.
public enum Bodyweight {
    /// Word sequences that name such an exercise in an exercise key (lowercased, spaces
    /// collapsed, hyphens as spaces): "weighted pull up", "ring dips", "chin up".
    static let names: [[String]] = [
        ["pull", "up"], ["pullup"], ["pull", "ups"], ["pullups"], ["chin", "up"], ["chinup"], ["chin", "ups"], ["chinups"],
        ["dip"], ["dips"], ["push", "up"], ["pushup"], ["push", "ups"], ["pushups"], ["press", "up"], ["press", "ups"],
        ["muscle", "up"], ["muscle", "ups"], ["inverted", "row"], ["body", "row"], ["australian", "pull", "up"],
        ["pistol", "squat"], ["nordic", "curl"], ["handstand", "push", "up"],
    ]

    /// True when the exercise is one of them, by whole words.
    public static func isBodyweight(exerciseKey: String) -> Bool {
        let words = exerciseKey.replacingHyphens().split(separator: " ").map(String.init)
        return names.contains { name in
            guard name.count <= words.count else { return false }
            return (0...(words.count - name.count)).contains { Array(words[$0..<($0 + name.count)]) == name }
        }
    }
}

extension String {
    fileprivate func replacingHyphens() -> String { String(map { $0 == "-" || $0 == "_" ? " " : $0 }) }
}
