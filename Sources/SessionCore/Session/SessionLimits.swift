/// Bounds on what a person logs. Wider than a plan's bounds: a plan asks for at most
/// 100 reps, but a logged set of 150 jumping jacks is real.
public enum SessionLimits {
    public static let reps = 0...1000
    public static let weightKg = 0.0...1000.0
    public static let durationSeconds = 0...86_400
    public static let rpe = 1.0...10.0
    /// RPE is given in half steps (7, 7.5, 8).
    public static let rpeStep = 0.5
    public static let noteLength = 500
    public static let exerciseNameLength = 120
    public static let requestIDLength = 200
    /// How many sessions `session.list` returns at most, and by default.
    public static let listLimit = 1...1000
    public static let listDefault = 50
    /// How far in the future a backfill timestamp (`at`) may lie, for clock skew.
    public static let futureToleranceMs: Int64 = 5 * 60 * 1000
    /// The earliest timestamp accepted (the Unix epoch): a year 0001 is a mistake.
    public static let earliestMs: Int64 = 0
}

/// What kind of set was logged. Warm-up sets count towards nothing: not planned sets,
/// not volume, not records.
public enum SetKind: String, Sendable, CaseIterable {
    case normal, warmup, drop, failure

    /// True when the set counts towards planned sets, volume and records.
    public var counts: Bool { self != .warmup }
}

extension String {
    /// A note as stored: control characters removed (newlines and tabs become spaces),
    /// trimmed.
    public func sanitisedNote() -> String {
        collapsingWhitespace()
    }

    /// The key under which an exercise's history is kept: lowercased, whitespace
    /// collapsed, so "Goblet  squat" and "goblet squat" are one exercise.
    public var exerciseKey: String { asciiExerciseKey() ?? collapsingWhitespace().lowercased() }

    /// The key of an ASCII name (nearly every one) in one pass, without Unicode tables;
    /// the text itself when it is a key already. Nil for other text.
    private func asciiExerciseKey() -> String? {
        var afterSpace = true
        var isKey = true
        for byte in utf8 {
            guard byte < 0x80 else { return nil }
            if byte == 0x20 {
                if afterSpace { isKey = false }
                afterSpace = true
            } else {
                if byte < 0x20 || byte == 0x7F || (0x41...0x5A).contains(byte) { isKey = false }
                afterSpace = false
            }
        }
        if isKey, !afterSpace { return self }
        var key: [UInt8] = []
        key.reserveCapacity(utf8.count)
        var pendingSpace = false
        for byte in utf8 {
            switch byte {
            case 0x20, 0x09...0x0D: pendingSpace = !key.isEmpty
            case 0x00..<0x20, 0x7F: continue
            default:
                if pendingSpace { key.append(0x20) }
                pendingSpace = false
                key.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
            }
        }
        return String(decoding: key, as: UTF8.self)
    }
}
