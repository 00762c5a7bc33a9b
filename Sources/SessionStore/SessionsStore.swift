import SessionCore

/// The sessions and their sets: a session's life (start, pause, finish, edit, delete),
/// its sets (logged, edited, deleted) with their numbering, and each exercise's bests
/// and estimates, which the sets decide. Reached as `Database.sessions`.
///
/// Its invariants, kept here and by no caller:
/// * ids: a new session's or set's id is past every id its table ever had
///   (`id_high_water`, `Database.nextID`), so a deleted row's id is never given again;
/// * `session_exercise`: a session holding a set of an exercise is among that
///   exercise's sessions (`insertSet`; the triggers of migration 13 for deletes and
///   renames);
/// * bests: `exercise_best` is what the sets logged decide (`SessionsStore+Bests.swift`);
/// * counts: `exercise_count` holds each exercise's sessions and sets
///   (`SessionsStore+Counts.swift`), added to by logging and imports and counted again
///   with the bests;
/// * estimates: a stored estimate is what the stored facts decide
///   (`SessionsStore+Estimates.swift`).
public struct SessionsStore: Store {
    /// The connection and transaction state it shares with the database's other stores.
    let context: StoreContext

    /// The id the next set takes, remembered inside a transaction (the memo's rules):
    /// logging a set asks no SQL for it.
    func nextSetID() throws -> Int64 {
        if connection.inTransaction, let known = memo.nextSetID { return known }
        return try connection.scalar(Self.nextSetIDQuery) ?? 1
    }

    /// Built once: `nextSetID` runs on every logged set's path.
    static let nextSetIDQuery = "SELECT " + Database.nextID("logged_set")

    /// The active (unfinished) session, if any. Inside a transaction, read once and
    /// remembered until the session table is written or the transaction ends.
    public func activeSession() throws(StorageError) -> SessionRecord? {
        context.catchUp()
        if let known = memo.activeSession, connection.inTransaction { return known }
        let session = try wrap {
            try connection.prepare("SELECT \(Database.sessionColumns) FROM session WHERE ended_at_ms IS NULL")
                .row { Database.sessionRecord($0) }
        }
        if connection.inTransaction { memo.activeSession = .some(session) }
        return session
    }

    /// A session by id.
    public func session(_ id: Int64) throws(StorageError) -> SessionRecord? {
        try wrap {
            try connection.prepare("SELECT \(Database.sessionColumns) FROM session WHERE id = ?").row([id]) { Database.sessionRecord($0) }
        }
    }

    /// Starts a session; the unique index refuses a second active one.
    public func insertSession(planDayID: Int64?, date: LocalDate, title: String, carriedOver: Bool, startedAtMs: Int64) throws(StorageError) -> Int64 {
        // Its id is past every id ever given (`Database.nextSessionID`): the id
        // high-water mark's invariant.
        return try write(.sessions) {
            try connection.run(
                "INSERT INTO session (id, plan_day_id, date, title, carried_over, started_at_ms) VALUES (\(Database.nextSessionID), ?, ?, ?, ?, ?)",
                [planDayID, date.description, title, carriedOver, startedAtMs])
            let id = connection.lastInsertRowID
            try context.feedInserted(session: id)
            return id
        }
    }

    /// Records a pause state: `pausedSinceMs` nil when running.
    public func updatePause(sessionID: Int64, pausedSinceMs: Int64?, pausedTotalMs: Int64) throws(StorageError) {
        try write(.sessions) {
            try connection.run("UPDATE session SET paused_since_ms = ?, paused_total_ms = ? WHERE id = ?", [pausedSinceMs, pausedTotalMs, sessionID])
        }
    }

    /// Ends a session; each exercise's best session volume is brought up to this
    /// session's. Returns each exercise's volume in it with its best before.
    @discardableResult
    public func finishSession(_ id: Int64, endedAtMs: Int64, pausedTotalMs: Int64, rpe: Double?, note: String?) throws(StorageError)
        -> [SessionVolume]
    {
        return try write(.sessions) {
            try connection.run(
                "UPDATE session SET ended_at_ms = ?, paused_since_ms = NULL, paused_total_ms = ?, rpe = ?, note = ? WHERE id = ?",
                [endedAtMs, pausedTotalMs, rpe, note, id])
            return try raiseSessionVolumeBests(sessionID: id, exerciseKey: nil)
        }
    }

    /// Brings the best session volume of an exercise (`exerciseKey`) up to its volume
    /// in a finished session: after a set was added to one, which counts toward that
    /// session's volume as if logged before its end.
    public func raiseSessionVolumeBest(sessionID: Int64, exerciseKey: String) throws(StorageError) {
        try write(.sessions) { _ = try raiseSessionVolumeBests(sessionID: sessionID, exerciseKey: exerciseKey) }
    }

    /// Each exercise's volume in a session (one exercise's, given its key), its best
    /// session volume raised to it, with the best before.
    private func raiseSessionVolumeBests(sessionID: Int64, exerciseKey: String?) throws -> [SessionVolume] {
        let volumes = try connection.prepare(
            """
            SELECT exercise_key, min(exercise_name) AS name, sum(reps * max(weight_kg, 0)) AS volume_kg FROM logged_set
            WHERE session_id = ?1 AND (?2 IS NULL OR exercise_key = ?2) AND kind <> 'warmup' AND reps > 0 AND weight_kg > 0
            GROUP BY exercise_key ORDER BY min(id)
            """
        ).rows([sessionID, exerciseKey]) { (key: $0.text("exercise_key"), name: $0.text("name"), volumeKg: $0.double("volume_kg")) }
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

    /// Rewrites a session's date, title, times, effort and note (`session.edit`). On
    /// another date its body-weight sets count the body mass in force on that one.
    public func updateSession(_ id: Int64, date: LocalDate, title: String, startedAtMs: Int64, endedAtMs: Int64?, rpe: Double?, note: String?) throws(StorageError) {
        try write(.sessions) {
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
        try write(.sessions) {
            try connection.run(
                "UPDATE session SET average_heart_rate = ?, maximum_heart_rate = ?, energy_kcal = ? WHERE id = ?",
                [averageHeartRate, maximumHeartRate, energyKcal, sessionID])
        }
    }

    /// Deletes a session and its sets (an aborted session is kept nowhere).
    public func deleteSession(_ id: Int64) throws(StorageError) {
        try write([.sessions, .setsRewritten]) {
            let keys = try connection.prepare("SELECT DISTINCT exercise_key FROM logged_set WHERE session_id = ?").rows([id]) { $0.text("exercise_key") }
            try connection.run("DELETE FROM session WHERE id = ?", [id])
            for key in keys { try recomputeBests(exerciseKey: key) }
        }
    }

    /// A session's sets grouped by exercise: counted sets and volume per planned
    /// exercise or off-plan name, in the order each was first logged.
    public func sessionTally(sessionID: Int64) throws(StorageError) -> [ExerciseTally] {
        try wrap {
            try connection.prepare(
                """
                SELECT planned_exercise_id, exercise_key, min(exercise_name) AS name, sum(kind <> 'warmup') AS counted_sets,
                    coalesce(sum(CASE WHEN kind <> 'warmup' THEN reps * max(weight_kg, 0) END), 0) AS volume_kg, count(*) AS all_sets
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
                SessionListing(session: Database.sessionRecord(row), sets: row.int("set_count"), volumeKg: row.double("volume_kg"))
            }
        }
    }

    /// `listSessions`' statement, with or without a date range and a cursor.
    static func listSessionsSQL(ranged: Bool, cursor: Bool) -> String {
        let columns = Database.sessionColumns.split(separator: ",").map { "s." + String($0).trimmingWhitespace() }.joined(separator: ", ")
        let conditions = (ranged ? ["s.date >= ? AND s.date <= ?"] : []) + (cursor ? ["(s.started_at_ms, s.id) < (?, ?)"] : [])
        return """
            SELECT \(columns),
                (SELECT count(*) FROM logged_set l WHERE l.session_id = s.id AND l.kind <> 'warmup') AS set_count,
                (SELECT coalesce(sum(l.reps * max(l.weight_kg, 0)), 0) FROM logged_set l WHERE l.session_id = s.id AND l.kind <> 'warmup') AS volume_kg
            FROM session s
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY s.started_at_ms DESC, s.id DESC LIMIT ?
            """
    }

    /// The most recently started session, nil before the first.
    public func latestSession() throws(StorageError) -> SessionRecord? {
        try wrap { try connection.prepare("SELECT \(Database.sessionColumns) FROM session ORDER BY started_at_ms DESC, id DESC LIMIT 1").row { Database.sessionRecord($0) } }
    }
}
