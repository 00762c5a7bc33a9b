import SessionMacros

/// The numbers a set logged without any (`sessionctl log 1`, a bare `log`) is given:
/// the plan is today's prescription, so a set "as planned" is the plan's, whatever the
/// sets before it were (a short set is not repeated); this session's sets come next, for
/// what the plan does not prescribe, and last time after them. Last time's numbers are
/// shown beside a planned set, never used instead of the plan.
///
/// The rule, first that applies:
/// 1. the plan's reps, weight and time, when the exercise is planned today and the plan
///    gives reps or a time (`plan`);
/// 2. this session's last counted set of the exercise (`lastSet`): an off-plan
///    exercise, or a planned one the plan gives no reps or time;
/// 3. the first counted set of the last session that had the exercise (`lastTime`);
/// 4. a planned exercise with no history: what the plan gives (`plan`, a weight or
///    nothing);
/// 5. nothing: the set needs its numbers.
///
/// A set given its reps or time but no weight takes the weight by the same rule
/// (`weight`): today's plan when it prescribes reps or a time, else this session's last
/// set of the exercise, else last time; "log 1 5" on a day of squats at 100 kg is 5 at
/// 100 kg. A set meant without a load says so (0). A lift that counts body mass (a
/// pull-up) given no weight is the body alone, as it is written, and a warm-up is not
/// at the working weight: nothing is filled.
public enum SetFill {
    /// Where the numbers came from.
    public enum Source: String, Sendable, CaseIterable {
        /// This session's last counted set of the exercise.
        case lastSet
        /// The first counted set of the last session that had the exercise.
        case lastTime
        /// Today's plan.
        case plan
    }

    /// A set's numbers, any of them absent.
    @Memberwise
    public struct Numbers: Sendable, Equatable {
        public var reps: Int?
        public var weightKg: Double?
        public var durationSeconds: Int?
    }

    /// The numbers for a set given none, and where they came from; nil when nothing
    /// applies. `planned` is today's plan row of the exercise (nil off-plan); `lastSet`
    /// reads this session's last counted set of it and `lastTime` the first counted set
    /// of the last session that had it, each asked only when the rule comes to it. A
    /// plan that prescribes reps or a time but no weight leaves the weight to `weight`'s
    /// rule (this session's last set, else last time), unless the set takes none
    /// (`fillsWeight`).
    public static func numbers(kind: SetKind = .normal, countsBodyMass: Bool = false, lastSet: () throws -> Numbers?, planned: PlannedExercise?,
                               lastTime: () throws -> Numbers?) rethrows -> (Numbers, Source)? {
        if let planned, var prescribed = prescription(planned) {
            if prescribed.weightKg == nil { prescribed.weightKg = try weight(kind: kind, countsBodyMass: countsBodyMass, lastSet: lastSet, planned: planned, lastTime: lastTime)?.0 }
            return (prescribed, .plan)
        }
        if let today = try lastSet() { return (today, .lastSet) }
        if let earlier = try lastTime() { return (earlier, .lastTime) }
        return planned.map { (Numbers(reps: $0.reps, weightKg: $0.weightKg, durationSeconds: $0.durationSeconds), .plan) }
    }

    /// The weight for a set given its reps or time but no weight, and where it came
    /// from, by the rule `numbers` follows: today's plan when it prescribes reps or a
    /// time and a weight; this session's last set; last time's first set; what the plan
    /// gives. The first that is there decides, and nil when it has no weight (a set done
    /// without a load, a plan that gives none), the lift counts body mass (no weight:
    /// the body alone) or the set is a warm-up (`kind`).
    public static func weight(kind: SetKind = .normal, countsBodyMass: Bool, lastSet: () throws -> Numbers?, planned: PlannedExercise?,
                              lastTime: () throws -> Numbers?) rethrows -> (Double, Source)?
    {
        guard fillsWeight(kind: kind, countsBodyMass: countsBodyMass) else { return nil }
        if let planned, let prescribed = prescription(planned), let kg = prescribed.weightKg { return (kg, .plan) }
        if let today = try lastSet() { return today.weightKg.map { ($0, .lastSet) } }
        if let earlier = try lastTime() { return earlier.weightKg.map { ($0, .lastTime) } }
        return planned?.weightKg.map { ($0, .plan) }
    }

    /// A plan row's numbers when it prescribes a set: reps or a time (nil: an AMRAP or a
    /// weight alone, which is no prescription of a set).
    static func prescription(_ planned: PlannedExercise) -> Numbers? {
        guard planned.reps != nil || planned.durationSeconds != nil else { return nil }
        return Numbers(reps: planned.reps, weightKg: planned.weightKg, durationSeconds: planned.durationSeconds)
    }

    /// False when a set given reps or a time but no weight takes none (`weight`): a
    /// lift that counts body mass (the body alone) or a warm-up. Asked first, it spares
    /// reading the sets the rule would look at.
    public static func fillsWeight(kind: SetKind, countsBodyMass: Bool) -> Bool {
        kind != .warmup && !countsBodyMass
    }
}
