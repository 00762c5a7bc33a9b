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
    public func lastSession(exerciseKey: String, maximumSets: Int) throws(StorageError) -> ExerciseHistory.Session? {
        // The one newest session's rows off the page query (?4 is its session limit, 1),
        // cut at the bound by SQLite.
        let sql = Self.exerciseHistorySQL(limited: true, cursor: false) + " LIMIT ?"
        return try wrap {
            var found: (id: Int64, date: LocalDate)?
            let sets = try connection.prepare(sql).rows([exerciseKey, "0000-01-01", "9999-12-31", 1, maximumSets]) { row in
                if found == nil { found = (row.int64("id"), row.date("date")) }
                return ExerciseHistory.Set(setNumber: row.int("set_number"), kind: row.choice("kind"), reps: row.optionalInt("reps"),
                                           weightKg: row.optionalDouble("weight_kg"), durationSeconds: row.optionalInt("duration_seconds"),
                                           rpe: row.optionalDouble("rpe"), oneRepMaxKg: row.optionalDouble("e1rm_kg"))
            }
            return found.map { ExerciseHistory.Session(sessionID: $0.id, date: $0.date, sets: sets) }
        }
    }
}
