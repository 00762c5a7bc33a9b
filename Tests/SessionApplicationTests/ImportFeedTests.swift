import JSON
import SessionCore
@testable import SessionStore
import TestSupport
import Testing

@testable import SessionApplication

/// An import's place in the change feed: one position for each run of up to
/// `ChangeFeed.importRun` sessions or sets, read as an entry of each record, so that
/// what sessiond-sync pushes is what one entry a record gave.
@Suite struct ImportFeedTests {
    /// `count` workouts a day apart, of `sets` sets each: the set's number in its
    /// workout is its reps.
    private func workouts(_ count: Int, sets: Int) -> JSONValue {
        .array((0..<count).map { day in
            .obj(["start": .string("2026-01-\(10 + day)T18:00:00"), "title": "Legs",
                  "sets": .array((1...sets).map { .obj(["exercise": "Squat", "reps": JSONValue($0), "weightKg": 100]) })])
        })
    }

    private func page(_ app: InProcess, after: Int, limit: Int? = nil) throws -> (changes: [JSONValue], next: Int, more: Bool, backlog: Int) {
        var params: [(String, JSONValue)] = [("after", JSONValue(after))]
        if let limit { params.append(("limit", JSONValue(limit))) }
        let page = try app.call("changes.since", .object(params))
        return (page["changes"]?.arrayValue ?? [], page["next"]?.intValue ?? -1, page["more"] == true, page["backlog"]?.intValue ?? -1)
    }

    @Test func anImportTakesAPositionARunAndEachRecordReadsAsAnEntry() throws {
        let phone = try InProcess()
        let (count, setsEach) = (3, 50)
        _ = try phone.call("history.import", .obj(["importId": "a", "chunk": 0, "workouts": workouts(count, sets: setsEach), "done": true]))
        let run = Int(ChangeFeed.importRun)
        let setRuns = (count * setsEach + run - 1) / run
        let all = try page(phone, after: 0)
        #expect(all.next == 1 + setRuns && !all.more, "one position for the sessions, one for each run of sets")
        #expect(all.backlog == count + count * setsEach, "the backlog counts records")
        #expect(all.changes.map { $0["entity"] } == Array(repeating: "session", count: count) + Array(repeating: "set", count: count * setsEach))
        #expect(Set(all.changes.compactMap { $0["uid"]?.stringValue }).count == count + count * setsEach)
        #expect(all.changes.compactMap { $0["set"]?["reps"]?.intValue } == Array(repeating: Array(1...setsEach), count: count).flatMap { $0 })
        // A page holds at most `limit` records' worth, a run never split: it stops
        // before a run that would not fit.
        let limit = 100
        let first = try page(phone, after: 0, limit: limit)
        #expect(first.changes.count == count + run && first.next == 2 && first.more)
        let second = try page(phone, after: first.next, limit: limit)
        #expect(second.changes.count == count * setsEach - run && second.next == all.next && !second.more)
        #expect(first.changes + second.changes == all.changes)
        // A run at the start of a page is taken whole, past a smaller limit.
        let one = try page(phone, after: 0, limit: 1)
        #expect(one.changes.count == count && one.next == 1 && one.more)
    }

    /// A copy written by `backup` takes a device of its own when it is opened, and
    /// hands out the records it holds as the original does: the same uids and
    /// readings, a run's rows, an edited set and a set logged alone included.
    @Test func aBackupCopyKeepsItsRecordsUnderADeviceOfItsOwn() throws {
        let phone = try InProcess()
        _ = try phone.call("history.import", .obj(["importId": "a", "chunk": 0, "workouts": workouts(2, sets: 70), "done": true]))
        _ = try phone.call("session.start")
        _ = try phone.call("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": 100]))
        let sets = try phone.call("session.get", .obj(["sessionId": 1]))["sets"]?.arrayValue ?? []
        _ = try phone.call("session.editSet", .obj(["setId": try #require(sets.first { $0["reps"] == 10 }?["setId"]), "reps": 9]))
        let original = try page(phone, after: 0).changes
        #expect(original.count == 3 + 141, "three sessions, 141 sets")
        // A set deleted by another program (the sqlite3 shell) just before the backup:
        // noted, not fed yet; the copy feeds its tombstone under the original's uid.
        try Database(path: phone.databasePath).connection.execute("DELETE FROM logged_set WHERE id = 3")
        let copyPath = phone.directory + "/copy.db"
        _ = try phone.application.database.backup(to: copyPath)
        let copy = try InProcess(databasePath: copyPath)
        let copied = try page(copy, after: 0).changes
        let deletedUID = try #require(try phone.call("changes.since", .obj(["after": 0]))["changes"]?.arrayValue?.first { $0["deleted"] == true }?["uid"])
        #expect(copied.filter { $0["deleted"] == true }.map { $0["uid"] } == [deletedUID], "the tombstone the original gives")
        #expect(copied.filter { $0["deleted"] != true } == original.filter { $0["uid"] != deletedUID }, "each record under the uid and reading it had")
        let devices = try [phone, copy].map { try $0.call("changes.since", .obj(["limit": 1]))["device"]?.stringValue ?? "" }
        #expect(devices[0] != devices[1] && devices.allSatisfy { $0.count == 16 }, "\(devices)")
        // What the copy logs from now on is its own device's.
        _ = try copy.call("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": 105]))
        let logged = try #require(try page(copy, after: 0).changes.last)
        #expect(logged["uid"]?.stringValue?.hasPrefix(devices[1]) == true && logged["hlc"]?.stringValue?.hasSuffix(devices[1]) == true, "\(logged)")
        // The original is no copy: opened again, it keeps its device.
        let reopened = try InProcess(databasePath: phone.databasePath)
        #expect(try reopened.call("changes.since", .obj(["limit": 1]))["device"]?.stringValue == devices[0])
    }

    @Test func aRecordOfARunChangedOrDeletedSinceReadsAsItIsNowAndTheOtherDeviceGetsTheSame() throws {
        let phone = try ChangeFeedTests.Device()
        let laptop = try ChangeFeedTests.Device()
        _ = try phone.app.call("history.import", .obj(["importId": "a", "chunk": 0, "workouts": workouts(1, sets: 70), "done": true]))
        let sets = try phone.app.call("session.get", .obj(["sessionId": 1]))["sets"]?.arrayValue ?? []
        #expect(sets.count == 70)
        let edited = try #require(sets.first { $0["reps"] == 10 }?["setId"])
        let removed = try #require(sets.first { $0["reps"] == 66 }?["setId"])
        _ = try phone.app.call("session.editSet", .obj(["setId": edited, "reps": 9]))
        _ = try phone.app.call("session.undo", .obj(["setId": removed, "confirm": true]))
        // One page: each record once, at its first place (its run's).
        let changes = try page(phone.app, after: 0).changes
        #expect(changes.count == 71, "\(changes.count)")
        let tombstones = changes.filter { $0["deleted"] == true }
        #expect(tombstones.count == 1 && tombstones.first?["entity"] == "set")
        #expect(changes.compactMap { $0["set"]?["reps"]?.intValue }.filter { $0 == 9 }.count == 2, "the edited set as it is now, beside the set of 9")
        #expect(changes.firstIndex { $0["deleted"] == true } == 66, "the tombstone in its run's place, after the session and 65 sets")
        try laptop.apply(changes)
        #expect(try Workout.record(laptop.app) == Workout.record(phone.app))
    }
}
