import SessionCore
import JSON

/// A session with its progress against the plan: the result of `session.start`,
/// `session.pause`, `session.resume` and `session.current`, and what `sessionctl
/// status` shows.
public struct SessionSnapshot: MethodResult, JSONObjectEncodable, Equatable {
    /// Where a session stands.
    public enum State: String, Sendable, CaseIterable {
        case running, paused, finished

        /// The `state` member of a session in a result.
        public init(reader: JSONReader) throws(JSONReadError) {
            guard let state = State(rawValue: try reader.string("state")) else {
                throw JSONReadError(path: reader.path + ".state", expected: Self.allCases.map(\.rawValue).joined(separator: ", "))
            }
            self = state
        }

        /// Its JSON Schema.
        public static var schema: JSONValue { Schema.oneOf(allCases.map(\.rawValue)) }
    }

    public let sessionID: Int64
    public let state: State
    public let date: String
    public let title: String
    /// Nil for a free session.
    public let planDayID: Int64?
    /// True when the day's plan is last week's active plan carried over by weekday.
    public let carriedOver: Bool
    public let startedAt: String
    public let endedAt: String?
    /// Active seconds so far (pauses excluded).
    public let durationSeconds: Int
    /// Counted (non-warm-up) sets.
    public let sets: Int
    public let volumeKg: Double
    /// Planned sets done over planned sets, 0–1.
    public let completion: Double
    /// The plan day's exercises with their progress, in plan order.
    public let exercises: [SessionProgress.Planned]
    /// Exercises logged off-plan, with their counted sets, in the order first logged.
    public let offPlan: [SessionProgress.OffPlan]
    public let next: SessionProgress.Next?
    public let rpe: Double?
    public let note: String?
    /// The rest timer while it runs.
    public let rest: Rest?
    /// Each exercise's sets last time (exercises never done before have none).
    public let previous: [PreviousSets]

    /// A running rest timer: what it follows and when it ends.
    public struct Rest: Sendable, Equatable, JSONObjectEncodable {
        public let exercise: String
        public let endsAt: String
        public let secondsLeft: Int

        public init(exercise: String, endsAt: String, secondsLeft: Int) {
            self.exercise = exercise
            self.endsAt = endsAt
            self.secondsLeft = secondsLeft
        }

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("exercise", exercise)
            writer.member("endsAt", endsAt)
            writer.member("secondsLeft", secondsLeft)
        }
    }

    public init(
        sessionID: Int64, state: State, date: String, title: String, planDayID: Int64?, carriedOver: Bool, startedAt: String,
        endedAt: String?, durationSeconds: Int, sets: Int, volumeKg: Double, completion: Double, exercises: [SessionProgress.Planned],
        offPlan: [SessionProgress.OffPlan], next: SessionProgress.Next?, rpe: Double?, note: String?, rest: Rest? = nil,
        previous: [PreviousSets] = []
    ) {
        self.sessionID = sessionID
        self.state = state
        self.date = date
        self.title = title
        self.planDayID = planDayID
        self.carriedOver = carriedOver
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.durationSeconds = durationSeconds
        self.sets = sets
        self.volumeKg = volumeKg
        self.completion = completion
        self.exercises = exercises
        self.offPlan = offPlan
        self.next = next
        self.rpe = rpe
        self.note = note
        self.rest = rest
        self.previous = previous
    }

    public static let schema = Schema.object([
        "sessionId": Schema.integer, "state": State.schema, "date": Schema.date,
        "title": Schema.string, "planDayId": Schema.nullable(Schema.integer), "carriedOver": Schema.boolean,
        "startedAt": Schema.timestamp, "endedAt": Schema.nullable(Schema.timestamp), "durationSeconds": Schema.integer,
        "sets": Schema.integer, "volumeKg": Schema.number,
        "completion": Schema.number, "exercises": Schema.array(Schema.object), "offPlan": Schema.array(Schema.object),
        "next": Schema.nullable(Schema.object), "rpe": Schema.nullable(Schema.number), "note": Schema.nullable(Schema.string),
        "rest": Schema.nullable(Schema.object(["exercise": Schema.string, "endsAt": Schema.timestamp, "secondsLeft": Schema.integer])),
        "previous": Schema.array(PreviousSets.schema),
    ])

    public func encodeMembers(to writer: inout JSONWriter) {
        writer.member("sessionId", sessionID)
        writer.member("state", state.rawValue)
        writer.member("date", date)
        writer.member("title", title)
        writer.member("planDayId", planDayID)
        writer.member("carriedOver", carriedOver)
        writer.member("startedAt", startedAt)
        writer.member("endedAt", endedAt)
        writer.member("durationSeconds", durationSeconds)
        writer.member("sets", sets)
        writer.member("volumeKg", volumeKg)
        writer.member("completion", completion)
        writer.key("exercises")
        writer.array { for item in exercises { item.encode(to: &$0) } }
        writer.key("offPlan")
        writer.array { for item in offPlan { item.encode(to: &$0) } }
        writer.member("next", next)
        writer.member("rpe", rpe)
        writer.member("note", note)
        writer.member("rest", rest)
        writer.key("previous")
        writer.array { for item in previous { $0.value(item) } }
    }

    public init(json: JSONValue) throws(JSONReadError) {
        let reader = try JSONReader(json)
        var exercises: [SessionProgress.Planned] = []
        for item in try reader.objects("exercises") { exercises.append(try SessionProgress.Planned(reader: item)) }
        var offPlan: [SessionProgress.OffPlan] = []
        for item in try reader.objects("offPlan") { offPlan.append(try SessionProgress.OffPlan(reader: item)) }
        let next = try reader.optionalObject("next").map { (item: JSONReader) throws(JSONReadError) in try SessionProgress.Next(reader: item) }
        self.init(
            sessionID: try reader.id("sessionId"), state: try State(reader: reader), date: try reader.string("date"), title: try reader.string("title"),
            planDayID: try reader.optionalID("planDayId"), carriedOver: try reader.bool("carriedOver"),
            startedAt: try reader.string("startedAt"), endedAt: try reader.optionalString("endedAt"),
            durationSeconds: try reader.int("durationSeconds"), sets: try reader.int("sets"), volumeKg: try reader.number("volumeKg"),
            completion: try reader.number("completion"), exercises: exercises, offPlan: offPlan, next: next,
            rpe: try reader.optionalNumber("rpe"), note: try reader.optionalString("note"),
            rest: try reader.optionalObject("rest").map { (item: JSONReader) throws(JSONReadError) in
                Rest(exercise: try item.string("exercise"), endsAt: try item.string("endsAt"), secondsLeft: try item.int("secondsLeft"))
            },
            previous: try reader.objects("previous").map { (item: JSONReader) throws(JSONReadError) in try PreviousSets(reader: item) })
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
public struct PreviousSets: CodedResult, Equatable {
    /// The exercise as the session names it (`exercises[].name`, `offPlan[].name`).
    public var exercise: String = ""
    public var sessionID: Int64 = 0
    public var date: String = ""
    public var sets: [ExerciseGet.LastSet] = []
    /// Today's weight by double progression (`DoubleProgression`) where the plan gives
    /// the exercise a rep target; null otherwise.
    public var suggestion: Suggestion?

    public init() {}

    public init(exercise: String, session: ExerciseHistory.Session, suggestion: Suggestion? = nil) {
        self.exercise = exercise
        sessionID = session.sessionID
        date = session.date.description
        sets = session.sets.map(ExerciseGet.LastSet.init)
        self.suggestion = suggestion
    }

    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.string("exercise", &exercise)
        try coder.id("sessionId", &sessionID)
        try coder.date("date", &date)
        try coder.objects("sets", &sets)
        try coder.object("suggestion", &suggestion)
    }

    /// Today's weight for the plan's `sets` × `reps` (up to `repsMax`).
    public struct Suggestion: CodedResult, Equatable {
        public var weightKg: Double = 0
        /// `up`: every set reached the top of the range last time; `same`: reps missed.
        public var change: DoubleProgression.Change = .same
        public var sets: Int = 0
        public var reps: Int = 0
        public var repsMax: Int?

        public init() {}

        /// The suggestion for `plan` after `lastTime`'s sets; nil without one.
        public init?(plan: PlannedExercise, lastTime: ExerciseHistory.Session, equipment: Equipment?, availableKg: [Double]) {
            guard let reps = plan.reps,
                let suggested = DoubleProgression.suggest(
                    reps: reps, repsMax: plan.repsMax, sets: plan.sets, lastTime: lastTime.sets.map { ($0.kind, $0.reps, $0.weightKg) },
                    equipment: equipment, availableKg: availableKg)
            else { return nil }
            (weightKg, change, sets, self.reps, repsMax) = (suggested.weightKg, suggested.change, plan.sets, reps, plan.repsMax)
        }

        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.number("weightKg", &weightKg)
            try coder.choice("change", &change)
            try coder.int("sets", &sets)
            try coder.int("reps", &reps)
            try coder.int("repsMax", &repsMax)
        }
    }
}
