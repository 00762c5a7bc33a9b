import SessionCore
import SessionFormats
import SessionRPC
import SessionStore
import JSON
import SessionSystem

/// Plans: imported, activated and read, the planner's attempts, and the plan calendar
/// (`PlansFeature+Calendar.swift`), over the plans and profile stores at the time of
/// the request served. Reached as `service.plans`.
struct PlansFeature {
    let database: Database
    let clock: LocalClock
    /// The time of the request being served.
    let nowMs: Int64
}

extension PlansFeature {
    /// `plan.import`: the typed boundary, then one atomic insert. A request id stored
    /// already is answered with its plan as it is now, and nothing else is done.
    func importPlan(_ params: PlanImport.Params) throws -> Outcome {
        if let requestID = params.requestID, let planID = try database.plans.planID(requestID: requestID),
           let stored = try database.plans.plan(planID) {
            return Outcome(PlanImport.Result {
                $0.planID = planID
                $0.name = stored.plan.name
                $0.weekStart = stored.plan.weekStart
                $0.active = stored.active
                $0.storedBefore = true
            })
        }
        let options = PlanImportOptions(today: clock.localDate(atMs: nowMs), weekStart: params.weekStart, exercisesPerDay: params.exercisesPerDay,
                                        bareWeightInPounds: params.bareWeightUnit == "lb")
        let source = params.plan.stringValue ?? params.plan.prettyText
        let attempt = params.attempt(reply: source)
        if let attempt { try checkNew(attempt) }
        let result = try PlanImporter.importPlan(json: params.plan, options: options)
        if let revised = params.revises, try database.plans.plan(revised) == nil { throw SessionError.planNotFound(revised) }
        let governsFrom = try activationDate(in: planCalendar())
        let inserted = try database.plans.insertPlan(result.plan, source: source, importedAtMs: nowMs, activate: params.activate,
                                                     revises: params.revises, attempt: attempt, requestID: params.requestID,
                                                     governsFrom: governsFrom)
        var effects = Effects()
        effects.factsChanged = inserted.active
        if inserted.active { effects.emit(PlanActivatedEvent.self, .init { $0.planID = inserted.id }) }
        let putOffTo = inserted.active ? try putOff(governsFrom, planID: inserted.id) : nil
        return Outcome(PlanImport.Result {
            $0.planID = inserted.id
            $0.name = result.plan.name
            $0.weekStart = result.plan.weekStart
            $0.active = inserted.active
            $0.warnings = result.warnings
            $0.governsFrom = putOffTo
        }, effects: effects)
    }

    /// `plan.attempt`: a planner attempt that did not become a plan, kept for audit.
    func recordAttempt(_ attempt: PlannerAttempt) throws -> PlanAttempt.Result {
        try checkNew(attempt)
        return try PlanAttempt.Result { $0.attemptID = try database.profile.recordAttempt(attempt, atMs: nowMs) }
    }

    /// An attempt is kept once: its run and number are new.
    private func checkNew(_ attempt: PlannerAttempt) throws {
        if try database.profile.hasAttempt(run: attempt.run, attempt: attempt.attempt) {
            throw RPCError.invalidParams([PathMessage(path: "params.attempt", message: "attempt \(attempt.attempt) of run \"\(attempt.run)\" is already kept")])
        }
    }

    /// `plan.attempts`.
    func attempts(_ params: PlanAttempts.Params) throws -> PlanAttempts.Result {
        ResultList(try database.profile.attempts(run: params.run, limit: params.limit ?? 20).map { item in
            PlanAttempts.Attempt { $0.attemptID = item.id; $0.at = clock.rfc3339(ms: item.atMs); $0.planID = item.planID; $0.attempt = item.attempt }
        })
    }

    /// `plan.usage`: this month's attempts and tokens, the month being the calendar
    /// month of the daemon's zone.
    func plannerUsage() throws -> PlanUsage.Result {
        let month = PlannerBudget.month(holding: clock.localDate(atMs: nowMs))
        let totals = try database.profile.attemptTotals(fromMs: clock.startOfDayMs(month.first), toMs: clock.startOfDayMs(month.next))
        return PlanUsage.Result {
            $0.month = String(month.first.description.prefix(7))
            $0.since = month.first
            $0.resetsOn = month.next
            $0.attempts = totals.attempts
            $0.inputTokens = totals.inputTokens
            $0.outputTokens = totals.outputTokens
            $0.estimatedAttempts = totals.estimatedAttempts
            $0.unrecordedAttempts = totals.unrecordedAttempts
        }
    }

    /// The date an activation made now governs from (`PlanCalendar.activationDate`):
    /// tomorrow when today is trained already under `calendar`.
    private func activationDate(in calendar: PlanCalendar) throws -> LocalDate {
        let today = clock.localDate(atMs: nowMs)
        return PlanCalendar.activationDate(madeOn: today, todayTrained: try isTrained(today, in: calendar))
    }

    /// `date` when an activation of `planID` was put off to it (today trained already)
    /// and the plan governs it then; else nil (it governs today, or no day yet).
    private func putOff(_ date: LocalDate, planID: Int64) throws -> LocalDate? {
        guard date > clock.localDate(atMs: nowMs) else { return nil }
        return try planCalendar().governingPlan(of: date)?.id == planID ? date : nil
    }

    /// `plan.activate`.
    func activatePlan(_ planID: Int64) throws -> Outcome {
        guard let plan = try database.plans.plan(planID) else { throw SessionError.planNotFound(planID) }
        let wasActive = try database.plans.activePlanID()
        // Active and governing today already, or unable to before its week: nothing to do.
        // The active plan may not govern: a later week's plan made for it takes over there.
        let today = clock.localDate(atMs: nowMs)
        let calendar = try planCalendar()
        let governing = calendar.governingPlan(of: today)?.id ?? planID
        let changes = wasActive != planID || (governing != planID && plan.plan.weekStart <= today)
        let governsFrom = changes ? try activationDate(in: calendar) : nil
        if let governsFrom { try database.plans.activatePlan(planID, atMs: nowMs, governsFrom: governsFrom) }
        var effects = Effects()
        effects.factsChanged = changes
        if changes { effects.emit(PlanActivatedEvent.self, .init { $0.planID = planID }) }
        let putOffTo = try governsFrom.flatMap { try putOff($0, planID: planID) }
        return Outcome(PlanActivate.Result { $0.planID = planID; $0.governsFrom = putOffTo }, effects: effects)
    }

    /// `plan.get`: the plan with the ids sessions refer to: by id, the one governing a
    /// date (`PlanCalendar`), the current one when asked for (`Params.current`), else the
    /// active one.
    func plan(_ params: PlanGet.Params) throws -> PlanDocument {
        var carriedOverTo: LocalDate?
        let id: Int64
        let calendar = try planCalendar()
        // The plan a change made now changes: governing the day an activation would.
        let current = calendar.governingPlan(of: try activationDate(in: calendar))?.id
        if let date = params.date {
            if params.planID != nil {
                throw RPCError.invalidParams([PathMessage(path: "params.date", message: "give planId or date, not both")])
            }
            // A date before any plan shows the plan that governs a later day of its week.
            let monday = date.mondayOfWeek
            guard let choice = calendar.choice(for: date) ?? calendar.choices(from: monday, through: monday.adding(days: 6)).first?.choice else {
                throw SessionError.noPlanCovers(date)
            }
            id = choice.planID
            if choice.carriedOver { carriedOverTo = date.mondayOfWeek }
        } else {
            // The current plan, asked for; the active plan while none governs (next
            // week's, imported before any for this week) or when not asked for.
            guard let given = try params.planID ?? (params.current == true ? current : nil) ?? database.plans.activePlanID() else {
                throw SessionError.noActivePlan
            }
            id = given
        }
        guard let stored = try database.plans.plan(id) else { throw SessionError.planNotFound(id) }
        var document = PlanDocument(planID: stored.id, active: stored.active, importedAt: clock.rfc3339(ms: stored.importedAtMs), plan: stored.plan,
                                    dayIDs: stored.dayIDs, exerciseIDs: stored.exerciseIDs, carriedOverTo: carriedOverTo)
        document.current = current == stored.id
        if let date = params.date { document.week = try calendarWeek(of: date.mondayOfWeek, in: calendar) }
        return document
    }

    /// `plan.list`.
    func listPlans() throws -> PlanList.Result {
        let today = try planCalendar().governingPlan(of: clock.localDate(atMs: nowMs))?.id
        return ResultList(try database.plans.listPlans().map { plan in
            PlanList.Listing {
                $0.planID = plan.id
                $0.name = plan.name
                $0.weekStart = plan.weekStart
                $0.active = plan.active
                $0.importedAt = clock.rfc3339(ms: plan.importedAtMs)
                $0.revises = plan.revises
                $0.governsToday = plan.id == today
            }
        })
    }
}

extension PlansFeature {
    /// Importing, activating and reading plans, and the planner attempts.
    static let routes: [DaemonRoute] = [
        DaemonRoute(PlanImport.self) { params, service in try service.plans.importPlan(params) },
        DaemonRoute(PlanActivate.self) { params, service in try service.plans.activatePlan(params.planID) },
        DaemonRoute(PlanGet.self) { params, service in Outcome(try service.plans.plan(params)) },
        DaemonRoute(PlanList.self) { _, service in Outcome(try service.plans.listPlans()) },
        DaemonRoute(PlanAttempt.self) { params, service in Outcome(try service.plans.recordAttempt(params.attempt)) },
        DaemonRoute(PlanAttempts.self) { params, service in Outcome(try service.plans.attempts(params)) },
        DaemonRoute(PlanUsage.self) { _, service in Outcome(try service.plans.plannerUsage()) },
    ]
}
