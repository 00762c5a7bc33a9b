import Foundation
import JSON
import Testing
import TestSupport

/// Rows in PostgreSQL that no sessiond wrote (by hand, or by a newer or broken build on
/// another device of the athlete's): the devices that pull them go on pushing and
/// pulling everything else.
@Suite(.serialized, .enabled(if: PostgresServer.unavailable() == nil, "\(PostgresServer.unavailable() ?? "")"))
struct SyncHostileRowsTests {
    func count(_ server: PostgresServer, _ entity: String) throws -> String {
        try server.rows("SELECT count(*) FROM sessiond_record WHERE entity = '\(entity)' AND NOT deleted").joined()
    }

    /// The largest reading the text holds, or an hour ahead with a counter near the
    /// text's limit, on a record the phone pulls: its clock follows neither past what it
    /// can write, and what it logs next (each set a tick of the store's own) is pushed.
    @Test(arguments: ["9999999999999-9999999999", "HOUR-9999999998"])
    func aRowWithAnExtremeReadingLeavesThePhonesPushesAlone(reading: String) throws {
        let server = try SyncTests.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        #expect(try laptop.ctl(["health", "sleep", "7.5"]).status == 0)
        try SyncTests.sync(laptop, server)
        let hourAhead = String(Int64(Date().timeIntervalSince1970 * 1000) + 3_600_000)
        _ = try server.rows("UPDATE sessiond_record SET hlc = '\(reading.replacingOccurrences(of: "HOUR", with: hourAhead))-' || split_part(hlc, '-', 3), seq = nextval('sessiond_record_seq')")
        #expect(try SyncTests.sync(phone, server).contains("applied=1"))
        let client = try phone.client()
        _ = try client.call("session.start")
        _ = try client.call("session.log", Workout.set("Squat", 5, 100))
        #expect(try SyncTests.sync(phone, server).contains("pushed=2"))
        #expect(try count(server, "session") == "1" && count(server, "set") == "1")
        #expect(try client.call("changes.since", .obj(["limit": 1]))["backlog"] == 0)
    }

    /// A record of an entity this build does not know, and a set whose session uid is no
    /// uid: each is passed over and said, and the rows after them are pulled as before,
    /// round after round.
    @Test func rowsThisBuildCannotReadArePassedOverAndSaid() throws {
        let server = try SyncTests.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        _ = try server.rows("""
            INSERT INTO sessiond_record (uid, entity, hlc, data, device) VALUES
                ('ffffffffffffffffffffffffffffff02', 'goal', '1796561635129-0000000000-eeee', '{}', 'eeee'),
                ('ffffffffffffffffffffffffffffff03', 'set', '1796561635129-0000000001-eeee', '{"sessionUid": "no uid", "exerciseName": "Squat"}', 'eeee');
            """)
        let badReading = try server.psql("INSERT INTO sessiond_record (uid, entity, hlc, data, device) VALUES ('ffffffffffffffffffffffffffffff04', 'health', 'tomorrow', '{}', 'eeee')")
        #expect(badReading.status != 0 && badReading.stderr.contains("sessiond_record_hlc_check"), "a reading no daemon writes is refused when written: \(badReading.stderr)")
        // A state the views could not read is refused too, rather than failing every
        // coach's and planner's read of them.
        for (entity, data) in [("session", #"{"date": "someday"}"#), ("set", #"{"reps": "five"}"#), ("plan", #"{"weekStart": "2026-02-30"}"#),
                               ("session", #"{"date": "5000000-01-01"}"#), ("session", #"{"date": "2026-12-01", "startedAtMs": 9223372036854775807}"#)] {
            let refused = try server.psql("INSERT INTO sessiond_record (uid, entity, hlc, data, device) VALUES (md5('\(data)'), '\(entity)', '1796561635129-0000000002-eeee', '\(data)', 'eeee')")
            #expect(refused.status != 0 && refused.stderr.contains("sessiond_record_data_check"), "\(entity): \(refused.stderr)")
        }
        let client = try laptop.client()
        _ = try client.call("session.start")
        _ = try client.call("session.log", Workout.set("Squat", 5, 100))
        _ = try client.call("session.finish")
        try SyncTests.sync(laptop, server)
        let run = try runProcess(Binaries.sessiondSync, ["--once", "--socket", phone.socketPath, "--dsn", server.dsn()], timeout: 60)
        #expect(run.status == 0 && run.stdout.contains("applied=2") && run.stdout.contains("unreadable=2"), "\(run.stdout) \(run.stderr)")
        let passed = run.stderr.split(separator: "\n").filter { $0.hasPrefix("sessiond-sync: passed over: ") }
        #expect(passed.count == 2 && passed[0].contains("ffffffffffffffffffffffffffffff02") && passed[1].contains("ffffffffffffffffffffffffffffff03"), "\(run.stderr)")
        #expect(try phone.client().call("session.list").arrayValue?.first?["sets"] == 1, "the laptop's session and set arrived")
        // The next round pulls what came after, and the rows passed over stay behind.
        _ = try client.call("session.start")
        _ = try client.call("session.log", Workout.set("Squat", 5, 105))
        try SyncTests.sync(laptop, server)
        let again = try SyncTests.sync(phone, server)
        #expect(again.contains("applied=2") && again.contains("unreadable=0"), "\(again)")
        // A cursor stored by a build that read fewer entities: the pull starts again from
        // the first row, so what that build passed over is read now; what is held is
        // turned down as held.
        let serverID = try #require(try server.rows("SELECT server_id FROM sessiond_schema").first)
        let last = try #require(try server.rows("SELECT max(seq) FROM sessiond_record").first)
        _ = try phone.client().call("changes.apply", .obj(["changes": [], "pulled": .string("\(serverID):\(last):1")]))
        let fromTheFirst = try SyncTests.sync(phone, server)
        #expect(fromTheFirst.contains("applied=0") && fromTheFirst.contains("unreadable=2") && fromTheFirst.contains("ignored=4"), "\(fromTheFirst)")
    }
}
