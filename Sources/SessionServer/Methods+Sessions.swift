import SessionCore
import SessionRPC
import SessionStore

extension Methods {
    static let sessionID = CommonParams.sessionID
    static let at = CommonParams.at
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
            let atMs = params.timestamp("at", notAfterMs: latest(tracker))?.ms
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
        TrackerMethod(SessionLog.self) { params, tracker in
            try tracker.log(params)
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
            let atMs = params.timestamp("at", notAfterMs: latest(tracker))?.ms
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

}
