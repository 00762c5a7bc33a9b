/// Bounds on what a person logs. Wider than a plan's bounds: a plan asks for at most
/// 100 reps, but a logged set of 150 jumping jacks is real.
public enum SessionLimits {
    /// Aliases kept, at most: a person names a few dozen; every name typed is looked up
    /// among them.
    public static let aliases = 1_000
    public static let reps = 0...1000
    public static let weightKg = 0.0...1000.0
    /// A logged set's `weightKg`: below zero it is assistance taken off the body mass
    /// (an assisted pull-up at -20), which only an exercise that counts body mass takes.
    public static let loggedWeightKg = -500.0...1000.0
    public static let durationSeconds = 0...86_400
    public static let rpe = 1.0...10.0
    /// RPE is given in half steps (7, 7.5, 8).
    public static let rpeStep = 0.5
    public static let noteLength = 500
    public static let exerciseNameLength = 120
    /// Sets one session holds, at most: the same bound at logging (the next set is
    /// refused, `session_full`), in an import's workout and in an export's workout, so
    /// that whatever was acknowledged can be exported and imported again.
    public static let setsPerSession = 2000
    public static let requestIDLength = 200
    /// How many sessions `session.list` returns at most, and by default.
    public static let listLimit = 1...1000
    public static let listDefault = 50
    /// How far in the future a backfill timestamp (`at`) may lie, for clock skew.
    public static let futureToleranceMs: Int64 = 5 * 60 * 1000
    /// The earliest timestamp accepted (the Unix epoch): a year 0001 is a mistake.
    public static let earliestMs: Int64 = 0
    /// The instants a stored record may carry, in Unix milliseconds: from the epoch to
    /// the last of 9999, the last year a date is written in.
    public static let instantMs = 0...253_402_300_799_999
    /// The Epley estimate a set may carry, at the most: far above any the bounds of a
    /// logged set and a body mass give, and far below what overflows a sum of them.
    public static let oneRepMaxKg = 0.0...100_000.0
}

/// What kind of set was logged. Warm-up sets count towards nothing: not planned sets,
/// not volume, not records.
public enum SetKind: String, Sendable, CaseIterable {
    case normal, warmup, drop, failure

    /// True when the set counts towards planned sets, volume and records.
    public var counts: Bool { self != .warmup }
}
