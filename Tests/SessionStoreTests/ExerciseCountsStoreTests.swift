import Testing
import TestSupport
import SessionCore
@testable import SessionStore

/// The kept counts (`exercise_count`) of a database from before them: the migration
/// counts the sets already stored, and logging adds to its rows.
@Suite struct ExerciseCountsStoreTests {
    let directory = Fixtures.temporaryDirectory("counts")
    var path: String { directory + "/sessiond.db" }

    @Test func theMigrationCountsTheSetsStoredBeforeIt() throws {
        defer { Fixtures.removeTree(directory) }
        // Sessions 1–3 with sets of three exercises, as a file from before the counts
        // held them: (session, key) for each set.
        let stored: [(session: Int64, key: String)] = [
            (1, "back squat"), (1, "back squat"), (1, "deadlift"),
            (2, "back squat"), (2, "floor thing"), (2, "floor thing"), (2, "floor thing"),
            (3, "deadlift"),
        ]
        do {
            let old = try Database(path: path, schemaVersion: 18)
            for session in 1...3 {
                try old.connection.run("INSERT INTO session (id, date, title, started_at_ms, ended_at_ms) VALUES (?, '2026-10-05', 'old', ?, ?)",
                                       [Int64(session), Int64(session) * 1000, Int64(session) * 1000 + 500])
            }
            for (index, set) in stored.enumerated() {
                try old.connection.run(
                    """
                    INSERT INTO logged_set (session_id, exercise_name, exercise_key, set_number, progress_sets, kind, reps, weight_kg, logged_at_ms)
                    VALUES (?, ?, ?, 1, 1, 'normal', 5, 100, ?)
                    """, [set.session, set.key, set.key, set.session * 1000 + Int64(index)])
                try old.connection.run("INSERT OR IGNORE INTO session_exercise (exercise_key, started_at_ms, session_id) VALUES (?, ?, ?)",
                                       [set.key, set.session * 1000, set.session])
            }
        }
        let database = try Database(path: path)
        #expect(try database.schemaVersion() == Migrations.latestVersion)
        for key in ["back squat", "deadlift", "floor thing", "bench press"] {
            let sets = stored.filter { $0.key == key }
            let counts = try database.exercises.exerciseCounts(exerciseKey: key)
            #expect(counts.sessions == Set(sets.map(\.session)).count && counts.sets == sets.count, "\(key): \(counts)")
        }

        // A set logged on top adds to the migrated row, and a new session of it one more.
        let session = try database.sessions.insertSession(planDayID: nil, date: try #require(LocalDate(year: 2026, month: 10, day: 6)), title: "new", carriedOver: false,
                                                          startedAtMs: 10_000)
        for number in 1...2 {
            let decision = SetDecision(exerciseKey: "deadlift", kind: .normal, reps: 5, weightKg: 120, previous: number == 1 ? nil : SetNumbering(setNumber: 1, countedSets: 1),
                                       bests: .none)
            _ = try database.sessions.insertSet(NewSet(sessionID: session, plannedExerciseID: nil, exerciseName: "Deadlift", kind: .normal, reps: 5, weightKg: 120,
                                                       durationSeconds: nil, rpe: nil, note: nil, loggedAtMs: 10_000 + Int64(number), requestID: nil,
                                                       decision: decision))
        }
        let deadlift = try database.exercises.exerciseCounts(exerciseKey: "deadlift")
        #expect(deadlift.sessions == 3 && deadlift.sets == 4, "\(deadlift)")
        #expect(try database.connection.scalar("SELECT sets FROM exercise_count WHERE exercise_key = 'deadlift'") == 4, "written, not only remembered")
    }
}
