import SessionCore
import SessionRPC
import SessionStore

/// One of the daemon's routes: a contract and the service call behind it.
package typealias DaemonRoute = MethodRoute<SessionService, Outcome>

/// The daemon's routes: each names its contract (SessionRPC/Contracts), which decodes
/// the params and encodes the result, and calls the service. `rpc.discover` is
/// generated from the same entries.
package enum DaemonRoutes {
    package static let table = MethodRouter<SessionService, Outcome>(
        methods: daemon + plans + sessions + summary + events + changes,
        info: .obj([
            "title": "sessiond",
            "version": .string(SessiondVersion.current),
            "description": "Workout session tracker: JSON-RPC 2.0 over a Unix socket, one message per line.",
        ]),
        mapError: ErrorMapping.rpcError)

    /// The routes the serving loop answers itself (see `LoopService`); the same methods
    /// in a batch go the database thread's way, through `table`.
    package static let loopTable = MethodRouter<LoopService, Outcome>(
        methods: [MethodRoute(DaemonStatus.self) { _, loop in Outcome(loop.status()) }],
        info: .obj(["title": "sessiond (loop)"]),
        mapError: ErrorMapping.rpcError)

    static let daemon: [DaemonRoute] = [
        DaemonRoute(DaemonStatus.self) { _, service in Outcome(try service.status()) },
    ]

    static let plans: [DaemonRoute] = [
        DaemonRoute(PlanImport.self) { params, service in try service.importPlan(params) },
        DaemonRoute(PlanActivate.self) { params, service in try service.activatePlan(params.planID) },
        DaemonRoute(PlanGet.self) { params, service in Outcome(try service.plan(params)) },
        DaemonRoute(PlanMove.self) { params, service in try service.movePlanDays(params) },
        DaemonRoute(PlanList.self) { _, service in Outcome(try service.listPlans()) },
        DaemonRoute(PlanAttempt.self) { params, service in Outcome(try service.recordAttempt(params.attempt)) },
        DaemonRoute(PlanAttempts.self) { params, service in Outcome(try service.attempts(params)) },
        DaemonRoute(PlanUsage.self) { _, service in Outcome(try service.plannerUsage()) },
    ]

    static let events: [DaemonRoute] = [
        DaemonRoute(EventsSubscribe.self) { params, _ in
            let types = params.types ?? EventsSubscribe.types
            var effects = Effects()
            effects.subscription = Set(types)
            return Outcome(EventsSubscribe.Result { $0.subscribed = types }, effects: effects)
        },
    ]
}
