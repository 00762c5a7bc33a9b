import SessionCore

extension Database {
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
    /// most reps, then the first logged) and the best stored Epley estimate. The
    /// sessions come off the date index; SQLite ranks each session's sets of an exercise
    /// with a window function, so a row comes back per session and exercise, not per set.
    public func liftSessions(from: LocalDate, to: LocalDate) throws(StorageError) -> [CoachContext.LiftSession] {
        try wrap {
            try connection.prepare(
                """
                SELECT date, exercise_key, reps, weight_kg, sets, best FROM (
                    SELECT s.id, s.date, l.exercise_key, l.reps, l.weight_kg,
                        row_number() OVER (PARTITION BY s.id, l.exercise_key ORDER BY l.weight_kg DESC, l.reps DESC, l.id) AS rank,
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
