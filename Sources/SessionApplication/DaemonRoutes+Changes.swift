import SessionCore
import SessionRPC
import SessionStore

extension DaemonRoutes {
    /// The change feed sessiond-sync pushes from, and the door for other devices' changes.
    static let changes: [DaemonRoute] = [
        DaemonRoute(ChangesSince.self) { params, service in Outcome(try service.changesSince(params)) },
        DaemonRoute(ChangesApply.self) { params, service in Outcome(try service.applyChanges(params)) },
    ]
}
