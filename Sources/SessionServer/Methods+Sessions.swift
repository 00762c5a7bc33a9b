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
        TrackerMethod(SessionUndo.self) { params, tracker in try tracker.undo(params.setID) },
        TrackerMethod(SessionFinish.self) { params, tracker in try tracker.finishSession(params) },
        TrackerMethod(SessionAbort.self) { params, tracker in try tracker.abortSession(params.sessionID) },
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
