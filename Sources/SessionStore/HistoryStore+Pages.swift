import SessionCore

/// Reads that stop at a bound whatever a session holds: a session stored before
/// sessions had one (`SessionLimits.setsPerSession`) may hold any number of sets, and
/// a reply is built from a page of them, not from all.
extension HistoryStore {
    /// At most `limit` sets of the session `sessionID` after the set `after` (from its
    /// first without), in the order they were logged, and the id to continue after
    /// when more follow (nil on its last page): one more row than the page is read to
    /// tell.
    public func sessionSetsPage(_ sessionID: Int64, after: Int64?, limit: Int) throws(StorageError) -> (sets: [ExportedSet], next: Int64?) {
        try wrap {
            var sets = try sessionSets(sessionID, afterSetID: after ?? 0, limit: limit + 1)
            guard sets.count > limit else { return (sets, nil) }
            sets.removeLast(sets.count - limit)
            return (sets, sets.last?.set.id)
        }
    }

    /// The newest session with a set of the exercise `exerciseKey` names, with at most
    /// `maximumSets` of its sets of it (the first, in the order they were logged); nil
    /// when it was never logged.
    ///
    /// Two statements, each stopping at its bound: the newest session is one seek
    /// down `session_exercise`, and its sets come off the (session_id, exercise_key)
    /// index in id order, so SQLite stops at `maximumSets`. One statement joining the
    /// two sorted every set of that session first (a temporary B-tree for its ORDER BY):
    /// 100,000 sets read and sorted for 2,000, 26 ms a call of `exercise.get`.
    public func lastSession(exerciseKey: String, maximumSets: Int) throws(StorageError) -> ExerciseHistory.Session? {
        try wrap {
            guard let newest = try connection.prepare(
                """
                SELECT s.id, s.date FROM session_exercise e CROSS JOIN session s ON s.id = e.session_id
                WHERE e.exercise_key = ? ORDER BY e.started_at_ms DESC, e.session_id DESC LIMIT 1
                """
            ).row([exerciseKey], { (id: $0.int64("id"), date: $0.date("date")) }) else { return nil }
            let sets = try connection.prepare(
                """
                SELECT set_number, kind, reps, weight_kg, duration_seconds, rpe, e1rm_kg FROM logged_set
                WHERE session_id = ? AND exercise_key = ? ORDER BY id LIMIT ?
                """
            ).rows([newest.id, exerciseKey, maximumSets]) { row in
                ExerciseHistory.Set(setNumber: row.int("set_number"), kind: row.choice("kind"), reps: row.optionalInt("reps"),
                                    weightKg: row.optionalDouble("weight_kg"), durationSeconds: row.optionalInt("duration_seconds"),
                                    rpe: row.optionalDouble("rpe"), oneRepMaxKg: row.optionalDouble("e1rm_kg"))
            }
            // A session among the exercise's holds a set of it (`session_exercise`'s invariant).
            return sets.isEmpty ? nil : ExerciseHistory.Session(sessionID: newest.id, date: newest.date, sets: sets)
        }
    }
}
