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

    /// The names as the bytes `isBodyweight` looks for: the words joined by one space.
    static let patterns: [[UInt8]] = names.map { Array($0.joined(separator: " ").utf8) }

    /// The patterns by their first byte, the only ones a word starting with it can begin.
    private static let patternsByFirstByte: [[[UInt8]]] = {
        var table = [[[UInt8]]](repeating: [], count: 256)
        for pattern in patterns { table[Int(pattern[0])].append(pattern) }
        return table
    }()

    /// True when the exercise is one of them, by whole words (hyphens and underscores
    /// separate words as spaces do). Asked for every set logged and imported, so it
    /// reads the key's bytes in place: at each word's start only the names beginning
    /// with its letter are compared.
    public static func isBodyweight(exerciseKey: String) -> Bool {
        var key = exerciseKey
        return key.withUTF8 { bytes in
            for start in bytes.indices where !isSeparator(bytes[start]) && (start == 0 || isSeparator(bytes[start - 1])) {
                for pattern in patternsByFirstByte[Int(bytes[start])] where matches(pattern, bytes, at: start) { return true }
            }
            return false
        }
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// True when the words of `pattern` stand at `start`, a run of separators for each
    /// space, and its last word ends there.
    private static func matches(_ pattern: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start
        for byte in pattern {
            guard index < bytes.count else { return false }
            if byte == UInt8(ascii: " ") {
                guard isSeparator(bytes[index]) else { return false }
                while index < bytes.count, isSeparator(bytes[index]) { index += 1 }
            } else {
                guard bytes[index] == byte else { return false }
                index += 1
            }
        }
        return index == bytes.count || isSeparator(bytes[index])
    }
}

