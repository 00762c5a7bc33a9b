import SessionCore
import SessionRPC
import SessionStore

extension Methods {
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
        TrackerMethod(SessionList.self) { params, tracker in Outcome(try tracker.listSessions(params)) },
    ]

}
