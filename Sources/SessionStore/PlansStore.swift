import SessionCore

/// The plans: each imported plan with its days, warm-ups and exercises, the events of
/// the plan calendar (activations and one-off moves), and their archive. Reached as
/// `Database.plans`.
///
/// Its invariants, kept here and by no caller:
/// * one active plan: a plan made active (imported, activated, restored active) makes
///   every other inactive in the same write;
/// * plan events: every activation is an event of the plan calendar at its time
///   (`insertPlan`, `activatePlan`), which `PlanCalendar` derives each date's plan from;
///   a restored plan's activations come with the archive's events
///   (`restorePlanEvents`, which adds none twice).
public struct PlansStore: Store {
    /// The connection and transaction state it shares with the database's other stores.
    let context: StoreContext

    /// Stores an imported plan with the text it came from, in one transaction. With
    /// `activate`, or when no plan is active yet, it becomes the one active plan, and
    /// its activation is an event of the plan calendar at its import time, dated
    /// `governsFrom` when given (else the day of that time). With `requestID`, the plan
    /// is the one stored under it from then on (`planID(requestID:)`).
    public func insertPlan(_ plan: Plan, source: String, importedAtMs: Int64, activate: Bool, revises: Int64? = nil,
                           attempt: PlannerAttempt? = nil, requestID: String? = nil, governsFrom: LocalDate? = nil) throws(StorageError) -> InsertedPlan {
        try write(.plans) {
            let hasActive = try connection.scalar("SELECT id FROM plan WHERE active = 1") != nil
            let makeActive = activate || !hasActive
            // One active plan, and its activation an event of the plan calendar.
            if makeActive { try connection.run("UPDATE plan SET active = 0 WHERE active = 1") }
            let planID = try storePlan(plan, source: source, importedAtMs: importedAtMs, active: makeActive, revises: revises,
                                       requestID: requestID)
            if makeActive { try insertEvent(.activated(planID: planID), atMs: importedAtMs, date: governsFrom) }
            if let attempt { _ = try profileStore.insertAttempt(attempt, atMs: importedAtMs, planID: planID) }
            return InsertedPlan(id: planID, active: makeActive)
        }
    }

    /// The rows of a plan: the plan, its days, warm-ups and exercises; its id. The plan
    /// is fed as this device's (another device's takes its uid after, `ChangeFeed.applyPlan`).
    func storePlan(_ plan: Plan, source: String, importedAtMs: Int64, active: Bool, revises: Int64?,
                   requestID: String? = nil) throws -> Int64 {
        try connection.run(
            "INSERT INTO plan (name, week_start, imported_at_ms, source, active, revises, request_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [plan.name, plan.weekStart.description, importedAtMs, source, active, revises, requestID])
        let planID = connection.lastInsertRowID
        try context.feedPlan(planID, uidName: requestID.map { ChangeFeed.planUIDName(requestID: $0, weekStart: plan.weekStart) })
        for day in plan.days {
            try connection.run(
                "INSERT INTO plan_day (plan_id, date, weekday, title, rest) VALUES (?, ?, ?, ?, ?)",
                [planID, day.date.description, day.weekday.rawValue, day.title, day.rest])
            let dayID = connection.lastInsertRowID
            for (offset, item) in day.warmup.enumerated() {
                try connection.run(
                    "INSERT INTO warmup_item (plan_day_id, position, name, reps, duration_seconds, description) VALUES (?, ?, ?, ?, ?, ?)",
                    [dayID, offset + 1, item.name, item.reps, item.durationSeconds, item.description])
            }
            for (offset, exercise) in day.exercises.enumerated() {
                try connection.run(
                    """
                    INSERT INTO planned_exercise (plan_day_id, position, name, sets, reps, reps_max, amrap,
                        duration_seconds, weight_kg, rest_seconds, description, superset)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [dayID, offset + 1, exercise.name, exercise.sets, exercise.reps, exercise.repsMax, exercise.amrap,
                     exercise.durationSeconds, exercise.weightKg, exercise.restSeconds, exercise.description, exercise.superset])
            }
        }
        return planID
    }

    /// Makes `planID` the one active plan from `atMs` on (an event of the plan calendar,
    /// dated `governsFrom` when given, else the day of `atMs`).
    public func activatePlan(_ planID: Int64, atMs: Int64, governsFrom: LocalDate? = nil) throws(StorageError) {
        try write(.plans) {
            guard try connection.scalar("SELECT 1 FROM plan WHERE id = ?", [planID]) != nil else { throw StorageError.notFound(.plan(planID)) }
            // One active plan, and its activation an event of the plan calendar.
            try connection.run("UPDATE plan SET active = 0 WHERE active = 1 AND id <> ?", [planID])
            try connection.run("UPDATE plan SET active = 1 WHERE id = ?", [planID])
            try insertEvent(.activated(planID: planID), atMs: atMs, date: governsFrom)
        }
    }

    /// Keeps a one-off move of two dates' days under `planID`, made at `atMs`.
    public func movePlanDays(planID: Int64, from: LocalDate, to: LocalDate, atMs: Int64) throws(StorageError) {
        try write(.plans) { try insertEvent(.moved(planID: planID, from: from, to: to), atMs: atMs) }
    }

    /// Stores one plan event, fed as this device's, on `date` (a restored event's, an
    /// activation's made on a day trained) or else dated in the daemon's zone now.
    private func insertEvent(_ kind: PlanCalendar.Event.Kind, atMs: Int64, date kept: LocalDate? = nil) throws {
        let date = (kept ?? context.eventDate?(atMs))?.description
        switch kind {
        case .activated(let planID):
            try connection.run("INSERT INTO plan_event (at_ms, kind, plan_id, date) VALUES (?, 'activate', ?, ?)", [atMs, planID, date])
        case .moved(let planID, let from, let to):
            try connection.run("INSERT INTO plan_event (at_ms, kind, plan_id, from_date, to_date, date) VALUES (?, 'move', ?, ?, ?, ?)",
                               [atMs, planID, from.description, to.description, date])
        }
        try context.feedPlanEvent(connection.lastInsertRowID)
    }

    /// Has every plan event stored from now on keep the date it happened on by `date`
    /// (the daemon's zone as it is then): a later change of zone leaves the days
    /// already lived under the plans that governed them.
    public func datesEvents(by date: @escaping (Int64) -> LocalDate) {
        context.eventDate = date
    }

    /// Dates the plan events stored without a date (before events kept theirs, or
    /// before the daemon said how: a sync run alone) by `datesEvents(by:)`'s rule, once.
    public func dateUndatedEvents() throws(StorageError) {
        guard let date = context.eventDate else { return }
        // Read first: a start with nothing to date writes nothing.
        let undated = try wrap { try connection.prepare("SELECT id, at_ms FROM plan_event WHERE date IS NULL").rows { ($0.int64("id"), $0.int64("at_ms")) } }
        guard !undated.isEmpty else { return }
        try write(.plans) {
            for (id, atMs) in undated {
                try connection.run("UPDATE plan_event SET date = ? WHERE id = ?", [date(atMs).description, id])
            }
        }
    }

    /// Every plan as the calendar needs it, and every plan event in the order it
    /// happened: what `PlanCalendar` derives each date's plan from.
    public func planTimeline() throws(StorageError) -> PlanTimeline {
        try wrap {
            var trains: [Int64: [String]] = [:]
            try connection.prepare(
                """
                SELECT d.plan_id, d.weekday, d.title || coalesce(char(10) || (
                    SELECT group_concat(name, char(10)) FROM (SELECT name FROM planned_exercise WHERE plan_day_id = d.id ORDER BY position)
                ), '') AS trains
                FROM plan_day d WHERE NOT d.rest
                """
            ).forEachRow { row in
                trains[row.int64("plan_id"), default: Array(repeating: "", count: 7)][row.int("weekday") - 1] = row.text("trains")
                return true
            }
            let plans = try connection.prepare("SELECT id, week_start, revises FROM plan").rows { row in
                let id = row.int64("id")
                return PlanCalendar.Plan(id: id, weekStart: row.date("week_start"), revises: row.optionalInt64("revises"),
                                         trains: trains[id] ?? Array(repeating: "", count: 7))
            }
            let events = try connection.prepare(
                """
                SELECT e.id, e.at_ms, e.kind, e.plan_id, e.from_date, e.to_date, e.date, e.at_ms = p.imported_at_ms AS with_import
                FROM plan_event e JOIN plan p ON p.id = e.plan_id ORDER BY e.at_ms, e.id
                """
            ).rows { row in
                let planID = row.int64("plan_id")
                let kind: PlanCalendar.Event.Kind = row.isNull("from_date")
                    ? .activated(planID: planID) : .moved(planID: planID, from: row.date("from_date"), to: row.date("to_date"))
                return PlanTimeline.Event(id: row.int64("id"), atMs: row.int64("at_ms"), kind: kind,
                                          date: row.isNull("date") ? nil : row.date("date"), withImport: row.bool("with_import"))
            }
            return PlanTimeline(plans: plans, events: events)
        }
    }

    /// A plan event from an archive: its time, what happened, and the day it kept
    /// (nil in an archive written before events kept it).
    public typealias RestoredEvent = (atMs: Int64, kind: PlanCalendar.Event.Kind, date: LocalDate?)

    /// Stores plan events from an archive (plan ids already mapped to the stored
    /// ones), each on the day it kept; an event stored already (the same time, kind,
    /// plan and dates) is not added again.
    public func restorePlanEvents(_ events: [RestoredEvent]) throws(StorageError) {
        try write(.plans) {
            let timeline = try planTimeline()
            var stored = Set(timeline.events.map { EventKey(atMs: $0.atMs, kind: $0.kind) })
            for event in events.sorted(by: { $0.atMs < $1.atMs }) where stored.insert(EventKey(atMs: event.atMs, kind: event.kind)).inserted {
                try insertEvent(event.kind, atMs: event.atMs, date: event.date)
            }
        }
    }

    private struct EventKey: Hashable {
        let atMs: Int64
        let kind: PlanCalendar.Event.Kind
    }
}
