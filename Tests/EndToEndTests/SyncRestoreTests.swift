import Foundation
import JSON
import Testing
import TestSupport

/// A backup restored on a device that syncs, through a real PostgreSQL: the copy syncs as
/// a device of its own, so what the original pushed after the backup comes back, and what
/// the restored device logs next takes the place of nothing.
@Suite(.serialized, .enabled(if: PostgresServer.unavailable() == nil, "\(PostgresServer.unavailable() ?? "")"))
struct SyncRestoreTests {
    /// Each device's sessions as (date, sets), oldest first.
    static func sessions(_ daemon: DaemonProcess) throws -> [String] {
        let list = try daemon.client().call("session.list").arrayValue ?? []
        return list.reversed().map { "\($0["date"]?.stringValue ?? "?") \($0["sets"]?.intValue ?? -1)" }
    }

    @Test func aRestoredBackupGetsBackWhatCameAfterItAndOverwritesNothing() throws {
        let server = try SyncTests.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        let workouts = [("2026-12-01", "squat", 3), ("2026-12-02", "deadlift", 1), ("2026-12-03", "bench", 2)]
        func track(_ index: Int) throws {
            let (day, exercise, sets) = workouts[index]
            let run = try phone.ctl(["track", day, "18:00-19:00", exercise, "\(sets)x5@100"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        try track(0)
        try SyncTests.sync(phone, server)
        let backup = phone.directory + "/backup.db"
        #expect(try phone.ctl(["backup", backup]).status == 0)
        try track(1)
        try SyncTests.sync(phone, server)
        try SyncTests.sync(laptop, server)
        #expect(try Self.sessions(laptop) == ["2026-12-01 3", "2026-12-02 1"])

        // The phone's database is lost and put back from the backup, as the README says.
        #expect(phone.stop() == 0)
        for suffix in ["", "-wal", "-shm", ".wal-link"] { unlink(phone.databasePath + suffix) }
        try FileManager.default.copyItem(atPath: backup, toPath: phone.databasePath)
        try phone.start()
        #expect(phone.log.contains("the database is a copy written by sessionctl backup"), "\(phone.log)")
        // Logged before the restored phone syncs: the copy would give it the id the
        // deadlift had.
        try track(2)
        try SyncTests.sync(phone, server)
        try SyncTests.sync(laptop, server)
        try SyncTests.sync(phone, server)
        let expected = workouts.map { "\($0.0) \($0.2)" }
        #expect(try Self.sessions(phone) == expected, "the deadlift comes back to the restored phone")
        #expect(try Self.sessions(laptop) == expected, "the bench session is new on the laptop, the deadlift still there")
        #expect(try server.rows("SELECT count(*) FROM sessiond_record WHERE entity = 'session' AND NOT deleted") == ["3"])
        #expect(try server.rows("SELECT count(*) FROM sessiond_record WHERE entity = 'set' AND NOT deleted") == ["\(workouts.reduce(0) { $0 + $1.2 })"])

        // An edit on the restored phone of a session it had before the backup reaches the
        // laptop as the same record, not a new one.
        let squat = try #require(try phone.client().call("session.list").arrayValue?.last?["sessionId"])
        _ = try phone.client().call("session.edit", .obj(["sessionId": squat, "title": "Heavy squats"]))
        try SyncTests.sync(phone, server)
        try SyncTests.sync(laptop, server)
        let titles = try laptop.client().call("session.list").arrayValue?.map { $0["title"]?.stringValue ?? "" } ?? []
        #expect(titles.count == 3 && titles.last == "Heavy squats", "\(titles)")
    }
}
