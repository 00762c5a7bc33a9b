import SessionCore
import SessionRPC
import SessionStore

/// The method table: each entry decodes its params, calls the tracker and returns the
/// result. `rpc.discover` is generated from the same entries.
/// One entry of the daemon's method table.
typealias TrackerMethod = Method<Tracker, Outcome>

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

    static let planResult = Schema.object([
        "planId": Schema.integer, "name": Schema.string, "weekStart": Schema.date, "active": Schema.boolean, "importedAt": Schema.timestamp,
        "days": Schema.array(Schema.object),
    ])

    static let plans: [TrackerMethod] = [
        Method("plan.import", summary: "Import a generated plan (object, array of days, or raw model text) at the typed boundary; nothing is stored when it is refused.",
               params: [
                ParamSpec("plan", required: true, schema: .obj(["type": ["object", "array", "string"]]), "the plan: JSON, or a model's raw reply as a string"),
                ParamSpec("weekStart", schema: Schema.date, "the Monday of the plan's week (default: the plan's own, else this week)"),
                ParamSpec("activate", schema: Schema.boolean, "make it the active plan (default true)"),
                ParamSpec("exercisesPerDay", schema: Schema.range(1, 20), "keep N exercises per training day, padding with fillers"),
               ],
               result: Schema.object(["planId": Schema.integer, "name": Schema.string, "weekStart": Schema.date, "active": Schema.boolean,
                                      "warnings": Schema.array(Schema.object(["path": Schema.string, "message": Schema.string]))])) { params, tracker in
            let plan = params.raw("plan")
            if plan == nil { params.fail("plan", "is required") }
            if let plan, plan.objectPairs == nil, plan.arrayValue == nil, plan.stringValue == nil {
                params.fail("plan", "must be a plan object, an array of days or a string of model output, got \(plan.typeDescription)")
            }
            let weekStart = params.date("weekStart")
            if let weekStart, weekStart.weekday != .monday { params.fail("weekStart", "\(weekStart) is a \(weekStart.weekday.name), not a Monday") }
            let activate = params.bool("activate") ?? true
            let perDay = params.int("exercisesPerDay", in: PlanLimits.exercisesPerDay)
            try params.check()
            return try tracker.importPlan(plan ?? .null, weekStart: weekStart, activate: activate, exercisesPerDay: perDay)
        },
        TrackerMethod(PlanActivate.self) { params, tracker in try tracker.activatePlan(params.planID) },
        Method("plan.get", summary: "A plan with its days and planned exercises and their ids.",
               params: [ParamSpec("planId", schema: Schema.integer, "default: the active plan")],
               result: planResult) { params, tracker in
            let id = params.id("planId")
            try params.check()
            return Outcome(try tracker.plan(id))
        },
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
