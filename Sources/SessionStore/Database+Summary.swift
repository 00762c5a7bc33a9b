import SessionCore

extension Database {
    /// Finished sessions dated between two days (inclusive), via the session date index.
    public func finishedSessions(from: LocalDate, to: LocalDate) throws(StorageError) -> [SummaryInput.Session] {
        try wrap {
            try connection.prepare(
                """
                SELECT id, date, ended_at_ms - started_at_ms - paused_total_ms AS active_ms, rpe FROM session
                WHERE date BETWEEN ? AND ? AND ended_at_ms IS NOT NULL ORDER BY date, id
                """
            ).rows([from.description, to.description]) { row in
                SummaryInput.Session(id: row.int64("id"), date: row.date("date"), activeSeconds: max(0, row.int("active_ms") / 1000), rpe: row.optionalDouble("rpe"))
            }
        }
    }

    /// The sets of finished sessions dated between two days, via the session index.
    public func setsOfFinishedSessions(from: LocalDate, to: LocalDate) throws(StorageError) -> [SummaryInput.Set] {
        try wrap {
            try connection.prepare(
                """
                SELECT l.session_id, l.planned_exercise_id, l.exercise_name, l.kind, l.reps, l.weight_kg, l.duration_seconds, l.rpe, l.e1rm_kg,
                    l.exercise_key
                FROM session s JOIN logged_set l ON l.session_id = s.id
                WHERE s.date BETWEEN ? AND ? AND s.ended_at_ms IS NOT NULL ORDER BY l.id
                """
            ).rows([from.description, to.description]) { row in
                SummaryInput.Set(
                    sessionID: row.int64("session_id"), plannedExerciseID: row.optionalInt64("planned_exercise_id"), name: row.text("exercise_name"),
                    kind: row.choice("kind"), reps: row.optionalInt("reps"), weightKg: row.optionalDouble("weight_kg"),
                    durationSeconds: row.optionalInt("duration_seconds"), rpe: row.optionalDouble("rpe"), oneRepMaxKg: row.optionalDouble("e1rm_kg"),
                    exerciseKey: row.text("exercise_key"))
            }
        }
    }

    /// Counted sets (warm-ups left out) per exercise key in finished sessions dated
    /// between two days.
    public func countedSetsPerExercise(from: LocalDate, to: LocalDate) throws(StorageError) -> [String: Int] {
        try wrap {
            let rows = try connection.prepare(
                """
                SELECT l.exercise_key, count(*) AS sets FROM session s JOIN logged_set l ON l.session_id = s.id
                WHERE s.date BETWEEN ? AND ? AND s.ended_at_ms IS NOT NULL AND l.kind != 'warmup' GROUP BY l.exercise_key
                """
            ).rows([from.description, to.description]) { (key: $0.text("exercise_key"), sets: $0.int("sets")) }
            return Dictionary(rows.map { ($0.key, $0.sets) }, uniquingKeysWith: +)
        }
    }

    /// Each exercise's bests (Epley estimate, reps, duration) over finished sessions
    /// dated between two days, counted sets only.
    public func exerciseBests(from: LocalDate, to: LocalDate) throws(StorageError) -> [String: SummaryInput.History] {
        try wrap {
            var bests: [String: SummaryInput.History] = [:]
            let rows = try connection.prepare(
                """
                SELECT l.exercise_key, max(l.e1rm_kg) AS e1rm, max(l.reps) AS reps, max(l.duration_seconds) AS duration
                FROM session s JOIN logged_set l ON l.session_id = s.id
                WHERE s.date BETWEEN ? AND ? AND s.ended_at_ms IS NOT NULL AND l.kind <> 'warmup'
                GROUP BY l.exercise_key
                """
            ).rows([from.description, to.description]) { row in
                (row.text("exercise_key"), SummaryInput.History(oneRepMaxKg: row.optionalDouble("e1rm"), reps: row.optionalInt("reps"),
                                                                durationSeconds: row.optionalInt("duration")))
            }
            for (key, history) in rows { bests[key] = history }
            return bests
        }
    }

    /// Everything the weekly summary of `weekStart` needs, with its planned training
    /// days as the plan calendar gives them.
    public func summaryInput(weekStart: LocalDate, today: LocalDate, plannedDays: [SummaryInput.PlannedDay]) throws(StorageError) -> SummaryInput {
        let weekEnd = weekStart.adding(days: 6)
        var input = SummaryInput(
            weekStart: weekStart, today: today,
            plannedDays: plannedDays,
            sessions: try finishedSessions(from: weekStart, to: weekEnd),
            sets: try setsOfFinishedSessions(from: weekStart, to: weekEnd),
            history: try exerciseBests(from: weekStart.adding(days: -28), to: weekStart.adding(days: -1)),
            health: try healthStore.healthSamples(from: weekStart.adding(days: -7 * HealthSummary.baselineWeeks), to: weekEnd))
        input.aliasKeys = try exercisesStore.aliases().mapValues(\.nameKey)
        input.customExercises = try exercisesStore.customExercises()
        input.previousWeekSets = try countedSetsPerExercise(from: weekStart.adding(days: -7), to: weekStart.adding(days: -1))
        return input
    }
}
