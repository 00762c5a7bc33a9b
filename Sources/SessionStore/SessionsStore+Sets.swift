import SessionCore

extension SessionsStore {
    /// A set by id.
    public func set(_ id: Int64) throws(StorageError) -> SetRecord? {
        try wrap { try connection.prepare("SELECT \(Database.setColumns) FROM logged_set WHERE id = ?").row([id]) { Database.setRecord($0) } }
    }

    /// The set stored under a client's request id, for idempotent retries.
    public func set(requestID: String) throws(StorageError) -> SetRecord? {
        try wrap {
            try connection.prepare("SELECT \(Database.setColumns) FROM logged_set WHERE request_id = ?").row([requestID]) { Database.setRecord($0) }
        }
    }

    /// The id the set a request id logged had, when that set was deleted since (undone,
    /// its session aborted): the request id stays spent (`retired_request`).
    public func retiredSet(requestID: String) throws(StorageError) -> Int64? {
        try wrap {
            try connection.prepare("SELECT set_id FROM retired_request WHERE request_id = ?", keptIn: &context.retiredRequestStatement)
                .row([requestID]) { $0.int64("set_id") }
        }
    }

    /// Stores a set as its decision says, updates the exercise's bests, and returns the
    /// set as stored (what `set(_:)` would read back).
    public func insertSet(_ set: NewSet) throws(StorageError) -> SetRecord {
        // Everything the transaction needs is taken out of `set` first: the closures then
        // capture plain values, not the whole struct (each copy of which retained its
        // strings: five copies per set before).
        let (sessionID, plannedExerciseID, name, kind) = (set.sessionID, set.plannedExerciseID, set.exerciseName, set.kind.sqlLiteral)
        let (reps, weightKg, durationSeconds, rpe) = (set.reps, set.weightKg, set.durationSeconds, set.rpe)
        let (note, loggedAtMs, requestID, superset) = (set.note, set.loggedAtMs, set.requestID, set.superset)
        let decision = set.decision
        let figures = decision.figures
        let key = decision.exerciseKey
        let estimate = decision.oneRepMaxKg
        let recordWeight = decision.recordWeightKg
        // Stored as the names comma-separated, NULL for none.
        let records = decision.records.isEmpty ? nil : decision.records.joinedNames
        let numbering = SetNumbering(setNumber: decision.setNumber, countedSets: decision.countedSets)
        let id = try write(.setsLogged) {
            // The id high-water mark: past every set id ever given (`nextSetID`), and
            // the next one counted on from this one.
            let id = try nextSetID()
            try connection.prepare(
                """
                INSERT INTO logged_set (id, session_id, planned_exercise_id, exercise_name, exercise_key, set_number, progress_sets, kind,
                    reps, weight_kg, duration_seconds, rpe, note, e1rm_kg, record_weight_kg, logged_at_ms, request_id, personal_record, superset)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, keptIn: &context.insertSetStatement
            ).run { parameters throws(SQLiteError) in
                try parameters.bind(id)
                try parameters.bind(sessionID)
                try parameters.bind(plannedExerciseID)
                try parameters.bind(name)
                try parameters.bind(key)
                try parameters.bind(numbering.setNumber)
                try parameters.bind(numbering.countedSets)
                try parameters.bind(literal: kind)
                try parameters.bind(reps)
                try parameters.bind(weightKg)
                try parameters.bind(durationSeconds)
                try parameters.bind(rpe)
                try parameters.bind(note)
                try parameters.bind(estimate)
                try parameters.bind(recordWeight)
                try parameters.bind(loggedAtMs)
                try parameters.bind(requestID)
                try parameters.bind(records)
                try parameters.bind(superset)
            }
            context.noteLogged(setID: id)
            // `write` runs this inside a transaction, so the memo applies.
            memo.nextSetID = id + 1
            if let count = memo.setCounts[sessionID] { memo.setCounts[sessionID] = count + 1 }
            // The exercise's entry looked up once, and changed in place; it puts the
            // session among the exercise's sessions (`session_exercise`'s invariant).
            let noted = try noteLogged(in: &memo.exercises[key, default: TransactionMemo.Exercise()], exerciseKey: key, numbering: numbering,
                                       sessionID: sessionID, plannedExerciseID: plannedExerciseID, figures: figures, weightKg: weightKg)
            if noted.bestsUnwritten { memo.unwrittenCount += 1 }
            if noted.firstUncounted { memo.uncountedCount += 1 }
            return id
        }
        return SetRecord(
            id: id, sessionID: set.sessionID, plannedExerciseID: set.plannedExerciseID, exerciseName: set.exerciseName,
            setNumber: decision.setNumber, progressSets: decision.countedSets, kind: set.kind, reps: set.reps, weightKg: set.weightKg,
            durationSeconds: set.durationSeconds, rpe: set.rpe, note: set.note, loggedAtMs: set.loggedAtMs, requestID: set.requestID,
            records: decision.records, oneRepMaxKg: estimate)
    }

    /// Notes a set just stored in its exercise's memo `entry`: its numbering, its count
    /// (and its session's, when the session had no set of the exercise before), and its
    /// bests when the set changes them (the bests as logging read them, else as
    /// stored). `bestsUnwritten` when the bests became unwritten: their row is written
    /// once for the whole group commit (`writeBests`), as sets of one exercise from many
    /// clients beat its records one after another; `firstUncounted` when the entry had
    /// no uncounted set before, its counts being added the same way (`writeCounts`).
    ///
    /// A session the memo knows no set of the exercise in is put among the exercise's
    /// sessions (`session_exercise`) first: once per session and exercise while the
    /// memo lasts, ignored when it is there already.
    private func noteLogged(in entry: inout TransactionMemo.Exercise, exerciseKey: String, numbering: SetNumbering, sessionID: Int64,
                            plannedExerciseID: Int64?, figures: RecordFigures, weightKg: Double?) throws -> (bestsUnwritten: Bool, firstUncounted: Bool) {
        if !entry.progress.contains(where: { $0.sessionID == sessionID }) {
            try connection.run(
                "INSERT OR IGNORE INTO session_exercise (exercise_key, started_at_ms, session_id) SELECT ?, started_at_ms, id FROM session WHERE id = ?",
                [exerciseKey, sessionID])
            // A row added: the session's first set of the exercise.
            if connection.changes > 0 { entry.uncountedSessions += 1 }
        }
        entry.uncountedSets += 1
        let firstUncounted = entry.uncountedSets == 1
        entry.setProgress(numbering, sessionID: sessionID, plannedExerciseID: plannedExerciseID)
        guard figures.countedReps != nil else { return (false, firstUncounted) }
        let known = try entry.bests ?? storedBests(exerciseKey: exerciseKey)
        guard let updated = known.adding(figures, weightKg: weightKg) else {
            entry.bests = known
            return (false, firstUncounted)
        }
        entry.bests = updated
        guard entry.unwritten == nil else { return (false, firstUncounted) }
        entry.unwritten = known != .none
        return (true, firstUncounted)
    }

    /// An exercise's bests and the numbering of its latest set in a session, as
    /// `bests(exerciseKey:)` and `latestProgress` give them, with one look-up of what
    /// the transaction remembers of it: what logging a set reads.
    public func loggingState(exerciseKey: String, sessionID: Int64, plannedExerciseID: Int64?) throws(StorageError)
        -> (bests: ExerciseBests, previous: SetNumbering?)
    {
        if connection.inTransaction, let entry = memo.exercises[exerciseKey], let bests = entry.bests,
            let previous = entry.progress(sessionID: sessionID, plannedExerciseID: plannedExerciseID) {
            return (bests, previous)
        }
        return (try bests(exerciseKey: exerciseKey), try latestProgress(sessionID: sessionID, plannedExerciseID: plannedExerciseID, exerciseKey: exerciseKey))
    }

    /// The set number and counted-set progress of the latest set of one exercise in a
    /// session (by planned exercise, or by name key for off-plan sets): one step down
    /// the (session_id, exercise_key, id) index.
    public func latestProgress(sessionID: Int64, plannedExerciseID: Int64?, exerciseKey: String) throws(StorageError) -> SetNumbering? {
        if connection.inTransaction, let known = memo.exercises[exerciseKey]?.progress(sessionID: sessionID, plannedExerciseID: plannedExerciseID) {
            return known
        }
        let progress = try wrap {
            try connection.prepare(
                """
                SELECT set_number, progress_sets FROM logged_set
                WHERE session_id = ? AND exercise_key = ? AND planned_exercise_id IS ?
                ORDER BY id DESC LIMIT 1
                """
            ).row([sessionID, exerciseKey, plannedExerciseID]) { SetNumbering(setNumber: $0.int("set_number"), countedSets: $0.int("progress_sets")) }
        }
        // Only a set that exists is remembered (none yet is the rarer case, once per exercise).
        if connection.inTransaction, let progress {
            memo.exercises[exerciseKey, default: TransactionMemo.Exercise()].setProgress(progress, sessionID: sessionID, plannedExerciseID: plannedExerciseID)
        }
        return progress
    }

    /// How many sets the session holds, counted up to `atMost` (a step down the
    /// (session_id, id) index per set, never more than `atMost`). Inside a transaction
    /// the count is remembered (`TransactionMemo.setCounts`) and counted on by
    /// `insertSet`: logging asks it for every set, and counting 2,000 rows each time was
    /// eight times a set's whole cost.
    public func setCount(sessionID: Int64, atMost: Int) throws(StorageError) -> Int {
        if connection.inTransaction, let known = memo.setCounts[sessionID] { return min(known, atMost) }
        let count = try wrap {
            Int(try connection.scalar("SELECT count(*) FROM (SELECT 1 FROM logged_set WHERE session_id = ? LIMIT ?)", [sessionID, atMost]) ?? 0)
        }
        // A count that reached the bound may be short of the sessions' own: not kept.
        if connection.inTransaction, count < atMost { memo.setCounts[sessionID] = count }
        return count
    }

    /// The latest counted (not warm-up) set of an exercise in a session, one of 0 reps
    /// and no time passed over (a failed attempt, or one stored as typed: a set given no
    /// numbers repeats what was done): down the (session_id, exercise_key, id) index.
    public func lastCountedSet(sessionID: Int64, exerciseKey: String) throws(StorageError) -> (reps: Int?, weightKg: Double?, durationSeconds: Int?)? {
        try wrap {
            try connection.prepare(
                """
                SELECT reps, weight_kg, duration_seconds FROM logged_set
                WHERE session_id = ? AND exercise_key = ? AND kind <> 'warmup'
                    AND NOT (coalesce(reps, 0) = 0 AND coalesce(duration_seconds, 0) = 0 AND (reps IS NOT NULL OR duration_seconds IS NOT NULL))
                ORDER BY id DESC LIMIT 1
                """
            ).row([sessionID, exerciseKey]) { (reps: $0.optionalInt("reps"), weightKg: $0.optionalDouble("weight_kg"), durationSeconds: $0.optionalInt("duration_seconds")) }
        }
    }

    /// An exercise's sets in a session as logged, warm-ups included: what today's
    /// suggested weight starts from. One range of the (session_id, exercise_key, id) index.
    public func exerciseSets(sessionID: Int64, exerciseKey: String) throws(StorageError) -> [(kind: SetKind, reps: Int?, weightKg: Double?)] {
        try wrap {
            try connection.prepare("SELECT kind, reps, weight_kg FROM logged_set WHERE session_id = ? AND exercise_key = ? ORDER BY id")
                .rows([sessionID, exerciseKey]) { (kind: $0.choice("kind"), reps: $0.optionalInt("reps"), weightKg: $0.optionalDouble("weight_kg")) }
        }
    }

    /// The session's set logged latest (by time, then by id), nil without sets: the
    /// set a session's end may not come before.
    public func latestSet(sessionID: Int64) throws(StorageError) -> SetRecord? {
        try wrap {
            try connection.prepare("SELECT \(Database.setColumns) FROM logged_set WHERE session_id = ? ORDER BY logged_at_ms DESC, id DESC LIMIT 1")
                .row([sessionID]) { Database.setRecord($0) }
        }
    }

    /// The session's set logged earliest (by time, then by id), nil without sets: the
    /// set a session's start may not come after.
    public func earliestSet(sessionID: Int64) throws(StorageError) -> SetRecord? {
        try wrap {
            try connection.prepare("SELECT \(Database.setColumns) FROM logged_set WHERE session_id = ? ORDER BY logged_at_ms, id LIMIT 1")
                .row([sessionID]) { Database.setRecord($0) }
        }
    }

    /// The superset label and id of the latest set of an exercise (by key) in a
    /// session; nil when it has none there.
    public func latestSuperset(sessionID: Int64, exerciseKey: String) throws(StorageError) -> (setID: Int64, label: String?)? {
        try wrap {
            try connection.prepare("SELECT id, superset FROM logged_set WHERE session_id = ? AND exercise_key = ? ORDER BY id DESC LIMIT 1")
                .row([sessionID, exerciseKey]) { (setID: $0.int64("id"), label: $0.optionalText("superset")) }
        }
    }

    /// The superset labels used in a session.
    public func supersetLabels(sessionID: Int64) throws(StorageError) -> Set<String> {
        try wrap {
            Set(try connection.prepare("SELECT DISTINCT superset FROM logged_set WHERE session_id = ? AND superset IS NOT NULL").rows([sessionID]) { $0.text("superset") })
        }
    }

    /// Puts a set into a superset (`label`).
    public func setSuperset(setID: Int64, label: String) throws(StorageError) {
        try write(.setsLogged) { try connection.run("UPDATE logged_set SET superset = ? WHERE id = ?", [label, setID]) }
    }

    /// The planned exercise of a session's latest counted set by the time it was done (a
    /// forgotten set added afterwards with its earlier time is not the latest); nil when
    /// it has none or the set was off-plan.
    public func lastPlannedExercise(sessionID: Int64) throws(StorageError) -> Int64? {
        try wrap {
            try connection.prepare(
                "SELECT planned_exercise_id FROM logged_set WHERE session_id = ? AND kind <> 'warmup' ORDER BY logged_at_ms DESC, id DESC LIMIT 1"
            ).row([sessionID]) { $0.optionalInt64("planned_exercise_id") } ?? nil
        }
    }

    /// The last `limit` sets of a session, newest first.
    public func lastSets(sessionID: Int64, limit: Int) throws(StorageError) -> [SetRecord] {
        try wrap {
            try connection.prepare("SELECT \(Database.setColumns) FROM logged_set WHERE session_id = ? ORDER BY id DESC LIMIT ?").rows([sessionID, limit]) { Database.setRecord($0) }
        }
    }

    /// Replaces a set's values with `edited` (its id, session, exercise, number and time
    /// stay) and its estimate and record weight with `decision`'s; what it beat when
    /// logged no longer holds and is cleared. The counted-set progress of the
    /// exercise's sets in that session and the exercise's bests are recomputed.
    public func updateSet(_ edited: SetRecord, decision: SetDecision) throws(StorageError) -> SetRecord {
        return try write(.setsRewritten) {
            try connection.run(
                """
                UPDATE logged_set SET kind = ?, reps = ?, weight_kg = ?, duration_seconds = ?, rpe = ?, note = ?,
                    e1rm_kg = ?, record_weight_kg = ?, personal_record = NULL
                WHERE id = ?
                """,
                [edited.kind.rawValue, edited.reps, edited.weightKg, edited.durationSeconds, edited.rpe, edited.note,
                 decision.oneRepMaxKg, decision.recordWeightKg, edited.id])
            try connection.run(
                """
                UPDATE logged_set SET progress_sets = (
                    SELECT count(*) FROM logged_set AS earlier
                    WHERE earlier.session_id = logged_set.session_id AND earlier.exercise_key = logged_set.exercise_key
                        AND earlier.planned_exercise_id IS logged_set.planned_exercise_id AND earlier.kind <> 'warmup'
                        AND earlier.id <= logged_set.id)
                WHERE session_id = ? AND exercise_key = ?
                """,
                [edited.sessionID, decision.exerciseKey])
            try recomputeBests(exerciseKey: decision.exerciseKey)
            guard let stored = try connection.prepare("SELECT \(Database.setColumns) FROM logged_set WHERE id = ?").row([edited.id], { Database.setRecord($0) }) else {
                throw StorageError.notFound(.set(edited.id))
            }
            return stored
        }
    }

    /// Deletes one set. The later sets of its exercise in that session move up one
    /// place (set 3 becomes set 2 when set 2 goes), and their counted-set progress drops
    /// by one when the deleted set counted: stored numbers stay the sets' places, so
    /// every reader (the next set's number, `show`, events) agrees.
    public func deleteSet(_ id: Int64) throws(StorageError) {
        try write(.setsRewritten) {
            let deleted = try connection.prepare(
                "SELECT session_id, exercise_key, planned_exercise_id, kind <> 'warmup' AS counted FROM logged_set WHERE id = ?"
            ).row([id]) { (session: $0.int64("session_id"), key: $0.text("exercise_key"), planned: $0.optionalInt64("planned_exercise_id"), counted: $0.bool("counted")) }
            guard let deleted else { return }
            try connection.run("DELETE FROM logged_set WHERE id = ?", [id])
            try connection.run(
                """
                UPDATE logged_set SET set_number = set_number - 1, progress_sets = progress_sets - ?
                WHERE session_id = ? AND exercise_key = ? AND planned_exercise_id IS ? AND id > ?
                """,
                [deleted.counted ? 1 : 0, deleted.session, deleted.key, deleted.planned, id])
            try recomputeBests(exerciseKey: deleted.key)
        }
    }

    /// A session's sets in the order logged, with the columns only exports and
    /// `session.get` need.
    public func sessionSets(_ sessionID: Int64) throws(StorageError) -> [ExportedSet] {
        try wrap {
            try connection.prepare("SELECT \(Database.setColumns), distance_m, superset FROM logged_set WHERE session_id = ? ORDER BY id").rows([sessionID]) { row in
                ExportedSet(set: Database.setRecord(row), distanceM: row.optionalDouble("distance_m"), superset: row.optionalText("superset"))
            }
        }
    }

}
