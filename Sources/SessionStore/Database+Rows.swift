import SessionCore

/// The SQL fragments and row readers several stores share: the columns of a session and
/// a set as read into their records, the id rule of new rows, and the ways into an
/// exercise's sets through its sessions (`session_exercise`).
extension Database {
    /// The id of a new session: past every id ever used, so an aborted session's id is
    /// never given again (`id_high_water`, migration 4).
    static let nextSessionID = nextID("session")

    /// The id of a new row of `table`, as a subquery: past every id the table ever had
    /// and its `id_high_water` mark (sessions: migration 4; sets, raised when sets are
    /// deleted: migration 6), so a deleted row's id is never given again.
    static func nextID(_ table: String) -> String {
        "(SELECT max(value, coalesce((SELECT max(id) FROM \(table)), 0)) + 1 FROM id_high_water WHERE name = '\(table)')"
    }

    /// The columns `sessionRecord` reads.
    static let sessionColumns = """
        id, plan_day_id, date, title, carried_over, started_at_ms, ended_at_ms, paused_since_ms,
        paused_total_ms, rpe, note, average_heart_rate, maximum_heart_rate, energy_kcal
        """

    /// A session row as its record.
    static func sessionRecord(_ row: Statement.Row) -> SessionRecord {
        SessionRecord(
            id: row.int64("id"), planDayID: row.optionalInt64("plan_day_id"), date: row.date("date"), title: row.text("title"),
            carriedOver: row.bool("carried_over"), startedAtMs: row.int64("started_at_ms"), endedAtMs: row.optionalInt64("ended_at_ms"),
            pausedSinceMs: row.optionalInt64("paused_since_ms"), pausedTotalMs: row.int64("paused_total_ms"),
            rpe: row.optionalDouble("rpe"), note: row.optionalText("note"), averageHeartRate: row.optionalInt("average_heart_rate"),
            maximumHeartRate: row.optionalInt("maximum_heart_rate"), energyKcal: row.optionalDouble("energy_kcal"))
    }

    /// The columns `setRecord` reads.
    static let setColumns = """
        id, session_id, planned_exercise_id, exercise_name, set_number, kind, reps, weight_kg,
        duration_seconds, rpe, note, logged_at_ms, request_id, personal_record, progress_sets, e1rm_kg
        """

    /// A set row as its record.
    static func setRecord(_ row: Statement.Row) -> SetRecord {
        SetRecord(
            id: row.int64("id"), sessionID: row.int64("session_id"), plannedExerciseID: row.optionalInt64("planned_exercise_id"),
            exerciseName: row.text("exercise_name"), setNumber: row.int("set_number"), progressSets: row.int("progress_sets"),
            kind: row.choice("kind"), reps: row.optionalInt("reps"), weightKg: row.optionalDouble("weight_kg"),
            durationSeconds: row.optionalInt("duration_seconds"), rpe: row.optionalDouble("rpe"), note: row.optionalText("note"),
            loggedAtMs: row.int64("logged_at_ms"), requestID: row.optionalText("request_id"),
            records: RecordKinds(names: (row.optionalText("personal_record") ?? "").split(separator: ",")), oneRepMaxKg: row.optionalDouble("e1rm_kg"))
    }

    /// `keys(key)`: every exercise key logged, one seek each into the exercises'
    /// sessions (a recursive step to the next key), not a scan. Ends with a NULL row.
    static let loggedKeys = """
        WITH RECURSIVE keys(key) AS (
            SELECT (SELECT exercise_key FROM session_exercise ORDER BY exercise_key LIMIT 1)
            UNION ALL
            SELECT (SELECT exercise_key FROM session_exercise WHERE exercise_key > keys.key ORDER BY exercise_key LIMIT 1)
            FROM keys WHERE keys.key IS NOT NULL
        )

        """

    /// The newest session with a set of the exercise `key` names (a column or a
    /// parameter): one seek.
    static func newestSession(of key: String) -> String {
        "(SELECT session_id FROM session_exercise WHERE exercise_key = \(key) ORDER BY started_at_ms DESC, session_id DESC LIMIT 1)"
    }

    /// The name the exercise `key` names was last logged as: the latest set of its
    /// newest session. Two seeks.
    static func lastLoggedName(of key: String) -> String {
        """
        (SELECT exercise_name FROM logged_set WHERE session_id = \(newestSession(of: key)) AND exercise_key = \(key) ORDER BY id DESC LIMIT 1)
        """
    }

    /// An exercise's sets, for a FROM clause with `WHERE e.exercise_key = …`: `e` its
    /// sessions in the order of their starts, `l` their sets of it.
    static let exerciseSets = "session_exercise e CROSS JOIN logged_set l ON l.session_id = e.session_id AND l.exercise_key = e.exercise_key"
}
