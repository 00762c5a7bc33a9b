import Testing
import TestSupport
import SessionCore
@testable import SessionStore

/// `session_exercise` holds one row for each session and exercise with a set, at the
/// session's start: whatever writes sets, moves them or moves a session, the table
/// stays what the sets say, and an exercise's history read through it is every set of it.
@Suite struct SessionExerciseTests {
    let directory = Fixtures.temporaryDirectory("session-exercise")
    var path: String { directory + "/sessiond.db" }

    /// The rows the table should hold, worked out from the sets themselves.
    static let fromTheSets = """
        SELECT DISTINCT l.exercise_key, s.started_at_ms, s.id FROM logged_set l JOIN session s ON s.id = l.session_id
        """

    /// Rows in one and not the other, both ways: empty when the table is right.
    func drift(_ database: Database) throws -> [String] {
        let stored = "SELECT exercise_key, started_at_ms, session_id FROM session_exercise"
        return try database.connection.prepare("""
            SELECT 'missing ' || exercise_key || ' in ' || id AS drift FROM (\(Self.fromTheSets) EXCEPT \(stored))
            UNION ALL
            SELECT 'stale ' || exercise_key || ' in ' || session_id FROM (\(stored) EXCEPT \(Self.fromTheSets))
            """).rows { $0.text("drift") }
    }

    func rows(_ database: Database) throws -> Int64 {
        try database.connection.scalar("SELECT count(*) FROM session_exercise") ?? -1
    }

    /// Expects `count` rows, just those the sets say.
    func expectRows(_ database: Database, _ count: Int64, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (stored, drift) = (try rows(database), try drift(database))
        #expect(stored == count && drift.isEmpty, "\(stored) rows; \(drift)", sourceLocation: sourceLocation)
    }

    /// A set as logging decides it: numbered after `previous` sets of it in the session.
    func log(_ database: Database, session: Int64, _ name: String, previous: Int, at ms: Int64) throws -> SetRecord {
        let numbering = previous == 0 ? nil : SetNumbering(setNumber: previous, countedSets: previous)
        return try database.sessions.insertSet(NewSet(
            sessionID: session, plannedExerciseID: nil, exerciseName: name, kind: .normal, reps: 5, weightKg: 100, durationSeconds: nil,
            rpe: nil, note: nil, loggedAtMs: ms, requestID: nil,
            decision: SetDecision(exerciseKey: name.exerciseKey, kind: .normal, reps: 5, weightKg: 100, previous: numbering, bests: .none)))
    }

    @Test func everyWayOfWritingSetsKeepsTheTableAsTheSetsSay() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let day = Fixtures.monday
        let first = try database.sessions.insertSession(planDayID: nil, date: day, title: "A", carriedOver: false, startedAtMs: 1000)
        let squat = try log(database, session: first, "Lift A", previous: 0, at: 1001)
        _ = try log(database, session: first, "Lift A", previous: 1, at: 1002)
        let row = try log(database, session: first, "Lift B", previous: 0, at: 1003)
        try database.sessions.finishSession(first, endedAtMs: 2000, pausedTotalMs: 0, rpe: nil, note: nil)
        try expectRows(database, 2)

        // An import: each new session once for each exercise it has, whatever its sets.
        let workouts = (0..<3).map { index in
            ImportedSession(workout: HistoryWorkout(start: LocalDateTime(date: day, secondOfDay: 7200 + index * 3600), durationSeconds: 60,
                                                    title: "W\(index)", note: nil,
                                                    sets: [HistorySet(exercise: "Lift A", reps: 5), HistorySet(exercise: "Lift A", reps: 4),
                                                           HistorySet(exercise: index == 1 ? "Lift B" : "Lift A", reps: 3)]),
                            startedAtMs: 10_000 + Int64(index) * 1000, date: day)
        }
        try database.history.insertImported(workouts, source: "strong")
        try expectRows(database, 2 + 4)

        // Undo: a session's last set of an exercise takes its row; one of two does not.
        try database.sessions.deleteSet(row.id)
        try expectRows(database, 5)
        try database.sessions.deleteSet(squat.id)
        try expectRows(database, 5)

        // Edited to start later, the session's rows follow it.
        try database.sessions.updateSession(first, date: day, title: "A", startedAtMs: 500_000, endedAtMs: 600_000, rpe: nil, note: nil)
        #expect(try database.connection.scalar("SELECT started_at_ms FROM session_exercise WHERE session_id = \(first)") == 500_000)
        #expect(try drift(database).isEmpty)

        // An alias moves the sets under the exercise it names, and back when removed.
        #expect(try database.exercises.setAlias("lift b", name: "Lift A") == 1)
        try expectRows(database, 4)
        #expect(try database.exercises.removeAlias("lift b") == 1)
        try expectRows(database, 5)

        // An aborted session takes its rows with it.
        let aborted = try database.sessions.insertSession(planDayID: nil, date: day, title: "B", carriedOver: false, startedAtMs: 900_000)
        _ = try log(database, session: aborted, "Lift A", previous: 0, at: 900_001)
        #expect(try rows(database) == 6)
        try database.sessions.deleteSession(aborted)
        try expectRows(database, 5)
        #expect(try database.connection.scalar("SELECT count(*) FROM pragma_foreign_key_check") == 0)
    }

    /// Keys the catalog names another way are mapped to its key when it is adopted;
    /// their sessions follow.
    @Test func adoptingTheCatalogMovesTheRowsWithTheSets() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let session = try database.sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "A", carriedOver: false, startedAtMs: 1000)
        _ = try log(database, session: session, "Squat (Barbell)", previous: 0, at: 1001)
        let catalogKey = try #require(ExerciseCatalog.builtIn.exercise(key: "squat (barbell)")?.key)
        #expect(catalogKey != "squat (barbell)", "the catalog names it otherwise")
        try database.exercises.adoptCatalog(fingerprint: "another catalog")
        #expect(try database.connection.text("SELECT exercise_key FROM session_exercise") == catalogKey)
        #expect(try drift(database).isEmpty)
    }

    /// An alias made renames the aliases that pointed at its name through the index on
    /// their target, not by reading every alias.
    @Test func aliasesOfAnAliasAreFoundByTheirTarget() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        _ = try database.exercises.setAlias("bs", name: "Front Squat")
        _ = try database.exercises.setAlias("front squat", name: "Back Squat")
        #expect(try database.exercises.alias("bs")?.name == "Back Squat", "the alias of the alias follows it")
        let plan = try database.connection.prepare("EXPLAIN QUERY PLAN UPDATE exercise_alias SET name = 'x' WHERE name_key = ?").rows(["front squat"]) { $0.text("detail") }
        #expect(plan.contains { $0.contains("exercise_alias_by_name") }, "\(plan)")
    }

    /// A file of the schema before the table gets it filled from its sets.
    @Test func anOlderFileGetsItsExercisesSessionsFromItsSets() throws {
        defer { Fixtures.removeTree(directory) }
        do {
            let old = try Database(path: path, schemaVersion: 12)
            try old.connection.execute("""
                INSERT INTO session (id, date, title, started_at_ms, ended_at_ms) VALUES (1, '2026-10-05', 'A', 100, 200), (2, '2026-10-06', 'B', 300, 400);
                INSERT INTO logged_set (session_id, exercise_name, exercise_key, set_number, progress_sets, reps, logged_at_ms) VALUES
                    (1, 'Lift A', 'lift a', 1, 1, 5, 101), (1, 'Lift A', 'lift a', 2, 2, 5, 102),
                    (1, 'Lift B', 'lift b', 1, 1, 5, 103), (2, 'Lift B', 'lift b', 1, 1, 5, 301);
                """)
        }
        let database = try Database(path: path)
        try expectRows(database, 3)
        #expect(try database.connection.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'logged_set_by_exercise'") == 0)
        let history = try database.history.exerciseHistory(exerciseKey: "lift b", from: nil, to: nil, limit: 1).history
        #expect(history.sessions.map(\.sessionID) == [2], "the newest session of it")
        #expect(try database.history.loggedExercises(limit: 10).map(\.name) == ["Lift B", "Lift A"])
    }
}
