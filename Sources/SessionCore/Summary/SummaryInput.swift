import SessionMacros

/// Everything the weekly summary is computed from, read by storage for one ISO week.
/// The computation itself (`SummaryBuilder`) is pure.
@Memberwise
public struct SummaryInput: Sendable {
    /// A planned training day of the week and its exercises.
    @Memberwise
    public struct PlannedDay: Sendable, Equatable {
        public let date: LocalDate
        public let exercises: [(id: Int64, name: String, sets: Int)]
        /// The date of the week whose training it took by a one-off move, when not its own.
        public var movedFrom: LocalDate? = nil
        public static func == (lhs: PlannedDay, rhs: PlannedDay) -> Bool {
            lhs.date == rhs.date && lhs.movedFrom == rhs.movedFrom
                && lhs.exercises.elementsEqual(rhs.exercises) { $0.id == $1.id && $0.name == $1.name && $0.sets == $1.sets }
        }
    }

    /// A finished session of the week.
    @Memberwise
    public struct Session: Sendable, Equatable {
        public let id: Int64
        public let date: LocalDate
        public let activeSeconds: Int
        public let rpe: Double?
    }

    /// A set of one of those sessions.
    @Memberwise
    public struct Set: Sendable, Equatable {
        public let sessionID: Int64
        public let plannedExerciseID: Int64?
        public let name: String
        public let kind: SetKind
        public let reps: Int?
        public let weightKg: Double?
        public let durationSeconds: Int?
        public let rpe: Double?
        /// The estimate the set was logged with (`SetDecision`), nil for none.
        public var oneRepMaxKg: Double? = nil
        /// The key the set is kept under (its exercise's, through an alias); nil: its
        /// name's.
        public var exerciseKey: String? = nil
    }

    /// An exercise's bests over the 4 weeks before.
    @Memberwise
    public struct History: Sendable, Equatable {
        public let oneRepMaxKg: Double?
        public let reps: Int?
        public let durationSeconds: Int?
    }

    public var weekStart: LocalDate
    /// Today in the daemon's zone: planned days after it are not yet due.
    public var today: LocalDate
    public var plannedDays: [PlannedDay]
    public var sessions: [Session]
    public var sets: [Set]
    /// Bests of the 4 weeks before, by exercise key.
    public var history: [String: History]
    /// Samples of this week and the week before.
    public var health: [HealthSample]

    /// The dates another plan began to govern within the week (`PlanCalendar.planChanges`).
    public var planChanges: [LocalDate] = []
    /// The day of the session still running, which may have run past midnight: not
    /// missed while it runs (it is being trained).
    public var runningDate: LocalDate? = nil
    /// Exercise aliases: an alias's key to its exercise's key.
    public var aliasKeys: [String: String] = [:]
    /// Counted sets per exercise key in the week before, for the muscles' sets beside.
    public var previousWeekSets: [String: Int] = [:]
    /// The person's own exercises given muscles, by key.
    public var customExercises: [String: CustomExercise] = [:]
    /// The keys, among those of the week's sets, of the exercises trained in a finished
    /// session dated before the 4 weeks before the week: one of them not trained in
    /// those 4 weeks is returning, not new.
    public var trainedBefore: Swift.Set<String> = []
}

extension SummaryInput {
    /// The key an exercise's sets are kept under (`ExerciseCatalog.identityKey`).
    func canonicalKey(_ name: String) -> String {
        let key = name.exerciseKey
        return ExerciseCatalog.builtIn.identityKey(key, aliasTarget: aliasKeys[key])
    }

    /// The name the summary gives the exercise kept under `key`
    /// (`ExerciseCatalog.displayName`): the catalog's, else the name one's own was
    /// defined by, else `written` (as planned or logged).
    func displayName(ofKey key: String, written: String) -> String {
        ExerciseCatalog.builtIn.displayName(ofKey: key, own: customExercises[key]?.name ?? written)
    }
}
