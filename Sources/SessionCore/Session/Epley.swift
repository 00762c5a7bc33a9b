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
    public static func oneRepMax(exerciseKey: String, weightKg: Double?, reps: Int?, bodyMassKg: Double?) -> Double? {
        guard Bodyweight.isBodyweight(exerciseKey: exerciseKey) else { return oneRepMax(weightKg: weightKg, reps: reps) }
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

    /// The names as the bytes `isBodyweight` looks for: the words spaced, a space each side.
    static let patterns: [[UInt8]] = names.map { Array((" " + $0.joined(separator: " ") + " ").utf8) }

    /// True when the exercise is one of them, by whole words. Asked for every set
    /// logged, so it works on the key's bytes without building words.
    public static func isBodyweight(exerciseKey: String) -> Bool {
        // The key with a space each side, hyphens and underscores as spaces, runs of
        // them as one: every word then stands between two spaces.
        var padded: [UInt8] = [0x20]
        padded.reserveCapacity(exerciseKey.utf8.count + 2)
        for byte in exerciseKey.utf8 {
            let spaced = byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") ? 0x20 : byte
            if spaced == 0x20, padded.last == 0x20 { continue }
            padded.append(spaced)
        }
        if padded.last != 0x20 { padded.append(0x20) }
        return patterns.contains { pattern in
            guard pattern.count <= padded.count else { return false }
            return (0...(padded.count - pattern.count)).contains { start in
                padded[start] == 0x20 && padded[start + 1] == pattern[1] && padded[start..<(start + pattern.count)].elementsEqual(pattern)
            }
        }
    }
}

