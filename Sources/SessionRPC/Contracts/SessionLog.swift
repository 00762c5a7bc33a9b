import SessionCore
import JSON

/// `session.log`: a set against a planned exercise (by id or name) or off-plan.
public enum SessionLog: MethodContract {
    public static let method = MethodDescription(
        name: "session.log", summary: "Log a set against a planned exercise (by id, position, name or a person's words for it) or an off-plan exercise by name. No reps, weight or duration: as planned.",
        errors: [.noActiveSession, .sessionNotFound, .timeBeforeSessionStart, .timeOutsideSession, .plannedExerciseNotFound, .exerciseNotInSession, .unknownExercise, .ambiguousExercise, .implausibleSet, .sessionFull, .setNotFound], events: [SetLoggedEvent.self])

    /// What to log. Exactly one of `plannedExerciseID`, `position`, `exercise` and
    /// `match` names the exercise.
    @CodedParams
    public struct Params: MethodParams {
        @Param(.id, "default: the active session; a finished one takes a forgotten set (at: within it, default its end)")
        public var sessionID: Int64?
        @Param(.id, "the planned exercise (from plan.get or session.current)")
        public var plannedExerciseID: Int64?
        /// The exercise's 1-based position in the session's plan day.
        @Param(.int, in: 1...PlanLimits.exercisesInADay, "the exercise's 1-based position in the session's plan day")
        public var position: Int?
        /// An exercise name, whitespace collapsed.
        @Param(.string, maxLength: SessionLimits.exerciseNameLength, transform: { $0.collapsingWhitespace() },
            "an exercise name: today's planned exercise of that name, else off-plan")
        public var exercise: String?
        /// A person's words for the exercise, resolved as `sessionctl log` reads them
        /// (`ExerciseMatcher.resolve`); whitespace collapsed.
        @Param(.string, maxLength: SessionLimits.exerciseNameLength, transform: { $0.collapsingWhitespace() },
            "a person's words for the exercise: a name of the session or its start, an alias, or a name logged before; none: unknown_exercise, several: ambiguous_exercise")
        public var match: String?
        /// With `match`: words that name nothing known are a new exercise, not a typo.
        @Param(.bool, key: "new", "with match: words that name nothing known are a new exercise")
        public var isNew: Bool?
        /// A plain number as a person typed it: reps, or seconds for an exercise planned
        /// by time and not by reps.
        @Param(.int, in: SessionLimits.reps, "a plain number as typed: reps, or seconds for an exercise planned by time alone")
        public var count: Int?
        @Param(.int, in: SessionLimits.reps, "repetitions")
        public var reps: Int?
        @Param(.number, in: SessionLimits.loggedWeightKg,
            "load in kg; for a body-weight exercise the load added to the body, below zero the assistance taken off it (refused for other exercises)")
        public var weightKg: Double?
        @Param(.int, in: SessionLimits.durationSeconds, "for timed sets")
        public var durationSeconds: Int?
        @Param(.number, in: SessionLimits.rpe, step: SessionLimits.rpeStep, "effort 1–10 in half steps")
        public var rpe: Double?
        @Param(.choice, required: false, "normal (default), warmup, drop or failure; warm-up sets count towards nothing")
        public var kind: SetKind = .normal
        /// Control characters removed.
        @Param(.string, maxLength: SessionLimits.noteLength, transform: { $0.sanitisedNote() },
            "at most \(SessionLimits.noteLength) characters; control characters are removed")
        public var note: String?
        /// Makes retries idempotent: the same requestId returns the first result.
        @Param(.string, maxLength: SessionLimits.requestIDLength,
            "makes retries idempotent: the same requestId returns the first result")
        public var requestID: String?
        /// When the set was done (a client sends the RFC 3339 text as given).
        @Param(.timestamp, CommonParams.atSummary)
        public var at: Timestamp?
        /// The matching set of last time in the result (`lastTime`).
        @Param(.bool, key: "lastTime", "true: the result names the matching set of the last session that had the exercise (lastTime)")
        public var withLastTime: Bool?
        /// Refuse (`implausible_set`) a set that looks mistyped (`SetPlausibility`): what
        /// a client sends for numbers a person typed, until they confirm.
        @Param(.bool, "true: refuse (implausible_set) a set of over \(SetPlausibility.maximumLoadedReps) reps under a load, or over twice the exercise's heaviest weight")
        public var refuseImplausible: Bool?
        // Last, as params are coded in the order declared: a call that names neither of
        // these two reads no further (`Params.take`).
        /// The superset (or circuit) the set belongs to, by its label; a planned
        /// exercise's own group without it.
        @Param(.string, maxLength: HistoryLimits.supersetLength, transform: { $0.collapsingWhitespace() },
            "the superset's label (A): sets sharing one were done in turn; default a planned exercise's own")
        public var superset: String?
        /// Done together with this exercise (a name as `exercise` takes it): the set
        /// joins that exercise's superset in the session, or starts one with it.
        @Param(.string, maxLength: SessionLimits.exerciseNameLength, transform: { $0.collapsingWhitespace() },
            "an exercise of this session the set was done together with: it joins that exercise's superset, or starts one")
        public var with: String?

        /// Exactly one of plannedExerciseId, position, exercise and match, not empty;
        /// `new` only with `match`; `count` instead of reps and durationSeconds.
        public mutating func validate(_ params: inout SessionRPC.Params) {
            // A param was given when it decoded, or when decoding it failed (a value of
            // the wrong kind): what `params.has` says, without looking each name up again.
            func given(_ decoded: Bool, _ name: String) -> Bool { decoded || (!params.errors.isEmpty && params.failed(name)) }
            let flags = [given(plannedExerciseID != nil, "plannedExerciseId"), given(position != nil, "position"),
                         given(exercise != nil, "exercise"), given(match != nil, "match")]
            let count = flags.reduce(0) { $0 + ($1 ? 1 : 0) }
            if count == 0 {
                params.fail("plannedExerciseId", "one of plannedExerciseId, position, exercise and match is required")
            } else if count > 1 {
                let named = zip(Self.exerciseParams, flags).filter(\.1).map(\.0)
                params.fail(named[1], "give one of plannedExerciseId, position, exercise and match, not \(named.joined(separator: " and "))")
            } else if exercise?.isEmpty == true {
                params.fail("exercise", "must not be empty")
            } else if match?.isEmpty == true {
                params.fail("match", "must not be empty")
            }
            if given(isNew != nil, "new"), !flags[3] { params.fail("new", "only with match") }
            if given(self.count != nil, "count"), given(reps != nil, "reps") || given(durationSeconds != nil, "durationSeconds") {
                params.fail("count", "give count or reps and durationSeconds, not both")
            }
            if superset?.isEmpty == true { params.fail("superset", "must not be empty") }
            if given(with != nil, "with"), given(superset != nil, "superset") { params.fail("with", "give superset or with, not both") }
        }

        /// The params that name the exercise, in the order `validate` counts them.
        static let exerciseParams = ["plannedExerciseId", "position", "exercise", "match"]
    }

    /// The stored set; the same for the first call and for a retry.
    public struct Result: CodedResult {
        /// A set that set a personal record.
        public struct Record: CodedResult, Equatable {
            public var kinds: RecordKinds = []
            public var estimatedOneRepMaxKg: Double?

            public init() {}

            public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
                var names = kinds.names
                try coder.names("kinds", &names, among: RecordKinds.names)
                kinds = RecordKinds(names: names)
                try coder.number("estimatedOneRepMaxKg", &estimatedOneRepMaxKg)
            }
        }

        /// Counted sets of this exercise in the session so far, and its planned sets.
        @Coded
        public struct Progress: CodedResult, Equatable {
            public var loggedSets = 0
            public var plannedSets = 0
        }

        /// A set of last time and its session's date.
        @Coded
        public struct LastTime: CodedResult, Equatable {
            @Member(.date) public var date = ""
            public var reps: Int?
            public var weightKg: Double?
            public var durationSeconds: Int?
        }

        /// Where a set given no numbers took them from (`SetFill`'s rule).
        public typealias Filled = SetFill.Source

        public var setID: Int64 = 0
        public var sessionID: Int64 = 0
        public var setNumber = 0
        public var exercise = ""
        public var plannedExerciseID: Int64?
        public var kind = SetKind.normal
        public var reps: Int?
        public var weightKg: Double?
        public var durationSeconds: Int?
        /// RFC 3339 in the daemon's zone.
        public var loggedAt = ""
        public var progress = Progress()
        public var restSeconds: Int?
        public var rpe: Double?
        public var personalRecord: Record?
        /// Where the numbers came from when the call gave none (`SetFill`): today's
        /// plan, this session's last set of the exercise, or the first set of last
        /// time; nil when it gave them.
        public var filledFrom: Filled?
        /// True when the exercise counts body mass (a pull-up): `weightKg` is the load
        /// added to the body (absent when false).
        public var countsBodyMass = false
        /// With `lastTime: true`: the set of the last session with the exercise whose
        /// number this set has among the counted ones (or its last counted set).
        public var lastTime: LastTime?

        public init() {}

        /// True when the set is not against a planned exercise.
        public var offPlan: Bool { plannedExerciseID == nil }
        public var loggedSets: Int { progress.loggedSets }
        public var plannedSets: Int { progress.plannedSets }

        public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.id("setId", &setID)
            try coder.id("sessionId", &sessionID)
            try coder.int("setNumber", &setNumber)
            try coder.string("exercise", &exercise)
            try coder.id("plannedExerciseId", &plannedExerciseID)
            try coder.derived("offPlan", offPlan)
            try coder.choice("kind", &kind)
            try coder.int("reps", &reps)
            try coder.number("weightKg", &weightKg)
            try coder.int("durationSeconds", &durationSeconds)
            try coder.timestamp("loggedAt", &loggedAt)
            try coder.object("progress", &progress)
            try coder.int("restSeconds", &restSeconds)
            try coder.number("rpe", &rpe)
            try coder.object("personalRecord", &personalRecord)
            try coder.choice("filledFrom", &filledFrom)
            try coder.object("lastTime", &lastTime)
            try coder.flag("countsBodyMass", &countsBodyMass)
        }
    }
}

/// `set.logged`, published by `session.log` with its result.
public enum SetLoggedEvent: EventContract {
    public typealias Payload = SessionLog.Result
    public static let event = EventDescription(type: "set.logged", summary: "A set was logged: the session.log result.")
}
