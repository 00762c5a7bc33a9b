import SessionCore
import SessionRPC
import SessionStore

/// One entry of the daemon's method table: a contract and the tracker call behind it.
typealias TrackerMethod = Method<Tracker, Outcome>

/// The method table: each entry names its contract (SessionRPC/Contracts), which decodes
/// the params and encodes the result, and calls the tracker. `rpc.discover` is
/// generated from the same entries.
enum Methods {
    static let table = MethodTable<Tracker, Outcome>(
        methods: daemon + plans + sessions + summary + events,
        info: .obj([
            "title": "sessiond",
            "version": .string(SessiondVersion.current),
            "description": "Workout session tracker: JSON-RPC 2.0 over a Unix socket, one message per line.",
        ]),
        mapError: ErrorMapping.rpcError)

    static let daemon: [TrackerMethod] = [
        TrackerMethod(DaemonStatus.self) { _, tracker in Outcome(try tracker.status()) },
    ]

    static let plans: [TrackerMethod] = [
        TrackerMethod(PlanImport.self) { params, tracker in try tracker.importPlan(params) },
        TrackerMethod(PlanActivate.self) { params, tracker in try tracker.activatePlan(params.planID) },
        TrackerMethod(PlanGet.self) { params, tracker in Outcome(try tracker.plan(params.planID)) },
        TrackerMethod(PlanList.self) { _, tracker in Outcome(try tracker.listPlans()) },
    ]

    static let events: [TrackerMethod] = [
        TrackerMethod(EventsSubscribe.self) { params, _ in
            let types = params.types ?? EventsSubscribe.types
            var effects = Effects()
            effects.subscription = Set(types)
            return Outcome(EventsSubscribe.Result(subscribed: types), effects: effects)
        },
    ]
}
