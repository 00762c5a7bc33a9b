import SessionCore
import JSON

/// A session with its progress against the plan: the result of `session.start`,
/// `session.pause`, `session.resume` and `session.current`, and what `sessionctl
/// status` shows.
@Coded
public struct SessionSnapshot: CodedResult, Equatable {
    /// Where a session stands.
    public enum State: String, Sendable, CaseIterable {
        case running, paused, finished
    }

    public var sessionID: Int64 = 0
    public var state = State.running
    @Member(.date) public var date = ""
    public var title = ""
    /// Nil for a free session.
    public var planDayID: Int64?
    /// True when the day's plan is last week's active plan carried over by weekday.
    public var carriedOver = false
    @Member(.timestamp) public var startedAt = ""
    @Member(.timestamp) public var endedAt: String?
    /// Active seconds so far (pauses excluded).
    public var durationSeconds = 0
    /// Counted (non-warm-up) sets.
    public var sets = 0
    public var volumeKg = 0.0
    /// Planned sets done over planned sets, 0–1.
    public var completion = 0.0
    /// The plan day's exercises with their progress, in plan order.
    public var exercises: [SessionProgress.Planned] = []
    /// Exercises logged off-plan, with their counted sets, in the order first logged.
    public var offPlan: [SessionProgress.OffPlan] = []
    public var next: SessionProgress.Next?
    public var rpe: Double?
    public var note: String?
    /// The rest timer while it runs.
    public var rest: Rest?
    /// Each exercise's sets last time (exercises never done before have none).
    public var previous: [PreviousSets] = []

    /// A running rest timer: what it follows and when it ends.
    @Coded
    public struct Rest: CodedObject, Equatable {
        public var exercise = ""
        @Member(.timestamp) public var endsAt = ""
        public var secondsLeft = 0
    }
}

/// `session.current`'s result: the active session, or null.
public struct CurrentSession: MethodResult {
    public let session: SessionSnapshot?

    public init(_ session: SessionSnapshot?) { self.session = session }

    public static let schema = Schema.nullable(SessionSnapshot.schema)

    public func encode(to writer: inout JSONWriter) {
        if let session { session.encode(to: &writer) } else { writer.null() }
    }

    public init(json: JSONValue) throws(JSONReadError) {
        session = json.isNull ? nil : try SessionSnapshot(json: json)
    }
}

/// An exercise's sets in the last session before this one that had it: what the lifter
/// did last time, set by set.
@Coded
public struct PreviousSets: CodedResult, Equatable {
    /// The exercise as the session names it (`exercises[].name`, `offPlan[].name`).
    public var exercise: String = ""
    public var sessionID: Int64 = 0
    @Member(.date) public var date: String = ""
    public var sets: [ExerciseGet.LastSet] = []
    /// True when the exercise counts body mass (a pull-up): a set's `weightKg` is the
    /// load added to the body.
    public var countsBodyMass = false
    /// Today's weight by double progression (`DoubleProgression`) where the plan gives
    /// the exercise a rep target; null otherwise.
    public var suggestion: Suggestion?

    public init(exercise: String, session: ExerciseHistory.Session, countsBodyMass: Bool = false, suggestion: Suggestion? = nil) {
        self.exercise = exercise
        sessionID = session.sessionID
        date = session.date.description
        sets = session.sets.map(ExerciseGet.LastSet.init)
        self.countsBodyMass = countsBodyMass
        self.suggestion = suggestion
    }

    /// Today's weight for the plan's `sets` × `reps` (up to `repsMax`), by
    /// `DoubleProgression`'s rule.
    @Coded
    public struct Suggestion: CodedResult, Equatable {
        public var weightKg: Double = 0
        /// Why this weight: `up` (every set reached the top), `same` (reps missed),
        /// `setsLeft` (fewer sets than planned), `noStep` (no heavier step), `plan` (the
        /// plan's weight, heavier).
        public var change: DoubleProgression.Change = .same
        /// The sets it started from: this session's (`today`) or last time's.
        public var from: DoubleProgression.Basis = .lastTime
        public var sets: Int = 0
        public var reps: Int = 0
        public var repsMax: Int?

        /// The suggestion for `plan` after this session's sets of the exercise (`today`)
        /// and last time's; nil without one.
        public init?(plan: PlannedExercise, today: [DoubleProgression.LoggedSet], lastTime: ExerciseHistory.Session, equipment: Equipment?, availableKg: [Double]) {
            guard let reps = plan.reps,
                let suggested = DoubleProgression.suggest(
                    plan: DoubleProgression.Prescription(sets: plan.sets, reps: reps, repsMax: plan.repsMax, weightKg: plan.weightKg),
                    today: today, lastTime: lastTime.sets.map { ($0.kind, $0.reps, $0.weightKg) },
                    equipment: equipment, availableKg: availableKg)
            else { return nil }
            (weightKg, change, from, sets, self.reps, repsMax) = (suggested.weightKg, suggested.change, suggested.from, plan.sets, reps, plan.repsMax)
        }
    }
}
