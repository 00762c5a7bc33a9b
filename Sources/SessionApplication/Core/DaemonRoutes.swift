import SessionCore
import SessionRPC
import SessionStore

/// One of the daemon's routes: a contract and the service call behind it.
package typealias DaemonRoute = MethodRoute<SessionService, Outcome>

/// The daemon's routes, a list of features: each feature registers its methods beside
/// their handlers (a `static let` list of the feature type's, in the file of the
/// handlers, under its folder of Sources/SessionApplication). Each route names its
/// contract (SessionRPC/Contracts), which decodes the params and encodes the result,
/// and calls the feature through the service (`service.sessions.log(params)`).
/// `rpc.discover` is generated from the same entries.
package enum DaemonRoutes {
    /// Every feature's routes, in the order `rpc.discover` lists them.
    static let features: [[DaemonRoute]] = [
        daemon,
        PlansFeature.routes, PlansFeature.calendarRoutes,
        SessionsFeature.lifecycleRoutes, SessionsFeature.logRoutes, SessionsFeature.editRoutes, RestFeature.routes,
        SessionsFeature.detailRoutes,
        SummaryFeature.routes, HealthFeature.routes, HealthFeature.importRoutes,
        HistoryFeature.routes, HistoryFeature.archiveRoutes, HistoryFeature.backupRoutes,
        AliasesFeature.routes, ExercisesFeature.routes,
        events, changes, syncState,
    ]

    package static let table = MethodRouter<SessionService, Outcome>(
        methods: features.flatMap { $0 },
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

    static let events: [DaemonRoute] = [
        DaemonRoute(EventsSubscribe.self) { params, _ in
            let types = params.types ?? EventsSubscribe.types
            var effects = Effects()
            effects.subscription = Set(types)
            return Outcome(EventsSubscribe.Result { $0.subscribed = types }, effects: effects)
        },
    ]
}
