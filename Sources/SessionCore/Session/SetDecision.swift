/// How far an exercise has got in a session: the number of its latest set and the
/// counted (non-warm-up) sets so far.
public struct SetNumbering: Sendable, Equatable {
    public let setNumber: Int
    public let countedSets: Int

    public init(setNumber: Int, countedSets: Int) {
        self.setNumber = setNumber
        self.countedSets = countedSets
    }
}

/// An exercise's bests over its whole history: the best Epley estimate and the
/// heaviest weight of a counted set with reps; nil while there is none.
public struct ExerciseBests: Sendable, Equatable {
    public var oneRepMaxKg: Double?
    public var heaviestKg: Double?

    public init(oneRepMaxKg: Double?, heaviestKg: Double?) {
        self.oneRepMaxKg = oneRepMaxKg
        self.heaviestKg = heaviestKg
    }

    /// No history yet.
    public static let none = ExerciseBests(oneRepMaxKg: nil, heaviestKg: nil)
}

/// Everything logging one set decides, from the set and what came before it: its
/// number in the session, the exercise's counted sets, what it contributes to the
/// exercise's bests, and the records it sets. The one owner of these rules; storage
/// stores the decision as made.
public struct SetDecision: Sendable, Equatable {
    /// The key the exercise's history is kept under (`String.exerciseKey`).
    public let exerciseKey: String
    public let setNumber: Int
    /// Counted sets of the exercise in the session, this one included.
    public let countedSets: Int
    /// The Epley estimate a counted set adds to the exercise's bests.
    public let oneRepMaxKg: Double?
    /// The weight a counted set with reps adds to the exercise's bests (0 for a
    /// body-weight set, which makes a history to beat).
    public let recordWeightKg: Double?
    /// What it beat. No record without history (the first set of an exercise is a
    /// baseline) and none for warm-up sets.
    public let records: RecordKinds

    /// Decides for a set of `kind` with `reps` at `weightKg`, after `previous` (the
    /// exercise's latest set in this session, nil for its first) and `bests`. For a
    /// body-weight exercise (`Bodyweight`) `weightKg` is the added load and the estimate
    /// counts `bodyMassKg` too (none without it); the weight record is the added load.
    /// `countsBodyMass` is the catalog's flag, looked up by `exerciseKey` when not given.
    public init(exerciseKey: String, kind: SetKind, reps: Int?, weightKg: Double?, previous: SetNumbering?, bests: ExerciseBests,
                countsBodyMass: Bool? = nil, bodyMassKg: Double? = nil) {
        self.exerciseKey = exerciseKey
        setNumber = (previous?.setNumber ?? 0) + 1
        countedSets = (previous?.countedSets ?? 0) + (kind.counts ? 1 : 0)
        let countsBodyMass = countsBodyMass ?? Bodyweight.isBodyweight(exerciseKey: exerciseKey)
        oneRepMaxKg = kind.counts ? Epley.oneRepMax(countsBodyMass: countsBodyMass, weightKg: weightKg, reps: reps, bodyMassKg: bodyMassKg) : nil
        recordWeightKg = kind.counts && (reps ?? 0) > 0 ? weightKg : nil
        var records: RecordKinds = []
        if bests != .none {
            if let estimate = oneRepMaxKg, estimate > (bests.oneRepMaxKg ?? 0) + 1e-9 { records.insert(.oneRepMax) }
            if let weight = recordWeightKg, weight > (bests.heaviestKg ?? 0) + 1e-9 { records.insert(.weight) }
        }
        self.records = records
    }
}
