import SessionCore
import SessionRPC
import SessionStore

extension SessionService {
    /// `changes.since`: stores the push cursor when given, then reads the page. A
    /// cursor past the feed's last position is refused: stored, it would hide every
    /// change fed up to it from the push.
    func changesSince(_ params: ChangesSince.Params) throws -> ChangesSince.Result {
        let feed = ChangeFeed(database)
        if let pushed = params.pushed {
            let last = try feed.lastPosition()
            guard pushed <= last else {
                throw RPCError.invalidParams([PathMessage(path: "params.pushed", message: "lies past the feed's last position, \(last)")])
            }
            try feed.setCursor("pushed", String(pushed))
        }
        let stored = try feed.cursor("pushed").flatMap { Int($0) } ?? 0
        let page = try feed.page(after: Int64(params.after ?? stored), limit: params.limit ?? ChangesSince.maximumPage)
        var result = ChangesSince.Result()
        result.device = try feed.clock().device
        result.changes = page.changes
        result.next = Int(page.next)
        result.more = page.more
        result.pushed = stored
        result.pulled = try feed.cursor("pulled")
        result.backlog = try feed.backlog(after: Int64(stored))
        return result
    }

    /// `changes.apply`: stores the changes, and the pull cursor with them when every
    /// change was settled.
    /// An active plan moved by another device's activation is announced as one made here.
    func applyChanges(_ params: ChangesApply.Params) throws(StorageError) -> Outcome {
        let feed = ChangeFeed(database)
        let wasActive = try database.plans.activePlanID()
        let running = try database.sessions.activeSession()?.id
        let applied = try feed.apply(params.changes, plans: importedPlans(params.changes), nowMs: nowMs)
        if let pulled = params.pulled, applied.unresolved.isEmpty { try feed.setCursor("pulled", pulled) }
        let result = ChangesApply.Result(applied: applied.applied, ignored: applied.ignored, unresolved: applied.unresolved, pulled: try feed.cursor("pulled"))
        var effects = Effects()
        if let active = try database.plans.activePlanID(), active != wasActive {
            effects.factsChanged = true
            effects.emit(PlanActivatedEvent.self, .init { $0.planID = active })
        }
        // The session running here finished or discarded on another device: its rest
        // ends with it, as a finish or an abort here ends it.
        if let running, try database.sessions.activeSession()?.id != running {
            effects.rest = .cancel
            effects.sessionChanged = true
            effects.factsChanged = true
        }
        return Outcome(result, effects: effects)
    }
}

extension DaemonRoutes {
    /// The change feed sessiond-sync pushes from, and the door for other devices' changes.
    static let changes: [DaemonRoute] = [
        DaemonRoute(ChangesSince.self) { params, service in Outcome(try service.changesSince(params)) },
        DaemonRoute(ChangesApply.self) { params, service in try service.applyChanges(params) },
    ]
}
