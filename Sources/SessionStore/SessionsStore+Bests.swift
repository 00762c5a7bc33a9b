import SessionCore

extension SessionsStore {
    /// The bests of an exercise (by key) over everything ever logged (`ExerciseBests`):
    /// one row, whatever the history's length.
    public func bests(exerciseKey: String) throws(StorageError) -> ExerciseBests {
        if connection.inTransaction, let known = memo.exercises[exerciseKey]?.bests { return known }
        let bests = try wrap { try storedBests(exerciseKey: exerciseKey) }
        if connection.inTransaction { memo.exercises[exerciseKey, default: TransactionMemo.Exercise()].bests = bests }
        return bests
    }

    func storedBests(exerciseKey: String) throws -> ExerciseBests {
        try connection.prepare(
            "SELECT e1rm_kg, weight_kg, most_reps, set_volume_kg, session_volume_kg, reps_at_weight FROM exercise_best WHERE exercise_key = ?"
        ).row([exerciseKey]) { row in
            ExerciseBests(oneRepMaxKg: row.optionalDouble("e1rm_kg"), heaviestKg: row.optionalDouble("weight_kg"), mostReps: row.optionalInt("most_reps"),
                          setVolumeKg: row.optionalDouble("set_volume_kg"), sessionVolumeKg: row.optionalDouble("session_volume_kg"),
                          repsAtWeight: Self.frontier(row.text("reps_at_weight")))
        } ?? .none
    }

    /// Writes an exercise's bests: in place when it has a row (`exists`), as a new row
    /// otherwise. Kept statements with typed binds, as the set insert is, for a record
    /// is beaten on the logging path.
    func storeBests(_ bests: ExerciseBests, exerciseKey: String, exists: Bool) throws {
        memo.markWritten(exerciseKey)
        let frontier = Self.frontierText(bests.repsAtWeight)
        let statement = try exists
            ? connection.prepare(
                """
                UPDATE exercise_best SET e1rm_kg = ?, weight_kg = ?, most_reps = ?, set_volume_kg = ?, session_volume_kg = ?, reps_at_weight = ?
                WHERE exercise_key = ?
                """, keptIn: &context.updateBestsStatement)
            : connection.prepare(
                """
                INSERT INTO exercise_best (e1rm_kg, weight_kg, most_reps, set_volume_kg, session_volume_kg, reps_at_weight, exercise_key)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, keptIn: &context.insertBestsStatement)
        try statement.run { parameters throws(SQLiteError) in
            try parameters.bind(bests.oneRepMaxKg)
            try parameters.bind(bests.heaviestKg)
            try parameters.bind(bests.mostReps)
            try parameters.bind(bests.setVolumeKg)
            try parameters.bind(bests.sessionVolumeKg)
            try parameters.bind(frontier)
            try parameters.bind(exerciseKey)
        }
    }

    /// The most reps at each weight as stored: "100:5;90:8", heaviest first, weights in
    /// kilograms as few digits as they need.
    static func frontierText(_ frontier: [WeightReps]) -> String {
        var text = ""
        for (index, entry) in frontier.enumerated() {
            if index > 0 { text += ";" }
            text += entry.weightKg == entry.weightKg.rounded() && abs(entry.weightKg) < 1e15 ? String(Int64(entry.weightKg)) : String(entry.weightKg)
            text += ":" + String(entry.reps)
        }
        return text
    }

    static func frontier(_ text: String) -> [WeightReps] {
        text.split(separator: ";").compactMap { pair in
            let parts = pair.split(separator: ":")
            guard parts.count == 2, let weight = Double(parts[0]), let reps = Int(parts[1]) else { return nil }
            return WeightReps(weightKg: weight, reps: reps)
        }
    }

    /// Writes the bests sets logged in this transaction changed and left to write
    /// (`TransactionMemo.unwrittenBests`), and adds the sets to their exercises' counts
    /// (`writeCounts`): before every COMMIT or RELEASE that ends a request's work, and
    /// before anything forgets them.
    func writeBests() throws {
        try writeCounts()
        guard memo.unwrittenCount > 0 else { return }
        let unwritten = memo.exercises.compactMap { key, entry in entry.unwritten.map { (key: key, exists: $0, bests: entry.bests) } }
        for (key, exists, bests) in unwritten {
            guard let bests else { continue }
            try storeBests(bests, exerciseKey: key, exists: exists)
        }
    }

    /// Sets the bests of an exercise from its whole history (after sets were deleted,
    /// moved or imported): a walk over that exercise's sets (through its sessions), so
    /// it runs on undo, abort, alias and import, never on the logging path. Its counts
    /// come from the same walk (`storeCounts`), unless `counts` is false (a migration
    /// before the counts' table).
    func recomputeBests(exerciseKey: String, counts: Bool = true) throws {
        // The exercise's sets through its sessions (`session_exercise`), then each
        // session's sets of it.
        let sets = "\(Database.exerciseSets) WHERE e.exercise_key = ?1"
        let counted = "l.kind <> 'warmup' AND l.reps > 0"
        let figures = try connection.prepare(
            """
            SELECT max(l.e1rm_kg) AS e1rm, max(l.record_weight_kg) AS weight, count(*) AS sets, count(DISTINCT e.session_id) AS sessions,
                (SELECT max(l.reps) FROM \(sets) AND \(counted) AND coalesce(l.weight_kg, 0) = 0) AS reps,
                (SELECT max(l.reps * l.weight_kg) FROM \(sets) AND \(counted) AND l.weight_kg > 0) AS set_volume,
                (SELECT max(volume) FROM (
                    SELECT sum(l.reps * l.weight_kg) AS volume
                    FROM session_exercise e CROSS JOIN session s ON s.id = e.session_id
                        CROSS JOIN logged_set l ON l.session_id = e.session_id AND l.exercise_key = e.exercise_key
                    WHERE e.exercise_key = ?1 AND \(counted) AND l.weight_kg > 0 AND s.ended_at_ms IS NOT NULL
                    GROUP BY e.session_id)) AS session_volume
            FROM \(sets)
            """
        ).row([exerciseKey]) { row in
            (e1rm: row.optionalDouble("e1rm"), weight: row.optionalDouble("weight"), reps: row.optionalInt("reps"), set: row.optionalDouble("set_volume"),
             session: row.optionalDouble("session_volume"), sets: row.int("sets"), sessions: row.int("sessions"))
        }
        if counts { try storeCounts(exerciseKey: exerciseKey, sessions: figures?.sessions ?? 0, sets: figures?.sets ?? 0) }
        let perWeight = try connection.prepare(
            "SELECT l.weight_kg, max(l.reps) AS reps FROM \(sets) AND \(counted) AND l.weight_kg > 0 GROUP BY l.weight_kg ORDER BY l.weight_kg DESC"
        ).rows([exerciseKey]) { WeightReps(weightKg: $0.double("weight_kg"), reps: $0.int("reps")) }
        let frontier = perWeight.reduce([WeightReps]()) { WeightReps.frontier($0, adding: $1) }
        let bests = ExerciseBests(oneRepMaxKg: figures?.e1rm, heaviestKg: figures?.weight, mostReps: figures?.reps, setVolumeKg: figures?.set,
                                  sessionVolumeKg: figures?.session, repsAtWeight: frontier)
        context.bestsRewritten(exerciseKey: exerciseKey)
        // An exercise without a counted set with reps has no row.
        try connection.run("DELETE FROM exercise_best WHERE exercise_key = ?", [exerciseKey])
        guard bests != .none else { return }
        try storeBests(bests, exerciseKey: exerciseKey, exists: false)
    }

    /// Every exercise's bests from its history: by the migration that added kinds of
    /// records, inside its transaction (the counts, kept from a later migration on, are
    /// left to it).
    func recomputeAllBests() throws {
        let keys = try connection.prepare(Database.loggedKeys + "SELECT key FROM keys WHERE key IS NOT NULL").rows { $0.text("key") }
        for key in keys { try recomputeBests(exerciseKey: key, counts: false) }
    }
}
