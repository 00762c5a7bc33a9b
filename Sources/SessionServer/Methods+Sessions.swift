import SessionCore
import SessionRPC
import SessionStore

extension Methods {
    static let sessionID = ParamSpec("sessionId", schema: Schema.integer, "default: the active session")
    static let at = ParamSpec("at", schema: Schema.timestamp, "RFC 3339 time it happened, for entering a workout afterwards (default: now)")
    static let sessionView = Schema.object([
        "sessionId": Schema.integer, "state": Schema.oneOf(["running", "paused", "finished"]), "date": Schema.date,
        "title": Schema.string, "planDayId": Schema.nullable(Schema.integer), "carriedOver": Schema.boolean,
        "startedAt": Schema.timestamp, "endedAt": Schema.nullable(Schema.timestamp), "durationSeconds": Schema.integer,
        "sets": Schema.integer, "volumeKg": Schema.number,
        "completion": Schema.number, "exercises": Schema.array(Schema.object), "offPlan": Schema.array(Schema.object),
        "next": Schema.nullable(Schema.object),
    ])

    /// The latest acceptable `at`: now plus a little clock skew.
    static func latest(_ tracker: Tracker) -> Int64 { tracker.nowMs + SessionLimits.futureToleranceMs }

    static let sessions: [TrackerMethod] = [
        Method("session.start", summary: "Start a session on a plan day (default: today's), or a free session when the date has none.",
               params: [ParamSpec("planDayId", schema: Schema.integer, "the plan day to train"),
                        ParamSpec("date", schema: Schema.date, "the date whose plan day to train (default today)"), at],
               result: sessionView) { params, tracker in
            let day = params.id("planDayId")
            let date = params.date("date")
            let atMs = params.timestamp("at", notAfterMs: latest(tracker))
            try params.check()
            return try tracker.startSession(planDayID: day, date: date, atMs: atMs)
        },
        Method("session.pause", summary: "Pause the session: paused time is excluded from its duration. Repeating it is harmless.",
               params: [sessionID], result: sessionView) { params, tracker in
            let id = params.id("sessionId")
            try params.check()
            return try tracker.pauseSession(id)
        },
        Method("session.resume", summary: "Resume a paused session. Repeating it is harmless.",
               params: [sessionID], result: sessionView) { params, tracker in
            let id = params.id("sessionId")
            try params.check()
            return try tracker.resumeSession(id)
        },
        Method("session.log", summary: "Log a set against a planned exercise (by id or name) or an off-plan exercise by name. No reps, weight or duration: as planned.",
               params: [
                sessionID,
                ParamSpec("plannedExerciseId", schema: Schema.integer, "the planned exercise (from plan.get or session.current)"),
                ParamSpec("exercise", schema: Schema.string, "an exercise name: today's planned exercise of that name, else off-plan"),
                ParamSpec("reps", schema: Schema.range(0, 1000), "repetitions"),
                ParamSpec("weightKg", schema: Schema.range(0, 1000, integer: false), "load in kg"),
                ParamSpec("durationSeconds", schema: Schema.range(0, 86_400), "for timed sets"),
                ParamSpec("rpe", schema: Schema.range(1, 10, integer: false), "effort 1–10 in half steps"),
                ParamSpec("kind", schema: Schema.oneOf(SetKind.allCases.map(\.rawValue)), "normal (default), warmup, drop or failure; warm-up sets count towards nothing"),
                ParamSpec("note", schema: Schema.string, "at most 500 characters; control characters are removed"),
                ParamSpec("requestId", schema: Schema.string, "makes retries idempotent: the same requestId returns the first result"),
                at,
               ],
               result: Schema.object([
                   "setId": Schema.integer, "sessionId": Schema.integer, "setNumber": Schema.integer, "exercise": Schema.string,
                   "plannedExerciseId": Schema.nullable(Schema.integer), "offPlan": Schema.boolean, "kind": Schema.oneOf(SetKind.allCases.map(\.rawValue)),
                   "reps": Schema.nullable(Schema.integer), "weightKg": Schema.nullable(Schema.number), "durationSeconds": Schema.nullable(Schema.integer),
                   "loggedAt": Schema.timestamp,
                   "progress": Schema.object(["loggedSets": Schema.integer, "plannedSets": Schema.integer]),
                   "restSeconds": Schema.nullable(Schema.integer), "rpe": Schema.number,
                   "personalRecord": Schema.object(["kinds": Schema.array(Schema.string), "estimatedOneRepMaxKg": Schema.number]),
               ], required: ["setId", "sessionId", "setNumber", "exercise", "progress"])) { params, tracker in
            try tracker.log(decodeLog(&params, latestMs: latest(tracker)))
        },
        Method("session.undo", summary: "Remove a set (default: the last set of the active session).",
               params: [ParamSpec("setId", schema: Schema.integer, "the set to remove")],
               result: Schema.object(["setId": Schema.integer, "sessionId": Schema.integer, "exercise": Schema.string, "setNumber": Schema.integer])) { params, tracker in
            let id = params.id("setId")
            try params.check()
            return try tracker.undo(id)
        },
        Method("session.finish", summary: "Finish the session and get its totals.",
               params: [sessionID, ParamSpec("rpe", schema: Schema.range(1, 10, integer: false), "the session's effort 1–10 in half steps"),
                        ParamSpec("note", schema: Schema.string, "at most 500 characters"), at],
               result: Schema.object(["sessionId": Schema.integer, "durationSeconds": Schema.integer, "sets": Schema.integer,
                                      "volumeKg": Schema.number, "completion": Schema.number, "planDayId": Schema.nullable(Schema.integer),
                                      "title": Schema.string, "startedAt": Schema.timestamp, "endedAt": Schema.timestamp])) { params, tracker in
            let id = params.id("sessionId")
            let rpe = params.number("rpe", in: SessionLimits.rpe, step: SessionLimits.rpeStep)
            let note = params.string("note", maxLength: SessionLimits.noteLength) { $0.sanitisedNote() }
            let atMs = params.timestamp("at", notAfterMs: latest(tracker))
            try params.check()
            return try tracker.finishSession(id, rpe: rpe, note: note, atMs: atMs)
        },
        Method("session.abort", summary: "Discard the session and its sets: kept nowhere, excluded from summaries.",
               params: [sessionID], result: Schema.object(["sessionId": Schema.integer, "discarded": Schema.boolean])) { params, tracker in
            let id = params.id("sessionId")
            try params.check()
            return try tracker.abortSession(id)
        },
        Method("session.current", summary: "The active session with progress, or null.",
               result: Schema.nullable(sessionView)) { _, tracker in
            Outcome(try tracker.currentSession())
        },
        Method("session.list", summary: "Sessions, newest first.",
               params: [ParamSpec("from", schema: Schema.date, "first date (inclusive)"), ParamSpec("to", schema: Schema.date, "last date (inclusive)"),
                        ParamSpec("limit", schema: Schema.range(Double(SessionLimits.listLimit.lowerBound), Double(SessionLimits.listLimit.upperBound)),
                                  "at most this many (default \(SessionLimits.listDefault))")],
               result: Schema.array(Schema.object(["sessionId": Schema.integer, "date": Schema.date, "title": Schema.string,
                                                   "state": Schema.oneOf(["running", "paused", "finished"]), "startedAt": Schema.timestamp,
                                                   "durationSeconds": Schema.integer, "sets": Schema.integer, "volumeKg": Schema.number]))) { params, tracker in
            let from = params.date("from")
            let to = params.date("to")
            let limit = params.int("limit", in: SessionLimits.listLimit) ?? SessionLimits.listDefault
            try params.check()
            return Outcome(try tracker.listSessions(from: from, to: to, limit: limit))
        },
    ]

    static func decodeLog(_ params: inout Params, latestMs: Int64) throws -> LogInput {
        var input = LogInput()
        input.sessionID = params.id("sessionId")
        input.plannedExerciseID = params.id("plannedExerciseId")
        input.exercise = params.string("exercise", maxLength: SessionLimits.exerciseNameLength) { $0.collapsingWhitespace() }
        if input.plannedExerciseID == nil, input.exercise == nil, !params.has("exercise") {
            params.fail("plannedExerciseId", "plannedExerciseId or exercise is required")
        } else if input.plannedExerciseID != nil, params.has("exercise") {
            params.fail("exercise", "give plannedExerciseId or exercise, not both")
        } else if input.exercise?.isEmpty == true {
            params.fail("exercise", "must not be empty")
        }
        input.reps = params.int("reps", in: SessionLimits.reps)
        input.weightKg = params.number("weightKg", in: SessionLimits.weightKg)
        input.durationSeconds = params.int("durationSeconds", in: SessionLimits.durationSeconds)
        input.rpe = params.number("rpe", in: SessionLimits.rpe, step: SessionLimits.rpeStep)
        input.kind = params.choice("kind", SetKind.allCases.map(\.rawValue)).flatMap(SetKind.init(rawValue:)) ?? .normal
        input.note = params.string("note", maxLength: SessionLimits.noteLength) { $0.sanitisedNote() }
        input.requestID = params.string("requestId", maxLength: SessionLimits.requestIDLength)
        input.atMs = params.timestamp("at", notAfterMs: latestMs)
        try params.check()
        return input
    }
}
