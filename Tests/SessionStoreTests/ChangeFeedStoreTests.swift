import Foundation
import Testing
import TestSupport
import SessionCore
@testable import SessionStore

/// The change feed on a real file: rows stored before it join the feed once, every row
/// a store inserts takes a place in it (one append, its uid implied by its row), and
/// every later edit of a synced column and every delete takes one, whichever statement
/// wrote it (migration 19's triggers).
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

    func newSet(session: Int64, number: Int, reps: Int) -> NewSet {
        NewSet(sessionID: session, plannedExerciseID: nil, exerciseName: "Squat", kind: .normal, reps: reps, weightKg: 100, durationSeconds: nil,
               rpe: nil, note: nil, loggedAtMs: Int64(number), requestID: nil,
               decision: SetDecision(exerciseKey: "squat", kind: .normal, reps: reps, weightKg: 100,
                                     previous: number == 1 ? nil : SetNumbering(setNumber: number - 1, countedSets: number - 1), bests: .none))
    }

    @Test func everyWriteTakesAPlaceAndADeletionLeavesATombstoneCascadesIncluded() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let feed = ChangeFeed(database)
        let (session, sets) = try database.groupCommit { _ in
            let session = try database.sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "Legs", carriedOver: false, startedAtMs: 0)
            let sets = try [1, 2].map { try database.sessions.insertSet(newSet(session: session, number: $0, reps: 5)).id }
            return (session, sets)
        }
        #expect(try feed.lastPosition() == 3, "a session and two sets, one entry each")
        #expect(try database.connection.scalar("SELECT count(*) FROM sync_record") == 0, "inserted rows imply their uids")
        // An edit of a column another device holds takes a place; one of a column only
        // this device keeps (the set's request id) takes none.
        try database.connection.execute("UPDATE logged_set SET reps = 6 WHERE id = \(sets[0]); UPDATE logged_set SET request_id = 'r' WHERE id = \(sets[1])")
        let before = try feed.lastPosition()
        #expect(before == 4, "a session, two sets, an edit")
        let edited = try feed.page(after: 3, limit: 10).changes
        #expect(edited.count == 1 && edited.first?.set?.reps == 6)
        let setUIDs = try sets.map { try #require(try feed.uid(of: .set, localID: $0)) }
        let sessionUID = try #require(try feed.uid(of: .session, localID: session))
        let page = try feed.page(after: 0, limit: 10).changes
        #expect(page.map(\.uid) == [sessionUID] + setUIDs, "in the order of each record's first change")
        #expect(Set(page.map(\.uid)).count == 3 && page.allSatisfy { SyncChange.isUID($0.uid) })
        #expect(page.compactMap(\.set?.sessionUID) == [sessionUID, sessionUID])
        // The uid a trigger gives a record when first edited is the one its row implied.
        #expect(try database.connection.text("SELECT uid FROM sync_record WHERE entity = 'set'") == setUIDs[0])
        // Deleting the session deletes its sets through the foreign key: each leaves a tombstone.
        try database.connection.execute("DELETE FROM session WHERE id = \(session)")
        let deleted = try feed.page(after: before, limit: 10).changes
        #expect(deleted.count == 3 && deleted.allSatisfy(\.deleted))
        #expect(Set(deleted.map(\.uid)) == Set(setUIDs + [sessionUID]))
        #expect(try feed.uid(of: .set, localID: sets[1]) == nil, "no row")
        // Readings only grow, in the feed's order; one transaction's inserts share one.
        let all = try database.connection.prepare("SELECT hlc FROM change_feed ORDER BY seq").rows { $0.text("hlc") }
        #expect(all == all.sorted(), "\(all)")
        #expect(all.count == 7 && Set(all).count == 3, "three transactions (the inserts, the edit, the deletion), one reading each: \(all)")
    }

    @Test func aRecordCreatedHereTakesItsOwnChangesBackAsHeldAndAnotherDevicesEditsAsNewer() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let feed = ChangeFeed(database)
        let session = try database.groupCommit { _ in
            let session = try database.sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: "Legs", carriedOver: false, startedAtMs: 0)
            _ = try database.sessions.insertSet(newSet(session: session, number: 1, reps: 5))
            return session
        }
        let pushed = try feed.page(after: 0, limit: 10).changes
        // What this device pushed comes back with the pull: held already, nothing moves.
        let echoed = try feed.apply(pushed, nowMs: 1000)
        #expect(echoed.applied == 0 && echoed.ignored == 2)
        #expect(try feed.lastPosition() == 2 && database.connection.scalar("SELECT count(*) FROM sync_record") == 0)
        // Another device edited the set after it pulled it: its reading is later.
        var set = try #require(pushed.last?.set)
        set.reps = 8
        let seen = try #require(pushed.last?.timestamp)
        let edit = SyncChange(uid: try #require(pushed.last?.uid), hlc: HybridTimestamp(wallMs: seen.wallMs, counter: seen.counter + 1, device: "ff"), set: set)
        #expect(try feed.apply([edit], nowMs: 1000).applied == 1)
        #expect(try database.connection.scalar("SELECT reps FROM logged_set WHERE session_id = ?", [session]) == 8)
        #expect(try feed.lastPosition() == 2, "another device's change is not this device's to push")
        // Its own reading again: held, and turned down.
        #expect(try feed.apply([edit], nowMs: 1000).ignored == 1)
    }

    @Test func settingsStoredBeforeJoinTheFeedOnceUnderTheUidsOfTheirKeys() throws {
        defer { Fixtures.removeTree(directory) }
        do {
            let old = try Database(path: path, schemaVersion: 19)
            try old.connection.execute("""
                INSERT INTO exercise_alias (alias_key, name, name_key) VALUES ('press', 'Overhead Press', 'overhead press');
                INSERT INTO exercise_rest (exercise_key, seconds) VALUES ('back squat', 180);
                """)
        }
        let database = try Database(path: path)
        let changes = try ChangeFeed(database).page(after: 0, limit: 10).changes
        #expect(changes.map(\.entity) == [.alias, .rest])
        #expect(changes.map(\.uid) == [SettingUID.of(.alias, key: "press"), SettingUID.of(.rest, key: "back squat")])
        #expect(changes.first?.alias?.name == "Overhead Press" && changes.last?.rest?.seconds == 180)
        #expect(SettingUID.of(.alias, key: "press") != SettingUID.of(.rest, key: "press") && SyncChange.isUID(SettingUID.of(.alias, key: "press")))
    }

    /// Shares kept before they were fed join the feed with the reading of when they were
    /// made, not of the upgrade: a share taken back on another device since then reads
    /// later, and wins there and here.
    @Test func sharesKeptBeforeJoinTheFeedAtTheTimeTheyWereMade() throws {
        defer { Fixtures.removeTree(directory) }
        let sharedAtMs: Int64 = 1_764_979_200_000
        do {
            let old = try Database(path: path, schemaVersion: 25)
            try old.connection.run("INSERT INTO sync_share (role, added_at_ms) VALUES ('carol', ?)", [sharedAtMs])
        }
        let database = try Database(path: path)
        let feed = ChangeFeed(database)
        let device = try feed.clock().device
        let change = try #require(try feed.page(after: 0, limit: 10).changes.first { $0.entity == .share })
        #expect(change.share?.role == "carol" && change.hlc == HybridTimestamp(wallMs: sharedAtMs, counter: 0, device: device).text, "\(change)")
        let unshared = HybridTimestamp(wallMs: sharedAtMs + 60_000, counter: 0, device: "bb")
        let applied = try feed.apply([SyncChange(entity: .share, uid: change.uid, hlc: unshared)], nowMs: sharedAtMs + 120_000)
        let remaining = try SyncState(database).shares()
        #expect(applied.applied == 1 && remaining.isEmpty, "\(remaining)")
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
        // Seen a day before the phone's clock says.
        let applied = try feed.apply([SyncChange(uid: String(repeating: "a", count: 32), hlc: ahead, session: session)], nowMs: ahead.wallMs - 86_400_000)
        #expect(applied.applied == 1)
        #expect(try feed.lastPosition() == 0, "another device's change is not this device's to push")
        try database.connection.execute("UPDATE session SET title = 'Renamed here'")
        let change = try #require(try feed.page(after: 0, limit: 10).changes.first)
        #expect(change.uid == String(repeating: "a", count: 32))
        #expect(try #require(change.timestamp) > ahead)
    }
}
