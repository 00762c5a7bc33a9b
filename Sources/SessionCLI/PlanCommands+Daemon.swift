import ArgumentParsing
import SessionCore
import SessionFormats
import SessionRPC
import JSON

extension PlanCommands {
    static let planImport = Command(
        words: ["plan", "import"], synopsis: "FILE|-",
        summary: "Import a plan into the daemon and make it active; every change made is listed.",
        details: """
            FILE is read as for plan check. Nothing is stored when the plan is refused (exit
            status 1).
            """,
        options: CommonOptions.daemon + [
            Options.weekStart.help("the Monday of the plan's week (default: the plan's own, else this week)").spec,
            Options.exercisesPerDay.spec,
            OptionSpec(.noActivate, help: "store it without making it the active plan"),
            CommonOptions.verbose,
        ],
        run: { arguments, context in
            guard arguments.positionals.count == 1 else { throw UsageError("plan import needs one FILE (or - for standard input)") }
            let options = try importOptions(arguments, today: context.clock.today(), units: context.console.units)
            let text = try FileInput.read(arguments.positionals[0])
            var params = PlanImport.Params { $0.plan = .string(text) }
            params.bareWeightUnit = context.console.units.rawValue
            params.weekStart = options.weekStart
            params.exercisesPerDay = options.exercisesPerDay
            params.activate = !arguments.has(.noActivate)
            let result = try context.call(try context.connect(arguments), PlanImport.self, params)
            if context.printJSON(result, arguments) { return ExitStatus.ok }
            let console = context.console
            console.print("imported plan \(result.planID): \(console.bold(result.name)) · week of \(result.weekStart)" + (result.active ? " · active" : ""))
            sayPutOff(result.governsFrom, console: console)
            PlanFormatter(console: console).printWarnings(result.warnings, heading: "\(plural(result.warnings.count, "change")) made on import:",
                                                          verbose: arguments.has(.verbose))
            return ExitStatus.ok
        })

    static let planShow = Command(
        words: ["plan", "show"], synopsis: "[PLAN-ID]",
        summary: "Show today's plan by date, today marked (or a stored plan, or the plan of another week).",
        details: """
            PLAN-ID shows that stored plan (sessionctl plan list gives the ids). With --week
            DATE, DATE's week as sessions, summaries and the calendar take it: each day
            under the plan that governed it (the plan in force when the day ended; today
            and later days, the plan in force now, but for a day trained already when it
            was activated: that day keeps its plan), carried over by weekday past the
            plan's own week, one-off moves applied. A plan imported, activated or edited
            later never changes a day that had ended; a day that ended before any plan
            was in force shows as "no plan yet".
            """,
        options: CommonOptions.daemon + [Options.week.help("show the plan that trains DATE's week").param("date").spec],
        completes: { [.every(.plans)] },
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else { throw UsageError("plan show takes at most one PLAN-ID") }
            var params = PlanGet.Params.currentPlan
            if let text = arguments.positionals.first {
                guard let id = Int64(text), id > 0 else { throw UsageError("PLAN-ID must be a plan id (sessionctl plan list), got \"\(text)\"") }
                guard arguments[.week] == nil else { throw UsageError("give PLAN-ID or --week, not both") }
                params.planID = id
            }
            // Checked before the daemon is asked (a usage error needs none), a day word
            // read here; then placed in the daemon's today.
            let week = try arguments.value(Options.week)
            params.date = week?.on(context.clock.today())
            try context.check(PlanGet.self, params)
            let client = try context.connect(arguments)
            params.date = try context.date(week, over: client)
            // The plan as stored, and for a carried-over week the Monday it carries to;
            // with it, in the same round trip, the daemon's today, the day marked.
            let replies = try client.pipeline([SocketClient.Call(PlanGet.self, params), SocketClient.Call(DaemonStatus.self, NoParams())])
            let document = try context.plan(client, params, reply: replies[0])
            if context.printJSON(document, arguments) { return ExitStatus.ok }
            // A week whose plan changed: the other plans that govern its days, in one
            // more round trip.
            let governing = [document] + (try documents(Set(document.week.compactMap(\.planID)).subtracting([document.planID]), client: client))
            if let monday = document.week.first?.date, governing.allSatisfy({ $0.plan.weekStart < monday }) {
                let weeks = Set(governing.map(\.plan.weekStart)).sorted().map(\.description).joined(separator: ", ")
                context.console.print(context.console.dim("carried over from the week of \(weeks): no plan was imported for this week"))
            }
            let today = try DaemonStatus.Result(json: try replies[1].value()).today
            PlanFormatter(console: context.console).printPlan(document.week.isEmpty ? document.plan : weekAsTrained(document.week, plans: governing), today: today)
            return ExitStatus.ok
        })

    static let planDiff = Command(
        words: ["plan", "diff"], synopsis: "[PLAN-ID [PLAN-ID]]",
        summary: "What changed between two plans, day by day and exercise by exercise (default: today's plan and the one before it).",
        details: """
            With no PLAN-ID, today's plan against the plan it revises (plan redo), else
            the plan stored before it; with one, that plan against today's; with two,
            the first against the second. Days are matched by weekday and exercises by name
            (case and spacing aside): + an exercise added, − one removed, ~ one whose sets,
            reps, time, weight, rest, superset or description changed, before → after.
            """,
        options: CommonOptions.daemon,
        completes: { [.every(.plans)] },
        run: { arguments, context in
            guard arguments.positionals.count <= 2 else { throw UsageError("plan diff takes at most two PLAN-IDs") }
            let ids = try arguments.positionals.map { text throws(UsageError) -> Int64 in
                guard let id = Int64(text), id > 0 else { throw UsageError("PLAN-ID must be a plan id (sessionctl plan list), got \"\(text)\"") }
                return id
            }
            let client = try context.connect(arguments)
            let later = try context.plan(client, PlanGet.Params { $0.planID = ids.count == 2 ? ids[1] : nil; $0.current = ids.count < 2 })
            let earlierID: Int64
            if let first = ids.first {
                earlierID = first
            } else {
                let plans = try context.call(client, PlanList.self, NoParams()).items
                let before = plans.first { $0.planID == later.planID }?.revises
                    ?? plans.drop { $0.planID != later.planID }.dropFirst().first?.planID
                guard let before else {
                    context.console.error(plans.count <= 1
                        ? "sessionctl: plan \(later.planID) is the only plan stored: nothing to compare it with"
                        : "sessionctl: plan \(later.planID) revises no plan and was stored before the others: name the plans to compare (plan diff PLAN-ID [PLAN-ID]; plan list lists them)")
                    return ExitStatus.refused
                }
                earlierID = before
            }
            let earlier = try context.call(client, PlanGet.self, PlanGet.Params { $0.planID = earlierID })
            let diff = PlanDiff(from: earlier.plan, to: later.plan)
            let unit = context.console.units
            func shown(_ exercise: PlannedExercise) -> String { PlanText.prescription(exercise, unit: unit) }
            if arguments.has(.json) {
                let days: [JSONValue] = diff.days.map { day in
                    .obj([
                        "weekday": .string(day.weekday.name),
                        "title": day.title.map { .obj(["before": $0.before.map(JSONValue.string) ?? .null, "after": $0.after.map(JSONValue.string) ?? .null]) } ?? .null,
                        "rest": day.rest.map { .obj(["before": .bool($0.before), "after": .bool($0.after)]) } ?? .null,
                        "added": .array(day.added.map { .string($0.name) }),
                        "removed": .array(day.removed.map { .string($0.name) }),
                        "changed": .array(day.changed.map { change in
                            .obj(["exercise": .string(change.after.name), "fields": .array(change.fields.map(JSONValue.string)),
                                  "before": .string(shown(change.before)), "after": .string(shown(change.after))])
                        }),
                    ])
                }
                context.console.print(JSONValue.obj(["from": JSONValue(Int(earlier.planID)), "to": JSONValue(Int(later.planID)), "days": .array(days)]).prettyText)
                return ExitStatus.ok
            }
            let console = context.console
            console.print(console.dim("plan \(earlier.planID) (week of \(earlier.plan.weekStart)) → plan \(later.planID) (week of \(later.plan.weekStart))"))
            if diff.isEmpty { console.print("no changes") }
            for day in diff.days {
                var heading = console.bold(day.weekday.name)
                if let rest = day.rest {
                    heading += ": " + (rest.before ? "rest day" : day.title?.before ?? "training") + " → " + (rest.after ? "rest day" : day.title?.after ?? "training")
                } else if let title = day.title {
                    heading += ": " + (title.before ?? "none") + " → " + (title.after ?? "none")
                }
                console.print(heading)
                for exercise in day.added { console.print(console.green("  + \(exercise.name)  \(shown(exercise))")) }
                for exercise in day.removed { console.print(console.red("  − \(exercise.name)  \(shown(exercise))")) }
                for change in day.changed {
                    console.print("  ~ \(change.after.name)  \(shown(change.before)) → \(shown(change.after))"
                                  + (change.fields.contains("description") ? console.dim("  (description)") : ""))
                }
            }
            return ExitStatus.ok
        })

    static let planList = Command(
        words: ["plan", "list"], synopsis: "", summary: "List stored plans, newest first: * marks the active one, (today) the one governing today.", details: "",
        options: CommonOptions.daemon,
        run: { arguments, context in
            let plans = try context.call(try context.connect(arguments), PlanList.self, NoParams())
            if context.printJSON(plans, arguments) { return ExitStatus.ok }
            for plan in plans.items {
                context.console.print("\(plan.active ? "*" : " ") \(plan.planID)  week of \(plan.weekStart)  \(plan.name)" +
                                      (plan.revises.map { context.console.dim("  (new version of plan \($0))") } ?? "")
                                      + (plan.governsToday ? context.console.dim("  (today)") : ""))
            }
            return ExitStatus.ok
        })

    static let planActivate = Command(
        words: ["plan", "activate"], synopsis: "PLAN-ID", summary: "Make a stored plan the active one.",
        details: """
            It governs from today (tomorrow when today was trained). A plan activated within its
            own week keeps to that week once next week's plan has come in; one activated after
            its week goes on until the next activation.
            """,
        options: CommonOptions.daemon,
        completes: { [.every(.plans)] },
        run: { arguments, context in
            guard arguments.positionals.count == 1, let id = Int(arguments.positionals[0]), id > 0 else {
                throw UsageError("plan activate needs one PLAN-ID (see sessionctl plan list)")
            }
            let result = try context.call(try context.connect(arguments), PlanActivate.self, PlanActivate.Params { $0.planID = Int64(id) })
            if context.printJSON(result, arguments) { return ExitStatus.ok }
            context.console.print("plan \(id) is active")
            sayPutOff(result.governsFrom, console: context.console)
            return ExitStatus.ok
        })

    /// A plan activated on a day trained already governs from `date`, the next: said, so
    /// that no one looks for the change in today's session.
    static func sayPutOff(_ date: LocalDate?, console: Console) {
        guard let date else { return }
        console.print(console.dim("it governs from \(date): today was trained under the plan before, and keeps it"))
    }

    /// The stored plans `ids` names, in the order of their ids, in one round trip (none
    /// for none): the plans that govern the dates of a week besides the one asked for.
    static func documents(_ ids: Set<Int64>, client: SocketClient) throws -> [PlanDocument] {
        guard !ids.isEmpty else { return [] }
        return try client.pipeline(ids.sorted().map { id in SocketClient.Call(PlanGet.self, PlanGet.Params { $0.planID = id }) })
            .map { try PlanGet.Result(json: try $0.value()) }
    }

    /// A week as it trains (`week`, a plan document's asked for by date): each date with
    /// its governing plan's day in full (`plans`: the document's and the others that
    /// govern a day of it), moved days said so, a day of a plan other than the first
    /// named by it, and a date before any plan as none.
    static func weekAsTrained(_ week: [CalendarDay], plans: [PlanDocument]) -> Plan {
        let first = plans[0]
        var days: [Int64: PlanDay] = [:]
        for document in plans { for (id, day) in zip(document.dayIDs, document.plan.days) where days[id] == nil { days[id] = day } }
        let trained = week.map { entry -> PlanDay in
            guard let planID = entry.planID else { return PlanDay(date: entry.date, title: "no plan yet", rest: true, warmup: [], exercises: []) }
            var day = entry.planDayID.flatMap { days[$0] } ?? PlanDay(date: entry.date, title: entry.title ?? "Rest", rest: entry.rest, warmup: [], exercises: [])
            day.date = entry.date
            if let from = entry.movedFrom { day.title += " (moved from \(from.weekday.name))" }
            if planID != first.planID { day.title += " (plan \(planID))" }
            return day
        }
        var plan = first.plan
        plan.weekStart = week.first?.date ?? plan.weekStart
        plan.days = trained
        return plan
    }
}
