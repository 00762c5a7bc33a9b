import SessionMacros

/// How far an exercise has got in a session: the number of its latest set and the
/// counted (non-warm-up) sets so far.
@Memberwise
public struct SetNumbering: Sendable, Equatable {
    public let setNumber: Int
    public let countedSets: Int
}

/// An exercise's bests over its whole history, each nil (or empty) while there is
/// none: of its counted sets with reps, the best Epley estimate, the heaviest weight,
/// the most reps without added load, the best set volume, the most reps at each weight;
/// of its finished sessions, the best volume.
@Memberwise
public struct ExerciseBests: Sendable, Equatable {
    public var oneRepMaxKg: Double?
    public var heaviestKg: Double?
    /// Most reps in a set without a load, added or assisted (a pull-up at body weight).
    public var mostReps: Int? = nil
    /// Best reps × kg of one set.
    public var setVolumeKg: Double? = nil
    /// Best reps × kg of one finished session's sets.
    public var sessionVolumeKg: Double? = nil
    /// The most reps done at each weight that no heavier weight matched, heaviest first:
    /// reps rise as the weight falls (`mostReps(atLeast:)`).
    public var repsAtWeight: [WeightReps] = []

    /// No history yet.
    public static let none = ExerciseBests(oneRepMaxKg: nil, heaviestKg: nil)

    /// The most reps done in one set at `weightKg` or heavier; nil when nothing was.
    public func mostReps(atLeast weightKg: Double) -> Int? {
        repsAtWeight.last { $0.weightKg >= weightKg - 1e-9 }?.reps
    }

    /// The bests with `decision`'s set (at `weightKg`) among them, nil when it changes
    /// none (a session's volume counts once it is finished: `sessionVolumeKg` is not
    /// changed here). Asked for every set logged: plain comparisons, and the frontier
    /// copied only when the set joins it.
    public func adding(_ decision: SetDecision, weightKg: Double?) -> ExerciseBests? {
        adding(decision.figures, weightKg: weightKg)
    }

    /// The same from the decision's figures alone: plain values, which the insert's
    /// transaction captures without retaining the decision's key.
    public func adding(_ decision: RecordFigures, weightKg: Double?) -> ExerciseBests? {
        var bests = self
        var changed = false
        if let estimate = decision.oneRepMaxKg, estimate > oneRepMaxKg ?? -.infinity {
            bests.oneRepMaxKg = estimate
            changed = true
        }
        if let weight = decision.recordWeightKg, weight > heaviestKg ?? -.infinity {
            bests.heaviestKg = weight
            changed = true
        }
        if let volume = decision.setVolumeKg, volume > setVolumeKg ?? -.infinity {
            bests.setVolumeKg = volume
            changed = true
        }
        if let reps = decision.countedReps {
            if let weightKg, weightKg > 0 {
                let entry = WeightReps(weightKg: weightKg, reps: reps)
                if !entry.isMatched(by: repsAtWeight) {
                    bests.repsAtWeight = WeightReps.frontier(repsAtWeight, adding: entry)
                    changed = true
                }
            } else if (weightKg ?? 0) == 0, reps > mostReps ?? .min {
                bests.mostReps = reps
                changed = true
            }
        }
        return changed ? bests : nil
    }
}

/// What a set adds to its exercise's bests (`SetDecision`'s figures), as plain values.
public struct RecordFigures: Sendable, Equatable {
    public let oneRepMaxKg: Double?
    public let recordWeightKg: Double?
    public let setVolumeKg: Double?
    public let countedReps: Int?
}

extension SetDecision {
    public var figures: RecordFigures {
        RecordFigures(oneRepMaxKg: oneRepMaxKg, recordWeightKg: recordWeightKg, setVolumeKg: setVolumeKg, countedReps: countedReps)
    }
}

/// A weight and the most reps done at it.
@Memberwise
public struct WeightReps: Sendable, Equatable {
    public let weightKg: Double
    public let reps: Int

    /// True when `frontier` has as many reps at this weight or a heavier one.
    func isMatched(by frontier: [WeightReps]) -> Bool {
        frontier.contains { $0.weightKg >= weightKg - 1e-9 && $0.reps >= reps }
    }

    /// `frontier` (heaviest first, no entry matched by a heavier one) with `entry`: the
    /// same when a weight as heavy had as many reps; else with `entry` in its place and
    /// the entries it matches (no heavier, no more reps) gone.
    public static func frontier(_ frontier: [WeightReps], adding entry: WeightReps) -> [WeightReps] {
        if entry.isMatched(by: frontier) { return frontier }
        var result = frontier.filter { !($0.weightKg <= entry.weightKg + 1e-9 && $0.reps <= entry.reps) }
        result.append(entry)
        result.sort { $0.weightKg > $1.weightKg }
        return result
    }
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
    /// Reps × kg of a counted set with reps and a load.
    public let setVolumeKg: Double?
    /// The reps of a counted set with reps (what rep records count), else nil.
    public let countedReps: Int?
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
        oneRepMaxKg = Self.oneRepMaxKg(kind: kind, reps: reps, weightKg: weightKg,
                                       countsBodyMass: countsBodyMass ?? Bodyweight.isBodyweight(exerciseKey: exerciseKey), bodyMassKg: bodyMassKg)
        let counted = kind.counts && (reps ?? 0) > 0
        countedReps = counted ? reps : nil
        recordWeightKg = counted ? weightKg : nil
        setVolumeKg = counted ? weightKg.flatMap { $0 > 0 ? Double(reps ?? 0) * $0 : nil } : nil
        var records: RecordKinds = []
        if bests != .none {
            if let estimate = oneRepMaxKg, estimate > (bests.oneRepMaxKg ?? 0) + 1e-9 { records.insert(.oneRepMax) }
            // Heavier than any set with reps before (sets without a load make no weight
            // history: the first with added load is a baseline).
            if let weight = recordWeightKg, let heaviest = bests.heaviestKg, weight > heaviest + 1e-9 { records.insert(.weight) }
            if let volume = setVolumeKg, let best = bests.setVolumeKg, volume > best + 1e-9 { records.insert(.setVolume) }
            if counted, let reps {
                // More reps than ever at this weight or a heavier one; or, without a
                // load, more than ever without one (an assisted set is neither).
                if let weight = weightKg, weight > 0 {
                    if let most = bests.mostReps(atLeast: weight), reps > most { records.insert(.repsAtWeight) }
                } else if (weightKg ?? 0) == 0, let most = bests.mostReps, reps > most {
                    records.insert(.reps)
                }
            }
        }
        self.records = records
    }

    /// The Epley estimate of a set of `kind`: a counted set's, on top of `bodyMassKg`
    /// for an exercise that `countsBodyMass` (none without a body mass); nil for a
    /// warm-up. A function of these facts alone: logging, an import and a stored set
    /// estimated again (`StoredEstimate`) get the same figure from the same facts.
    @inline(__always)
    public static func oneRepMaxKg(kind: SetKind, reps: Int?, weightKg: Double?, countsBodyMass: Bool, bodyMassKg: Double?) -> Double? {
        kind.counts ? Epley.oneRepMax(countsBodyMass: countsBodyMass, weightKg: weightKg, reps: reps, bodyMassKg: bodyMassKg) : nil
    }
}
