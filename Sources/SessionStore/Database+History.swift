import SessionCore

/// A workout from another tracker, placed in time, ready to store as a finished session.
public struct ImportedSession: Sendable {
    /// What makes importing it again add nothing: its start and its title's key.
    public let importKey: String
    public let date: LocalDate
    public let startedAtMs: Int64
    public let endedAtMs: Int64
    public let workout: HistoryWorkout
    /// The plan day it trained, for a session entered afterwards on a planned day, and
    /// whether that day's plan was carried over to its week.
    public var planDayID: Int64?
    public var carriedOver = false
    /// The planned exercise each set counts against (parallel to the workout's sets),
    /// or empty: none does.
    public var plannedExerciseIDs: [Int64?] = []
    /// When each set was logged (parallel to the workout's sets), or empty: the sets
    /// follow the start a millisecond apart, in order.
    public var loggedAtMs: [Int64] = []

    public init(workout: HistoryWorkout, startedAtMs: Int64, date: LocalDate) {
        self.workout = workout
        self.startedAtMs = startedAtMs
        self.date = date
        endedAtMs = startedAtMs + Int64(workout.durationSeconds ?? 0) * 1000
        importKey = "\(startedAtMs)|\(workout.title.exerciseKey)"
    }
}

extension Database {
    /// The sessions of `sessions` not stored yet, in the order given: not by import key
    /// (each key once), nor as the same workout under another title or a start written
    /// to the minute (`storedAlike`: a Hevy export of a Strong history).
    public func newImports(_ sessions: [ImportedSession]) throws(StorageError) -> [ImportedSession] {
        try wrap {
            let statement = try connection.prepare("SELECT 1 FROM session WHERE import_key = ?")
            let aliases = try exercisesStore.aliases()
            var seen = Set<String>()
            return try sessions.filter { session in
                guard seen.insert(session.importKey).inserted else { return false }
                guard try statement.rows([session.importKey], { _ in true }).isEmpty else { return false }
                return try !storedAlike(session, aliases: aliases)
            }
        }
    }

    /// True when a finished session started in the same minute as `session` holds the
    /// same sets in the same order (exercise under aliases, reps, weight to 0.05 kg,
    /// duration): the same workout, exported in another format and imported again.
    func storedAlike(_ session: ImportedSession, aliases: [String: ExerciseAlias]) throws -> Bool {
        let minute = session.startedAtMs - ((session.startedAtMs % 60_000) + 60_000) % 60_000
        let candidates = try connection.prepare(
            "SELECT id FROM session WHERE date = ? AND started_at_ms >= ? AND started_at_ms < ? AND ended_at_ms IS NOT NULL"
        ).rows([session.date.description, minute, minute + 60_000]) { $0.int64("id") }
        guard !candidates.isEmpty else { return false }
        let wanted = session.workout.sets.map { set in
            (key: ExercisesStore.identityKey(set.exercise.exerciseKey, aliases: aliases), reps: set.reps, weight: set.weightKg, seconds: set.durationSeconds)
        }
        let setsOf = try connection.prepare("SELECT exercise_key, reps, weight_kg, duration_seconds FROM logged_set WHERE session_id = ? ORDER BY id")
        for id in candidates {
            let stored = try setsOf.rows([id]) {
                (key: $0.text("exercise_key"), reps: $0.optionalInt("reps"), weight: $0.optionalDouble("weight_kg"), seconds: $0.optionalInt("duration_seconds"))
            }
            let same = stored.count == wanted.count && zip(stored, wanted).allSatisfy { stored, wanted in
                stored.key == wanted.key && stored.reps == wanted.reps && stored.seconds == wanted.seconds
                    && abs((stored.weight ?? 0) - (wanted.weight ?? 0)) < 0.05
            }
            if same { return true }
        }
        return false
    }

    /// Stores imported sessions, finished, with their sets, and brings the exercises'
    /// bests up to date: all in one transaction (the caller's group commit).
    public func insertImported(_ sessions: [ImportedSession], source: String?) throws(StorageError) {
        // A large import dirties more pages than the daemon's everyday 512 KiB cache
        // holds, and SQLite would spill them to the WAL mid-transaction: the cache is
        // 16 MiB while it runs (about 6 % faster for 250,000 rows), then back.
        try? connection.execute("PRAGMA cache_size = -\(Self.importCacheKiB)")
        defer { try? connection.execute("PRAGMA cache_size = -\(Self.cacheKiB)") }
        // What is remembered of sets is forgotten before the sessions are stored, and
        // everything after (`StoreChange.bulk`).
        try write(.bulk) {
            // The sessions first, `importRowsPerInsert` a statement, their ids counted on
            // from the high-water mark: a statement that fires a trigger (the mark's)
            // copies every page it touches to the statement journal (see
            // `importRowsPerInsert`), and a statement per session copied its indexes'
            // pages each time (half of a session row's ~40,000 instructions).
            let firstID = try connection.scalar("SELECT coalesce(\(Self.nextSessionID), (SELECT coalesce(max(id), 0) + 1 FROM session))") ?? 1
            var start = 0
            while start < sessions.count {
                let end = min(start + Self.importRowsPerInsert, sessions.count)
                try insertRows(sessions[start..<end], full: Self.insertImportedSessionRows, single: Self.insertImportedSession) {
                    parameters, index, session throws(SQLiteError) in
                    let workout = session.workout
                    try parameters.bind(firstID + Int64(index))
                    try parameters.bind(session.planDayID)
                    try parameters.bind(Int64(session.carriedOver ? 1 : 0))
                    try parameters.bind(session.date.description)
                    try parameters.bind(workout.title)
                    try parameters.bind(session.startedAtMs)
                    try parameters.bind(session.endedAtMs)
                    try parameters.bind(workout.rpe)
                    try parameters.bind(workout.note)
                    try parameters.bind(source)
                    try parameters.bind(session.importKey)
                    try parameters.bind(workout.averageHeartRate)
                    try parameters.bind(workout.maximumHeartRate)
                    try parameters.bind(workout.energyKcal)
                }
                start = end
            }
            // Then the sets, as they are decided, `importRowsPerInsert` a statement, their
            // ids counted on from the high-water mark as the sessions' are.
            var setID = try sessionsStore.nextSetID()
            var rows: [ImportedSetRow] = []
            rows.reserveCapacity(Self.importRowsPerInsert)
            func flush() throws(SQLiteError) {
                try insertRows(rows, full: Self.insertImportedSetRows, single: Self.insertImportedSet) { parameters, _, row throws(SQLiteError) in
                    try row.bind(&parameters)
                }
                rows.removeAll(keepingCapacity: true)
            }
            // Each exercise's bests, from what was stored, brought up to date set by set as
            // logging does (a walk of the whole history per exercise afterwards cost a
            // fifth of a large import); written once at the end. By index: no hashing a set.
            var bests: [(key: String, bests: ExerciseBests, stored: Bool)] = []
            var bestsIndex: [String: Int] = [:]
            let aliases = try exercisesStore.aliases()
            // One's own exercises count body mass as defined, as when logged.
            let custom = try exercisesStore.customExercises()
            // Read once, when a body-weight exercise first needs it.
            var bodyMasses: BodyMassSeries?
            // An export repeats a few exercise names over thousands of sets: each name's
            // key, alias and body-weight rule are worked out once.
            var exercises: [String: (key: String, name: String, bodyweight: Bool, bests: Int)] = [:]
            // The sets of one exercise mostly follow each other: the last name is compared
            // before any hashing.
            var last: (exercise: String, resolved: (key: String, name: String, bodyweight: Bool, bests: Int))?
            // Each exercise's numbering and volume so far in the session.
            var numbering: [(key: String, numbering: SetNumbering, volumeKg: Double, bests: Int)] = []
            func closeSession() {
                for entry in numbering where entry.volumeKg > (bests[entry.bests].bests.sessionVolumeKg ?? 0) {
                    bests[entry.bests].bests.sessionVolumeKg = entry.volumeKg
                }
            }
            for (offset, session) in sessions.enumerated() {
                let workout = session.workout
                let sessionID = firstID + Int64(offset)
                // Each exercise's numbering so far in this session: a few exercises, found
                // by comparing keys that share their storage (a look-up in a `Dictionary`
                // hashed the key twice a set, ~700 instructions).
                closeSession()
                numbering.removeAll(keepingCapacity: true)
                for (index, set) in workout.sets.enumerated() {
                    let exercise: (key: String, name: String, bodyweight: Bool, bests: Int)
                    if let known = last.flatMap({ $0.exercise == set.exercise ? $0.resolved : nil }) ?? exercises[set.exercise] {
                        exercise = known
                    } else {
                        let alias = aliases[set.exercise.exerciseKey]
                        let key = ExercisesStore.identityKey(set.exercise.exerciseKey, aliases: aliases)
                        let index: Int
                        if let known = bestsIndex[key] {
                            index = known
                        } else {
                            let stored = try sessionsStore.storedBests(exerciseKey: key)
                            bests.append((key, stored, stored != .none))
                            index = bests.count - 1
                            bestsIndex[key] = index
                        }
                        exercise = (key: key, name: alias?.name ?? set.exercise, bodyweight: SessionsStore.countsBodyMass(exerciseKey: key, custom: custom), bests: index)
                        exercises[set.exercise] = exercise
                    }
                    last = (set.exercise, exercise)
                    let key = exercise.key
                    let exerciseName = exercise.name
                    var bodyMass: Double?
                    if exercise.bodyweight {
                        let series = try bodyMasses ?? healthStore.bodyMassSeries()
                        bodyMasses = series
                        bodyMass = series.kg(onOrBefore: session.date)
                    }
                    let previous = numbering.firstIndex { $0.key == key }
                    let decision = SetDecision(exerciseKey: key, kind: set.kind, reps: set.reps, weightKg: set.weightKg,
                                               previous: previous.map { numbering[$0].numbering }, bests: .none,
                                               countsBodyMass: exercise.bodyweight, bodyMassKg: bodyMass)
                    let next = SetNumbering(setNumber: decision.setNumber, countedSets: decision.countedSets)
                    let volume = decision.setVolumeKg ?? 0
                    if let previous {
                        numbering[previous].numbering = next
                        numbering[previous].volumeKg += volume
                    } else {
                        numbering.append((key, next, volume, exercise.bests))
                    }
                    if let updated = bests[exercise.bests].bests.adding(decision, weightKg: set.weightKg) { bests[exercise.bests].bests = updated }
                    rows.append(ImportedSetRow(id: setID, sessionID: sessionID, plannedExerciseID: session.plannedExerciseIDs.isEmpty ? nil : session.plannedExerciseIDs[index],
                                               exerciseName: exerciseName, set: set, decision: decision,
                                               loggedAtMs: session.loggedAtMs.isEmpty ? session.startedAtMs + Int64(index) : session.loggedAtMs[index]))
                    setID += 1
                    if rows.count == Self.importRowsPerInsert { try flush() }
                }
            }
            try flush()
            closeSession()
            // Each new session among its exercises' sessions: their keys in order off the
            // (session_id, exercise_key) index, one row a session and exercise.
            try connection.run(
                """
                INSERT INTO session_exercise (exercise_key, started_at_ms, session_id)
                SELECT DISTINCT l.exercise_key, s.started_at_ms, s.id FROM session s CROSS JOIN logged_set l ON l.session_id = s.id
                WHERE s.id BETWEEN ? AND ?
                """, [firstID, firstID + Int64(sessions.count) - 1])
            for entry in bests where entry.bests != .none { try sessionsStore.storeBests(entry.bests, exerciseKey: entry.key, exists: entry.stored) }
            try sessionsStore.writeBests()
        }
    }
}

/// One imported set as its insert binds it (`Database.insertImportedSets`' columns):
/// the set, where it goes, and what it decided (its key, numbering and estimates).
private struct ImportedSetRow {
    let id: Int64
    let sessionID: Int64
    let plannedExerciseID: Int64?
    let exerciseName: String
    let set: HistorySet
    let decision: SetDecision
    let loggedAtMs: Int64

    func bind(_ parameters: inout Statement.Parameters) throws(SQLiteError) {
        try parameters.bind(id)
        try parameters.bind(sessionID)
        try parameters.bind(plannedExerciseID)
        try parameters.bind(exerciseName)
        try parameters.bind(decision.exerciseKey)
        try parameters.bind(decision.setNumber)
        try parameters.bind(decision.countedSets)
        try parameters.bind(literal: set.kind.sqlLiteral)
        try parameters.bind(set.reps)
        try parameters.bind(set.weightKg)
        try parameters.bind(set.durationSeconds)
        try parameters.bind(set.distanceM)
        try parameters.bind(set.rpe)
        try parameters.bind(set.note)
        try parameters.bind(decision.oneRepMaxKg)
        try parameters.bind(decision.recordWeightKg)
        try parameters.bind(loggedAtMs)
        try parameters.bind(set.superset)
    }
}

extension Database {
    /// Imported rows stored by one statement, at most. Inside the open transaction a
    /// statement that writes several rows (or fires a trigger) copies each page it
    /// touches to SQLite's statement journal, so that it could be undone alone: the
    /// more rows a statement, the fewer copies of the same leaf pages (256 rows against
    /// 64: 1.8 % fewer instructions for a whole import), and SQLite's work per statement
    /// (cursors, the halt) is shared too.
    static let importRowsPerInsert = 256

    /// The statements that store imported sets: `importRowsPerInsert` of them, and one.
    static let insertImportedSetRows = insertImportedSets(importRowsPerInsert)
    static let insertImportedSet = insertImportedSets(1)
    /// The statements that store imported sessions, ids given.
    static let insertImportedSessionRows = insertImportedSessions(importRowsPerInsert)
    static let insertImportedSession = insertImportedSessions(1)

    private static func insertImportedSets(_ count: Int) -> String {
        """
        INSERT INTO logged_set (id, session_id, planned_exercise_id, exercise_name, exercise_key, set_number, progress_sets, kind, reps,
            weight_kg, duration_seconds, distance_m, rpe, note, e1rm_kg, record_weight_kg, logged_at_ms, superset)
        VALUES \(placeholders(rows: count, columns: 18))
        """
    }

    private static func insertImportedSessions(_ count: Int) -> String {
        """
        INSERT INTO session (id, plan_day_id, carried_over, date, title, started_at_ms, ended_at_ms, rpe, note, source, import_key,
            average_heart_rate, maximum_heart_rate, energy_kcal)
        VALUES \(placeholders(rows: count, columns: 14))
        """
    }

    /// `(?, ?), (?, ?)` for two rows of two columns.
    private static func placeholders(rows: Int, columns: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return Array(repeating: row, count: rows).joined(separator: ", ")
    }

    /// Stores at most `importRowsPerInsert` items: all in one statement (`full`) when
    /// there are that many, else one by one (`single`), so that two statements stay in
    /// the cache whatever the count. `bind` binds one item's columns, bound typed and in
    /// place (no `SQLValue` per value), given the item's index.
    func insertRows<Items: Collection>(_ items: Items, full: String, single: String,
                                       bind: (inout Statement.Parameters, Items.Index, Items.Element) throws(SQLiteError) -> Void) throws(SQLiteError) {
        if items.count == Self.importRowsPerInsert {
            try connection.prepare(full).run { parameters throws(SQLiteError) in
                for index in items.indices { try bind(&parameters, index, items[index]) }
            }
        } else {
            let statement = try connection.prepare(single)
            for index in items.indices { try statement.run { parameters throws(SQLiteError) in try bind(&parameters, index, items[index]) } }
        }
    }
}

extension Database {
    /// The name each exercise was last logged as, by exercise key, at most `limit`: one
    /// index seek per exercise (a recursive step to the next key), not a scan of every
    /// set, so a history of years answers in well under a millisecond.
    public func loggedExerciseNames(limit: Int) throws(StorageError) -> [String] {
        try wrap {
            try connection.prepare(Self.loggedKeys + """
                SELECT \(Self.lastLoggedName(of: "keys.key")) AS name
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
        let count = counts ? "(SELECT count(*) FROM \(Self.exerciseSets) WHERE e.exercise_key = keys.key)" : "NULL"
        return try wrap {
            try connection.prepare(Self.loggedKeys + """
                SELECT \(Self.lastLoggedName(of: "keys.key")) AS name,
                    \(count) AS sets,
                    (SELECT max(logged_at_ms) FROM logged_set WHERE session_id = \(Self.newestSession(of: "keys.key")) AND exercise_key = keys.key) AS last, key
                FROM keys WHERE key IS NOT NULL ORDER BY last DESC, key LIMIT ?
                """).rows([limit]) { row in
                (name: ExerciseCatalog.builtIn.displayName(ofKey: row.text("key"), own: row.text("name")), sets: row.optionalInt("sets"), lastLoggedAtMs: row.int64("last"))
            }
        }
    }
}

extension Database {
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
                    total(CASE WHEN l.kind <> 'warmup' THEN coalesce(l.reps, 0) * coalesce(l.weight_kg, 0) END) AS volume_kg,
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
                FROM \(exerciseSets) CROSS JOIN session s ON s.id = e.session_id
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
