import SessionCore

extension HistoryStore {
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
        input.runningDate = try sessionsStore.activeSession()?.date
        input.aliasKeys = try exercisesStore.aliases().mapValues(\.nameKey)
        input.customExercises = try exercisesStore.customExercises()
        input.previousWeekSets = try countedSetsPerExercise(from: weekStart.adding(days: -7), to: weekStart.adding(days: -1))
        input.trainedBefore = try trained(Set(input.sets.compactMap(\.exerciseKey)), before: weekStart.adding(days: -28))
        return input
    }

    /// Those of `keys` whose exercise has a set in a finished session dated before
    /// `date`: a seek down `session_exercise` for each, the first such session ending it.
    func trained(_ keys: Set<String>, before date: LocalDate) throws(StorageError) -> Set<String> {
        try wrap {
            let statement = try connection.prepare(
                """
                SELECT 1 FROM session_exercise e CROSS JOIN session s ON s.id = e.session_id
                WHERE e.exercise_key = ? AND s.date < ? AND s.ended_at_ms IS NOT NULL LIMIT 1
                """)
            var trained: Set<String> = []
            for key in keys where try statement.row([key, date.description], { _ in true }) == true { trained.insert(key) }
            return trained
        }
    }
}

extension HistoryStore {
    /// The date of the latest finished session dated on or before `date`, nil for none:
    /// the session date index read backwards from `date`.
    public func lastTrainingDate(onOrBefore date: LocalDate) throws(StorageError) -> LocalDate? {
        try wrap {
            try connection.prepare(
                "SELECT date FROM session WHERE date <= ? AND ended_at_ms IS NOT NULL ORDER BY date DESC LIMIT 1"
            ).row([date.description]) { $0.date("date") }
        }
    }

    /// Each finished session's counted sets (warm-ups left out) of each exercise, dated
    /// between two days, oldest first: their number, the top set (the heaviest, then the
    /// most reps, then the first logged, of the sets with reps done: a failed attempt of
    /// 0 reps is no working set unless nothing else was done) and the best stored Epley
    /// estimate. The
    /// sessions come off the date index; SQLite ranks each session's sets of an exercise
    /// with a window function, so a row comes back per session and exercise, not per set.
    public func liftSessions(from: LocalDate, to: LocalDate) throws(StorageError) -> [CoachContext.LiftSession] {
        try wrap {
            try connection.prepare(
                """
                SELECT date, exercise_key, reps, weight_kg, sets, best FROM (
                    SELECT s.id, s.date, l.exercise_key, l.reps, l.weight_kg,
                        row_number() OVER (PARTITION BY s.id, l.exercise_key ORDER BY l.reps IS 0, l.weight_kg DESC, l.reps DESC, l.id) AS rank,
                        count(*) OVER (PARTITION BY s.id, l.exercise_key) AS sets,
                        max(l.e1rm_kg) OVER (PARTITION BY s.id, l.exercise_key) AS best
                    FROM session s INDEXED BY session_by_date CROSS JOIN logged_set l ON l.session_id = s.id
                    WHERE s.date BETWEEN ? AND ? AND s.ended_at_ms IS NOT NULL AND l.kind <> 'warmup'
                )
                WHERE rank = 1 ORDER BY date, id, exercise_key
                """
            ).rows([from.description, to.description]) { row in
                CoachContext.LiftSession(
                    date: row.date("date"), exerciseKey: row.text("exercise_key"), sets: row.int("sets"), topWeightKg: row.optionalDouble("weight_kg"),
                    topReps: row.optionalInt("reps"), bestOneRepMaxKg: row.optionalDouble("best"))
            }
        }
    }

    /// The date of each exercise's first finished session, by key (keys never trained
    /// left out): one seek each into the exercise's sessions in the order of their
    /// starts, past any unfinished one.
    public func firstTrainingDates(of keys: [String]) throws(StorageError) -> [String: LocalDate] {
        try wrap {
            var dates: [String: LocalDate] = [:]
            for key in keys {
                let date = try connection.prepare(
                    """
                    SELECT s.date FROM session_exercise e CROSS JOIN session s ON s.id = e.session_id
                    WHERE e.exercise_key = ? AND s.ended_at_ms IS NOT NULL ORDER BY e.started_at_ms, e.session_id LIMIT 1
                    """
                ).row([key]) { $0.date("date") }
                if let date { dates[key] = date }
            }
            return dates
        }
    }
}
