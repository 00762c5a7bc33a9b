/// How long the rest after a set is: the plan's rest for a planned exercise, a default
/// rest for an off-plan one (so a free session gets a timer too), and a short one after
/// a warm-up set, which is no work to recover from.
public enum RestRule {
    /// The rest after an off-plan set, or a planned one without a rest.
    public static let defaultSeconds = 90
    /// The longest rest after a warm-up set.
    public static let warmupSeconds = 30
    /// The longest rest, an hour: past it, a rest timer is a mistake.
    public static let longestSeconds = 3600

    /// Seconds of rest after a set of `kind`; `planned` is the planned exercise's rest
    /// (nil off-plan, 0 for "no rest"); `own` the person's own for the exercise
    /// (`exercise.rest`), which wins over both. Nil: no rest timer.
    public static func seconds(kind: SetKind, planned: Int?, offPlan: Bool, own: Int? = nil) -> Int? {
        let full = own ?? (offPlan ? defaultSeconds : planned)
        guard let full, full > 0 else { return nil }
        return kind == .warmup ? min(full, warmupSeconds) : full
    }
}
