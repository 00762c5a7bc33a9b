import Foundation
import SessionCore
import JSON
import Testing
import TestSupport

/// What a sync database brings to a device besides other devices' records: a coach's
/// plan becoming the active plan, wake-ups instead of the interval, the status a person
/// reads, and the views a coach reads, all against a real PostgreSQL.
@Suite(.serialized, .enabled(if: PostgresServer.unavailable() == nil, "\(PostgresServer.unavailable() ?? "")"))
struct SyncDeliveryTests {
    @Test func aCoachsPlanReachesTheAthletesDaemonAndBecomesTheActivePlan() throws {
        let server = try SyncSecurityTests.server()
        let phone = try DaemonProcess()
        defer { phone.cleanUp() }
        let client = try phone.client()
        let file = phone.directory + "/coach-plan.json"
        Fixtures.write(Fixtures.dumbbellPlan, to: file)

        // Not shared yet: carol's plan is refused by the database.
        let early = try runProcess(Binaries.sessiondSync, ["plan", "--dsn", server.dsn(user: "carol"), "alice", file])
        #expect(early.status == 1 && early.stderr.contains("alice has not shared with you"), "\(early.stderr)")
        _ = try client.call("sync.share", .obj(["role": "carol"]))
        try SyncSecurityTests.sync(phone, server, as: "alice")
        let queued = try runProcess(Binaries.sessiondSync, ["plan", "--dsn", server.dsn(user: "carol"), "alice", file])
        #expect(queued.status == 0 && queued.stdout.contains("queued for alice"), "\(queued.stderr)")
        Fixtures.write("{\"planName\": \"Nothing\", \"days\": []}", to: phone.directory + "/empty.json")
        let refusedLater = try runProcess(Binaries.sessiondSync, ["plan", "--dsn", server.dsn(user: "carol"), "alice", phone.directory + "/empty.json"])
        #expect(refusedLater.status == 0, "the database takes it; the daemon judges it: \(refusedLater.stderr)")

        let round = try SyncSecurityTests.sync(phone, server, as: "alice")
        #expect(round.contains("plans=1 plansRefused=1"), "\(round)")
        let active = try client.call("plan.get")
        let expectedName = try JSONParser.parse(Fixtures.dumbbellPlan)["planName"]
        #expect(active["name"] == expectedName && active["active"] == true, "\(active)")
        let marks = try server.rows("SELECT delivered_at IS NOT NULL, plan_id, error IS NOT NULL FROM sessiond_plan ORDER BY id")
        #expect(marks == ["t|\(active["planId"]?.intValue ?? 0)|f", "f||t"], "\(marks)")
        #expect(try server.rows("SELECT error FROM sessiond_plan WHERE error IS NOT NULL").first?.isEmpty == false)
        // Delivered once; the refused one is not offered again.
        #expect(try SyncSecurityTests.sync(phone, server, as: "alice").contains("plans=0 plansRefused=0"))
        #expect(try client.call("plan.list").arrayValue?.count == 1)
    }

    /// A queued plan goes to one of the athlete's devices, once: the device delivering
    /// it holds it claimed, and another passes it over (here psql holds the claim, as
    /// the phone's round would, while the laptop's round runs); the laptop gets it
    /// through the feed. A plan from a coach the athlete no longer shares with is marked,
    /// not delivered.
    @Test func aQueuedPlanIsDeliveredByOneDeviceOnlyAndOnlyWhileShared() throws {
        let server = try SyncSecurityTests.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        let file = try Self.sharedWithCarol(phone, server)
        #expect(try runProcess(Binaries.sessiondSync, ["plan", "--dsn", server.dsn(user: "carol"), "alice", file]).status == 0)

        let holder = try server.hold(as: "alice")
        holder.send("BEGIN; SELECT id FROM sessiond_plan FOR UPDATE;")
        try Wait.until(timeout: 10, "psql's claim on the plan") {
            try server.rows("SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'sessiond_plan' AND l.mode = 'RowShareLock'") != ["0"]
        }
        #expect(try SyncSecurityTests.sync(laptop, server, as: "alice").contains("plans=0 plansRefused=0"), "the claimed plan is passed over")
        try holder.end()
        #expect(try SyncSecurityTests.sync(phone, server, as: "alice").contains("plans=1"))
        #expect(try SyncSecurityTests.sync(laptop, server, as: "alice").contains("plans=0"), "delivered already")
        try SyncSecurityTests.sync(phone, server, as: "alice")
        try SyncSecurityTests.sync(laptop, server, as: "alice")
        for device in [phone, laptop] { #expect(try device.client().call("plan.list").arrayValue?.count == 1) }
        #expect(try server.rows("SELECT count(*) FROM sessiond_record WHERE entity = 'plan'") == ["1"])

        #expect(try runProcess(Binaries.sessiondSync, ["plan", "--dsn", server.dsn(user: "carol"), "alice", file]).status == 0)
        _ = try phone.client().call("sync.unshare", .obj(["role": "carol"]))
        #expect(try SyncSecurityTests.sync(phone, server, as: "alice").contains("plans=0 plansRefused=1"))
        #expect(try phone.client().call("plan.list").arrayValue?.count == 1)
        #expect(try server.rows("SELECT error FROM sessiond_plan WHERE error IS NOT NULL") == ["not delivered: the athlete no longer shares with carol (sessionctl sync unshare)"])
    }

    /// A delivery whose mark is lost after the daemon stored the plan (a trigger here
    /// refuses the mark once, as a kill of sessiond-sync or a lost connection would leave
    /// it) is stored once: retried by the same device, and delivered by another device
    /// before the first one's plan reached it.
    @Test func aDeliveryWhoseMarkWasLostIsStoredOnceWhicheverDeviceDeliversItAgain() throws {
        let server = try SyncSecurityTests.server()
        _ = try server.rows("""
            CREATE SEQUENCE lost_marks;
            CREATE FUNCTION lose_a_mark() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
            BEGIN
                IF NEW.delivered_at IS NOT NULL AND nextval('lost_marks') = 1 THEN RAISE EXCEPTION 'the mark is lost'; END IF;
                RETURN NEW;
            END $$;
            CREATE TRIGGER lose_a_mark BEFORE UPDATE ON sessiond_plan FOR EACH ROW EXECUTE FUNCTION lose_a_mark();
            """)
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        let file = try Self.sharedWithCarol(phone, server)
        func queue() throws { #expect(try runProcess(Binaries.sessiondSync, ["plan", "--dsn", server.dsn(user: "carol"), "alice", file]).status == 0) }
        func loseTheMark(_ device: DaemonProcess) throws {
            let round = try runProcess(Binaries.sessiondSync, ["--once", "--socket", device.socketPath, "--dsn", server.dsn(user: "alice")], timeout: 60)
            #expect(round.status != 0 && round.stderr.contains("the mark is lost"), "\(round.stderr)")
        }
        func plans(_ device: DaemonProcess) throws -> [Int] { try device.client().call("plan.list").arrayValue?.compactMap { $0["planId"]?.intValue } ?? [] }

        // The same device again, after the athlete chose a plan of their own meanwhile.
        try queue()
        try loseTheMark(phone)
        let stored = try plans(phone)
        #expect(stored.count == 1, "the daemon stored it before the mark was lost")
        #expect(try server.rows("SELECT count(*) FROM sessiond_plan WHERE delivered_at IS NULL") == ["1"])
        let legs = #"{"planName": "Legs only", "days": [{"day": "Tuesday", "title": "Legs", "exercises": [{"name": "Back Squat", "sets": 5, "reps": 5}]}]}"#
        let own = try phone.client().call("plan.import", .obj(["plan": .string(legs)]))
        #expect(own["active"] == true)
        #expect(try SyncSecurityTests.sync(phone, server, as: "alice").contains("plans=1"))
        #expect(try Set(plans(phone)) == Set(stored + [own["planId"]?.intValue ?? 0]), "answered with the plan stored the first time")
        #expect(try phone.client().call("plan.get")["planId"] == own["planId"], "and not made active again over the athlete's choice")
        #expect(try server.rows("SELECT plan_id FROM sessiond_plan") == ["\(stored.first ?? 0)"])

        // Another device, before the first one's plan reached it.
        _ = try server.rows("ALTER SEQUENCE lost_marks RESTART")
        try queue()
        try loseTheMark(phone)
        #expect(try SyncSecurityTests.sync(laptop, server, as: "alice").contains("plans=1"), "the laptop delivers it")
        for device in [phone, laptop, phone] { try SyncSecurityTests.sync(device, server, as: "alice") }
        for device in [phone, laptop] { #expect(try plans(device).count == 3, "the athlete's, the first delivery and this one, once") }
        #expect(try server.rows("SELECT count(*) FROM sessiond_record WHERE entity = 'plan'") == ["3"])
        #expect(try server.rows("SELECT count(*) FROM sessiond_plan WHERE delivered_at IS NULL") == ["0"])
    }

    /// Alice's phone shares with carol and syncs; the plan file carol queues for her.
    static func sharedWithCarol(_ phone: DaemonProcess, _ server: PostgresServer) throws -> String {
        let file = phone.directory + "/coach-plan.json"
        Fixtures.write(Fixtures.dumbbellPlan, to: file)
        _ = try phone.client().call("sync.share", .obj(["role": "carol"]))
        try SyncSecurityTests.sync(phone, server, as: "alice")
        return file
    }

    @Test func syncStatusShowsTheLastPushAndPullTheBacklogAndTheLastError() throws {
        let server = try SyncTests.server()
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let before = try client.call("sync.status")
        #expect(before["lastPush"]?.stringValue == nil && before["lastPull"]?.stringValue == nil && before["backlog"] == 0 && before["lastError"]?.stringValue == nil, "\(before)")
        _ = try client.call("session.start")
        _ = try client.call("session.log", Workout.set("Squat", 5, 100))
        #expect(try client.call("sync.status")["backlog"] == 2, "the session and its set")
        try SyncTests.sync(daemon, server)
        let synced = try client.call("sync.status")
        #expect(synced["lastPush"]?.stringValue != nil && synced["lastPull"]?.stringValue != nil && synced["backlog"] == 0, "\(synced)")

        server.stop()
        _ = try client.call("session.log", Workout.set("Squat", 5, 105))
        let down = try runProcess(Binaries.sessiondSync, ["--once", "--socket", daemon.socketPath, "--dsn", server.dsn()])
        #expect(down.status == 1)
        let failed = try client.call("sync.status")
        #expect(failed["backlog"] == 1 && failed["lastPush"] == synced["lastPush"], "the new set waits: \(failed)")
        #expect(failed["lastError"]?.stringValue?.contains("cannot connect to PostgreSQL") == true && failed["lastErrorAt"]?.stringValue != nil, "\(failed)")
        let shown = try daemon.ctl(["sync", "status"])
        #expect(shown.status == 0 && shown.stdout.contains("backlog     1 change to push") && shown.stdout.contains("cannot connect to PostgreSQL"), "\(shown.stdout)")

        try server.start()
        try SyncTests.sync(daemon, server)
        let again = try client.call("sync.status")
        #expect(again["lastError"]?.stringValue == nil && again["backlog"] == 0, "a round that completes clears the error: \(again)")
    }

    @Test func aSetLoggedOnOneDeviceReachesTheOtherInSecondsDespiteALongInterval() throws {
        let server = try SyncTests.server()
        let phone = try DaemonProcess()
        let laptop = try DaemonProcess()
        defer { phone.cleanUp(); laptop.cleanUp() }
        var loops: [Process] = []
        defer { for loop in loops { loop.terminate(); loop.waitUntilExit() } }
        for daemon in [phone, laptop] { loops.append(try Self.loop(daemon, server, interval: 600)) }
        // Both ran their first round, and wait now.
        for daemon in [phone, laptop] {
            let client = try daemon.client()
            try Wait.until(timeout: 30, "the first round of \(daemon.socketPath)") { try client.call("sync.status")["lastPull"]?.stringValue != nil }
        }
        let onPhone = try phone.client()
        let onLaptop = try laptop.client()
        _ = try onPhone.call("session.start")
        _ = try onPhone.call("session.log", Workout.set("Squat", 5, 100))
        // The phone's event wakes its loop to push; the insert's notification wakes the laptop's to pull.
        try Wait.until(timeout: 10, "the phone's set on the laptop") { (try? onLaptop.call("session.current"))?["sets"] == 1 }
        #expect(loops.allSatisfy { $0.isRunning }, "both loops still run")
    }

    /// A daemon that closed the loop's idle connection between rounds: the next round,
    /// woken by a set, connects again and pushes it at once (it had failed with
    /// "connection lost while sending" and pushed on its retry half a minute later).
    @Test func aRoundAfterTheDaemonsIdleTimeoutConnectsAgainAtOnce() throws {
        let server = try SyncTests.server()
        let phone = try DaemonProcess(extraArguments: ["--idle-timeout", "1"])
        defer { phone.cleanUp() }
        let loop = try Self.loop(phone, server, interval: 600)
        defer { loop.terminate(); loop.waitUntilExit() }
        let client = try phone.client()
        try Wait.until(timeout: 30, "the first round") { try client.call("sync.status")["lastPull"]?.stringValue != nil }
        // The loop's request connection closed for idleness: its events' and this one stay.
        try Wait.until(timeout: 30, "the idle connection closed") { try client.call("daemon.status")["connections"] == 2 }
        _ = try client.call("session.start")
        _ = try client.call("session.log", Workout.set("Squat", 5, 100))
        try Wait.until(timeout: 10, "the set pushed by the woken round") {
            let rows = try server.psql("SELECT count(*) FROM sessiond_record")
            return (Int(rows.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) >= 2
        }
    }

    /// `sessiond-sync`'s loop over `daemon` and `server`, running, its output dropped.
    static func loop(_ daemon: DaemonProcess, _ server: PostgresServer, interval: Int) throws -> Process {
        let loop = Process()
        loop.executableURL = URL(fileURLWithPath: Binaries.sessiondSync)
        loop.arguments = ["--interval", String(interval), "--socket", daemon.socketPath, "--dsn", server.dsn()]
        loop.standardOutput = FileHandle.nullDevice
        loop.standardError = FileHandle.nullDevice
        try loop.run()
        return loop
    }

    /// The loop connects to a daemon that restarted: a set logged after the restart is
    /// pushed by the next round (the loop had kept the dead connection and failed every
    /// round until it was restarted itself).
    @Test func theLoopConnectsAgainToADaemonThatRestarted() throws {
        let server = try SyncTests.server()
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let loop = try Self.loop(daemon, server, interval: 2)
        defer { loop.terminate(); loop.waitUntilExit() }
        try Wait.until(timeout: 30, "the first round") { try daemon.client().call("sync.status")["lastPull"]?.stringValue != nil }
        #expect(daemon.stop() == 0)
        try daemon.start()
        let client = try daemon.client()
        _ = try client.call("session.start")
        _ = try client.call("session.log", Workout.set("Squat", 5, 100))
        try Wait.until(timeout: 30, "the set pushed after the restart") {
            let rows = try server.psql("SELECT count(*) FROM sessiond_record")
            return (Int(rows.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) >= 2
        }
        #expect(loop.isRunning)
    }

    @Test func theViewsGiveEachWeeksFiguresTheLastSessionAndEachLiftsBestEstimate() throws {
        let server = try SyncSecurityTests.server()
        let phone = try DaemonProcess()
        defer { phone.cleanUp() }
        let client = try phone.client()
        typealias Logged = (start: String, end: String, sets: [(String, Int, Double?)])
        var sessions: [Logged] = [
            ("2026-11-02T18:00:00", "2026-11-02T19:00:00", [("Back Squat", 5, 100), ("Back Squat", 3, 110), ("Bench Press", 8, 60)]),
            ("2026-11-04T18:00:00", "2026-11-04T19:00:00", [("Back Squat", 5, 105), ("Deadlift", 2, 150)]),
        ]
        for session in sessions { try Workout.backfill(client, start: session.start, end: session.end, sets: session.sets) }
        // The last session has a warm-up and an assisted pull-up (20 kg of help): as the
        // daemon counts them, neither is a set of the week's volume.
        let last: Logged = ("2026-11-10T18:00:00", "2026-11-10T19:00:00",
                            [("Back Squat", 5, 60), ("Back Squat", 1, 125), ("Bench Press", 10, 62.5), ("Pull-up", 8, -20)])
        let warmUps: Set<Int> = [0]
        _ = try client.call("session.start", .obj(["at": .string(last.start)]))
        for (index, (exercise, reps, weight)) in last.sets.enumerated() {
            _ = try client.call("session.log", .obj(["exercise": .string(exercise), "reps": JSONValue(reps), "weightKg": .number(weight ?? 0),
                                                     "kind": warmUps.contains(index) ? "warmup" : "normal", "at": .string(last.start)]))
        }
        _ = try client.call("session.finish", .obj(["at": .string(last.end)]))
        sessions.append(last)
        func counts(_ session: Logged, _ index: Int) -> Bool { session.start != last.start || !warmUps.contains(index) }
        // The week of 2 November under a plan that trains Monday, Wednesday and Friday.
        #expect(try phone.importBeforeItsWeek("2026-11-02", [Fixtures.dumbbellPlanPath]).status == 0)
        _ = try client.call("sync.share", .obj(["role": "carol"]))
        try SyncSecurityTests.sync(phone, server, as: "alice")

        // Computed here from what was logged: weeks start on Monday (2 and 9 November).
        func week(_ start: String) -> String { start.hasPrefix("2026-11-1") ? "2026-11-09" : "2026-11-02" }
        var weeks: [String: (sessions: Int, sets: Int, volume: Double)] = [:]
        var best: [String: Double] = [:]
        for session in sessions {
            let key = week(session.start)
            var figures = weeks[key] ?? (0, 0, 0)
            figures.sessions += 1
            for (index, (exercise, reps, weight)) in session.sets.enumerated() where counts(session, index) {
                figures.sets += 1
                figures.volume += Double(reps) * max(weight ?? 0, 0)
                if let weight, weight > 0 {
                    best["\(exercise)|\(key)"] = max(best["\(exercise)|\(key)"] ?? 0, weight * (1 + Double(reps) / 30))
                }
            }
            weeks[key] = figures
        }
        let weekRows = try server.rows("SELECT week, sessions, sets, volume_kg FROM sessiond_week ORDER BY week", user: "carol")
        #expect(weekRows.count == weeks.count, "\(weekRows)")
        for row in weekRows {
            let columns = row.split(separator: "|").map(String.init)
            let expected = try #require(weeks[columns[0]])
            #expect(Int(columns[1]) == expected.sessions && Int(columns[2]) == expected.sets, "\(row)")
            #expect(abs((Double(columns[3]) ?? -1) - expected.volume) < 0.001, "\(row) against \(expected.volume)")
        }
        let lifts = try server.rows("SELECT exercise, week, best_e1rm_kg FROM sessiond_lift_week ORDER BY exercise, week", user: "carol")
        #expect(lifts.count == best.count, "\(lifts)")
        for row in lifts {
            let columns = row.split(separator: "|").map(String.init)
            let expected = try #require(best["\(columns[0])|\(columns[1])"], "\(row)")
            #expect(abs((Double(columns[2]) ?? -1) - expected) < 0.01, "\(row) against \(expected)")
        }
        let lastRows = try server.rows("SELECT athlete, date, sets, volume_kg FROM sessiond_last_session", user: "carol")
        let lastCounted = last.sets.indices.filter { counts(last, $0) }.map { last.sets[$0] }
        let lastVolume = lastCounted.reduce(0.0) { $0 + Double($1.1) * max($1.2 ?? 0, 0) }
        let columns = try #require(lastRows.first).split(separator: "|").map(String.init)
        #expect(lastRows.count == 1 && columns[0] == "alice" && columns[1] == "2026-11-10" && Int(columns[2]) == lastCounted.count, "\(lastRows)")
        #expect(abs((Double(columns[3]) ?? -1) - lastVolume) < 0.001, "\(lastRows)")
        // The daemon's own weekly summary gives the same figures.
        for (week, figures) in weeks {
            let summary = try client.call("summary.weekly", .obj(["weekStart": .string(week)]))
            #expect(summary["sets"] == JSONValue(figures.sets) && abs((summary["volumeKg"]?.numberValue ?? -1) - figures.volume) < 0.001,
                    "\(week): \(summary)")
        }
        // Sets per muscle group: each set once for each primary group of its exercise.
        var perMuscle: [String: Int] = [:]
        for session in sessions {
            for (index, (exercise, _, _)) in session.sets.enumerated() where counts(session, index) {
                for group in ExerciseCatalog.builtIn.exercise(key: exercise.exerciseKey)?.primary ?? [] {
                    perMuscle["\(week(session.start))|\(group.rawValue)", default: 0] += 1
                }
            }
        }
        let muscles = try server.rows("SELECT week, muscle, sets FROM sessiond_week_muscle ORDER BY week, muscle", user: "carol")
        #expect(!perMuscle.isEmpty && muscles.count == perMuscle.count, "\(muscles) against \(perMuscle)")
        for row in muscles {
            let columns = row.split(separator: "|").map(String.init)
            #expect(perMuscle["\(columns[0])|\(columns[1])"] == Int(columns[2]), "\(row)")
        }
        // Adherence: the plan's days with exercises, read from its file, against the
        // dates that have a session.
        let planFile = try JSONParser.parse(String(decoding: FileManager.default.contents(atPath: Fixtures.dumbbellPlanPath) ?? Data(), as: UTF8.self))
        let planned = (planFile["days"]?.arrayValue ?? []).enumerated().filter { !($0.element["exercises"]?.arrayValue ?? []).isEmpty }
            .map { "2026-11-0\(2 + $0.offset)" }
        let trained = Set(sessions.map { String($0.start.prefix(10)) }).filter { planned.contains($0) }
        #expect(try server.rows("SELECT week, planned_days, trained_days FROM sessiond_week_adherence", user: "carol")
                == ["2026-11-02|\(planned.count)|\(trained.count)"])
        // Alice reads her own figures through the same views; bob reads none.
        #expect(try server.rows("SELECT count(*) FROM sessiond_week", user: "alice") == ["\(weeks.count)"])
        #expect(try server.rows("SELECT count(*) FROM sessiond_week", user: "bob") == ["0"])
    }
}
