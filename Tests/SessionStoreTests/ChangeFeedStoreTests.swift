import Foundation
import Testing
import TestSupport
import SessionCore
@testable import SessionStore

/// The change feed's triggers (migration 18) on a real file: rows stored before it
/// join the feed once, and every later insert, update and delete takes a place in it,
/// whichever statement wrote it.
@Suite struct ChangeFeedStoreTests {
    let directory = Fixtures.temporaryDirectory("feed")
    var path: String { directory + "/sessiond.db" }

    @Test func rowsStoredBeforeTheFeedJoinItOnceSessionsFirst() throws {
        defer { Fixtures.removeTree(directory) }
        do {
            let old = try Database(path: path, schemaVersion: 17)
            try old.connection.execute("""
                INSERT INTO session (id, date, title, started_at_ms, ended_at_ms) VALUES (1, '2026-10-05', 'Legs', 0, 3600000);
                INSERT INTO logged_set (id, session_id, exercise_name, exercise_key, set_number, progress_sets, reps, weight_kg, logged_at_ms)
                    VALUES (7, 1, 'Squat', 'squat', 1, 1, 5, 100, 1), (8, 1, 'Squat', 'squat', 2, 2, 5, 100, 2);
                INSERT INTO session (id, date, title, started_at_ms, ended_at_ms) VALUES (2, '2026-10-06', 'Push', 86400000, 90000000);
                """)
        }
        let database = try Database(path: path)
        let feed = ChangeFeed(database)
        let page = try feed.page(after: 0, limit: 10)
        #expect(page.changes.map(\.entity) == [.session, .session, .set, .set])
        #expect(Set(page.changes.map(\.uid)).count == 4 && page.changes.allSatisfy { SyncChange.isUID($0.uid) })
        #expect(page.changes.compactMap(\.session?.title) == ["Legs", "Push"])
        let sessionUID = try #require(try feed.uid(of: .session, localID: 1))
        #expect(page.changes.compactMap(\.set?.sessionUID) == [sessionUID, sessionUID])
        #expect(page.more == false && page.next == 4)
        let device = try feed.clock().device
        #expect(page.changes.allSatisfy { $0.timestamp?.device == device })
    }

    @Test func everyWriteTakesAPlaceAndADeletionLeavesATombstoneCascadesIncluded() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let feed = ChangeFeed(database)
        try database.connection.execute("""
            INSERT INTO session (id, date, title, started_at_ms) VALUES (1, '2026-10-05', 'Legs', 0);
            INSERT INTO logged_set (id, session_id, exercise_name, exercise_key, set_number, progress_sets, reps, weight_kg, logged_at_ms)
                VALUES (1, 1, 'Squat', 'squat', 1, 1, 5, 100, 1), (2, 1, 'Squat', 'squat', 2, 2, 5, 100, 2);
            UPDATE logged_set SET reps = 6 WHERE id = 1;
            """)
        let before = try feed.lastPosition()
        #expect(before == 4, "a session, two sets, an edit")
        let edited = try feed.page(after: 3, limit: 10).changes
        #expect(edited.first?.set?.reps == 6)
        let setUIDs = try [1, 2].map { try #require(try feed.uid(of: .set, localID: Int64($0))) }
        // Deleting the session deletes its sets through the foreign key: each leaves a tombstone.
        try database.connection.execute("DELETE FROM session WHERE id = 1")
        let deleted = try feed.page(after: before, limit: 10).changes
        #expect(deleted.count == 3 && deleted.allSatisfy(\.deleted))
        #expect(Set(deleted.filter { $0.entity == .set }.map(\.uid)) == Set(setUIDs))
        // Readings only grow, in the feed's order.
        let readings = try feed.page(after: 0, limit: 10).changes.compactMap(\.timestamp)
        #expect(readings.count == 3)
        let all = try database.connection.prepare("SELECT hlc FROM change_feed ORDER BY seq").rows { $0.text("hlc") }
        #expect(all == all.sorted() && Set(all).count == all.count, "\(all)")
    }

    @Test func aReadingSeenFromAheadPassesToTheNextLocalWrite() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let feed = ChangeFeed(database)
        let ahead = HybridTimestamp(wallMs: 9_000_000_000_000, counter: 5, device: "ff")
        var session = SyncedSession()
        session.title = "From the phone"
        session.startedAtMs = 1000
        session.endedAtMs = 2000
        let applied = try feed.apply([SyncChange(uid: String(repeating: "a", count: 32), hlc: ahead, session: session)], nowMs: 1000)
        #expect(applied.applied == 1)
        #expect(try feed.lastPosition() == 0, "another device's change is not this device's to push")
        try database.connection.execute("UPDATE session SET title = 'Renamed here'")
        let change = try #require(try feed.page(after: 0, limit: 10).changes.first)
        #expect(change.uid == String(repeating: "a", count: 32))
        #expect(try #require(change.timestamp) > ahead)
    }
}
