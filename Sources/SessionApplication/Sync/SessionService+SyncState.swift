import SessionCore
import SessionRPC
import SessionStore

extension SessionService {
    /// `sync.status`: the last report, the backlog past the push cursor, the shares.
    func syncStatus() throws(StorageError) -> SyncStatus.Result {
        let state = SyncState(database)
        let feed = ChangeFeed(database)
        let report = try state.report()
        let pushed = try feed.cursor("pushed").flatMap { Int64($0) } ?? 0
        var result = SyncStatus.Result()
        result.lastPush = report.pushedAtMs.map { clock.rfc3339(ms: $0) }
        result.lastPull = report.pulledAtMs.map { clock.rfc3339(ms: $0) }
        result.backlog = try feed.backlog(after: pushed)
        result.lastError = report.error
        result.lastErrorAt = report.error == nil ? nil : report.errorAtMs.map { clock.rfc3339(ms: $0) }
        result.shares = try state.shares()
        return result
    }

    /// `sync.report`: stores a round's outcome, then the status.
    func syncReport(_ params: SyncReport.Params) throws(StorageError) -> SyncStatus.Result {
        try SyncState(database).record(pushed: params.pushed, pulled: params.pulled, error: params.error, nowMs: nowMs)
        return try syncStatus()
    }

    /// `sync.share`: adds a role to share with.
    func syncShare(_ params: SyncShare.Params) throws(StorageError) -> SyncShare.Result {
        let state = SyncState(database)
        let added = try state.share(params.role, nowMs: nowMs)
        var result = SyncShare.Result()
        result.role = params.role
        result.added = added
        result.shares = try state.shares()
        return result
    }

    /// `sync.unshare`: removes a role shared with.
    func syncUnshare(_ params: SyncUnshare.Params) throws(StorageError) -> SyncUnshare.Result {
        let state = SyncState(database)
        let removed = try state.unshare(params.role)
        var result = SyncUnshare.Result()
        result.role = params.role
        result.removed = removed
        result.shares = try state.shares()
        return result
    }
}

extension DaemonRoutes {
    /// sessiond-sync's state in the daemon: the roles shared with and its reports.
    static let syncState: [DaemonRoute] = [
        DaemonRoute(SyncStatus.self) { _, service in Outcome(try service.syncStatus()) },
        DaemonRoute(SyncReport.self) { params, service in Outcome(try service.syncReport(params)) },
        DaemonRoute(SyncShare.self) { params, service in Outcome(try service.syncShare(params)) },
        DaemonRoute(SyncUnshare.self) { params, service in Outcome(try service.syncUnshare(params)) },
    ]
}
