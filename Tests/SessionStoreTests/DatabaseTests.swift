import Glibc
import SessionFormats
import Testing
import TestSupport
import SessionCore
@testable import SessionStore

/// Storage on a fresh temporary database file each.
@Suite struct DatabaseTests {
    let directory = Fixtures.temporaryDirectory("store")
    var path: String { directory + "/sessiond.db" }

    /// A fresh database with a scratch table `t` of `columns`, for the statement tests.
    func databaseWithTable(_ columns: String) throws -> Database {
        let database = try Database(path: path)
        try database.connection.execute("CREATE TABLE t (\(columns))")
        return database
    }

    func samplePlan() throws -> Plan {
        try PlanImporter.importPlan(text: Fixtures.dumbbellPlan, options: PlanImportOptions(today: Fixtures.monday)).plan
    }

    @Test func migratesAnEmptyFileAndConfiguresTheConnection() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        #expect(try database.schemaVersion() == Migrations.latestVersion)
        #expect(try database.connection.text("PRAGMA journal_mode") == "wal")
        #expect(try database.connection.scalar("PRAGMA synchronous") == 2)
        #expect(try database.connection.scalar("PRAGMA foreign_keys") == 1)
        #expect(try database.connection.scalar("SELECT count(*) FROM schema_migration") == Int64(Migrations.all.count))
        for table in ["plan", "plan_day", "warmup_item", "planned_exercise", "session", "logged_set", "health_sample", "profile"] {
            #expect(try database.connection.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [table]) == 1, "\(table)")
        }
    }

    /// The archive's health pages go on past samples of a type this build does not know,
    /// and end only when fewer than a page were read.
    @Test func healthArchivePagesSkipUnknownTypesWithoutEndingEarly() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let day = Fixtures.monday
        for (index, type) in ["steps", "vo2max", "vo2max", "steps", "sleepHours"].enumerated() {
            try database.connection.run("INSERT INTO health_sample (type, value, date, recorded_at_ms) VALUES (?, ?, ?, ?)",
                                        [type, Double(index + 1), day.description, Int64(index)])
        }
        var read: [Double] = []
        var after: Int64 = 0
        var pages = 0
        while true {
            let page = try database.health.archivedHealth(afterID: after, limit: 2)
            pages += 1
            read += page.rows.map(\.value)
            guard let last = page.lastID else { break }
            after = last
        }
        #expect(read == [1, 4, 5], "the unknown type's samples are left out, none after them lost")
        #expect(pages == 3)
    }

    @Test func sessionIdsAreNeverReusedAfterADelete() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let day = Fixtures.monday
        let first = try database.sessions.insertSession(planDayID: nil, date: day, title: "A", carriedOver: false, startedAtMs: 1000)
        try database.sessions.finishSession(first, endedAtMs: 1500, pausedTotalMs: 0, rpe: nil, note: nil)
        let second = try database.sessions.insertSession(planDayID: nil, date: day, title: "B", carriedOver: false, startedAtMs: 2000)
        try database.sessions.deleteSession(second)
        let third = try database.sessions.insertSession(planDayID: nil, date: day, title: "C", carriedOver: false, startedAtMs: 3000)
        #expect(first == 1 && second == 2 && third == 3, "the aborted session's id 2 stays taken")
        try database.sessions.deleteSession(third)
        let workout = HistoryWorkout(start: LocalDateTime(date: day, secondOfDay: 3600), durationSeconds: 60, title: "Imported", note: nil,
                                     sets: [HistorySet(exercise: "Row", reps: 5)])
        try database.history.insertImported([ImportedSession(workout: workout, startedAtMs: 5000, date: day)], source: "json")
        #expect(try database.connection.scalar("SELECT max(id) FROM session") == 4, "imports take fresh ids too")
        // Reopened, the mark holds (it lives in the file).
        try database.sessions.deleteSession(4)
        let reopened = try Database(path: path)
        #expect(try reopened.sessions.insertSession(planDayID: nil, date: day, title: "D", carriedOver: false, startedAtMs: 6000) == 5)
    }

    /// Imports store sessions (and sets) `importRowsPerInsert` a statement, ids counted
    /// on from the high-water mark: more sessions than one statement holds land with
    /// consecutive ids after the mark, each with its own sets, and the mark follows.
    @Test func importsCrossingAFullStatementTakeConsecutiveIdsAfterTheMark() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let day = Fixtures.monday
        let aborted = try database.sessions.insertSession(planDayID: nil, date: day, title: "A", carriedOver: false, startedAtMs: 1000)
        try database.sessions.deleteSession(aborted)  // the mark stays at 1 with no session left
        let count = HistoryStore.importRowsPerInsert + 44
        let sessions = (0..<count).map { index in
            ImportedSession(workout: HistoryWorkout(start: LocalDateTime(date: day, secondOfDay: index), durationSeconds: 60, title: "W\(index)", note: nil,
                                                    sets: (0...index % 3).map { HistorySet(exercise: "Row", reps: index + $0 + 1) }),
                            startedAtMs: 10_000 + Int64(index) * 1000, date: day)
        }
        try database.history.insertImported(sessions, source: "strong")
        #expect(try database.connection.scalar("SELECT min(id) FROM session") == 2)
        #expect(try database.connection.scalar("SELECT max(id) FROM session") == Int64(count + 1))
        #expect(try database.connection.scalar("SELECT value FROM id_high_water WHERE name = 'session'") == Int64(count + 1))
        // Each session holds its own sets: session 2 + i started at 10,000 + i s, its
        // reps from i + 1 up.
        let mismatched = try database.connection.scalar("""
            SELECT count(*) FROM logged_set l JOIN session s ON s.id = l.session_id
            WHERE s.started_at_ms != 10000 + (s.id - 2) * 1000 OR l.reps < s.id - 1 OR l.reps > s.id + 1 OR s.title != 'W' || (s.id - 2)
            """)
        #expect(mismatched == 0)
        #expect(try database.connection.scalar("SELECT count(*) FROM logged_set") == Int64(sessions.reduce(0) { $0 + $1.workout.sets.count }))
        #expect(try database.sessions.insertSession(planDayID: nil, date: day, title: "Next", carriedOver: false, startedAtMs: 999_999) == Int64(count + 2))
    }

    @Test func reopeningRunsNoMigrationTwice() throws {
        defer { Fixtures.removeTree(directory) }
        _ = try Database(path: path)
        let again = try Database(path: path)
        #expect(try again.connection.scalar("SELECT count(*) FROM schema_migration") == Int64(Migrations.all.count))
    }

    @Test func refusesANewerSchemaWithoutAlteringTheFile() throws {
        defer { Fixtures.removeTree(directory) }
        do {
            let database = try Database(path: path)
            try database.connection.execute("PRAGMA user_version = 99")
            try database.checkpoint()
        }
        let before = Fixtures.read(path)
        let error = #expect(throws: StorageError.self) { try Database(path: path) }
        #expect(error?.description.contains("newer sessiond (schema version 99") == true)
        #expect(Fixtures.read(path) == before)
    }

    @Test func refusesANegativeSchemaVersionWithAClearMessage() throws {
        defer { Fixtures.removeTree(directory) }
        do {
            let database = try Database(path: path)
            try database.connection.execute("PRAGMA user_version = -1")
            try database.checkpoint()
        }
        let before = Fixtures.read(path)
        let error = #expect(throws: StorageError.self) { try Database(path: path) }
        #expect(error?.description.contains("records schema version -1, which no sessiond writes") == true, "\(String(describing: error))")
        #expect(Fixtures.read(path) == before, "nothing was migrated or written")
    }

    @Test(arguments: ["this is a text file, not a database\n", String(repeating: "\u{7}garbage", count: 600)])
    func refusesAFileThatIsNotADatabase(_ content: String) throws {
        defer { Fixtures.removeTree(directory) }
        Fixtures.write(content, to: path)
        let error = #expect(throws: StorageError.self) { try Database(path: path) }
        #expect(error?.description.contains(path) == true)
        #expect(error?.description.contains("not a sessiond database") == true)
        #expect(Fixtures.read(path) == content)
        #expect(access(path + "-wal", F_OK) != 0)
    }

    @Test func refusesADatabaseWithACorruptHeader() throws {
        defer { Fixtures.removeTree(directory) }
        do { _ = try Database(path: path); }
        // Damage the page-size field of the header (offset 16) the way a bad write would.
        guard let file = fopen(path, "r+b") else { Issue.record("cannot open"); return }
        fseek(file, 16, SEEK_SET)
        var bad: [UInt8] = [0x00, 0x03]
        fwrite(&bad, 1, 2, file)
        fclose(file)
        #expect(throws: StorageError.self) { try Database(path: path) }
    }

    @Test func refusesAnotherApplicationsDatabase() throws {
        defer { Fixtures.removeTree(directory) }
        do {
            let other = try Connection(path: path)
            try other.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
        }
        let error = #expect(throws: StorageError.self) { try Database(path: path) }
        #expect(error?.description.contains("another application") == true)
        let check = try Connection(path: path)
        #expect(try check.text("SELECT body FROM notes") == "keep me")
        #expect(try check.scalar("SELECT count(*) FROM sqlite_schema") == 1)
    }

    @Test func storesAndReadsBackAPlanWithItsSource() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let plan = try samplePlan()
        let id = try database.plans.insertPlan(plan, source: "raw text", importedAtMs: 1_000, activate: true).id
        let stored = try #require(try database.plans.plan(id))
        #expect(stored.plan == plan)
        #expect(stored.active)
        #expect(stored.exerciseIDs.map(\.count) == plan.days.map(\.exercises.count))
        #expect(try database.plans.planSource(id) == "raw text")
        #expect(try database.plans.plan(id + 100) == nil)
    }

    /// A plan event keeps the day it happened on by the rule in force when it was
    /// stored; one stored undated (before events kept their day) is dated once, at the
    /// next start, and a later rule (another zone) moves neither.
    @Test func planEventsKeepTheDayTheyHappenedOn() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let plan = try samplePlan()
        let undated = try database.plans.insertPlan(plan, source: "1", importedAtMs: 86_400_000, activate: true).id
        #expect(try database.plans.planTimeline().events.map(\.date) == [nil])
        database.plans.datesEvents { LocalDate(daysSinceEpoch: Int($0 / 86_400_000)) }
        try database.plans.dateUndatedEvents()
        try database.plans.activatePlan(undated, atMs: 3 * 86_400_000)
        #expect(try database.plans.planTimeline().events.map(\.date) == [LocalDate(daysSinceEpoch: 1), LocalDate(daysSinceEpoch: 3)])
        // Another zone, a day behind: what is stored stays.
        database.plans.datesEvents { LocalDate(daysSinceEpoch: Int($0 / 86_400_000) - 1) }
        try database.plans.dateUndatedEvents()
        #expect(try database.plans.planTimeline().events.map(\.date) == [LocalDate(daysSinceEpoch: 1), LocalDate(daysSinceEpoch: 3)])
    }

    @Test func exactlyOnePlanIsActive() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let plan = try samplePlan()
        let first = try database.plans.insertPlan(plan, source: "1", importedAtMs: 1, activate: false)
        #expect(first.active, "the first plan becomes active even without activate, and insertPlan says so")
        #expect(try database.plans.activePlanID() == first.id)
        let second = try database.plans.insertPlan(plan, source: "2", importedAtMs: 2, activate: true)
        #expect(second.active)
        #expect(try database.plans.activePlanID() == second.id)
        let third = try database.plans.insertPlan(plan, source: "3", importedAtMs: 3, activate: false)
        #expect(!third.active)
        #expect(try database.plans.activePlanID() == second.id)
        try database.plans.activatePlan(first.id, atMs: 4)
        #expect(try database.plans.listPlans().filter(\.active).map(\.id) == [first.id])
        #expect(try database.plans.listPlans().map(\.id) == [third.id, second.id, first.id])
        #expect(throws: StorageError.self) { try database.plans.activatePlan(999, atMs: 5) }
        #expect(try database.plans.activePlanID() == first.id)
        #expect(throws: SQLiteError.self) { try database.connection.run("UPDATE plan SET active = 1") }
    }

    /// session.log replies with what insertSet returns and a retry with what set(requestID:)
    /// reads: the two must agree for every kind of set.
    @Test func anInsertedSetIsReturnedAsItReadsBack() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let session = try database.sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "t", carriedOver: false, startedAtMs: 5)
        let beaten = ExerciseBests(oneRepMaxKg: 1, heaviestKg: 1)
        let sets = [
            NewSet(sessionID: session, plannedExerciseID: nil, exerciseName: "Goblet  Squat", kind: .normal,
                   reps: 10, weightKg: 24.5, durationSeconds: nil, rpe: 8.5, note: "ünïcode \"note\"", loggedAtMs: 1_764_000_000_123,
                   requestID: "req-1", decision: SetDecision(exerciseKey: "goblet squat", kind: .normal, reps: 10, weightKg: 24.5, previous: nil, bests: beaten)),
            NewSet(sessionID: session, plannedExerciseID: nil, exerciseName: "Plank", kind: .warmup,
                   reps: nil, weightKg: nil, durationSeconds: 45, rpe: nil, note: nil, loggedAtMs: 6, requestID: nil,
                   decision: SetDecision(exerciseKey: "plank", kind: .warmup, reps: nil, weightKg: nil, previous: nil, bests: .none)),
            NewSet(sessionID: session, plannedExerciseID: nil, exerciseName: "Row", kind: .drop,
                   reps: 12, weightKg: 0.1 + 0.2, durationSeconds: nil, rpe: 10, note: "", loggedAtMs: 7, requestID: nil,
                   decision: SetDecision(exerciseKey: "row", kind: .drop, reps: 12, weightKg: 0.1 + 0.2,
                                         previous: SetNumbering(setNumber: 2, countedSets: 1), bests: .none)),
        ]
        #expect(sets[0].decision.records == [.oneRepMax, .weight], "the first set beats both bests")
        for set in sets {
            let returned = try database.sessions.insertSet(set)
            #expect(try database.sessions.set(returned.id) == returned)
        }
        #expect(try database.sessions.set(requestID: "req-1")?.note == "ünïcode \"note\"")
    }

    /// The active session is remembered within a transaction; whatever writes or rolls
    /// back must be seen by the next read.
    @Test func theActiveSessionFollowsWritesAndRollbacks() throws {
        defer { Fixtures.removeTree(directory) }
        struct Failure: Error {}
        let database = try Database(path: path)
        var id: Int64 = 0
        try database.groupCommit(isolated: true) { scope in
            #expect(try database.sessions.activeSession() == nil)
            id = try database.sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "t", carriedOver: false, startedAtMs: 1)
            #expect(try database.sessions.activeSession()?.id == id)
            try database.sessions.updatePause(sessionID: id, pausedSinceMs: 10, pausedTotalMs: 0)
            #expect(try database.sessions.activeSession()?.pausedSinceMs == 10)
            // A request that resumes, reads, then fails: its savepoint rolls back.
            let failed = try scope.run { () throws in
                try database.sessions.updatePause(sessionID: id, pausedSinceMs: nil, pausedTotalMs: 5)
                #expect(try database.sessions.activeSession()?.pausedSinceMs == nil)
                throw Failure()
            }
            #expect(throws: Failure.self) { try failed.get() }
            #expect(try database.sessions.activeSession()?.pausedSinceMs == 10)
        }
        // A whole attempt rolled back (the optimistic group commit's failure path).
        #expect(throws: Failure.self) {
            try database.groupCommit { _ in
                try database.sessions.finishSession(id, endedAtMs: 20, pausedTotalMs: 0, rpe: nil, note: nil)
                #expect(try database.sessions.activeSession() == nil)
                throw Failure()
            }
        }
        try database.groupCommit { _ throws in #expect(try database.sessions.activeSession()?.id == id) }
        // Another writer between transactions (here a second connection) is seen.
        try Database(path: path).sessions.finishSession(id, endedAtMs: 30, pausedTotalMs: 0, rpe: nil, note: nil)
        try database.groupCommit { _ throws in #expect(try database.sessions.activeSession() == nil) }
        try database.groupCommit { _ in
            let second = try database.sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "u", carriedOver: false, startedAtMs: 40)
            #expect(try database.sessions.activeSession()?.id == second)
            try database.sessions.deleteSession(second)
            #expect(try database.sessions.activeSession() == nil)
        }
    }

    /// What the memo holds is forgotten when any statement writes a row of its table, not
    /// only the storage methods that know of it: plain SQL here, a WITHOUT ROWID table
    /// (aliases, rests), inside one transaction, where the memo is consulted.
    @Test func theMemoForgetsWhatAnyWriteChanges() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        try database.groupCommit(isolated: true) { _ in
            let id = try database.sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "t", carriedOver: false, startedAtMs: 1)
            #expect(try database.sessions.activeSession()?.id == id)
            try database.connection.run("UPDATE session SET ended_at_ms = 5 WHERE id = ?", [id])
            #expect(try database.sessions.activeSession() == nil, "finished by a statement the memo was not told of")
            #expect(try database.exercises.aliases()["ohp"] == nil && database.exercises.exerciseRests()["squat"] == nil)
            try database.connection.run("INSERT INTO exercise_alias (alias_key, name, name_key) VALUES ('ohp', 'Overhead Press', 'overhead press')")
            try database.connection.run("INSERT INTO exercise_rest (exercise_key, seconds) VALUES ('squat', 180)")
            #expect(try database.exercises.aliases()["ohp"]?.name == "Overhead Press")
            #expect(try database.exercises.exerciseRests()["squat"] == 180)
            try database.connection.run("DELETE FROM exercise_rest")
            #expect(try database.exercises.exerciseRests().isEmpty, "a DELETE without WHERE is seen too")
        }
    }

    /// Binding an array of values: what is stored is each string as given, a failed run
    /// stores nothing, nothing a run bound is left for the next run to read (strings
    /// built anew each time), and a missing value is refused, never bound as NULL.
    @Test func boundTextIsStoredAsGiven() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try databaseWithTable("a TEXT, b TEXT CHECK (b IS NULL OR b <> 'refused'), c TEXT, n INTEGER")
        let connection = database.connection
        let sql = "INSERT INTO t (a, b, c, n) VALUES (?, ?, ?, ?)"
        var expected: [[String?]] = []
        for round in 0..<50 {
            let long = String(repeating: "é\(round)", count: round * 40)
            let row: [String?] = ["name \(round)", round % 3 == 0 ? "" : "✓ \(round)", long]
            try connection.run(sql, [row[0]!, row[1]!, row[2]!, Int64(round)])
            expected.append(row)
            #expect(throws: SQLiteError.self) {
                try connection.run(sql, ["x \(round)", "refused", long, Int64(-1)])
            }
        }
        // Fewer values than parameters: refused before it runs.
        let short = #expect(throws: SQLiteError.self) { try connection.run(sql, ["short"]) }
        #expect(short?.message.contains("bound 1 of 4 parameters") == true)
        let stored = try connection.prepare("SELECT a, b, c FROM t ORDER BY rowid").rows { row throws(SQLiteError) in
            [row.optionalText("a"), row.optionalText("b"), row.optionalText("c")]
        }
        #expect(stored == expected)
    }

    /// Typed binding (`run(binding:)`, the set insert's) stores what binding an array of
    /// values stores, and binding fewer values than the statement has parameters is refused
    /// before anything runs, never filled with what the last run bound.
    @Test func typedBindingStoresWhatValuesStore() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try databaseWithTable("i INTEGER, r REAL, s TEXT, n TEXT")
        let connection = database.connection
        let sql = "INSERT INTO t (i, r, s, n) VALUES (?, ?, ?, ?)"
        var statement: Statement?
        let rows: [(Int64?, Double?, String?)] = [(1, 2.5, "é ✓"), (nil, nil, nil), (-7, 0, ""), (Int64.max, -1e300, String(repeating: "long ", count: 300))]
        for (integer, real, text) in rows {
            try connection.prepare(sql, keptIn: &statement).run { parameters throws(SQLiteError) in
                try parameters.bind(integer)
                try parameters.bind(real)
                try parameters.bind(text)
                try parameters.bind(Int?.none)
            }
            try connection.run(sql, [integer, real, text, String?.none])
        }
        let error = #expect(throws: SQLiteError.self) {
            try connection.prepare(sql, keptIn: &statement).run { parameters throws(SQLiteError) in try parameters.bind(Int64(9)) }
        }
        #expect(error?.message.contains("bound 1 of 4 parameters") == true)
        let stored = try connection.prepare("SELECT i, r, s, typeof(s) AS type, n FROM t ORDER BY rowid").rows { row in
            "\(row.optionalInt64("i").map(String.init) ?? "NULL") \(row.optionalDouble("r").map { "\($0)" } ?? "NULL") \(row.optionalText("s") ?? "NULL") \(row.text("type")) \(row.optionalText("n") ?? "NULL")"
        }
        #expect(stored.count == 2 * rows.count)
        for pair in stride(from: 0, to: stored.count, by: 2) { #expect(stored[pair] == stored[pair + 1]) }
        #expect(stored[2] == "NULL NULL NULL null NULL" && stored[4] == "-7 0.0  text NULL")
    }

    /// A set's kind is bound in place from a literal: what is stored is its raw value,
    /// and reads back as the kind.
    @Test func setKindsAreStoredAsTheirRawValues() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try databaseWithTable("kind TEXT")
        let connection = database.connection
        var statement: Statement?
        for kind in SetKind.allCases {
            try connection.prepare("INSERT INTO t (kind) VALUES (?)", keptIn: &statement).run { parameters throws(SQLiteError) in
                try parameters.bind(literal: kind.sqlLiteral)
            }
        }
        let stored = try connection.prepare("SELECT kind FROM t ORDER BY rowid").rows { $0.text("kind") }
        #expect(stored == SetKind.allCases.map(\.rawValue))
    }

    private func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }

    /// SQLite checkpoints inside the commit that takes the WAL past 1,000 frames, before
    /// the commit returns; with `deferCheckpoints` the commit only counts the frames,
    /// and `checkpointIfDue` copies them into the database file afterwards, after which
    /// the WAL starts over.
    @Test(arguments: [false, true])
    func checkpointsWaitForTheOwnerWhenDeferred(deferred: Bool) throws {
        defer { Fixtures.removeTree(directory) }
        let database = try databaseWithTable("b BLOB")
        if deferred { database.deferCheckpoints() }
        let before = fileSize(path)
        try database.connection.execute("INSERT INTO t VALUES (zeroblob(5000000))")
        #expect(fileSize(path + "-wal") > 5_000_000)
        if !deferred {
            #expect(fileSize(path) > before + 5_000_000, "SQLite copied the WAL inside the commit")
            #expect(!database.checkpointDue)
            return
        }
        #expect(fileSize(path) < before + 100_000, "nothing copied yet")
        #expect(database.checkpointDue)
        try database.checkpointIfDue()
        #expect(fileSize(path) > before + 5_000_000 && !database.checkpointDue)
        try database.connection.execute("INSERT INTO t VALUES (1)")
        #expect(database.connection.walFrames < 10, "the WAL started over")
        #expect(!database.checkpointDue)
    }

    @Test func aFailedWriteLeavesNothingBehind() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        var plan = try samplePlan()
        plan.days[0].exercises[0].sets = 99  // violates the CHECK constraint mid-insert
        #expect(throws: StorageError.self) { try database.plans.insertPlan(plan, source: "x", importedAtMs: 1, activate: true) }
        #expect(try database.plans.listPlans().isEmpty)
        #expect(try database.connection.scalar("SELECT count(*) FROM plan_day") == 0)
    }
}
