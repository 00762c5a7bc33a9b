import Foundation
import Testing
import TestSupport
import SessionCore
@testable import SessionStore

/// Migrations on a real file: a rebuild of a table that others reference keeps their
/// rows, and a migration that would leave a row pointing nowhere is refused whole.
@Suite struct MigrationTests {
    let directory = Fixtures.temporaryDirectory("migration")
    var path: String { directory + "/sessiond.db" }

    /// A database at the latest schema holding one session with two sets.
    func databaseWithASession() throws -> Database {
        let database = try Database(path: path)
        try database.connection.execute("""
            INSERT INTO session (id, date, title, started_at_ms, ended_at_ms) VALUES (1, '2026-10-05', 'Legs', 0, 3600000);
            INSERT INTO logged_set (session_id, exercise_name, exercise_key, set_number, progress_sets, reps, weight_kg, logged_at_ms)
                VALUES (1, 'Squat', 'squat', 1, 1, 5, 100, 1), (1, 'Squat', 'squat', 2, 2, 5, 100, 2);
            """)
        return database
    }

    /// The next migration after this build's, with `sql`.
    func extra(_ sql: String) -> [Migration] {
        Migrations.all + [Migration(version: Migrations.latestVersion + 1, name: "test", sql: sql)]
    }

    /// `session` rebuilt as SQLite's procedure for altering a table does it: a new
    /// table of the same definition, the rows copied, the old one dropped, the new one
    /// renamed.
    func rebuildSession(_ database: Database) throws -> String {
        let definition = try #require(try database.connection.text("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'session'"))
        return """
            \(definition.replacingOccurrences(of: "CREATE TABLE session", with: "CREATE TABLE session_new"));
            INSERT INTO session_new SELECT * FROM session;
            DROP TABLE session;
            ALTER TABLE session_new RENAME TO session;
            """
    }

    @Test func rebuildingAParentTableKeepsItsChildRows() throws {
        defer { Fixtures.removeTree(directory) }
        let rebuild = try rebuildSession(try databaseWithASession())
        let migrated = try Database(path: path, migrations: extra(rebuild))
        #expect(try migrated.schemaVersion() == Migrations.latestVersion + 1)
        #expect(try migrated.connection.scalar("SELECT count(*) FROM logged_set WHERE session_id = 1") == 2,
                "dropping the parent did not cascade to the sets")
        #expect(try migrated.connection.scalar("SELECT count(*) FROM session") == 1)
        #expect(try migrated.connection.scalar("PRAGMA foreign_keys") == 1, "enforced again once migrated")
    }

    @Test func aMigrationLeavingRowsThatPointNowhereIsRolledBack() throws {
        defer { Fixtures.removeTree(directory) }
        _ = try databaseWithASession()
        let dangling = extra("DELETE FROM session WHERE id = 1;")
        #expect {
            _ = try Database(path: path, migrations: dangling)
        } throws: { error in
            guard case StorageError.migrationFailed(_, let version, let problem) = error else { return false }
            return version == Migrations.latestVersion + 1 && problem.contains("2 rows") && problem.contains("logged_set")
        }
        let reopened = try Database(path: path)
        #expect(try reopened.schemaVersion() == Migrations.latestVersion, "the failed migration left the version as it was")
        #expect(try reopened.connection.scalar("SELECT count(*) FROM session") == 1)
        #expect(try reopened.connection.scalar("SELECT count(*) FROM logged_set") == 2)
    }

    /// What a damaged file holds (a date that is no date, text where a number belongs, a
    /// health type no build wrote) is reported with its table and column, never read as
    /// 1970, 0 or a default; a column a query does not have is refused by name.
    @Test func aDamagedStoredValueIsAnErrorNamingItsColumn() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try databaseWithASession()
        func refused(_ read: () throws -> Void, saying text: String) {
            do {
                try read()
                Issue.record("read, where it should have been refused saying \(text)")
            } catch {
                #expect("\(error)".contains(text), "\(error)")
            }
        }
        try database.connection.execute("UPDATE session SET date = 'someday' WHERE id = 1")
        refused({ _ = try database.sessions.session(1) }, saying: "session.date holds \"someday\", which is no date")
        refused({ _ = try database.sessions.latestSession() }, saying: "session.date holds \"someday\"")
        try database.connection.execute("UPDATE session SET date = '2026-10-05', started_at_ms = 'at noon' WHERE id = 1")
        refused({ _ = try database.sessions.listSessions(from: nil, to: nil, limit: 10) }, saying: "session.started_at_ms holds \"at noon\", which is no integer")
        try database.connection.execute("UPDATE session SET started_at_ms = 0 WHERE id = 1")
        #expect(try database.sessions.session(1)?.startedAtMs == 0, "mended, it reads again")
        try database.connection.execute("INSERT INTO health_sample (type, value, date, recorded_at_ms) VALUES ('steps', 'lots', '2026-10-05', 1)")
        refused({ _ = try database.health.dailyHealth(type: nil, from: nil, to: nil, limit: 10) }, saying: "health_sample.value holds \"lots\", which is no number")
        try database.connection.execute("UPDATE logged_set SET weight_kg = 'heavy' WHERE id = 2")
        refused({ _ = try database.sessions.sessionSets(1) }, saying: "logged_set.weight_kg holds \"heavy\", which is no number")
        refused({ _ = try database.connection.prepare("SELECT id FROM session").rows { $0.int64("ident") } }, saying: "no result column named ident")
    }

    @Test func everyShippedMigrationKeepsRowsOfAnOlderFile() throws {
        defer { Fixtures.removeTree(directory) }
        do {
            let old = try Database(path: path, schemaVersion: 1)
            try old.connection.execute("""
                INSERT INTO plan (id, name, week_start, imported_at_ms, source, active) VALUES (1, 'P', '2026-10-05', 0, '{}', 1);
                INSERT INTO plan_day (id, plan_id, date, weekday, title) VALUES (1, 1, '2026-10-05', 1, 'Legs');
                INSERT INTO planned_exercise (id, plan_day_id, position, name, sets) VALUES (1, 1, 1, 'Squat', 3);
                INSERT INTO session (id, plan_day_id, date, title, started_at_ms) VALUES (1, 1, '2026-10-05', 'Legs', 0);
                INSERT INTO logged_set (session_id, planned_exercise_id, exercise_name, exercise_key, set_number, progress_sets, logged_at_ms)
                    VALUES (1, 1, 'Squat', 'squat', 1, 1, 1);
                """)
        }
        let database = try Database(path: path)
        for (table, count) in [("plan", 1), ("plan_day", 1), ("planned_exercise", 1), ("session", 1), ("logged_set", 1)] {
            #expect(try database.connection.scalar("SELECT count(*) FROM \(table)") == Int64(count), "\(table)")
        }
        #expect(try database.connection.scalar("SELECT count(*) FROM pragma_foreign_key_check") == 0)
    }
}

/// What the queries that print a page of history read.
@Suite struct QueryPlanTests {
    let directory = Fixtures.temporaryDirectory("plans")

    @Test func theNewestSessionsAreReadThroughTheStartIndexWithoutASort() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: directory + "/sessiond.db")
        let plan = try database.connection.prepare("EXPLAIN QUERY PLAN " + SessionsStore.listSessionsSQL(ranged: false, cursor: false)).rows([50]) { $0.text("detail") }
        #expect(plan.contains { $0.contains("session_by_start") } && !plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        // The next page seeks to its cursor in the same index.
        let next = try database.connection.prepare("EXPLAIN QUERY PLAN " + SessionsStore.listSessionsSQL(ranged: false, cursor: true)).rows([1_000, 5, 50]) { $0.text("detail") }
        #expect(next.contains { $0.contains("SEARCH s USING INDEX session_by_start") } && !next.contains { $0.contains("TEMP B-TREE") }, "\(next)")
    }

    /// A page of one exercise's history seeks to the exercise's newest sessions and
    /// reads their sets, never every set of it (which SQLite chose on its own for twenty
    /// years) nor every session.
    @Test func aPageOfOneExercisesHistoryReadsItsSessionsNotEverySetOfIt() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: directory + "/sessiond.db")
        for cursor in [false, true] {
            let values: [SQLBindable] = ["back squat", "0000-01-01", "9999-12-31"] + (cursor ? [1_000, 5] : []) + [5]
            let plan = try database.connection.prepare("EXPLAIN QUERY PLAN " + HistoryStore.exerciseHistorySQL(limited: true, cursor: cursor)).rows(values) { $0.text("detail") }
            #expect(plan.contains { $0.contains("SEARCH e USING PRIMARY KEY (exercise_key=?") }
                        && plan.contains { $0.contains("SEARCH l USING INDEX logged_set_by_session_exercise") }, "\(plan)")
            #expect(!plan.contains { $0.contains("SCAN") && !$0.contains("SCAN n") }, "no walk over every set or session, only the page: \(plan)")
        }
        // Every set of it reads its sessions, then their sets of it.
        let whole = try database.connection.prepare("EXPLAIN QUERY PLAN " + HistoryStore.exerciseHistorySQL(limited: false, cursor: false))
            .rows(["back squat", "0000-01-01", "9999-12-31"]) { $0.text("detail") }
        #expect(whole.first?.contains("SEARCH e USING PRIMARY KEY (exercise_key=?") == true && !whole.contains { $0.contains("SCAN") }, "\(whole)")
        // A range of dates (progress's weeks) reads the sessions of those dates.
        let ranged = try database.connection.prepare("EXPLAIN QUERY PLAN " + HistoryStore.exerciseHistorySQL(limited: false, cursor: false, ranged: true))
            .rows(["back squat", "2026-01-01", "2026-12-31"]) { $0.text("detail") }
        #expect(ranged.contains { $0.contains("session_by_date") } && !ranged.contains { $0.contains("SEARCH e ") }, "\(ranged)")
    }
}
