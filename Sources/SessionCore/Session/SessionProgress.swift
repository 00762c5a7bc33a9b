import SessionMacros

/// One exercise's sets in a session: counted sets and volume per planned exercise or
/// off-plan name, as storage tallies them.
@Memberwise
public struct ExerciseTally: Sendable, Equatable {
    /// The planned exercise, nil for an off-plan exercise.
    public let plannedExerciseID: Int64?
    /// The name as first logged.
    public let name: String
    /// Sets that count (not warm-ups).
    public let countedSets: Int
    /// reps × kg over counted sets.
    public let volumeKg: Double
    /// Every set, warm-ups included.
    public let allSets: Int
}

/// A session's progress against its plan day: what is done, what comes next, how
/// complete it is. Pure: built from the day's planned exercises and the session's tally.
public struct SessionProgress: Sendable, Equatable {
    /// One planned exercise and the counted sets logged against it.
    public struct Planned: Sendable, Equatable {
        public var id: Int64
        /// 1-based, in plan order.
        public var position: Int
        public var exercise: PlannedExercise
        public var logged: Int
        public var done: Bool { logged >= exercise.sets }
    }

    /// An exercise logged off-plan, in the order first logged.
    @Memberwise @Coded
    public struct OffPlan: Sendable, Equatable, MemberCodable {
        public var name: String = ""
        @Member(key: "loggedSets") public var logged: Int = 0
    }

    /// The next set to do (`SessionProgress.next`).
    @Memberwise @Coded
    public struct Next: Sendable, Equatable, MemberCodable {
        public var plannedExerciseID: Int64 = 0
        public var name: String = ""
        public var setNumber: Int = 0
        public var plannedSets: Int = 0
    }

    public let planned: [Planned]
    public let offPlan: [OffPlan]
    /// Counted (non-warm-up) sets of every exercise.
    public let countedSets: Int
    /// reps × kg over counted sets, to 0.01 kg.
    public let volumeKg: Double

    /// The planned exercise of the latest counted set by the time it was done (nil:
    /// none, or off-plan; a forgotten set added afterwards with an earlier time is not
    /// the latest): what comes next follows from it.
    public let lastPlannedID: Int64?

    /// `planned` are the day's exercises with their row ids, in plan order (none for a
    /// free session); `lastPlannedID` as the property says.
    public init(planned: [(id: Int64, exercise: PlannedExercise)], tally: [ExerciseTally], lastPlannedID: Int64? = nil) {
        self.lastPlannedID = lastPlannedID
        self.planned = planned.enumerated().map { offset, row in
            let logged = tally.lazy.filter { $0.plannedExerciseID == row.id }.reduce(0) { $0 + $1.countedSets }
            return Planned(id: row.id, position: offset + 1, exercise: row.exercise, logged: logged)
        }
        offPlan = tally.filter { $0.plannedExerciseID == nil }.map { OffPlan(name: $0.name, logged: $0.countedSets) }
        countedSets = tally.reduce(0) { $0 + $1.countedSets }
        volumeKg = Self.roundKg(tally.reduce(0) { $0 + $1.volumeKg })
    }

    /// Planned sets done (each exercise capped at its plan) and planned sets in all.
    public var plannedSets: (done: Int, planned: Int) {
        planned.reduce((0, 0)) { ($0.0 + min($1.logged, $1.exercise.sets), $0.1 + $1.exercise.sets) }
    }

    /// Planned sets done over planned sets, to 0.001; a free session is complete once
    /// it has a set.
    public var completion: Double {
        let sets = plannedSets
        guard sets.planned > 0 else { return countedSets > 0 ? 1 : 0 }
        return (Double(sets.done) / Double(sets.planned) * 1000).rounded() / 1000
    }

    /// The next set; nil when all are done. After a set of an exercise of a superset
    /// (or circuit: planned exercises sharing a `superset` label) it is the group's:
    /// the member with the fewest sets that has sets left, the first such after the one
    /// just done in plan order (A1, A2, A1, A2, …). Else the exercise just done while it
    /// has sets left (its sets one after the other, whatever its place in the plan);
    /// else the first planned exercise with sets left. The one rule a bare `log`, the
    /// log's reply and `status` follow.
    public var next: Next? {
        let choice = Self.nextInSuperset(after: lastPlannedID, planned: planned)
            ?? planned.first { $0.id == lastPlannedID && !$0.done }
            ?? planned.first { !$0.done }
        return choice.map { Next(plannedExerciseID: $0.id, name: $0.exercise.name, setNumber: $0.logged + 1, plannedSets: $0.exercise.sets) }
    }

    /// The superset's member to do after a set of `lastID`, nil outside a superset or
    /// when the group is done.
    static func nextInSuperset(after lastID: Int64?, planned: [Planned]) -> Planned? {
        guard let lastID, let index = planned.firstIndex(where: { $0.id == lastID }), let label = planned[index].exercise.superset else { return nil }
        // The group's members in plan order, starting after the one just done.
        let order = (1...planned.count).map { planned[(index + $0) % planned.count] }.filter { $0.exercise.superset == label && !$0.done }
        guard let fewest = order.map(\.logged).min() else { return nil }
        return order.first { $0.logged == fewest }
    }

    /// True when a set just logged against `plannedID` (counted in `planned` already)
    /// leaves its superset's round unfinished: another member with sets left has fewer
    /// sets, so the rest waits until the round is done. False outside a superset.
    public static func roundUnfinished(after plannedID: Int64, planned: [Planned]) -> Bool {
        guard let done = planned.first(where: { $0.id == plannedID }), let label = done.exercise.superset else { return false }
        return planned.contains { $0.id != plannedID && $0.exercise.superset == label && !$0.done && $0.logged < done.logged }
    }

    /// Kilograms to 0.01, so sums of floating-point products print cleanly.
    public static func roundKg(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}

/// Every member at its zero, for reading into.
extension SessionProgress.Planned: Blank {
    public init() { self.init(id: 0, position: 0, exercise: PlannedExercise(name: "", sets: 0), logged: 0) }
}
