import Testing
import TestSupport
import SessionCore
@testable import SessionStore

/// The stored bests (exercise_best) against an oracle: max() over every remaining set,
/// after inserts, undos and aborts, and across the migration that introduced them.
@Suite struct ExerciseBestsTests {
    let directory = Fixtures.temporaryDirectory("bests")
    var path: String { directory + "/sessiond.db" }

    /// What the sets themselves say, worked out here plainly: max() of the estimates and
    /// weights, and from every counted set with reps the most reps without a load, the
    /// best set volume, the best finished session's volume, and for each weight the
    /// most reps unless a heavier weight had as many.
    func oracle(_ database: Database, _ key: String) throws -> ExerciseBests {
        let maxima = try database.connection.prepare("SELECT max(e1rm_kg) AS e1rm, max(record_weight_kg) AS weight FROM logged_set WHERE exercise_key = ?")
            .row([key]) { (e1rm: $0.optionalDouble("e1rm"), weight: $0.optionalDouble("weight")) }
        let sets = try database.connection.prepare(
            """
            SELECT l.reps, l.weight_kg, l.session_id, s.ended_at_ms IS NOT NULL AS finished FROM logged_set l JOIN session s ON s.id = l.session_id
            WHERE l.exercise_key = ? AND l.kind <> 'warmup' AND l.reps > 0
            """
        ).rows([key]) { (reps: $0.int("reps"), weight: $0.optionalDouble("weight_kg") ?? 0, session: $0.int64("session_id"), finished: $0.bool("finished")) }
        let loaded = sets.filter { $0.weight > 0 }
        var sessions: [Int64: Double] = [:]
        for set in loaded where set.finished { sessions[set.session, default: 0] += Double(set.reps) * set.weight }
        var atWeight: [Double: Int] = [:]
        for set in loaded { atWeight[set.weight] = max(atWeight[set.weight] ?? 0, set.reps) }
        let frontier = atWeight.filter { weight, reps in !atWeight.contains { $0.key > weight && $0.value >= reps } }
            .map { WeightReps(weightKg: $0.key, reps: $0.value) }.sorted { $0.weightKg > $1.weightKg }
        return ExerciseBests(oneRepMaxKg: maxima?.e1rm, heaviestKg: maxima?.weight, mostReps: sets.filter { $0.weight <= 0 }.map(\.reps).max(),
                             setVolumeKg: loaded.map { Double($0.reps) * $0.weight }.max(), sessionVolumeKg: sessions.values.max(),
                             repsAtWeight: frontier)
    }

    func expectBestsMatch(_ database: Database, _ keys: [String], _ comment: Comment) throws {
        for key in keys {
            let stored = try database.sessions.bests(exerciseKey: key)
            let expected = try oracle(database, key)
            #expect(stored == expected, "\(key): \(comment)")
        }
    }

    func newSet(session: Int64, name: String, number: Int, kind: SetKind, reps: Int?, weight: Double?) -> NewSet {
        NewSet(sessionID: session, plannedExerciseID: nil, exerciseName: name, kind: kind,
               reps: reps, weightKg: weight, durationSeconds: reps == nil ? 45 : nil, rpe: nil, note: nil, loggedAtMs: Int64(number),
               requestID: nil, decision: SetDecision(exerciseKey: name.exerciseKey, kind: kind, reps: reps, weightKg: weight,
                                                     previous: SetNumbering(setNumber: number - 1, countedSets: number - 1), bests: .none))
    }

    /// The names `session.log`'s match falls back on: one per exercise key, the latest
    /// spelling, the same set as a scan of every set gives, and the limit kept.
    @Test func loggedNamesAreOnePerExerciseUnderTheirLatestSpelling() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let session = try database.sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "t", carriedOver: false, startedAtMs: 0)
        for (number, name) in ["Squat", "Bench Press", "squat", "Plank", "Bench  press", "Deadlift"].enumerated() {
            _ = try database.sessions.insertSet(newSet(session: session, name: name, number: number + 1, kind: .normal, reps: 5, weight: 100))
        }
        let names = try database.history.loggedExerciseNames(limit: 1000)
        #expect(names == ["Bench  press", "Deadlift", "Plank", "squat"], "by key, each under its latest name")
        let listed = Set(names.map { ExerciseCatalog.builtIn.exercise(named: $0)?.name ?? $0 })
        #expect(listed == Set(try database.history.loggedExercises(limit: 1000).map(\.name)), "what the scan of every set says, under the catalog's names")
        #expect(try database.history.loggedExerciseNames(limit: 2).count == 2)
    }

    @Test func bestsFollowInsertsUndosAndAborts() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let names = ["Squat", "Bench Press", "Plank"]
        let keys = names.map(\.exerciseKey)
        var generator = SplitMix(seed: 7)
        var sessions: [Int64] = []
        var sets: [Int64] = []
        for day in 0..<6 {
            let session = try database.sessions.insertSession(planDayID: nil, date: LocalDate(daysSinceEpoch: 20_000 + day), title: "day \(day)",
                                                     carriedOver: false, startedAtMs: 0)
            sessions.append(session)
            for number in 1...12 {
                let name = names[Int(generator.next() % 3)]
                let kind: SetKind = [.normal, .normal, .warmup, .drop, .failure][Int(generator.next() % 5)]
                let reps: Int? = name == "Plank" ? nil : Int(generator.next() % 12) + 1
                let weight: Double? = name == "Plank" || generator.next() % 6 == 0 ? nil : Double(generator.next() % 80) + 20
                sets.append(try database.sessions.insertSet(newSet(session: session, name: name, number: number, kind: kind, reps: reps, weight: weight)).id)
            }
            try database.sessions.finishSession(session, endedAtMs: 100, pausedTotalMs: 0, rpe: nil, note: nil)
            try expectBestsMatch(database, keys, "after day \(day)'s sets")
        }
        #expect(try database.sessions.bests(exerciseKey: "squat").oneRepMaxKg != nil, "the workload stores records")
        // Undo the sets that hold a record, one after the other, then some others.
        for _ in 0..<8 {
            let holder = try database.connection.scalar(
                "SELECT id FROM logged_set WHERE exercise_key = 'squat' ORDER BY e1rm_kg DESC, id LIMIT 1")
            guard let holder else { break }
            try database.sessions.deleteSet(holder)
            try expectBestsMatch(database, keys, "after undoing set \(holder)")
        }
        for id in sets.prefix(10) { try database.sessions.deleteSet(id) }
        try expectBestsMatch(database, keys, "after undoing early sets")
        for session in sessions.suffix(3) {
            try database.sessions.deleteSession(session)
            try expectBestsMatch(database, keys, "after aborting session \(session)")
        }
        for session in sessions.prefix(3) { try database.sessions.deleteSession(session) }
        #expect(try database.sessions.bests(exerciseKey: "squat") == .none, "no sets left, no records")
    }

    /// Inside a group commit the bests and set numbering are remembered (TransactionMemo):
    /// after every insert, undo, abort and rolled-back request they must still equal
    /// what the sets themselves say.
    @Test func rememberedReadsStayTrueInsideAGroupCommit() throws {
        defer { Fixtures.removeTree(directory) }
        struct Failure: Error {}
        let database = try Database(path: path)
        let names = ["Squat", "Bench Press", "Plank"]
        let keys = names.map(\.exerciseKey)
        var generator = SplitMix(seed: 11)
        func progressOracle(_ session: Int64, _ key: String) throws -> SetNumbering? {
            try database.connection.prepare(
                "SELECT set_number, progress_sets FROM logged_set WHERE session_id = ? AND exercise_key = ? AND planned_exercise_id IS NULL ORDER BY id DESC LIMIT 1"
            ).row([session, key]) { SetNumbering(setNumber: $0.int("set_number"), countedSets: $0.int("progress_sets")) }
        }
        func expectAllTrue(_ session: Int64, _ comment: Comment) throws {
            try expectBestsMatch(database, keys, comment)
            for key in keys {
                let remembered = try database.sessions.latestProgress(sessionID: session, plannedExerciseID: nil, exerciseKey: key)
                let expected = try progressOracle(session, key)
                #expect(remembered == expected, "\(key): \(comment)")
            }
        }
        func logOne(_ session: Int64) throws -> Int64 {
            let name = names[Int(generator.next() % 3)]
            let key = name.exerciseKey
            _ = try database.sessions.bests(exerciseKey: key)  // as session.log does, filling the memo
            let previous = try database.sessions.latestProgress(sessionID: session, plannedExerciseID: nil, exerciseKey: key)
            let kind: SetKind = [.normal, .normal, .warmup, .failure][Int(generator.next() % 4)]
            let reps: Int? = name == "Plank" ? nil : Int(generator.next() % 12) + 1
            let weight: Double? = name == "Plank" ? nil : Double(generator.next() % 60) + 20
            var set = newSet(session: session, name: name, number: (previous?.setNumber ?? 0) + 1, kind: kind, reps: reps, weight: weight)
            set.decision = SetDecision(exerciseKey: key, kind: kind, reps: reps, weightKg: weight, previous: previous, bests: .none)
            return try database.sessions.insertSet(set).id
        }
        var session: Int64 = 0
        try database.groupCommit(isolated: true) { scope in
            session = try database.sessions.insertSession(planDayID: nil, date: LocalDate(daysSinceEpoch: 20_000), title: "t", carriedOver: false, startedAtMs: 0)
            for step in 0..<60 {
                let id = try logOne(session)
                if step % 9 == 8 { try database.sessions.deleteSet(id) }  // an undo
                try expectAllTrue(session, "after step \(step)")
            }
            // A request that logs and then fails: its savepoint takes the set back.
            let failed = try scope.run { () throws in
                _ = try logOne(session)
                throw Failure()
            }
            #expect(throws: Failure.self) { try failed.get() }
            try expectAllTrue(session, "after a rolled-back request")
        }
        // The rows as stored, read outside any transaction: each group commit wrote the
        // bests its sets left to write once, before COMMIT.
        try expectBestsMatch(database, keys, "as stored after the isolated group commit")
        try database.groupCommit { _ in
            for _ in 0..<30 { _ = try logOne(session) }
        }
        try expectBestsMatch(database, keys, "as stored after an optimistic group commit")
        // A request that fails after writing: the attempt is rolled back and run again
        // isolated; the others' bests land, the failed one's do not.
        var attempts = 0
        try database.groupCommit(onRetry: { attempts += 1 }) { scope in
            for index in 0..<12 {
                let result = try scope.run { () throws in
                    _ = try logOne(session)
                    if index == 6 { throw Failure() }
                }
                #expect((try? result.get()) != nil || index == 6)
            }
        }
        #expect(attempts == 1, "the failure after writing made the attempt run again isolated")
        try expectBestsMatch(database, keys, "as stored after a group commit with a failed request")
        try database.groupCommit { _ in
            for step in 0..<20 { _ = try logOne(session); try expectAllTrue(session, "next transaction, step \(step)") }
            try database.sessions.deleteSession(session)
            try expectAllTrue(session, "after the abort")
        }
        try expectBestsMatch(database, keys, "as stored after the abort")
    }

    /// The memo is kept from one group commit to the next while only those commits
    /// change the database; a change by anyone else in between (another connection,
    /// another process) makes the next group commit read everything again.
    @Test func rememberedReadsAreKeptUntilAnotherWriterChangesTheFile() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let key = "squat"
        var session: Int64 = 0
        func progressOracle() throws -> SetNumbering? {
            try database.connection.prepare(
                "SELECT set_number, progress_sets FROM logged_set WHERE session_id = ? AND exercise_key = ? ORDER BY id DESC LIMIT 1"
            ).row([session, key]) { SetNumbering(setNumber: $0.int("set_number"), countedSets: $0.int("progress_sets")) }
        }
        func logSquat(_ weight: Double) throws {
            let previous = try database.sessions.latestProgress(sessionID: session, plannedExerciseID: nil, exerciseKey: key)
            let bests = try database.sessions.bests(exerciseKey: key)
            var set = newSet(session: session, name: "Squat", number: (previous?.setNumber ?? 0) + 1, kind: .normal, reps: 5, weight: weight)
            set.decision = SetDecision(exerciseKey: key, kind: .normal, reps: 5, weightKg: weight, previous: previous, bests: bests)
            _ = try database.sessions.insertSet(set)
        }
        try database.groupCommit { _ in
            session = try database.sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "t", carriedOver: false, startedAtMs: 0)
            for weight in [100.0, 110, 120] { try logSquat(weight) }
        }
        try database.groupCommit { _ throws in
            #expect(database.context.memo.exercises[key]?.progress.count == 1 && database.context.memo.exercises[key]?.bests != nil, "kept from the last group commit")
            try logSquat(90)
            #expect(try database.sessions.latestProgress(sessionID: session, plannedExerciseID: nil, exerciseKey: key) == (try progressOracle()))
        }
        // Another connection takes the heaviest set and the latest away.
        let other = try Connection(path: path)
        try other.run("DELETE FROM logged_set WHERE weight_kg = 120 OR id = (SELECT max(id) FROM logged_set)")
        try other.run("UPDATE exercise_best SET weight_kg = 110, e1rm_kg = NULL")
        try database.groupCommit { _ throws in
            #expect(database.context.memo.exercises.isEmpty, "forgotten: the file changed under it")
            #expect(try database.sessions.latestProgress(sessionID: session, plannedExerciseID: nil, exerciseKey: key) == (try progressOracle()))
            #expect(try database.sessions.bests(exerciseKey: key).heaviestKg == 110)
        }
        // A transaction of its own (outside a group commit) forgets it too.
        try database.groupCommit { _ throws in try logSquat(100) }
        try database.sessions.deleteSession(session)
        try database.groupCommit { _ throws in
            #expect(database.context.memo.exercises.isEmpty, "forgotten around a transaction of its own")
            #expect(try database.sessions.latestProgress(sessionID: session, plannedExerciseID: nil, exerciseKey: key) == nil)
        }
    }

    @Test func aFailedInsertLeavesTheBestsAsTheyWere() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let session = try database.sessions.insertSession(planDayID: nil, date: LocalDate(daysSinceEpoch: 20_000), title: "t", carriedOver: false, startedAtMs: 0)
        _ = try database.sessions.insertSet(newSet(session: session, name: "Squat", number: 1, kind: .normal, reps: 5, weight: 100))
        var invalid = newSet(session: session, name: "Squat", number: 2, kind: .normal, reps: 5, weight: 200)
        invalid.rpe = 11  // violates the CHECK constraint: the whole insert rolls back
        #expect(throws: StorageError.self) { try database.sessions.insertSet(invalid) }
        #expect(try database.sessions.bests(exerciseKey: "squat").heaviestKg == 100)
    }

    @Test func aVersion1FileKeepsItsRecordsWhenMigrated() throws {
        defer { Fixtures.removeTree(directory) }
        do {
            let old = try Database(path: path, schemaVersion: 1)
            try old.connection.execute("""
                INSERT INTO session (id, date, title, started_at_ms) VALUES (1, '2026-10-05', 'old', 0);
                INSERT INTO logged_set (session_id, exercise_name, exercise_key, set_number, progress_sets, kind, reps, weight_kg,
                    e1rm_kg, record_weight_kg, logged_at_ms) VALUES
                    (1, 'Squat', 'squat', 1, 1, 'normal', 5, 100, 116.7, 100, 1),
                    (1, 'Squat', 'squat', 2, 2, 'normal', 1, 110, 113.7, 110, 2),
                    (1, 'Squat', 'squat', 3, 2, 'warmup', 10, 40, NULL, NULL, 3),
                    (1, 'Plank', 'plank', 1, 1, 'normal', NULL, NULL, NULL, NULL, 4);
                UPDATE logged_set SET request_id = 'r-1', note = 'felt good', rpe = 8 WHERE id = 1;
                """)
        }
        // Every column of every row as SQL writes it (quote()), the columns as the table lists them.
        var columns: [String] = []
        func everyColumn(_ connection: Connection) throws -> [[String]] {
            if columns.isEmpty { columns = try connection.prepare("SELECT name FROM pragma_table_info('logged_set') ORDER BY cid").rows { $0.text("name") } }
            return try connection.prepare("SELECT " + columns.map { "quote(\($0))" }.joined(separator: " || '|' || ") + " AS row FROM logged_set ORDER BY id")
                .rows { $0.text("row").split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
        }
        let before = try everyColumn(Database(path: path, schemaVersion: 1).connection)  // version 1's columns, read again after
        #expect(columns.count == 18)
        let database = try Database(path: path)
        #expect(try database.schemaVersion() == Migrations.latestVersion)
        // Column for column, but for the key of "Squat": the catalog's Back Squat since.
        let catalogued = before.map { row in row.enumerated().map { $0 == 4 && $1 == "'squat'" ? "'back squat'" : $1 } }
        #expect(try everyColumn(database.connection) == catalogued,
                "the rebuilt table holds the same rows, column for column")
        #expect(try database.connection.text("PRAGMA integrity_check") == "ok")
        #expect(try database.connection.scalar("SELECT count(*) FROM pragma_foreign_key_check") == 0)
        #expect(try database.sessions.set(requestID: "r-1")?.id == 1)
        let plan = try database.connection.prepare("EXPLAIN QUERY PLAN SELECT id FROM logged_set WHERE request_id = ?").rows(["r-1"]) { $0.text("detail") }
        #expect(plan.contains { $0.contains("logged_set_by_request") }, "a retry is found through the partial index: \(plan)")
        // The constraints still hold on the rebuilt table.
        #expect(throws: SQLiteError.self) { try database.connection.execute("UPDATE logged_set SET kind = 'bogus' WHERE id = 1") }
        #expect(throws: SQLiteError.self) { try database.connection.execute("UPDATE logged_set SET request_id = 'r-1' WHERE id = 2") }
        #expect(throws: SQLiteError.self) { try database.connection.execute("UPDATE logged_set SET session_id = 99 WHERE id = 2") }
        #expect(try database.sessions.bests(exerciseKey: "back squat") == ExerciseBests(
            oneRepMaxKg: 116.7, heaviestKg: 110, setVolumeKg: 500, repsAtWeight: [WeightReps(weightKg: 110, reps: 1), WeightReps(weightKg: 100, reps: 5)]),
                "every kind of record, from the history, by the migration that added them")
        #expect(try database.sessions.bests(exerciseKey: "plank") == .none)
        #expect(try database.connection.scalar("SELECT count(*) FROM exercise_best") == 1, "an exercise without records has no row")
        #expect(try database.connection.scalar(
            "SELECT count(*) FROM sqlite_schema WHERE name IN ('logged_set_best_e1rm', 'logged_set_best_weight')") == 0)
        // Logging goes on from the migrated bests.
        _ = try database.sessions.insertSet(newSet(session: 1, name: "Squat", number: 4, kind: .normal, reps: 3, weight: 112.5))
        try expectBestsMatch(database, ["squat"], "after a set on the migrated file")
        #expect(try database.sessions.bests(exerciseKey: "squat").heaviestKg == 112.5)
    }
}
