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

/// The training history as a whole: workouts imported from other trackers (and
/// sessiond's own exports), exports page by page, each exercise's history, and what the
/// weekly summary and the planner's context read of past weeks. Reached as
/// `Database.history`.
///
/// Its invariants, kept here and by no caller: an import stores each workout once
/// (`keepNewImports`, by import key and as the same workout stored alike); imported
/// sessions and sets take ids past the high-water marks, as logged ones do, are put
/// among their exercises' sessions (`session_exercise`), and bring the exercises'
/// bests up to date, all in the one write.
public struct HistoryStore: Store {
    /// The connection and transaction state it shares with the database's other stores.
    let context: StoreContext

    /// The sessions of `sessions` not stored yet, in the order given: not by import key
    /// (each key once), nor as the same workout under another title or a start written
    /// to the minute (`storedAlike`: a Hevy export of a Strong history).
    /// They are kept in place, the others removed: an import of 100,000 workouts holds
    /// one array of them, not a second of the new ones.
    public func keepNewImports(_ sessions: inout [ImportedSession]) throws(StorageError) {
        try wrap {
            let statement = try connection.prepare("SELECT 1 FROM session WHERE import_key = ?")
            let aliases = try exercisesStore.aliases()
            var seen = Set<String>()
            try sessions.keep { session in
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
        try? connection.execute("PRAGMA cache_size = -\(Database.importCacheKiB)")
        defer { try? connection.execute("PRAGMA cache_size = -\(Database.cacheKiB)") }
        // What is remembered of sets is forgotten before the sessions are stored, and
        // everything after (`StoreChange.bulk`).
        try write(.bulk) {
            // The sessions first, `importRowsPerInsert` a statement, their ids counted on
            // from the high-water mark (its invariant, as `SessionsStore` keeps it): a statement that fires a trigger (the mark's)
            // copies every page it touches to the statement journal (see
            // `importRowsPerInsert`), and a statement per session copied its indexes'
            // pages each time (half of a session row's ~40,000 instructions).
            let firstID = try connection.scalar("SELECT coalesce(\(Database.nextSessionID), (SELECT coalesce(max(id), 0) + 1 FROM session))") ?? 1
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
            let firstSetID = setID
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
            // Each exercise's sessions and sets imported, by the same index, added to its
            // counts at the end (`SessionsStore+Counts.swift`).
            var counts: [(sessions: Int, sets: Int)] = []
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
                            counts.append((0, 0))
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
                    // Every session imported is new: its first set of an exercise adds one
                    // of the exercise's sessions.
                    counts[exercise.bests].sets += 1
                    if previous == nil { counts[exercise.bests].sessions += 1 }
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
            // Each new session among its exercises' sessions (`session_exercise`'s
            // invariant, as `SessionsStore.insertSet` keeps it): their keys in order off the
            // (session_id, exercise_key) index, one row a session and exercise.
            try connection.run(
                """
                INSERT INTO session_exercise (exercise_key, started_at_ms, session_id)
                SELECT DISTINCT l.exercise_key, s.started_at_ms, s.id FROM session s CROSS JOIN logged_set l ON l.session_id = s.id
                WHERE s.id BETWEEN ? AND ?
                """, [firstID, firstID + Int64(sessions.count) - 1])
            // Each new session and set takes its place in the change feed, sessions first,
            // a run of them an entry.
            try context.feedImported(.session, ids: firstID..<firstID + Int64(sessions.count))
            try context.feedImported(.set, ids: firstSetID..<setID)
            for entry in bests where entry.bests != .none { try sessionsStore.storeBests(entry.bests, exerciseKey: entry.key, exists: entry.stored) }
            for (index, entry) in bests.enumerated() where counts[index].sets > 0 {
                try sessionsStore.addCounts(exerciseKey: entry.key, sessions: counts[index].sessions, sets: counts[index].sets)
            }
            try sessionsStore.writeBests()
        }
    }
}
