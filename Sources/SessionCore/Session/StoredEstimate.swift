import SessionMacros

/// A stored set's Epley estimate beside the facts it is decided from: the set itself,
/// its session's date, and (given when asked) its exercise's body-mass rule and the
/// body mass in force on that date.
///
/// The estimate is a function of those facts, whatever order they arrive in: a set
/// logged before the body mass of its day was recorded (a weighing entered later, a
/// health export imported after the workouts) gets the figure a restore of both would
/// give it. Storage asks `revised` of the sets whose facts changed — a body-mass sample
/// stored for their date or earlier, their session moved to another date, their
/// exercise's rule changed by an alias or a definition — and stores what it returns.
@Memberwise
public struct StoredEstimate: Sendable, Equatable {
    public let setID: Int64
    /// The date of the set's session: the body mass in force is the latest on or before it.
    public let date: LocalDate
    public let kind: SetKind
    public let reps: Int?
    /// The load as logged: for a body-weight exercise, what was added to the body.
    public let weightKg: Double?
    /// The estimate as stored.
    public let oneRepMaxKg: Double?

    /// A set whose stored estimate is not the one its facts decide, with that one.
    @Memberwise
    public struct Revision: Sendable, Equatable {
        public let setID: Int64
        public let oneRepMaxKg: Double?
    }

    /// The estimate the facts decide (`SetDecision.oneRepMaxKg`) when it is not the one
    /// stored, else nil: for an exercise that `countsBodyMass`, on top of what
    /// `bodyMassKg` gives for the set's date (asked only then).
    public func revised(countsBodyMass: Bool, bodyMassKg: (LocalDate) -> Double?) -> Revision? {
        let decided = SetDecision.oneRepMaxKg(kind: kind, reps: reps, weightKg: weightKg, countsBodyMass: countsBodyMass,
                                              bodyMassKg: countsBodyMass ? bodyMassKg(date) : nil)
        switch (decided, oneRepMaxKg) {
        case (nil, nil): return nil
        case (let decided?, let stored?) where abs(decided - stored) < 1e-9: return nil
        default: return Revision(setID: setID, oneRepMaxKg: decided)
        }
    }
}
