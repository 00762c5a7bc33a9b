import Foundation
import JSON
import SessionSync
import Testing
import TestSupport

/// Row-level security and sharing in the sync schema, against a real PostgreSQL:
/// hand-written SQL as one athlete never reaches another's rows; a coach reads only the
/// athletes who shared with them, and nothing once the share is taken back.
@Suite(.serialized, .enabled(if: PostgresServer.unavailable() == nil, "\(PostgresServer.unavailable() ?? "")"))
struct SyncSecurityTests {
    /// A server with the schema, athletes alice and bob and coach carol.
    static func server() throws -> PostgresServer {
        let server = try SyncTests.server()
        _ = try server.rows("""
            CREATE ROLE alice LOGIN IN ROLE sessiond_athlete;
            CREATE ROLE bob LOGIN IN ROLE sessiond_athlete;
            CREATE ROLE carol LOGIN IN ROLE sessiond_coach;
            CREATE ROLE mallory LOGIN;
            """)
        return server
    }

    /// One `sessiond-sync --once` of `daemon` as `user`; its report line.
    @discardableResult
    static func sync(_ daemon: DaemonProcess, _ server: PostgresServer, as user: String) throws -> String {
        let run = try runProcess(Binaries.sessiondSync, ["--once", "--socket", daemon.socketPath, "--dsn", server.dsn(user: user)], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// psql's refusal of `sql` run as `user`, nil when it ran.
    static func refusal(_ server: PostgresServer, _ sql: String, as user: String) throws -> String? {
        let run = try server.psql(sql, user: user)
        return run.status == 0 ? nil : run.stderr
    }

    @Test func anAthleteNeitherReadsNorWritesAnotherAthletesRows() throws {
        let server = try Self.server()
        let bobsPhone = try DaemonProcess()
        defer { bobsPhone.cleanUp() }
        let bob = try bobsPhone.client()
        _ = try bob.call("session.start")
        _ = try bob.call("session.log", Workout.set("Squat", 5, 100))
        #expect(try Self.sync(bobsPhone, server, as: "bob").contains("pushed=2"))
        let bobsRows = try server.rows("SELECT uid, hlc, data::text FROM sessiond_record WHERE athlete = 'bob' ORDER BY uid")
        #expect(bobsRows.count == 2)

        // Alice's own row goes in and is hers; bob's are out of her reach.
        _ = try server.rows("INSERT INTO sessiond_record (uid, entity, hlc, data, device) VALUES ('a1', 'note', '0000000000001-0000000000-0c', '{}', 'pc')", user: "alice")
        #expect(try server.rows("SELECT athlete, uid FROM sessiond_record", user: "alice") == ["alice|a1"])
        #expect(try server.rows("SELECT count(*) FROM sessiond_record WHERE athlete = 'bob'", user: "alice") == ["0"])
        let forBob = try Self.refusal(server, "INSERT INTO sessiond_record (athlete, uid, entity, hlc, data, device) VALUES ('bob', 'b9', 'set', '0000000000001-0000000000-0c', '{}', 'pc')", as: "alice")
        #expect(forBob?.contains("row-level security") == true, "\(forBob ?? "inserted")")
        let moved = try Self.refusal(server, "UPDATE sessiond_record SET athlete = 'bob' WHERE uid = 'a1'", as: "alice")
        #expect(moved?.contains("permission denied") == true, "her row cannot be given to bob: \(moved ?? "updated")")
        #expect(try server.rows("WITH u AS (UPDATE sessiond_record SET hlc = '0000000000009-0000000000-0c', data = '{}' WHERE athlete = 'bob' RETURNING 1) SELECT count(*) FROM u", user: "alice") == ["0"])
        let deleted = try Self.refusal(server, "DELETE FROM sessiond_record", as: "alice")
        #expect(deleted?.contains("permission denied") == true, "an athlete deletes nothing, a tombstone is an upsert: \(deleted ?? "deleted")")
        // Nor can she hold every athlete up: no lock another's writes wait for.
        for table in ["sessiond_record", "sessiond_share", "sessiond_plan", "sessiond_channel"] {
            let locked = try Self.refusal(server, "BEGIN; LOCK TABLE \(table) IN SHARE MODE; COMMIT;", as: "alice")
            #expect(locked?.contains("permission denied") == true, "\(table): \(locked ?? "locked")")
        }
        #expect(try server.rows("SELECT uid, hlc, data::text FROM sessiond_record WHERE athlete = 'bob' ORDER BY uid") == bobsRows, "bob's rows as he pushed them")
        #expect(try server.rows("SELECT count(*) FROM sessiond_record", user: "bob") == ["2"], "and bob does not see alice's")

        // Nor can she share bob's records, or queue plans for him; a role in no group reads nothing.
        let share = try Self.refusal(server, "INSERT INTO sessiond_share (athlete, coach) VALUES ('bob', 'alice')", as: "alice")
        #expect(share?.contains("row-level security") == true, "\(share ?? "inserted")")
        let plan = try Self.refusal(server, "INSERT INTO sessiond_plan (athlete, body) VALUES ('bob', '{}')", as: "alice")
        #expect(plan?.contains("row-level security") == true, "\(plan ?? "inserted")")
        let stranger = try Self.refusal(server, "SELECT count(*) FROM sessiond_record", as: "mallory")
        #expect(stranger?.contains("permission denied") == true, "\(stranger ?? "read")")
    }

    @Test func aCoachReadsOnlyTheAthletesWhoSharedUntilTheyUnshare() throws {
        let server = try Self.server()
        let alicesPhone = try DaemonProcess()
        let bobsPhone = try DaemonProcess()
        defer { alicesPhone.cleanUp(); bobsPhone.cleanUp() }
        for daemon in [alicesPhone, bobsPhone] {
            let client = try daemon.client()
            _ = try client.call("session.start")
            _ = try client.call("session.log", Workout.set("Deadlift", 3, 140))
            _ = try client.call("session.finish")
        }
        let shared = try alicesPhone.ctl(["sync", "share", "carol"])
        #expect(shared.status == 0 && shared.stdout.contains("sharing with carol"), "\(shared.stderr)")
        #expect(try alicesPhone.ctl(["sync", "shares"]).stdout == "carol\n")
        let badRole = try alicesPhone.ctl(["sync", "share", "no body"])
        #expect(badRole.status == 2 && badRole.stderr.contains("no role name"), "\(badRole.stderr)")
        try Self.sync(alicesPhone, server, as: "alice")
        try Self.sync(bobsPhone, server, as: "bob")

        #expect(try server.rows("SELECT athlete, coach FROM sessiond_share") == ["alice|carol"])
        #expect(try server.rows("SELECT DISTINCT athlete FROM sessiond_record", user: "carol") == ["alice"])
        #expect(try server.rows("SELECT count(*) FROM sessiond_record", user: "carol") == ["2"], "alice's session and set, not her shares")
        #expect(try server.rows("SELECT count(*) FROM sessiond_record WHERE entity = 'share'", user: "alice") == ["1"])
        #expect(try server.rows("SELECT athlete, sets FROM sessiond_week", user: "carol") == ["alice|1"])
        let write = try Self.refusal(server, "DELETE FROM sessiond_record", as: "carol")
        #expect(write?.contains("permission denied") == true, "a coach reads only: \(write ?? "deleted")")
        let selfShare = try Self.refusal(server, "INSERT INTO sessiond_share (athlete, coach) VALUES ('bob', 'carol')", as: "carol")
        #expect(selfShare?.contains("permission denied") == true, "a coach cannot share with themselves: \(selfShare ?? "inserted")")

        let unshared = try alicesPhone.ctl(["sync", "unshare", "carol"])
        #expect(unshared.status == 0, "\(unshared.stderr)")
        #expect(try alicesPhone.ctl(["sync", "unshare", "carol"]).status == 1, "not shared any more")
        try Self.sync(alicesPhone, server, as: "alice")
        #expect(try server.rows("SELECT count(*) FROM sessiond_share WHERE NOT revoked") == ["0"])
        #expect(try server.rows("SELECT count(*) FROM sessiond_record", user: "carol") == ["0"])
        #expect(try server.rows("SELECT count(*) FROM sessiond_week", user: "carol") == ["0"])
    }

    /// A share made on one device holds on every device of the athlete's: each
    /// device's round makes PostgreSQL's shares the ones it holds, so they must hold the
    /// same. Taken back on another device, it is gone everywhere; and a setting removed
    /// and set again (a share, an alias) is back everywhere.
    @Test func aShareMadeOnOneDeviceHoldsOnEveryDeviceAndASettingSetAgainIsBack() throws {
        let server = try Self.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        func round() throws {
            for device in [phone, laptop, phone] { try Self.sync(device, server, as: "alice") }
        }
        func shares(_ device: DaemonProcess) throws -> [String] {
            try device.client().call("sync.status")["shares"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        _ = try phone.client().call("sync.share", .obj(["role": "carol"]))
        try round()
        #expect(try shares(laptop) == ["carol"])
        #expect(try server.rows("SELECT athlete, coach FROM sessiond_share WHERE NOT revoked") == ["alice|carol"], "the laptop's round keeps the phone's share")
        _ = try laptop.client().call("sync.unshare", .obj(["role": "carol"]))
        try round()
        #expect(try shares(phone).isEmpty && server.rows("SELECT count(*) FROM sessiond_share WHERE NOT revoked") == ["0"])
        _ = try phone.client().call("sync.share", .obj(["role": "carol"]))
        try round()
        #expect(try shares(laptop) == ["carol"] && server.rows("SELECT athlete, coach FROM sessiond_share") == ["alice|carol"])

        #expect(try phone.ctl(["alias", "press", "Overhead Press"]).status == 0)
        try round()
        #expect(try phone.ctl(["alias", "--remove", "press"]).status == 0)
        try round()
        #expect(try !laptop.ctl(["alias"]).stdout.contains("press"))
        #expect(try phone.ctl(["alias", "press", "Overhead Press"]).status == 0)
        try round()
        let aliases = try laptop.ctl(["alias"]).stdout
        #expect(aliases.contains("press") && aliases.contains("Overhead Press"), "set again, the alias is back on the laptop: \(aliases)")
    }

    /// A psql session as `user` that listens on `channels` until `finish` and returns
    /// what it printed (psql prints each notification after the next command).
    final class Listener {
        let process = Process()
        let input = Pipe()
        let output = Pipe()

        init(_ server: PostgresServer, as user: String, channels: [String]) throws {
            process.executableURL = URL(fileURLWithPath: server.binaries + "/psql")
            process.arguments = ["-X", "-q", "-d", server.dsn(user: user)]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            try process.run()
            input.fileHandleForWriting.write(Data((channels.map { "LISTEN \"\($0)\";" }.joined() + "SELECT 1;\n").utf8))
        }

        func finish() throws -> String {
            input.fileHandleForWriting.write(Data("SELECT 2;\n".utf8))
            try input.fileHandleForWriting.close()
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: printed, as: UTF8.self)
        }
    }

    /// Another athlete hears nothing of alice's rounds: she is woken on a channel named
    /// by a secret only she (and an administrator) reads, and the notification carries
    /// nothing. It still wakes her own sessiond-sync (SyncDeliveryTests).
    @Test func anotherAthleteNeitherReadsNorHearsAnAthletesWakeUps() throws {
        let server = try Self.server()
        let phone = try DaemonProcess()
        defer { phone.cleanUp() }
        try Self.sync(phone, server, as: "alice")
        #expect(try server.rows("SELECT count(*) FROM sessiond_channel", user: "alice") == ["1"])
        #expect(try server.rows("SELECT count(*) FROM sessiond_channel", user: "bob") == ["0"], "bob reads no channel of alice's")
        let secret = try #require(try server.rows("SELECT channel FROM sessiond_channel WHERE athlete = 'alice'").first)
        let bob = try Listener(server, as: "bob", channels: ["sessiond", "alice", "sessiond_alice"])
        let owner = try Listener(server, as: "alice", channels: [secret])
        try Wait.until(timeout: 10, "both listening") {
            try server.rows("SELECT count(*) FROM pg_stat_activity WHERE usename IN ('alice', 'bob') AND query LIKE 'SELECT 1%'") == ["2"]
        }
        _ = try phone.client().call("session.start")
        _ = try phone.client().call("session.log", Workout.set("Squat", 5, 100))
        #expect(try Self.sync(phone, server, as: "alice").contains("pushed=2"))
        let heardByBob = try bob.finish()
        let heardByAlice = try owner.finish()
        #expect(!heardByBob.contains("Asynchronous notification"), "\(heardByBob)")
        #expect(heardByAlice.contains("Asynchronous notification \"\(secret)\" received"), "\(heardByAlice)")
        #expect(!heardByAlice.contains("with payload"), "the notification names no one: \(heardByAlice)")
        // Nor may bob call the function that knows the secrets from a trigger of his own.
        let trigger = try Self.refusal(server, """
            CREATE TEMP TABLE poke (athlete name);
            CREATE TRIGGER poke AFTER INSERT ON poke FOR EACH ROW EXECUTE FUNCTION sessiond_notify();
            """, as: "bob")
        #expect(trigger?.contains("permission denied for function sessiond_notify") == true, "\(trigger ?? "created")")
    }

    /// Sync schema version 1 as it shipped: records without row-level security.
    static let versionOne = """
        BEGIN;
        CREATE TABLE sessiond_schema (version integer NOT NULL, server_id text NOT NULL);
        INSERT INTO sessiond_schema (version, server_id) VALUES (1, md5(random()::text));
        CREATE SEQUENCE sessiond_record_seq;
        CREATE TABLE sessiond_record (
            athlete name NOT NULL DEFAULT current_user, uid text NOT NULL,
            entity text NOT NULL CHECK (entity IN ('session', 'set', 'health')),
            hlc text COLLATE "C" NOT NULL, deleted boolean NOT NULL DEFAULT false, data jsonb, device text NOT NULL,
            seq bigint NOT NULL DEFAULT nextval('sessiond_record_seq'), PRIMARY KEY (athlete, uid));
        CREATE INDEX sessiond_record_by_seq ON sessiond_record (athlete, seq);
        CREATE ROLE dave LOGIN;
        CREATE ROLE erin LOGIN;
        GRANT SELECT, INSERT, UPDATE ON sessiond_record TO dave, erin;
        GRANT SELECT ON sessiond_schema TO dave, erin;
        GRANT USAGE ON SEQUENCE sessiond_record_seq TO dave, erin;
        COMMIT;
        """

    @Test func aVersionOneDatabaseIsUpgradedInPlaceAndItsAthletesKeepTheirRowsOnly() throws {
        let server = try PostgresServer()
        _ = try server.rows(Self.versionOne)
        _ = try server.rows("INSERT INTO sessiond_record (uid, entity, hlc, device) VALUES ('e1', 'health', '1', 'x')", user: "erin")
        #expect(try server.rows("SELECT count(*) FROM sessiond_record", user: "dave") == ["1"], "version 1: every role reads every row")
        let phone = try DaemonProcess()
        defer { phone.cleanUp() }
        let refused = try runProcess(Binaries.sessiondSync, ["--once", "--socket", phone.socketPath, "--dsn", server.dsn(user: "dave")])
        #expect(refused.status == 1 && refused.stderr.contains("sessiond-sync schema --upgrade | psql"), "\(refused.stderr)")

        let upgrade = try runProcess(Binaries.sessiondSync, ["schema", "--upgrade"])
        #expect(upgrade.status == 0)
        _ = try server.rows(upgrade.stdout)
        #expect(try server.rows("SELECT version FROM sessiond_schema") == ["\(SyncSchema.version)"])
        #expect(try server.rows("SELECT count(*) FROM sessiond_record", user: "dave") == ["0"], "erin's row is hers alone now")
        #expect(try server.rows("SELECT uid FROM sessiond_record", user: "erin") == ["e1"])
        let locked = try Self.refusal(server, "BEGIN; LOCK TABLE sessiond_record IN EXCLUSIVE MODE; COMMIT;", as: "dave")
        #expect(locked?.contains("permission denied") == true, "version 1's own grant of UPDATE is taken back: \(locked ?? "locked")")
        _ = try phone.client().call("session.start")
        #expect(try Self.sync(phone, server, as: "dave").contains("pushed=1"))
        #expect(try server.rows("SELECT athlete, entity FROM sessiond_record ORDER BY athlete") == ["dave|session", "erin|health"])
        let twice = try server.psql(upgrade.stdout)
        #expect(twice.status != 0 && twice.stderr.contains("version 1, 2, 3 or 4 only"), "an upgraded database is left as it is: \(twice.stderr)")
    }

    /// A database of sync schema version 2, as `sessiond-sync schema` printed it
    /// (Tests/Fixtures/sync/schema-2.sql), upgraded in place: sessiond-sync refuses it
    /// first, naming the upgrade; afterwards the views count sets and volume as the
    /// daemon's own week does (version 2's counted warm-ups and assisted loads).
    @Test func aVersionTwoDatabaseIsUpgradedInPlaceAndItsViewsCountAsTheDaemonDoes() throws {
        let server = try PostgresServer()
        _ = try server.rows(Fixtures.read(Fixtures.packageRoot + "/Tests/Fixtures/sync/schema-2.sql"))
        _ = try server.rows("CREATE ROLE alice LOGIN IN ROLE sessiond_athlete")
        let phone = try DaemonProcess()
        defer { phone.cleanUp() }
        let client = try phone.client()
        let sets: [(kind: String, exercise: String, reps: Int, weight: Double)] = [
            ("warmup", "Back Squat", 5, 60), ("normal", "Back Squat", 5, 100), ("normal", "Pull-Up", 8, -20),
        ]
        _ = try client.call("session.start")
        for set in sets {
            _ = try client.call("session.log", .obj(["exercise": .string(set.exercise), "reps": JSONValue(set.reps),
                                                     "weightKg": .number(set.weight), "kind": .string(set.kind)]))
        }
        _ = try client.call("session.finish")
        let refused = try runProcess(Binaries.sessiondSync, ["--once", "--socket", phone.socketPath, "--dsn", server.dsn(user: "alice")])
        #expect(refused.status == 1 && refused.stderr.contains("version 2") && refused.stderr.contains("sessiond-sync schema --upgrade | psql"), "\(refused.stderr)")

        let upgrade = try runProcess(Binaries.sessiondSync, ["schema", "--upgrade"])
        _ = try server.rows(upgrade.stdout)
        #expect(try server.rows("SELECT version FROM sessiond_schema") == ["\(SyncSchema.version)"])
        #expect(try Self.sync(phone, server, as: "alice").contains("pushed=4"), "the session and its three sets")
        let row = try server.rows("SELECT sets, volume_kg FROM sessiond_week", user: "alice")
        let columns = try #require(row.first, "\(row)").split(separator: "|").map(String.init)
        let counted = sets.filter { $0.kind != "warmup" }
        #expect(Int(columns[0]) == counted.count && Double(columns[1]) == counted.reduce(0) { $0 + Double($1.reps) * max($1.weight, 0) }, "\(row)")
        let summary = try client.call("summary.weekly")
        #expect(summary["sets"] == JSONValue(counted.count) && summary["volumeKg"]?.numberValue == Double(columns[1]), "the daemon's own week: \(summary)")
        #expect(try server.psql("UPDATE sessiond_record SET hlc = 'later'").stderr.contains("sessiond_record_hlc_check"), "readings are checked from now on")
        let twice = try server.psql(upgrade.stdout)
        #expect(twice.status != 0 && twice.stderr.contains("version 1, 2, 3 or 4 only"), "\(twice.stderr)")
    }

    /// A database of sync schema version 3 (Tests/Fixtures/sync/schema-3.sql, as
    /// `sessiond-sync schema` printed it), upgraded in place: sessiond-sync refuses it
    /// first, naming the upgrade; afterwards a session still running is not counted in
    /// the views, as the daemon's summary does not count it, and another athlete holding
    /// the advisory lock version 3's pushes took turns by no longer stalls a push.
    @Test func aVersionThreeDatabaseIsUpgradedAndNoOtherRoleCanStallAPush() throws {
        let server = try PostgresServer()
        _ = try server.rows(Fixtures.read(Fixtures.packageRoot + "/Tests/Fixtures/sync/schema-3.sql"))
        // Dave was also granted UPDATE as a role of his own, as version 1 granted it.
        _ = try server.rows("""
            CREATE ROLE alice LOGIN IN ROLE sessiond_athlete; CREATE ROLE mallory LOGIN IN ROLE sessiond_athlete;
            CREATE ROLE dave LOGIN IN ROLE sessiond_athlete; GRANT SELECT, INSERT, UPDATE, TRIGGER ON sessiond_record TO dave;
            """)
        let phone = try DaemonProcess()
        defer { phone.cleanUp() }
        let client = try phone.client()
        _ = try client.call("session.start")
        _ = try client.call("session.log", Workout.set("Squat", 5, 100))
        _ = try client.call("session.finish")
        _ = try client.call("session.start")
        _ = try client.call("session.log", Workout.set("Bench Press", 5, 80))
        let refused = try runProcess(Binaries.sessiondSync, ["--once", "--socket", phone.socketPath, "--dsn", server.dsn(user: "alice")])
        #expect(refused.status == 1 && refused.stderr.contains("version 3") && refused.stderr.contains("sessiond-sync schema --upgrade | psql"), "\(refused.stderr)")

        let upgrade = try runProcess(Binaries.sessiondSync, ["schema", "--upgrade"])
        let upgraded = try server.psql(upgrade.stdout)
        #expect(upgraded.status == 0, "\(upgraded.stderr)")
        #expect(try server.rows("SELECT version FROM sessiond_schema") == ["\(SyncSchema.version)"])

        // Mallory can lock no table (version 3 granted athletes UPDATE and DELETE, and
        // so LOCK TABLE) nor alice's channel row, and holds what version 3's pushes
        // waited on.
        let locks = ["sessiond_channel", "sessiond_record", "sessiond_share", "sessiond_plan"].map { "LOCK TABLE \($0) IN EXCLUSIVE MODE" }
        for statement in locks + ["DELETE FROM sessiond_share"] {
            let refused = try Self.refusal(server, "BEGIN; \(statement); COMMIT;", as: "mallory")
            #expect(refused?.contains("permission denied") == true, "\(statement): \(refused ?? "ran")")
        }
        let own = try Self.refusal(server, "BEGIN; LOCK TABLE sessiond_record IN EXCLUSIVE MODE; COMMIT;", as: "dave")
        #expect(own?.contains("permission denied") == true, "a role's own grant is taken back: \(own ?? "locked")")
        // Alice's turn is her channel row's lock: no other role sees the row, and no key
        // shows in pg_locks for another to take.
        _ = try server.rows("INSERT INTO sessiond_channel DEFAULT VALUES", user: "alice")
        let turn = try server.hold(as: "alice")
        turn.send("BEGIN; SELECT FROM sessiond_channel WHERE athlete = current_user FOR NO KEY UPDATE;")
        try Wait.until(timeout: 10, "alice's turn") {
            try server.rows("SELECT count(*) FROM pg_stat_activity WHERE usename = 'alice' AND state = 'idle in transaction'") != ["0"]
        }
        #expect(try server.rows("SELECT athlete FROM sessiond_channel WHERE athlete = 'alice' FOR NO KEY UPDATE", user: "mallory").isEmpty)
        #expect(try server.rows("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'", user: "mallory") == ["0"])
        try turn.end()
        let holder = try server.hold(as: "mallory")
        holder.send("BEGIN; SELECT pg_advisory_xact_lock(hashtext('alice'));")
        try Wait.until(timeout: 10, "mallory's advisory lock") {
            try server.rows("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted") != ["0"]
        }
        let round = try runProcess(Binaries.sessiondSync, ["--once", "--socket", phone.socketPath, "--dsn", server.dsn(user: "alice")], timeout: 20)
        #expect(round.status == 0 && round.stdout.contains("pushed=4"), "two sessions and their sets, not stalled: \(round.stdout) \(round.stderr)")
        try holder.end()

        let week = try server.rows("SELECT sessions, sets FROM sessiond_week", user: "alice")
        #expect(week == ["1|1"], "the finished session alone: \(week)")
        let summary = try client.call("summary.weekly")
        #expect(summary["sessions"] == 1 && summary["sets"] == 1, "as the daemon's own week: \(summary)")
        #expect(try server.rows("SELECT title, sets FROM sessiond_last_session", user: "alice").count == 1)
        let twice = try server.psql(upgrade.stdout)
        #expect(twice.status != 0 && twice.stderr.contains("version 1, 2, 3 or 4 only"), "\(twice.stderr)")
    }

    /// A plan an athlete queues is theirs by author too: one naming their coach as its
    /// author (`created_by`) would be delivered, and shown to the coach, as the coach's.
    /// A database of version 4 (Tests/Fixtures/sync/schema-4.sql, as `sessiond-sync
    /// schema` printed it) let it; upgraded, it refuses it, and the athlete still marks
    /// the delivery of the coach's own plans.
    @Test func anAthleteQueuesPlansUnderTheirOwnNameOnly() throws {
        let server = try PostgresServer()
        _ = try server.rows(Fixtures.read(Fixtures.packageRoot + "/Tests/Fixtures/sync/schema-4.sql"))
        _ = try server.rows("CREATE ROLE alice LOGIN IN ROLE sessiond_athlete; CREATE ROLE carol LOGIN IN ROLE sessiond_coach")
        _ = try server.rows("INSERT INTO sessiond_share (coach) VALUES ('carol')", user: "alice")
        let forge = "INSERT INTO sessiond_plan (athlete, body, created_by) VALUES ('alice', '{}', 'carol')"
        #expect(try Self.refusal(server, forge, as: "alice") == nil, "version 4 let it")
        let upgrade = try runProcess(Binaries.sessiondSync, ["schema", "--upgrade"])
        let upgraded = try server.psql(upgrade.stdout)
        #expect(upgraded.status == 0, "\(upgraded.stderr)")
        #expect(try server.rows("SELECT version FROM sessiond_schema") == ["\(SyncSchema.version)"])

        try Self.refusesForgedAuthors(server, "upgraded")
        try Self.refusesForgedAuthors(try Self.server(), "made anew")
    }

    /// Alice, sharing with carol, queues a plan under carol's name (refused) and her own
    /// (stored), and marks the delivery of carol's.
    static func refusesForgedAuthors(_ server: PostgresServer, _ schema: String) throws {
        _ = try server.rows("INSERT INTO sessiond_share (coach) VALUES ('carol') ON CONFLICT DO NOTHING", user: "alice")
        let refused = try refusal(server, "INSERT INTO sessiond_plan (athlete, body, created_by) VALUES ('alice', '{}', 'carol')", as: "alice")
        #expect(refused?.contains("row-level security") == true, "\(schema): \(refused ?? "queued under carol's name")")
        #expect(try refusal(server, "INSERT INTO sessiond_plan (athlete, body) VALUES ('alice', '{}')", as: "alice") == nil, "\(schema): her own")
        let queued = try server.rows("INSERT INTO sessiond_plan (athlete, body) VALUES ('alice', '{}') RETURNING id", user: "carol")
        let id = try #require(queued.first, "\(schema): \(queued)")
        let marked = try server.rows("UPDATE sessiond_plan SET delivered_at = now(), plan_id = 1 WHERE id = \(id) RETURNING created_by", user: "alice")
        #expect(marked == ["carol"], "\(schema): she marks the delivery of carol's plan: \(marked)")
    }
}
