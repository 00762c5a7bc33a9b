import SessionCore
import SessionRPC
import SessionStore

extension Methods {
    /// The latest acceptable `at`: now plus a little clock skew.
    static func latest(_ tracker: Tracker) -> Int64 { tracker.nowMs + SessionLimits.futureToleranceMs }

    static let sessions: [TrackerMethod] = [
        TrackerMethod(SessionStart.self) { params, tracker in try tracker.startSession(params) },
        TrackerMethod(SessionPause.self) { params, tracker in try tracker.pauseSession(params.sessionID) },
        TrackerMethod(SessionResume.self) { params, tracker in try tracker.resumeSession(params.sessionID) },
        TrackerMethod(SessionLog.self) { params, tracker in
            try tracker.log(params)
        },
        TrackerMethod(SessionUndo.self) { params, tracker in try tracker.undo(params.setID) },
        TrackerMethod(SessionFinish.self) { params, tracker in try tracker.finishSession(params) },
        TrackerMethod(SessionAbort.self) { params, tracker in try tracker.abortSession(params.sessionID) },
        TrackerMethod(SessionCurrent.self) { _, tracker in Outcome(try tracker.currentSession()) },
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
