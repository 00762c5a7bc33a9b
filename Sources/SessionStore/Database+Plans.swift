import SessionCore

extension Database {
    /// Stores an imported plan with the text it came from, in one transaction. With
    /// `activate`, or when no plan is active yet, it becomes the one active plan.
    ///
    /// The days already covered keep their plan (`settleCoverage`).
    public func insertPlan(_ plan: Plan, source: String, importedAtMs: Int64, activate: Bool, revises: Int64? = nil,
                           attempt: PlannerAttempt? = nil, today: LocalDate) throws(StorageError) -> InsertedPlan {
        try write {
            try settleCoverage(today: today, changedWeek: plan.weekStart)
            let hasActive = try connection.scalar("SELECT id FROM plan WHERE active = 1") != nil
            let makeActive = activate || !hasActive
            if makeActive { try connection.run("UPDATE plan SET active = 0 WHERE active = 1") }
            let planID = try storePlan(plan, source: source, importedAtMs: importedAtMs, active: makeActive, revises: revises)
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
        try write { try insertAttempt(attempt, atMs: atMs, planID: nil) }
    }

    private func insertAttempt(_ attempt: PlannerAttempt, atMs: Int64, planID: Int64?) throws -> Int64 {
        try connection.run(
            "INSERT INTO plan_attempt (run, attempt, at_ms, planner, reply, outcome, detail, plan_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [attempt.run, attempt.attempt, atMs, attempt.planner, attempt.reply, attempt.outcome.rawValue, attempt.detail, planID])
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
                SELECT id, at_ms, plan_id, run, attempt, planner, reply, outcome, detail FROM plan_attempt
                WHERE ?1 IS NULL OR run = ?1 ORDER BY at_ms DESC, id DESC LIMIT ?2
                """
            ).rows([run, limit]) { row in
                StoredAttempt(
                    id: row.int64(0), atMs: row.int64(1), planID: row.optionalInt64(2),
                    attempt: PlannerAttempt(run: row.text(3), attempt: Int(row.int64(4)), planner: row.text(5), reply: row.text(6),
                                            outcome: PlannerAttempt.Outcome(rawValue: row.text(7)) ?? .failed, detail: row.optionalText(8)))
            }
        }
    }

    /// Makes `planID` the one active plan; the days already covered keep their plan
    /// (`settleCoverage`).
    public func activatePlan(_ planID: Int64, today: LocalDate) throws(StorageError) {
        try write {
            guard let week = try connection.text("SELECT week_start FROM plan WHERE id = ?", [planID]) else {
                throw StorageError.notFound(.plan(planID))
            }
            try settleCoverage(today: today, changedWeek: LocalDate(week))
            try connection.run("UPDATE plan SET active = 0 WHERE active = 1 AND id <> ?", [planID])
            try connection.run("UPDATE plan SET active = 1 WHERE id = ?", [planID])
        }
    }

    /// Called inside the write that changes the plans, before the change: records, for
    /// each day through the end of the current week not recorded yet, the plan that
    /// covers it now, so that past days and this week keep the plan they were trained
    /// (or skipped) against when next week's plan arrives. Days from the first plan's
    /// week on, or from the day after the last one recorded. A plan for the current
    /// week itself (`changedWeek`) re-plans it from `today` on: those days are let go.
    func settleCoverage(today: LocalDate, changedWeek: LocalDate?) throws {
        let sunday = today.mondayOfWeek.adding(days: 6)
        let recorded = try connection.text("SELECT max(date) FROM plan_coverage").flatMap(LocalDate.init)
        if let first = try recorded.map({ $0.adding(days: 1) }) ?? connection.text("SELECT min(week_start) FROM plan").flatMap(LocalDate.init) {
            let statement = try connection.prepare("INSERT INTO plan_coverage (date, plan_id, carried_over) VALUES (?, ?, ?)")
            for (date, choice) in PlanCalendar.choices(from: first, through: sunday, plans: try storedPlanWeeks()) {
                try statement.run([date.description, choice.planID, choice.carriedOver])
            }
        }
        if changedWeek == today.mondayOfWeek {
            try connection.run("DELETE FROM plan_coverage WHERE date >= ? AND date <= ?", [today.description, sunday.description])
        }
    }

    /// The plan that covers `date`: the one recorded for it, else the one the plans as
    /// they are give it (PlanCalendar.choose).
    public func planChoice(for date: LocalDate) throws(StorageError) -> PlanCalendar.Choice? {
        try wrap {
            if let recorded = try connection.prepare("SELECT plan_id, carried_over FROM plan_coverage WHERE date = ?")
                .row([date.description], { PlanCalendar.Choice(planID: $0.int64(0), carriedOver: $0.bool(1)) }) {
                return recorded
            }
            return PlanCalendar.choose(for: date, plans: try storedPlanWeeks())
        }
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
                """).rows { $0.text(0) }
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
                .rows { row throws(SQLiteError) in
                    PlanSummary(
                        id: row.int64(0), name: row.text(1),
                        weekStart: try Self.storedDate(row.text(2), "plan.week_start"),
                        active: row.bool(3), importedAtMs: row.int64(4), revises: row.optionalInt64(5))
                }
        }
    }

    /// A whole plan with its row ids, or nil when there is no such plan.
    public func plan(_ planID: Int64) throws(StorageError) -> StoredPlan? {
        try wrap {
            guard let header = try connection.prepare("SELECT name, week_start, imported_at_ms, active FROM plan WHERE id = ?")
                .row([planID], { row in (row.text(0), row.text(1), row.int64(2), row.bool(3)) })
            else { return nil }
            let dayRows = try connection.prepare("SELECT id, date, title, rest FROM plan_day WHERE plan_id = ? ORDER BY date")
                .rows([planID]) { row in (row.int64(0), row.text(1), row.text(2), row.bool(3)) }
            var days: [PlanDay] = []
            var exerciseIDs: [[Int64]] = []
            for (dayID, date, title, rest) in dayRows {
                let warmup = try connection.prepare(
                    "SELECT name, reps, duration_seconds, description FROM warmup_item WHERE plan_day_id = ? ORDER BY position"
                ).rows([dayID]) { row in
                    WarmupItem(name: row.text(0), reps: row.optionalInt(1), durationSeconds: row.optionalInt(2), description: row.optionalText(3))
                }
                let exercises = try plannedExercises(dayID: dayID)
                exerciseIDs.append(exercises.map(\.id))
                days.append(PlanDay(
                    date: try Self.storedDate(date, "plan_day.date"), title: title, rest: rest,
                    warmup: warmup, exercises: exercises.map(\.exercise)))
            }
            let plan = Plan(name: header.0, weekStart: try Self.storedDate(header.1, "plan.week_start"), days: days)
            return StoredPlan(
                id: planID, importedAtMs: header.2, active: header.3, plan: plan,
                dayIDs: dayRows.map(\.0), exerciseIDs: exerciseIDs)
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

    /// A planned exercise's columns in the order `plannedRow` reads them.
    private static func columns(prefix: String = "") -> String {
        ["id", "name", "sets", "reps", "reps_max", "amrap", "duration_seconds", "weight_kg", "rest_seconds", "description", "superset"]
            .map { prefix + $0 }.joined(separator: ", ")
    }

    private static let plannedColumns = columns()

    private static func plannedRow(_ row: Statement.Row) -> (id: Int64, exercise: PlannedExercise) {
        (id: row.int64(0), exercise: PlannedExercise(
            name: row.text(1), sets: row.int(2), reps: row.optionalInt(3), repsMax: row.optionalInt(4),
            amrap: row.bool(5), durationSeconds: row.optionalInt(6), weightKg: row.optionalDouble(7),
            restSeconds: row.optionalInt(8), description: row.optionalText(9), superset: row.optionalText(10)))
    }
}
