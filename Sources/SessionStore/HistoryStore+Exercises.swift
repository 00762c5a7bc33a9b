import SessionCore

extension HistoryStore {
    /// The name each exercise was last logged as, by exercise key, at most `limit`: one
    /// index seek per exercise (a recursive step to the next key), not a scan of every
    /// set, so a history of years answers in well under a millisecond.
    public func loggedExerciseNames(limit: Int) throws(StorageError) -> [String] {
        try wrap {
            try connection.prepare(Database.loggedKeys + """
                SELECT \(Database.lastLoggedName(of: "keys.key")) AS name
                FROM keys WHERE key IS NOT NULL LIMIT ?
                """).rows([limit]) { $0.text("name") }
        }
    }

    /// Every exercise logged, under its catalog name or else the name it was last
    /// logged as, with its set count and when it was last logged (ms), most recent
    /// first, at most `limit`.
    ///
    /// The keys come one seek each (`loggedKeys`), the last name and time two seeks each
    /// (the newest session, then its latest set of the exercise); only the counts step
    /// through each exercise's sessions and their sets, without a GROUP BY's work per set
    /// (docs/performance.md, "Twenty years").
    ///
    /// Without `counts` (the names and times alone, what matching a typed name needs)
    /// nothing steps through a key's entries: every figure is an index seek, whatever
    /// the years behind it.
    public func loggedExercises(limit: Int, counts: Bool = true) throws(StorageError) -> [(name: String, sets: Int?, lastLoggedAtMs: Int64)] {
        let count = counts ? "(SELECT count(*) FROM \(Database.exerciseSets) WHERE e.exercise_key = keys.key)" : "NULL"
        return try wrap {
            try connection.prepare(Database.loggedKeys + """
                SELECT \(Database.lastLoggedName(of: "keys.key")) AS name,
                    \(count) AS sets,
                    (SELECT max(logged_at_ms) FROM logged_set WHERE session_id = \(Database.newestSession(of: "keys.key")) AND exercise_key = keys.key) AS last, key
                FROM keys WHERE key IS NOT NULL ORDER BY last DESC, key LIMIT ?
                """).rows([limit]) { row in
                (name: ExerciseCatalog.builtIn.displayName(ofKey: row.text("key"), own: row.text("name")), sets: row.optionalInt("sets"), lastLoggedAtMs: row.int64("last"))
            }
        }
    }
}

extension HistoryStore {
    /// A page of one exercise's history: its sessions, oldest first, and where the next
    /// page back starts when this one was cut at its set budget.
    public struct ExerciseHistoryPage: Sendable {
        public let history: ExerciseHistory
        /// The `before` of the next page when older sessions remain that the set budget
        /// left out (nil: the page holds every session its dates and limit allow).
        public let next: Int64?
    }

    /// Every set of the exercise with `exerciseKey` in sessions dated `from`…`to`,
    /// grouped by session, oldest first, under the name it was last logged as; with
    /// `before`, only sessions started before that one (a keyset cursor), and with
    /// `limit`, only the newest `limit` of those sessions. The newest sessions come
    /// first off the statement, and the page stops before the session that would bring
    /// it past `maximumSets` sets (the newest is always in): its reply has a bound
    /// before it is built, whatever the history holds.
    public func exerciseHistory(exerciseKey: String, from: LocalDate?, to: LocalDate?, before: SessionRecord? = nil,
                                limit: Int? = nil, maximumSets: Int = .max) throws(StorageError) -> ExerciseHistoryPage {
        // ?1–?3 are the key and the dates; a plain ? after them is numbered on from 4, so
        // the cursor's two values and the limit bind in the order they appear.
        var values: [SQLBindable] = [exerciseKey, from?.description ?? "0000-01-01", to?.description ?? "9999-12-31"]
        if let before { values += [before.startedAtMs, before.id] }
        if let limit { values.append(limit) }
        let sql = Self.exerciseHistorySQL(limited: limit != nil, cursor: before != nil, ranged: from != nil || to != nil)
        return try wrap {
            // Rows come session by session, the newest session first: each run of one
            // session's rows is one Session.
            var sessions: [ExerciseHistory.Session] = []
            var current: (id: Int64, date: LocalDate, sets: [ExerciseHistory.Set])?
            var name: String?
            var total = 0
            var next: Int64?
            try connection.prepare(sql).forEachRow(values) { row in
                let id = row.int64("id")
                if let session = current, session.id != id {
                    sessions.append(ExerciseHistory.Session(sessionID: session.id, date: session.date, sets: session.sets))
                    current = nil
                }
                total += 1
                if total > maximumSets, !sessions.isEmpty {
                    // This session would pass the budget: the page ends with the one before.
                    next = sessions[sessions.count - 1].sessionID
                    current = nil
                    return false
                }
                if current == nil {
                    current = (id, row.date("date"), [])
                    if name == nil { name = row.text("exercise_name") }
                }
                current?.sets.append(ExerciseHistory.Set(setNumber: row.int("set_number"), kind: row.choice("kind"), reps: row.optionalInt("reps"),
                                                         weightKg: row.optionalDouble("weight_kg"), durationSeconds: row.optionalInt("duration_seconds"),
                                                         rpe: row.optionalDouble("rpe"), oneRepMaxKg: row.optionalDouble("e1rm_kg")))
                return true
            }
            if let session = current { sessions.append(ExerciseHistory.Session(sessionID: session.id, date: session.date, sets: session.sets)) }
            let shown = ExerciseCatalog.builtIn.exercise(key: exerciseKey)?.name ?? name ?? exerciseKey
            return ExerciseHistoryPage(history: ExerciseHistory(name: shown, sessions: sessions.reversed()), next: next)
        }
    }

    /// Each session's figures of the exercise with `exerciseKey` dated `from`…`to`, oldest
    /// first, without its sets (what a chart needs): summed by SQLite over the sessions
    /// of those dates, one row a session instead of one a set. With `before` and `limit`
    /// as `exerciseHistory` takes them; a page holds at most `maximumSessions`, the newest.
    public func exerciseHistorySummary(exerciseKey: String, from: LocalDate?, to: LocalDate?, before: SessionRecord? = nil, limit: Int? = nil,
                                       maximumSessions: Int) throws(StorageError) -> ExerciseHistoryPage {
        // One row more than the page holds says whether the budget left any out.
        let budgeted = limit.map { $0 > maximumSessions } ?? true
        let wanted = budgeted ? maximumSessions + 1 : limit ?? maximumSessions
        var values: [SQLBindable] = [exerciseKey, from?.description ?? "0000-01-01", to?.description ?? "9999-12-31", wanted]
        if let before { values += [before.startedAtMs, before.id] }
        return try wrap {
            var rows = try connection.prepare(
                """
                SELECT s.id, s.date, max(CASE WHEN l.kind <> 'warmup' THEN l.e1rm_kg END) AS e1rm,
                    total(CASE WHEN l.kind <> 'warmup' THEN coalesce(l.reps, 0) * max(coalesce(l.weight_kg, 0), 0) END) AS volume_kg,
                    sum(l.kind <> 'warmup') AS counted_sets, max(l.exercise_name) AS name
                FROM session s INDEXED BY session_by_date CROSS JOIN logged_set l ON l.session_id = s.id AND l.exercise_key = ?1
                WHERE s.date >= ?2 AND s.date <= ?3\(before == nil ? "" : " AND (s.started_at_ms, s.id) < (?5, ?6)")
                GROUP BY s.id ORDER BY s.started_at_ms DESC, s.id DESC LIMIT ?4
                """
            ).rows(values) { row in
                (session: ExerciseHistory.Session(sessionID: row.int64("id"), date: row.date("date"), bestOneRepMaxKg: row.optionalDouble("e1rm"),
                                                  volumeKg: row.double("volume_kg"), countedSetCount: row.int("counted_sets")),
                 name: row.text("name"))
            }
            var next: Int64?
            if budgeted, rows.count > maximumSessions {
                rows.removeLast(rows.count - maximumSessions)
                next = rows.last?.session.sessionID
            }
            let name = ExerciseCatalog.builtIn.exercise(key: exerciseKey)?.name ?? rows.first?.name ?? exerciseKey
            return ExerciseHistoryPage(history: ExerciseHistory(name: name, sessions: rows.reversed().map(\.session)), next: next)
        }
    }

    /// `exerciseHistory`'s query. With a limit, the exercise's sessions come newest
    /// first off `session_exercise`, and only then are their sets read (CROSS JOIN keeps
    /// that order: left to itself, SQLite walked every set of the exercise and looked
    /// each session up, 16 million instructions over twenty years for a page of five),
    /// so a page costs the sessions it returns, not the years behind it. Without a limit
    /// but with dates (`ranged`: progress's 52 weeks), the sessions of those dates come
    /// off the date index, each probed for the exercise; with neither, the exercise's
    /// sessions give exactly its sets.
    static func exerciseHistorySQL(limited: Bool, cursor: Bool, ranged: Bool = false) -> String {
        let columns = "s.id, s.date, l.set_number, l.kind, l.reps, l.weight_kg, l.duration_seconds, l.rpe, l.e1rm_kg, l.exercise_name"
        let before = cursor ? " AND (s.started_at_ms, s.id) < (?, ?)" : ""
        if !limited, ranged {
            return """
                SELECT \(columns)
                FROM session s INDEXED BY session_by_date CROSS JOIN logged_set l ON l.session_id = s.id AND l.exercise_key = ?1
                WHERE s.date >= ?2 AND s.date <= ?3\(before)
                ORDER BY s.started_at_ms DESC, s.id DESC, l.id
                """
        }
        guard limited else {
            return """
                SELECT \(columns)
                FROM \(Database.exerciseSets) CROSS JOIN session s ON s.id = e.session_id
                WHERE e.exercise_key = ?1 AND s.date >= ?2 AND s.date <= ?3\(before)
                ORDER BY e.started_at_ms DESC, e.session_id DESC, l.id
                """
        }
        return """
            WITH newest AS (
                SELECT e.session_id AS id, e.started_at_ms FROM session_exercise e CROSS JOIN session s ON s.id = e.session_id
                WHERE e.exercise_key = ?1 AND s.date >= ?2 AND s.date <= ?3\(cursor ? " AND (e.started_at_ms, e.session_id) < (?, ?)" : "")
                ORDER BY e.started_at_ms DESC, e.session_id DESC LIMIT ?
            )
            SELECT \(columns)
            FROM newest n CROSS JOIN session s ON s.id = n.id CROSS JOIN logged_set l ON l.session_id = n.id AND l.exercise_key = ?1
            ORDER BY n.started_at_ms DESC, n.id DESC, l.id
            """
    }
}
