import SessionCore
import SessionRPC
import SessionStore

extension DaemonRoutes {
    static let sessions: [DaemonRoute] = [
        DaemonRoute(SessionStart.self) { params, service in try service.startSession(params) },
        DaemonRoute(SessionPause.self) { params, service in try service.pauseSession(params.sessionID) },
        DaemonRoute(SessionResume.self) { params, service in try service.resumeSession(params.sessionID) },
        DaemonRoute(SessionLog.self) { params, service in
            try service.log(params)
        },
        DaemonRoute(SessionEditSet.self) { params, service in try service.editSet(params) },
        DaemonRoute(SessionEdit.self) { params, service in try service.editSession(params) },
        DaemonRoute(SessionUndo.self) { params, service in try service.undo(params) },
        DaemonRoute(SessionFinish.self) { params, service in try service.finishSession(params) },
        DaemonRoute(SessionAbort.self) { params, service in try service.abortSession(params.sessionID) },
        DaemonRoute(SessionCurrent.self) { _, service in Outcome(try service.currentSession()) },
        DaemonRoute(SessionList.self) { params, service in Outcome(try service.listSessions(params)) },
        DaemonRoute(RestTimerControl.self) { params, service in try service.restTimer(params) },
    ]

}
