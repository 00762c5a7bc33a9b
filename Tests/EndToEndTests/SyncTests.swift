import Foundation
import JSON
import SessionSync
import Testing
import TestSupport

/// sessiond-sync between two daemons through a real PostgreSQL (a private server in a
/// temporary directory): what two devices of one athlete do.
@Suite(.serialized, .enabled(if: PostgresServer.unavailable() == nil, "\(PostgresServer.unavailable() ?? "")"))
struct SyncTests {
    /// A private server with the schema applied.
    static func server() throws -> PostgresServer {
        let server = try PostgresServer()
        let schema = try runProcess(Binaries.sessiondSync, ["schema"])
        #expect(schema.status == 0)
        let applied = try server.psql(schema.stdout)
        #expect(applied.status == 0, "\(applied.stderr)")
        return server
    }

    /// A session started on `daemon` with `count` sets of rows (1 to 12 reps, 50 kg), each
    /// with `note` when given.
    static func logRows(_ daemon: DaemonProcess, _ count: Int, note: String? = nil) throws {
        let client = try daemon.client()
        _ = try client.call("session.start")
        for set in 1...count {
            _ = try client.call("session.log", .obj(["exercise": "Row", "reps": JSONValue(set % 12 + 1), "weightKg": 50, "note": note.map(JSONValue.string) ?? .null]))
        }
    }

    /// One `sessiond-sync --once` of `daemon`; its report line.
    @discardableResult
    static func sync(_ daemon: DaemonProcess, _ server: PostgresServer) throws -> String {
        let run = try runProcess(Binaries.sessiondSync, ["--once", "--socket", daemon.socketPath, "--dsn", server.dsn()], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    @Test func twoDevicesThatLoggedEditedAndUndidApartConvergeWhateverTheOrder() throws {
        let server = try Self.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        let onPhone = try phone.client()
        let onLaptop = try laptop.client()
        _ = try onPhone.call("session.start")
        let first = try onPhone.call("session.log", Workout.set("Squat", 5, 100))
        _ = try onPhone.call("session.log", Workout.set("Squat", 5, 100))
        #expect(try Self.sync(phone, server).contains("pushed=3"))
        #expect(try Self.sync(laptop, server).contains("applied=3"))
        let current = try onLaptop.call("session.current")
        #expect(current["sets"] == 2, "the session reached the laptop through PostgreSQL")

        // Apart: the phone logs and edits; the laptop logs and undoes the phone's second set.
        _ = try onPhone.call("session.log", Workout.set("Squat", 5, 105))
        _ = try onPhone.call("session.editSet", .obj(["setId": first["setId"] ?? .null, "reps": 6]))
        _ = try onLaptop.call("session.log", Workout.set("Bench Press", 8, 60))
        let laptopSets = try onLaptop.call("session.get", .obj(["sessionId": current["sessionId"] ?? .null]))["sets"]?.arrayValue ?? []
        let second = laptopSets.filter { $0["exercise"] == "Back Squat" }.max { ($0["setId"]?.intValue ?? 0) < ($1["setId"]?.intValue ?? 0) }
        _ = try onLaptop.call("session.undo", .obj(["setId": second?["setId"] ?? .null]))

        // The laptop first, then the phone, then the laptop again.
        try Self.sync(laptop, server)
        try Self.sync(phone, server)
        _ = try onPhone.call("session.finish")
        try Self.sync(phone, server)
        try Self.sync(laptop, server)

        let expected = ["Back Squat 5x105.0", "Back Squat 6x100.0", "Bench Press 8x60.0"]
        for daemon in [phone, laptop] {
            let record = try Workout.record(daemon.client())
            #expect(record.count == 1)
            let sets = (record.first?["sets"]?.arrayValue ?? []).map {
                "\($0["exercise"]?.stringValue ?? "?") \($0["reps"]?.intValue ?? 0)x\($0["weightKg"]?.numberValue ?? 0)"
            }
            #expect(sets.sorted() == expected)
        }
        #expect(try Workout.record(phone.client()) == Workout.record(laptop.client()))

        // PostgreSQL holds each record once: the session, four sets (one a tombstone).
        let rows = try server.psql("SELECT entity, count(*), count(*) FILTER (WHERE deleted) FROM sessiond_record GROUP BY entity ORDER BY entity")
        #expect(rows.stdout.split(separator: "\n") == ["session|1|0", "set|4|1"])
        // A further run has nothing to push and nothing new to apply.
        let again = try Self.sync(phone, server)
        #expect(again.contains("pushed=0") && again.contains("applied=0"), "\(again)")

        // A body mass weighed on the laptop reaches the phone.
        _ = try onLaptop.call("health.record", .obj(["type": "bodyMassKg", "value": 80.5, "date": "2026-11-20"]))
        try Self.sync(laptop, server)
        #expect(try Self.sync(phone, server).contains("applied=1"))
        let mass = JSONValue.obj(["type": "bodyMassKg", "from": "2026-11-01", "to": "2026-11-30"])
        #expect(try onPhone.call("health.list", mass) == onLaptop.call("health.list", mass))

        // Settings travel too: an alias and a rest of one's own set on the phone.
        _ = try onPhone.call("exercise.alias", .obj(["alias": "press", "name": "Overhead Press"]))
        _ = try onPhone.call("exercise.rest", .obj(["exercise": "Back Squat", "seconds": 200]))
        try Self.sync(phone, server)
        #expect(try Self.sync(laptop, server).contains("applied=2"))
        #expect(try onLaptop.call("exercise.aliases") == onPhone.call("exercise.aliases"))
        #expect(try onLaptop.call("exercise.rests").jsonText.contains("200"))
        let settings = try server.psql("SELECT entity, data->>'name' FROM sessiond_record WHERE entity IN ('alias', 'rest') ORDER BY entity")
        #expect(settings.stdout.split(separator: "\n") == ["alias|Overhead Press", "rest|"], "\(settings.stdout)")
    }

    /// The phone finishes the session while the laptop, not yet knowing, renames it;
    /// the laptop pushes first, so the database merges the phone's finish into the
    /// rename: every device, and one that joins later, holds it finished, with the
    /// finish's effort and one title.
    @Test func aFinishHoldsAgainstARenameMadeElsewhereThatReachedTheDatabaseFirst() throws {
        let server = try Self.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        let tablet = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp(); tablet.cleanUp() }
        _ = try phone.client().call("session.start")
        _ = try phone.client().call("session.log", Workout.set("Squat", 5, 100))
        try Self.sync(phone, server)
        try Self.sync(laptop, server)
        let sessionID = try #require(try laptop.client().call("session.current")["sessionId"])

        _ = try phone.client().call("session.finish", .obj(["rpe": 8]))
        _ = try laptop.client().call("session.edit", .obj(["sessionId": sessionID, "title": "Leg day"]))
        for device in [laptop, phone, laptop, tablet] { try Self.sync(device, server) }

        #expect(try server.rows("SELECT data->>'endedAtMs' IS NOT NULL, data->>'rpe' FROM sessiond_record WHERE entity = 'session'") == ["t|8"])
        var titles = Set<String>()
        for device in [phone, laptop, tablet] {
            let client = try device.client()
            let listed = try #require(try client.call("session.list").arrayValue?.first)
            let session = try client.call("session.get", .obj(["sessionId": listed["sessionId"] ?? .null]))
            #expect(session["state"] == "finished" && session["rpe"] == 8 && session["sets"]?.arrayValue?.count == 1, "\(session)")
            titles.insert(session["title"]?.stringValue ?? "?")
            #expect(try client.call("session.current")["active"] != true)
        }
        #expect(titles.count == 1, "one title everywhere: \(titles)")
        #expect(try Workout.record(phone.client()) == Workout.record(laptop.client()))
    }

    @Test func aPlanImportedAndActivatedOnThePhoneIsTheLaptopsActivePlan() throws {
        let server = try Self.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        let onPhone = try phone.client()
        let onLaptop = try laptop.client()
        let imported = try onPhone.call("plan.import", .obj(["plan": .string(Fixtures.dumbbellPlan), "weekStart": "2026-11-30"]))
        #expect(imported["active"] == true)
        #expect(try Self.sync(phone, server).contains("pushed=2"))
        #expect(try Self.sync(laptop, server).contains("applied=2"))
        let active = try onLaptop.call("plan.get")
        #expect(active["name"] == imported["name"] && active["weekStart"] == "2026-11-30", "\(active)")
        #expect(active["days"] == (try onPhone.call("plan.get"))["days"], "the same days, ids included on two fresh devices")
        let rows = try server.psql("SELECT entity, count(*) FROM sessiond_record WHERE entity LIKE 'plan%' GROUP BY entity ORDER BY entity")
        #expect(rows.stdout.split(separator: "\n") == ["plan|1", "planEvent|1"], "\(rows.stdout)")
    }

    @Test func aDatabaseWithoutTheSchemaOrWithAnotherVersionIsRefused() throws {
        let server = try PostgresServer()
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let bare = try runProcess(Binaries.sessiondSync, ["--once", "--socket", daemon.socketPath, "--dsn", server.dsn()])
        #expect(bare.status == 1)
        #expect(bare.stderr.contains("no sessiond schema") && bare.stderr.contains("sessiond-sync schema | psql"), "\(bare.stderr)")
        let schema = try runProcess(Binaries.sessiondSync, ["schema"])
        _ = try server.psql(schema.stdout)
        _ = try server.psql("UPDATE sessiond_schema SET version = 99")
        let newer = try runProcess(Binaries.sessiondSync, ["--once", "--socket", daemon.socketPath, "--dsn", server.dsn()])
        #expect(newer.status == 1)
        #expect(newer.stderr.contains("version 99") && newer.stderr.contains("reads versions 4 to \(SyncSchema.version) only"), "\(newer.stderr)")
        // A database of version 4 is still synced with: its sessiond-sync is upgraded
        // before it is; one of 3 is to be upgraded.
        _ = try server.psql("UPDATE sessiond_schema SET version = 4")
        _ = try daemon.client().call("session.start")
        let older = try runProcess(Binaries.sessiondSync, ["--once", "--socket", daemon.socketPath, "--dsn", server.dsn()])
        #expect(older.status == 0 && older.stdout.contains("pushed=1"), "\(older.stderr)")
        _ = try server.psql("UPDATE sessiond_schema SET version = 3")
        let oldest = try runProcess(Binaries.sessiondSync, ["--once", "--socket", daemon.socketPath, "--dsn", server.dsn()])
        #expect(oldest.status == 1 && oldest.stderr.contains("sessiond-sync schema --upgrade | psql"), "\(oldest.stderr)")
        let usage = try runProcess(Binaries.sessiondSync, ["--password", "x"])
        #expect(usage.status == 2 && usage.stderr.contains("usage: sessiond-sync"))
    }

    @Test func aStoppedServerLosesNothingAndTheBacklogDrainsWhenItReturns() throws {
        let server = try Self.server()
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        _ = try client.call("session.log", Workout.set("Deadlift", 3, 140))
        server.stop()
        let down = try runProcess(Binaries.sessiondSync, ["--once", "--socket", daemon.socketPath, "--dsn", server.dsn()])
        #expect(down.status == 1 && down.stderr.contains("cannot connect to PostgreSQL"), "\(down.stderr)")
        _ = try client.call("session.log", Workout.set("Deadlift", 3, 150))
        #expect(try client.call("changes.since", .obj(["limit": 1]))["backlog"] == 3, "the session and two sets wait")
        try server.start()
        #expect(try Self.sync(daemon, server).contains("pushed=3"))
        #expect(try client.call("changes.since", .obj(["limit": 1]))["backlog"] == 0)
    }

    @Test func aKilledPushLosesNothingAndDuplicatesNothing() throws {
        let server = try Self.server()
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        let sets = 1500
        for set in 1...sets { _ = try client.call("session.log", Workout.set("Row", set % 12 + 1, 50)) }
        let push = Process()
        push.executableURL = URL(fileURLWithPath: Binaries.sessiondSync)
        push.arguments = ["--once", "--socket", daemon.socketPath, "--dsn", server.dsn()]
        push.standardOutput = FileHandle.nullDevice
        try push.run()
        // Cut off once its first records are in the server.
        _ = Wait.poll(timeout: 10) {
            let pushed = try? server.psql("SELECT count(*) FROM sessiond_record")
            return (Int(pushed?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0) > 0 || !push.isRunning
        }
        kill(push.processIdentifier, SIGKILL)
        push.waitUntilExit()
        try Self.sync(daemon, server)
        let rows = try server.psql("SELECT count(*), count(DISTINCT uid) FROM sessiond_record")
        #expect(rows.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(sets + 1)|\(sets + 1)", "the session and every set, once")
        #expect(try client.call("changes.since", .obj(["limit": 1]))["backlog"] == 0)
    }

    /// A set whose row reads years ahead (written by a device whose clock ran fast): an
    /// edit of it here reads earlier and loses in the database, and this device, which
    /// had kept its own edit and pulled past the row, pulls the row back and holds what
    /// the database holds (it had diverged for good, its edit pushed "successfully").
    @Test func anEditThatLosesToAReadingAheadIsPulledBackAndTheDevicesConverge() throws {
        let server = try Self.server()
        let phone = try DaemonProcess()
        defer { phone.cleanUp() }
        let client = try phone.client()
        _ = try client.call("session.start")
        let set = try client.call("session.log", .obj(["exercise": "Row", "reps": 5, "weightKg": 50]))
        try Self.sync(phone, server)
        // Another device's edits, stamped two years ahead (its clock that fast): 7 reps,
        // and the running session titled "Fast".
        let aheadMs = (Int64(Date().timeIntervalSince1970) + 2 * 366 * 86_400) * 1000
        let ahead = String(repeating: "0", count: 13 - String(aheadMs).count) + "\(aheadMs)-0000000000-00000000000000aa"
        let written = try server.psql("""
            UPDATE sessiond_record SET hlc = '\(ahead)', device = '00000000000000aa', seq = nextval('sessiond_record_seq'),
                data = CASE entity WHEN 'set' THEN jsonb_set(data, '{reps}', '7') ELSE jsonb_set(data, '{title}', '"Fast"') END
            WHERE entity IN ('set', 'session')
            """)
        #expect(written.status == 0, "\(written.stderr)")
        try Self.sync(phone, server)
        let setID = set["setId"] ?? .null
        let pulled = try client.call("session.get")
        #expect(pulled["sets"]?[0]?["reps"] == 7 && pulled["title"] == "Fast", "the fast device's edits pulled: \(pulled)")
        // Edits here read earlier: the database keeps 7 and "Fast", and so, pulled back,
        // does the phone (a session the push's merge kept out too).
        _ = try client.call("session.editSet", .obj(["setId": setID, "reps": 9]))
        let sessionID = pulled["sessionId"] ?? .null
        _ = try client.call("session.edit", .obj(["sessionId": sessionID, "title": "Mine"]))
        try Self.sync(phone, server)
        let held = try server.rows("SELECT entity, coalesce(data->>'reps', data->>'title') FROM sessiond_record WHERE entity IN ('set', 'session') ORDER BY entity")
        #expect(held == ["session|Fast", "set|7"], "\(held)")
        let shown = try client.call("session.get")
        #expect(shown["sets"]?[0]?["reps"] == 7 && shown["title"] == "Fast", "the phone holds what the database holds: \(shown)")
    }

    /// An edit that lost to another device's later one, pushed first, is not sent back
    /// to every device: this device pulls that row in its own pull, not yet past it.
    @Test func anOrdinaryConflictMovesNothingBack() throws {
        let server = try Self.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        try Self.logRows(phone, 1)
        try Self.sync(phone, server)
        try Self.sync(laptop, server)
        let onPhone = try phone.client().call("session.get")["sets"]?[0]?["setId"] ?? .null
        let onLaptop = try laptop.client().call("session.get")["sets"]?[0]?["setId"] ?? .null
        // The phone's edit made on a clock an hour slow: it reads earlier than the laptop's,
        // however close the two come.
        let hourAgo = (Int64(Date().timeIntervalSince1970) - 3600) * 1000
        _ = try phone.at(ms: hourAgo) { try phone.client().call("session.editSet", .obj(["setId": onPhone, "reps": 6])) }
        _ = try laptop.client().call("session.editSet", .obj(["setId": onLaptop, "reps": 8]))
        try Self.sync(laptop, server)
        let before = try server.rows("SELECT seq, device FROM sessiond_record WHERE entity = 'set'")
        try Self.sync(phone, server)
        #expect(try server.rows("SELECT seq, device FROM sessiond_record WHERE entity = 'set'") == before, "the laptop's row stays where it was")
        #expect(try phone.client().call("session.get")["sets"]?[0]?["reps"] == 8)
    }

    /// A finished session of more sets than a page of the pull: its row (moved past its
    /// sets by the finish) lies on the second page, so the first page's sets wait for
    /// it and are applied with it, in one round, whose cursor is stored; the next round
    /// pulls nothing again. (The pull had held the whole backlog in memory to order it.)
    @Test func aSessionWhoseRowFollowsItsSetsPastAPageArrivesInOneRound() throws {
        let server = try Self.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        let sets = 1100
        try Self.logRows(phone, sets)
        _ = try phone.client().call("session.finish")
        try Self.sync(phone, server)
        let first = try Self.sync(laptop, server)
        #expect(first.contains("pulled=\(sets + 1) applied=\(sets + 1) ignored=0 unresolved=0"), "\(first)")
        let id = try #require(try laptop.client().call("session.list").arrayValue?.first?["sessionId"])
        #expect(try laptop.client().call("session.get", .obj(["sessionId": id]))["endedAt"] != .null)
        let again = try Self.sync(laptop, server)
        #expect(again.contains("pulled=0 "), "the cursor was stored: \(again)")
    }

    /// The pull cursor is stored page by page: a first page that settles is kept when a
    /// later one cannot (a second running session, from another device, while one runs
    /// here), so a pull cut short or left unresolved starts again from there, not from
    /// the beginning (the cursor had gone only with the last of all the changes).
    @Test func aSettledPageKeepsItsCursorWhenALaterOneIsUnresolved() throws {
        let server = try Self.server()
        let phone = try DaemonProcess()
        let tablet = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); tablet.cleanUp(); laptop.cleanUp() }
        try Self.logRows(phone, 1100)
        try Self.sync(phone, server)
        _ = try tablet.client().call("session.start")
        try Self.sync(tablet, server)
        let first = try Self.sync(laptop, server)
        #expect(first.contains("unresolved=1"), "the tablet's session waits while the phone's runs: \(first)")
        // The test's own reading: the 1,000th row of the database is where the first page ended.
        let pageEnd = try #require(try server.rows("SELECT seq FROM sessiond_record ORDER BY seq OFFSET 999 LIMIT 1").first)
        let cursor = try laptop.client().call("changes.since", .obj(["limit": 1]))["pulled"]?.stringValue ?? ""
        #expect(cursor.split(separator: ":").dropFirst().first.map(String.init) == pageEnd, "\(cursor), the first page ending at \(pageEnd)")
    }

    /// A history of long notes reaches the other device: the pull is sent in calls cut
    /// by size as well as by count (1,000 sets of long notes had made one line of more
    /// than 1 MiB, which the daemon closes, so nothing ever arrived).
    @Test func aHistoryOfLongNotesReachesTheOtherDevice() throws {
        let server = try Self.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        // 400 characters of 4 bytes each: 1,000 such sets are 1.9 MB of changes.
        let note = String(repeating: "💪", count: 400)
        let sets = 1200
        try Self.logRows(phone, sets, note: note)
        try Self.sync(phone, server)
        try Self.sync(laptop, server)
        let current = try laptop.client().call("session.list", .obj(["limit": 5])).arrayValue ?? []
        let id = try #require(current.first?["sessionId"])
        let shown = try laptop.client().call("session.get", .obj(["sessionId": id]))
        #expect(shown["sets"]?.arrayValue?.count == sets && shown["sets"]?[0]?["note"]?.stringValue == note, "\(shown["sets"]?.arrayValue?.count ?? 0) sets")
    }
}
