import SessionCore

/// Each exercise's sessions and sets (`exercise_count`), kept as its bests are: what
/// logging adds is remembered in the memo and added once per group commit
/// (`writeCounts`), an import adds its own (`addCounts`), and whatever rewrites sets
/// counts the exercise again from its history with the bests (`storeCounts`).
extension SessionsStore {
    /// The sessions holding a set of `exerciseKey`, and its sets: its row, plus what
    /// logging in the open transaction left to add. One seek, whatever the history.
    func counts(exerciseKey: String) throws -> (sessions: Int, sets: Int) {
        let stored: (sessions: Int, sets: Int) = try connection.prepare("SELECT sessions, sets FROM exercise_count WHERE exercise_key = ?")
            .row([exerciseKey]) { (sessions: $0.int("sessions"), sets: $0.int("sets")) } ?? (0, 0)
        guard connection.inTransaction, let entry = memo.exercises[exerciseKey] else { return stored }
        return (stored.sessions + entry.uncountedSessions, stored.sets + entry.uncountedSets)
    }

    /// Adds `sessions` and `sets` to an exercise's counts (a row made when it has none):
    /// a kept statement with typed binds, for it runs once per group commit that logs.
    func addCounts(exerciseKey: String, sessions: Int, sets: Int) throws {
        try connection.prepare(
            """
            INSERT INTO exercise_count (exercise_key, sessions, sets) VALUES (?, ?, ?)
            ON CONFLICT (exercise_key) DO UPDATE SET sessions = sessions + excluded.sessions, sets = sets + excluded.sets
            """, keptIn: &context.addCountsStatement
        ).run { parameters throws(SQLiteError) in
            try parameters.bind(exerciseKey)
            try parameters.bind(sessions)
            try parameters.bind(sets)
        }
    }

    /// Adds the sets and sessions logged in this transaction and left uncounted
    /// (`TransactionMemo.Exercise.uncountedSets`) to their rows: with the bests, before
    /// every COMMIT or RELEASE that ends a request's work and before anything forgets
    /// them (`writeBests`).
    func writeCounts() throws {
        guard memo.uncountedCount > 0 else { return }
        let uncounted = memo.exercises.compactMap { key, entry in
            entry.uncountedSets > 0 ? (key: key, sessions: entry.uncountedSessions, sets: entry.uncountedSets) : nil
        }
        for (key, sessions, sets) in uncounted {
            try addCounts(exerciseKey: key, sessions: sessions, sets: sets)
            memo.exercises[key]?.uncountedSets = 0
            memo.exercises[key]?.uncountedSessions = 0
        }
        memo.uncountedCount = 0
    }

    /// Sets an exercise's counts to those its history holds, as `recomputeBests` counts
    /// them in its walk over the exercise's sets (after sets were deleted, moved,
    /// imported or applied from another device; never on the logging path). An
    /// exercise without sets has no row. What the memo left uncounted is in the history
    /// already: the caller forgets it (`StoreContext.bestsRewritten`).
    func storeCounts(exerciseKey: String, sessions: Int, sets: Int) throws {
        try connection.run("DELETE FROM exercise_count WHERE exercise_key = ?", [exerciseKey])
        guard sets > 0 else { return }
        try addCounts(exerciseKey: exerciseKey, sessions: sessions, sets: sets)
    }
}
