import SessionCore

extension Database {
    /// Stores an imported plan with the text it came from, in one transaction. With
    /// `activate`, or when no plan is active yet, it becomes the one active plan, and
    /// its activation is an event of the plan calendar at its import time.
    public func insertPlan(_ plan: Plan, source: String, importedAtMs: Int64, activate: Bool, revises: Int64? = nil,
                           attempt: PlannerAttempt? = nil) throws(StorageError) -> InsertedPlan {
        try write(.plans) {
            let hasActive = try connection.scalar("SELECT id FROM plan WHERE active = 1") != nil
            let makeActive = activate || !hasActive
            if makeActive { try connection.run("UPDATE plan SET active = 0 WHERE active = 1") }
            let planID = try storePlan(plan, source: source, importedAtMs: importedAtMs, active: makeActive, revises: revises)
            if makeActive { try insertEvent(.activated(planID: planID), atMs: importedAtMs) }
            if let attempt { _ = try insertAttempt(attempt, atMs: importedAtMs, planID: planID) }
            return InsertedPlan(id: planID, active: makeActive)
        }
    }

    /// The rows of a plan: the plan, its days, warm-ups and exercises; its id.
    func storePlan(_ plan: Plan, source: String, importedAtMs: Int64, active: Bool, revises: Int64?) throws -> Int64 {
        try connection.run(
            "INSERT INTO plan (name, week_start, imported_at_ms, source, active, revises) VALUES (?, ?, ?, ?, ?, ?)",
            [plan.name, plan.weekStart.description, importedAtMs, source, active, revises])
        let planID = connection.lastInsertRowID
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

    /// Keeps a planner attempt that did not become a plan (refused or failed).
    public func recordAttempt(_ attempt: PlannerAttempt, atMs: Int64) throws(StorageError) -> Int64 {
        try write(.plans) { try insertAttempt(attempt, atMs: atMs, planID: nil) }
    }

    private func insertAttempt(_ attempt: PlannerAttempt, atMs: Int64, planID: Int64?) throws -> Int64 {
        try connection.run(
            """
            INSERT INTO plan_attempt (run, attempt, at_ms, planner, reply, outcome, detail, plan_id, input_tokens, output_tokens, token_source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [attempt.run, attempt.attempt, atMs, attempt.planner, attempt.reply, attempt.outcome.rawValue, attempt.detail, planID,
             attempt.tokens?.input, attempt.tokens?.output, attempt.tokens?.source.rawValue])
        return connection.lastInsertRowID
    }

    /// True when `run` already has an attempt numbered `attempt`.
    public func hasAttempt(run: String, attempt: Int) throws(StorageError) -> Bool {
        try wrap { try connection.scalar("SELECT 1 FROM plan_attempt WHERE run = ? AND attempt = ?", [run, attempt]) != nil }
    }

    /// Kept planner attempts, newest first: those of one run, or the latest `limit`.
    public func attempts(run: String?, limit: Int) throws(StorageError) -> [StoredAttempt] {
        try wrap {
            try connection.prepare(
                """
                SELECT id, at_ms, plan_id, run, attempt, planner, reply, outcome, detail, input_tokens, output_tokens, token_source FROM plan_attempt
                WHERE ?1 IS NULL OR run = ?1 ORDER BY at_ms DESC, id DESC LIMIT ?2
                """
            ).rows([run, limit]) { row in
                StoredAttempt(
                    id: row.int64("id"), atMs: row.int64("at_ms"), planID: row.optionalInt64("plan_id"),
                    attempt: PlannerAttempt(run: row.text("run"), attempt: row.int("attempt"), planner: row.text("planner"), reply: row.text("reply"),
                                            outcome: row.choice("outcome"), detail: row.optionalText("detail"), tokens: Self.tokens(row)))
            }
        }
    }

    /// Makes `planID` the one active plan from `atMs` on (an event of the plan calendar).
    public func activatePlan(_ planID: Int64, atMs: Int64) throws(StorageError) {
        try write(.plans) {
            guard try connection.scalar("SELECT 1 FROM plan WHERE id = ?", [planID]) != nil else { throw StorageError.notFound(.plan(planID)) }
            try connection.run("UPDATE plan SET active = 0 WHERE active = 1 AND id <> ?", [planID])
            try connection.run("UPDATE plan SET active = 1 WHERE id = ?", [planID])
            try insertEvent(.activated(planID: planID), atMs: atMs)
        }
    }

    /// Keeps a one-off move of two dates' days under `planID`, made at `atMs`.
    public func movePlanDays(planID: Int64, from: LocalDate, to: LocalDate, atMs: Int64) throws(StorageError) {
        try write(.plans) { try insertEvent(.moved(planID: planID, from: from, to: to), atMs: atMs) }
    }

    /// Stores one plan event.
    private func insertEvent(_ kind: PlanCalendar.Event.Kind, atMs: Int64) throws {
        switch kind {
        case .activated(let planID):
            try connection.run("INSERT INTO plan_event (at_ms, kind, plan_id) VALUES (?, 'activate', ?)", [atMs, planID])
        case .moved(let planID, let from, let to):
            try connection.run("INSERT INTO plan_event (at_ms, kind, plan_id, from_date, to_date) VALUES (?, 'move', ?, ?, ?)",
                               [atMs, planID, from.description, to.description])
        }
    }

    /// Every plan as the calendar needs it, and every plan event in the order it
    /// happened: what `PlanCalendar` derives each date's plan from.
    public func planTimeline() throws(StorageError) -> PlanTimeline {
        try wrap {
            let plans = try connection.prepare("SELECT id, week_start, revises FROM plan").rows { row in
                PlanCalendar.Plan(id: row.int64("id"), weekStart: row.date("week_start"), revises: row.optionalInt64("revises"))
            }
            let events = try connection.prepare("SELECT id, at_ms, kind, plan_id, from_date, to_date FROM plan_event ORDER BY at_ms, id")
                .rows { row in
                    let planID = row.int64("plan_id")
                    let kind: PlanCalendar.Event.Kind = row.isNull("from_date")
                        ? .activated(planID: planID) : .moved(planID: planID, from: row.date("from_date"), to: row.date("to_date"))
                    return PlanTimeline.Event(id: row.int64("id"), atMs: row.int64("at_ms"), kind: kind)
                }
            return PlanTimeline(plans: plans, events: events)
        }
    }

    /// Stores plan events from an archive (plan ids already mapped to the stored
    /// ones); an event stored already (the same time, kind, plan and dates) is not
    /// added again.
    public func restorePlanEvents(_ events: [(atMs: Int64, kind: PlanCalendar.Event.Kind)]) throws(StorageError) {
        try write(.plans) {
            let timeline = try planTimeline()
            var stored = Set(timeline.events.map { EventKey(atMs: $0.atMs, kind: $0.kind) })
            for event in events.sorted(by: { $0.atMs < $1.atMs }) where stored.insert(EventKey(atMs: event.atMs, kind: event.kind)).inserted {
                try insertEvent(event.kind, atMs: event.atMs)
            }
        }
    }

    private struct EventKey: Hashable {
        let atMs: Int64
        let kind: PlanCalendar.Event.Kind
    }

    /// The active plan's id, or nil when no plan was imported.
    public func activePlanID() throws(StorageError) -> Int64? {
        try wrap { try connection.scalar("SELECT id FROM plan WHERE active = 1") }
    }

    /// The names of the active plan's exercises, day by day in plan order (a name the
    /// plan repeats comes more than once); none without an active plan.
    public func activePlanExerciseNames() throws(StorageError) -> [String] {
        try wrap {
            try connection.prepare("""
                SELECT e.name FROM planned_exercise e
                JOIN plan_day d ON d.id = e.plan_day_id JOIN plan p ON p.id = d.plan_id
                WHERE p.active = 1 ORDER BY d.weekday, e.position
                """).rows { $0.text("name") }
        }
    }

    /// The raw text a plan was imported from.
    public func planSource(_ planID: Int64) throws(StorageError) -> String? {
        try wrap { try connection.text("SELECT source FROM plan WHERE id = ?", [planID]) }
    }

    /// Every plan, newest first.
    public func listPlans() throws(StorageError) -> [PlanSummary] {
        try wrap {
            try connection.prepare("SELECT id, name, week_start, active, imported_at_ms, revises FROM plan ORDER BY imported_at_ms DESC, id DESC")
                .rows { row in
                    PlanSummary(
                        id: row.int64("id"), name: row.text("name"), weekStart: row.date("week_start"),
                        active: row.bool("active"), importedAtMs: row.int64("imported_at_ms"), revises: row.optionalInt64("revises"))
                }
        }
    }

    /// A whole plan with its row ids, or nil when there is no such plan.
    public func plan(_ planID: Int64) throws(StorageError) -> StoredPlan? {
        try wrap {
            guard let header = try connection.prepare("SELECT name, week_start, imported_at_ms, active FROM plan WHERE id = ?")
                .row([planID], { row in (name: row.text("name"), week: row.date("week_start"), importedAtMs: row.int64("imported_at_ms"), active: row.bool("active")) })
            else { return nil }
            let dayRows = try connection.prepare("SELECT id, date, title, rest FROM plan_day WHERE plan_id = ? ORDER BY date")
                .rows([planID]) { row in (id: row.int64("id"), date: row.date("date"), title: row.text("title"), rest: row.bool("rest")) }
            var days: [PlanDay] = []
            var exerciseIDs: [[Int64]] = []
            for (dayID, date, title, rest) in dayRows {
                let warmup = try connection.prepare(
                    "SELECT name, reps, duration_seconds, description FROM warmup_item WHERE plan_day_id = ? ORDER BY position"
                ).rows([dayID]) { row in
                    WarmupItem(name: row.text("name"), reps: row.optionalInt("reps"), durationSeconds: row.optionalInt("duration_seconds"),
                               description: row.optionalText("description"))
                }
                let exercises = try plannedExercises(dayID: dayID)
                exerciseIDs.append(exercises.map(\.id))
                days.append(PlanDay(
                    date: date, title: title, rest: rest,
                    warmup: warmup, exercises: exercises.map(\.exercise)))
            }
            let plan = Plan(name: header.name, weekStart: header.week, days: days)
            return StoredPlan(
                id: planID, importedAtMs: header.importedAtMs, active: header.active, plan: plan,
                dayIDs: dayRows.map(\.id), exerciseIDs: exerciseIDs)
        }
    }

    /// The planned exercises of one plan day with their row ids, in position order.
    public func plannedExercises(dayID: Int64) throws(StorageError) -> [(id: Int64, exercise: PlannedExercise)] {
        try wrap {
            try connection.prepare("SELECT \(Self.plannedColumns) FROM planned_exercise WHERE plan_day_id = ? ORDER BY position")
                .rows([dayID], Self.plannedRow)
        }
    }

    /// The active plan's exercises, day by day from Monday in plan order; none without
    /// an active plan.
    public func activePlanExercises() throws(StorageError) -> [PlannedExercise] {
        try wrap {
            try connection.prepare(
                """
                SELECT \(Self.columns(prefix: "e.")) FROM planned_exercise e
                JOIN plan_day d ON d.id = e.plan_day_id JOIN plan p ON p.id = d.plan_id
                WHERE p.active = 1 ORDER BY d.weekday, e.position
                """
            ).rows([], Self.plannedRow).map(\.exercise)
        }
    }

    /// The planned exercise's columns `plannedRow` reads.
    private static func columns(prefix: String = "") -> String {
        ["id", "name", "sets", "reps", "reps_max", "amrap", "duration_seconds", "weight_kg", "rest_seconds", "description", "superset"]
            .map { prefix + $0 }.joined(separator: ", ")
    }

    private static let plannedColumns = columns()

    private static func plannedRow(_ row: Statement.Row) -> (id: Int64, exercise: PlannedExercise) {
        (id: row.int64("id"), exercise: PlannedExercise(
            name: row.text("name"), sets: row.int("sets"), reps: row.optionalInt("reps"), repsMax: row.optionalInt("reps_max"),
            amrap: row.bool("amrap"), durationSeconds: row.optionalInt("duration_seconds"), weightKg: row.optionalDouble("weight_kg"),
            restSeconds: row.optionalInt("rest_seconds"), description: row.optionalText("description"), superset: row.optionalText("superset")))
    }

    /// The day of `planID` that falls on `weekday`, if the plan lists it.
    public func planDay(planID: Int64, weekday: Weekday) throws(StorageError) -> PlanDayRecord? {
        try wrap {
            try connection.prepare("SELECT id, plan_id, date, title, rest FROM plan_day WHERE plan_id = ? AND weekday = ?")
                .row([planID, weekday.rawValue]) { Self.planDayRecord($0) }
        }
    }

    /// A plan day by id.
    public func planDay(_ id: Int64) throws(StorageError) -> PlanDayRecord? {
        try wrap {
            try connection.prepare("SELECT id, plan_id, date, title, rest FROM plan_day WHERE id = ?").row([id]) { Self.planDayRecord($0) }
        }
    }

    static func planDayRecord(_ row: Statement.Row) -> PlanDayRecord {
        PlanDayRecord(id: row.int64("id"), planID: row.int64("plan_id"), date: row.date("date"), title: row.text("title"), rest: row.bool("rest"))
    }

    /// A planned exercise's day, position and prescription.
    public func plannedExercise(_ id: Int64) throws(StorageError) -> (planDayID: Int64, position: Int, exercise: PlannedExercise)? {
        try wrap {
            try connection.prepare(
                """
                SELECT plan_day_id, position, name, sets, reps, reps_max, amrap, duration_seconds, weight_kg, rest_seconds, description
                FROM planned_exercise WHERE id = ?
                """
            ).row([id]) { row in
                (planDayID: row.int64("plan_day_id"), position: row.int("position"), exercise: PlannedExercise(
                    name: row.text("name"), sets: row.int("sets"), reps: row.optionalInt("reps"), repsMax: row.optionalInt("reps_max"),
                    amrap: row.bool("amrap"), durationSeconds: row.optionalInt("duration_seconds"), weightKg: row.optionalDouble("weight_kg"),
                    restSeconds: row.optionalInt("rest_seconds"), description: row.optionalText("description")))
            }
        }
    }
}
