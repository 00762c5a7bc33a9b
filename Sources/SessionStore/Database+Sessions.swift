import SessionCore

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

    /// The id the next set takes, remembered inside a transaction (the memo's rules):
    /// logging a set asks no SQL for it.
    func nextSetID() throws -> Int64 {
        if connection.inTransaction, let known = memo.nextSetID { return known }
        return try connection.scalar(Self.nextSetIDQuery) ?? 1
    }

    /// Built once: `nextSetID` runs on every logged set's path.
    static let nextSetIDQuery = "SELECT " + nextID("logged_set")

    static let sessionColumns = """
        id, plan_day_id, date, title, carried_over, started_at_ms, ended_at_ms, paused_since_ms,
        paused_total_ms, rpe, note, average_heart_rate, maximum_heart_rate, energy_kcal
        """

    static func sessionRecord(_ row: Statement.Row) -> SessionRecord {
        SessionRecord(
            id: row.int64("id"), planDayID: row.optionalInt64("plan_day_id"), date: row.date("date"), title: row.text("title"),
            carriedOver: row.bool("carried_over"), startedAtMs: row.int64("started_at_ms"), endedAtMs: row.optionalInt64("ended_at_ms"),
            pausedSinceMs: row.optionalInt64("paused_since_ms"), pausedTotalMs: row.int64("paused_total_ms"),
            rpe: row.optionalDouble("rpe"), note: row.optionalText("note"), averageHeartRate: row.optionalInt("average_heart_rate"),
            maximumHeartRate: row.optionalInt("maximum_heart_rate"), energyKcal: row.optionalDouble("energy_kcal"))
    }

    /// The active (unfinished) session, if any. Inside a transaction, read once and
    /// remembered until the session table is written or the transaction ends.
    public func activeSession() throws(StorageError) -> SessionRecord? {
        forgetChangedTables()
        if let known = memo.activeSession, connection.inTransaction { return known }
        let session = try wrap {
            try connection.prepare("SELECT \(Self.sessionColumns) FROM session WHERE ended_at_ms IS NULL")
                .row { Self.sessionRecord($0) }
        }
        if connection.inTransaction { memo.activeSession = .some(session) }
        return session
    }

    /// A session by id.
    public func session(_ id: Int64) throws(StorageError) -> SessionRecord? {
        try wrap {
            try connection.prepare("SELECT \(Self.sessionColumns) FROM session WHERE id = ?").row([id]) { Self.sessionRecord($0) }
        }
    }

    /// Starts a session; the unique index refuses a second active one.
    public func insertSession(planDayID: Int64?, date: LocalDate, title: String, carriedOver: Bool, startedAtMs: Int64) throws(StorageError) -> Int64 {
        return try write {
            try connection.run(
                "INSERT INTO session (id, plan_day_id, date, title, carried_over, started_at_ms) VALUES (\(Self.nextSessionID), ?, ?, ?, ?, ?)",
                [planDayID, date.description, title, carriedOver, startedAtMs])
            return connection.lastInsertRowID
        }
    }

    /// Records a pause state: `pausedSinceMs` nil when running.
    public func updatePause(sessionID: Int64, pausedSinceMs: Int64?, pausedTotalMs: Int64) throws(StorageError) {
        try write {
            try connection.run("UPDATE session SET paused_since_ms = ?, paused_total_ms = ? WHERE id = ?", [pausedSinceMs, pausedTotalMs, sessionID])
        }
    }

    /// Ends a session.
    /// Ends a session; each exercise's best session volume is brought up to this
    /// session's. Returns each exercise's volume in it with its best before.
    @discardableResult
    public func finishSession(_ id: Int64, endedAtMs: Int64, pausedTotalMs: Int64, rpe: Double?, note: String?) throws(StorageError)
        -> [SessionVolume]
    {
        return try write {
            try connection.run(
                "UPDATE session SET ended_at_ms = ?, paused_since_ms = NULL, paused_total_ms = ?, rpe = ?, note = ? WHERE id = ?",
                [endedAtMs, pausedTotalMs, rpe, note, id])
            let volumes = try connection.prepare(
                """
                SELECT exercise_key, min(exercise_name) AS name, sum(reps * weight_kg) AS volume_kg FROM logged_set
                WHERE session_id = ? AND kind <> 'warmup' AND reps > 0 AND weight_kg > 0 GROUP BY exercise_key ORDER BY min(id)
                """
            ).rows([id]) { (key: $0.text("exercise_key"), name: $0.text("name"), volumeKg: $0.double("volume_kg")) }
            return try volumes.map { item in
                var bests = try memo.exercises[item.key]?.bests ?? storedBests(exerciseKey: item.key)
                let previous = bests.sessionVolumeKg
                if item.volumeKg > (previous ?? 0) {
                    let exists = memo.exercises[item.key]?.unwritten ?? (bests != .none)
                    bests.sessionVolumeKg = item.volumeKg
                    memo.exercises[item.key, default: TransactionMemo.Exercise()].bests = bests
                    try storeBests(bests, exerciseKey: item.key, exists: exists)
                }
                return SessionVolume(exerciseKey: item.key, name: item.name, volumeKg: item.volumeKg, previousBestKg: previous)
            }
        }
    }

    /// Rewrites a session's date, title, times, effort and note (`session.edit`). On
    /// another date its body-weight sets count the body mass in force on that one.
    public func updateSession(_ id: Int64, date: LocalDate, title: String, startedAtMs: Int64, endedAtMs: Int64?, rpe: Double?, note: String?) throws(StorageError) {
        try write {
            let before = try connection.text("SELECT date FROM session WHERE id = ?", [id])
            try connection.run(
                "UPDATE session SET date = ?, title = ?, started_at_ms = ?, ended_at_ms = ?, rpe = ?, note = ? WHERE id = ?",
                [date.description, title, startedAtMs, endedAtMs, rpe, note, id])
            if before != date.description { try reestimate(sessionID: id) }
        }
    }

    /// The finished session tracked here (not imported) that overlaps `startMs`…`endMs`
    /// for at least half of the shorter of the two, the one overlapping most; nil when
    /// none does. Sessions started up to a day before are looked at, through the start
    /// index.
    public func trackedSession(overlapping startMs: Int64, _ endMs: Int64) throws(StorageError) -> Int64? {
        try wrap {
            let candidates = try connection.prepare(
                """
                SELECT id, started_at_ms, ended_at_ms FROM session
                WHERE started_at_ms > ? AND started_at_ms < ? AND ended_at_ms > ? AND source IS NULL
                """
            ).rows([startMs - 86_400_000, endMs, startMs]) {
                (id: $0.int64("id"), start: $0.int64("started_at_ms"), end: $0.int64("ended_at_ms"))
            }
            let overlaps = candidates.map { candidate -> (id: Int64, overlap: Int64, shorter: Int64) in
                (candidate.id, min(endMs, candidate.end) - max(startMs, candidate.start), min(endMs - startMs, candidate.end - candidate.start))
            }
            return overlaps.filter { $0.overlap * 2 >= $0.shorter }.max { $0.overlap < $1.overlap }?.id
        }
    }

    /// Gives a session what a watch measured over it.
    public func setMeasured(sessionID: Int64, averageHeartRate: Int?, maximumHeartRate: Int?, energyKcal: Double?) throws(StorageError) {
        try write {
            try connection.run(
                "UPDATE session SET average_heart_rate = ?, maximum_heart_rate = ?, energy_kcal = ? WHERE id = ?",
                [averageHeartRate, maximumHeartRate, energyKcal, sessionID])
        }
    }

    /// Deletes a session and its sets (an aborted session is kept nowhere).
    public func deleteSession(_ id: Int64) throws(StorageError) {
        try forgetSets()
        try write {
            let keys = try connection.prepare("SELECT DISTINCT exercise_key FROM logged_set WHERE session_id = ?").rows([id]) { $0.text("exercise_key") }
            try connection.run("DELETE FROM session WHERE id = ?", [id])
            for key in keys { try recomputeBests(exerciseKey: key) }
        }
    }

    static let setColumns = """
        id, session_id, planned_exercise_id, exercise_name, set_number, kind, reps, weight_kg,
        duration_seconds, rpe, note, logged_at_ms, request_id, personal_record, progress_sets, e1rm_kg
        """

    static func setRecord(_ row: Statement.Row) -> SetRecord {
        SetRecord(
            id: row.int64("id"), sessionID: row.int64("session_id"), plannedExerciseID: row.optionalInt64("planned_exercise_id"),
            exerciseName: row.text("exercise_name"), setNumber: row.int("set_number"), progressSets: row.int("progress_sets"),
            kind: row.choice("kind"), reps: row.optionalInt("reps"), weightKg: row.optionalDouble("weight_kg"),
            durationSeconds: row.optionalInt("duration_seconds"), rpe: row.optionalDouble("rpe"), note: row.optionalText("note"),
            loggedAtMs: row.int64("logged_at_ms"), requestID: row.optionalText("request_id"),
            records: RecordKinds(names: (row.optionalText("personal_record") ?? "").split(separator: ",")), oneRepMaxKg: row.optionalDouble("e1rm_kg"))
    }

    /// A set by id.
    public func set(_ id: Int64) throws(StorageError) -> SetRecord? {
        try wrap { try connection.prepare("SELECT \(Self.setColumns) FROM logged_set WHERE id = ?").row([id]) { Self.setRecord($0) } }
    }

    /// The set stored under a client's request id, for idempotent retries.
    public func set(requestID: String) throws(StorageError) -> SetRecord? {
        try wrap {
            try connection.prepare("SELECT \(Self.setColumns) FROM logged_set WHERE request_id = ?").row([requestID]) { Self.setRecord($0) }
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
        let id = try write {
            let id = try nextSetID()
            try connection.prepare(
                """
                INSERT INTO logged_set (id, session_id, planned_exercise_id, exercise_name, exercise_key, set_number, progress_sets, kind,
                    reps, weight_kg, duration_seconds, rpe, note, e1rm_kg, record_weight_kg, logged_at_ms, request_id, personal_record, superset)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, keptIn: &insertSetStatement
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
            // `write` runs this inside a transaction, so the memo applies.
            memo.nextSetID = id + 1
            if let count = memo.setCounts[sessionID] { memo.setCounts[sessionID] = count + 1 }
            // The exercise's entry looked up once, and changed in place.
            if try noteLogged(in: &memo.exercises[key, default: TransactionMemo.Exercise()], exerciseKey: key, numbering: numbering,
                              sessionID: sessionID, plannedExerciseID: plannedExerciseID, figures: figures, weightKg: weightKg) {
                memo.unwrittenCount += 1
            }
            return id
        }
        return SetRecord(
            id: id, sessionID: set.sessionID, plannedExerciseID: set.plannedExerciseID, exerciseName: set.exerciseName,
            setNumber: decision.setNumber, progressSets: decision.countedSets, kind: set.kind, reps: set.reps, weightKg: set.weightKg,
            durationSeconds: set.durationSeconds, rpe: set.rpe, note: set.note, loggedAtMs: set.loggedAtMs, requestID: set.requestID,
            records: decision.records, oneRepMaxKg: estimate)
    }

    /// Notes a set just stored in its exercise's memo `entry`: its numbering, and its
    /// bests when the set changes them (the bests as logging read them, else as
    /// stored). True when the bests became unwritten: their row is written once for the
    /// whole group commit (`writeBests`), as sets of one exercise from many clients
    /// beat its records one after another.
    ///
    /// A session the memo knows no set of the exercise in is put among the exercise's
    /// sessions (`session_exercise`) first: once per session and exercise while the
    /// memo lasts, ignored when it is there already.
    private func noteLogged(in entry: inout TransactionMemo.Exercise, exerciseKey: String, numbering: SetNumbering, sessionID: Int64,
                            plannedExerciseID: Int64?, figures: RecordFigures, weightKg: Double?) throws -> Bool {
        if !entry.progress.contains(where: { $0.sessionID == sessionID }) {
            try connection.run(
                "INSERT OR IGNORE INTO session_exercise (exercise_key, started_at_ms, session_id) SELECT ?, started_at_ms, id FROM session WHERE id = ?",
                [exerciseKey, sessionID])
        }
        entry.setProgress(numbering, sessionID: sessionID, plannedExerciseID: plannedExerciseID)
        guard figures.countedReps != nil else { return false }
        let known = try entry.bests ?? storedBests(exerciseKey: exerciseKey)
        guard let updated = known.adding(figures, weightKg: weightKg) else {
            entry.bests = known
            return false
        }
        entry.bests = updated
        guard entry.unwritten == nil else { return false }
        entry.unwritten = known != .none
        return true
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

    /// The latest counted (not warm-up) set of an exercise in a session: one step down
    /// the (session_id, exercise_key, id) index.
    public func lastCountedSet(sessionID: Int64, exerciseKey: String) throws(StorageError) -> (reps: Int?, weightKg: Double?, durationSeconds: Int?)? {
        try wrap {
            try connection.prepare(
                "SELECT reps, weight_kg, duration_seconds FROM logged_set WHERE session_id = ? AND exercise_key = ? AND kind <> 'warmup' ORDER BY id DESC LIMIT 1"
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
            try connection.prepare("SELECT \(Self.setColumns) FROM logged_set WHERE session_id = ? ORDER BY logged_at_ms DESC, id DESC LIMIT 1")
                .row([sessionID]) { Self.setRecord($0) }
        }
    }

    /// The session's set logged earliest (by time, then by id), nil without sets: the
    /// set a session's start may not come after.
    public func earliestSet(sessionID: Int64) throws(StorageError) -> SetRecord? {
        try wrap {
            try connection.prepare("SELECT \(Self.setColumns) FROM logged_set WHERE session_id = ? ORDER BY logged_at_ms, id LIMIT 1")
                .row([sessionID]) { Self.setRecord($0) }
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
        try write { try connection.run("UPDATE logged_set SET superset = ? WHERE id = ?", [label, setID]) }
    }

    /// The planned exercise of a session's latest counted set; nil when it has none or
    /// the set was off-plan.
    public func lastPlannedExercise(sessionID: Int64) throws(StorageError) -> Int64? {
        try wrap {
            try connection.prepare(
                "SELECT planned_exercise_id FROM logged_set WHERE session_id = ? AND kind <> 'warmup' ORDER BY id DESC LIMIT 1"
            ).row([sessionID]) { $0.optionalInt64("planned_exercise_id") } ?? nil
        }
    }

    /// The last `limit` sets of a session, newest first.
    public func lastSets(sessionID: Int64, limit: Int) throws(StorageError) -> [SetRecord] {
        try wrap {
            try connection.prepare("SELECT \(Self.setColumns) FROM logged_set WHERE session_id = ? ORDER BY id DESC LIMIT ?").rows([sessionID, limit]) { Self.setRecord($0) }
        }
    }

    /// Replaces a set's values with `edited` (its id, session, exercise, number and time
    /// stay) and its estimate and record weight with `decision`'s; what it beat when
    /// logged no longer holds and is cleared. The counted-set progress of the
    /// exercise's sets in that session and the exercise's bests are recomputed.
    public func updateSet(_ edited: SetRecord, decision: SetDecision) throws(StorageError) -> SetRecord {
        try forgetSets()
        return try write {
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
            guard let stored = try connection.prepare("SELECT \(Self.setColumns) FROM logged_set WHERE id = ?").row([edited.id], { Self.setRecord($0) }) else {
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
        try forgetSets()
        try write {
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
                """, keptIn: &updateBestsStatement)
            : connection.prepare(
                """
                INSERT INTO exercise_best (e1rm_kg, weight_kg, most_reps, set_volume_kg, session_volume_kg, reps_at_weight, exercise_key)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, keptIn: &insertBestsStatement)
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
    /// (`TransactionMemo.unwrittenBests`): before every COMMIT or RELEASE that ends a
    /// request's work, and before anything forgets them.
    func writeBests() throws {
        guard memo.unwrittenCount > 0 else { return }
        let unwritten = memo.exercises.compactMap { key, entry in entry.unwritten.map { (key: key, exists: $0, bests: entry.bests) } }
        for (key, exists, bests) in unwritten {
            guard let bests else { continue }
            try storeBests(bests, exerciseKey: key, exists: exists)
        }
    }

    /// Forgets the remembered bests and numbering (sets are about to be deleted, moved
    /// or edited), writing what was left to write first.
    func forgetSets() throws(StorageError) {
        try wrap { try writeBests() }
        memo.forgetSets()
    }

    /// Sets the bests of an exercise from its whole history (after sets were deleted,
    /// moved or imported): a walk over that exercise's sets (through its sessions), so
    /// it runs on undo, abort, alias and import, never on the logging path.
    func recomputeBests(exerciseKey: String) throws {
        // The exercise's sets through its sessions (`session_exercise`), then each
        // session's sets of it.
        let sets = "\(Self.exerciseSets) WHERE e.exercise_key = ?1"
        let counted = "l.kind <> 'warmup' AND l.reps > 0"
        let figures = try connection.prepare(
            """
            SELECT max(l.e1rm_kg) AS e1rm, max(l.record_weight_kg) AS weight,
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
             session: row.optionalDouble("session_volume"))
        }
        let perWeight = try connection.prepare(
            "SELECT l.weight_kg, max(l.reps) AS reps FROM \(sets) AND \(counted) AND l.weight_kg > 0 GROUP BY l.weight_kg ORDER BY l.weight_kg DESC"
        ).rows([exerciseKey]) { WeightReps(weightKg: $0.double("weight_kg"), reps: $0.int("reps")) }
        let frontier = perWeight.reduce([WeightReps]()) { WeightReps.frontier($0, adding: $1) }
        let bests = ExerciseBests(oneRepMaxKg: figures?.e1rm, heaviestKg: figures?.weight, mostReps: figures?.reps, setVolumeKg: figures?.set,
                                  sessionVolumeKg: figures?.session, repsAtWeight: frontier)
        memo.forget(exerciseKey: exerciseKey)
        // An exercise without a counted set with reps has no row.
        try connection.run("DELETE FROM exercise_best WHERE exercise_key = ?", [exerciseKey])
        guard bests != .none else { return }
        try storeBests(bests, exerciseKey: exerciseKey, exists: false)
    }

    /// A session's sets grouped by exercise: counted sets and volume per planned
    /// exercise or off-plan name, in the order each was first logged.
    public func sessionTally(sessionID: Int64) throws(StorageError) -> [ExerciseTally] {
        try wrap {
            try connection.prepare(
                """
                SELECT planned_exercise_id, exercise_key, min(exercise_name) AS name, sum(kind <> 'warmup') AS counted_sets,
                    coalesce(sum(CASE WHEN kind <> 'warmup' THEN reps * weight_kg END), 0) AS volume_kg, count(*) AS all_sets
                FROM logged_set WHERE session_id = ?
                GROUP BY planned_exercise_id, exercise_key ORDER BY min(id)
                """
            ).rows([sessionID]) { row in
                ExerciseTally(plannedExerciseID: row.optionalInt64("planned_exercise_id"), name: row.text("name"), countedSets: row.int("counted_sets"),
                              volumeKg: row.double("volume_kg"), allSets: row.int("all_sets"))
            }
        }
    }

    /// Sessions with their set count and volume, newest first, optionally between two
    /// dates (inclusive) and, with `before`, only those started before that session (a
    /// keyset cursor: the next page goes on from the last one's start and id).
    ///
    /// Without dates the newest are read through the (started_at_ms, id) index and no
    /// further than `limit`: the cost of a page, not of the years behind it. With dates,
    /// the date index finds the range.
    public func listSessions(from: LocalDate?, to: LocalDate?, before: SessionRecord? = nil, limit: Int) throws(StorageError) -> [SessionListing] {
        try wrap {
            let ranged = from != nil || to != nil
            var values: [SQLBindable] = ranged ? [from?.description ?? "0000-01-01", to?.description ?? "9999-12-31"] : []
            if let before { values += [before.startedAtMs, before.id] }
            values.append(limit)
            return try connection.prepare(Self.listSessionsSQL(ranged: ranged, cursor: before != nil)).rows(values) { row in
                SessionListing(session: Self.sessionRecord(row), sets: row.int("set_count"), volumeKg: row.double("volume_kg"))
            }
        }
    }

    /// `listSessions`' statement, with or without a date range and a cursor.
    static func listSessionsSQL(ranged: Bool, cursor: Bool) -> String {
        let columns = sessionColumns.split(separator: ",").map { "s." + String($0).trimmingWhitespace() }.joined(separator: ", ")
        let conditions = (ranged ? ["s.date >= ? AND s.date <= ?"] : []) + (cursor ? ["(s.started_at_ms, s.id) < (?, ?)"] : [])
        return """
            SELECT \(columns),
                (SELECT count(*) FROM logged_set l WHERE l.session_id = s.id AND l.kind <> 'warmup') AS set_count,
                (SELECT coalesce(sum(l.reps * l.weight_kg), 0) FROM logged_set l WHERE l.session_id = s.id AND l.kind <> 'warmup') AS volume_kg
            FROM session s
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY s.started_at_ms DESC, s.id DESC LIMIT ?
            """
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
