import SessionCore

extension PlansStore {
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

    /// The plan stored with `requestID` (`plan.import`'s), nil when none is.
    public func planID(requestID: String) throws(StorageError) -> Int64? {
        try wrap { try connection.scalar("SELECT id FROM plan WHERE request_id = ?", [requestID]) }
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

    /// A plan's exercises, day by day from Monday in plan order.
    public func planExercises(planID: Int64) throws(StorageError) -> [PlannedExercise] {
        try wrap {
            try connection.prepare(
                """
                SELECT \(Self.columns(prefix: "e.")) FROM planned_exercise e JOIN plan_day d ON d.id = e.plan_day_id
                WHERE d.plan_id = ? ORDER BY d.weekday, e.position
                """
            ).rows([planID], Self.plannedRow).map(\.exercise)
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
