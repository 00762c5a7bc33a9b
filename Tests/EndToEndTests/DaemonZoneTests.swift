import Foundation
import JSON
import SessionCore
import SessionRPC
import Testing
import TestSupport

/// A daemon in New York and a terminal on UTC (a daemon run with --timezone, or reached
/// through -H from another zone), at moments when their dates differ: today, yesterday
/// and a day's wall-clock times are the daemon's. The expected days and instants are
/// worked out here with Foundation's calendar, apart from sessiond's clock.
@Suite(.serialized) struct DaemonZoneTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    static let terminal = ["TZ": "UTC"]

    /// Unix ms of a wall-clock time in New York.
    static func newYork(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Int64 {
        Wall.ms(LocalDate(year: year, month: month, day: day)!, hour: hour, minute: minute, in: zone)
    }

    /// A daemon in New York.
    static func newYorkDaemon() throws -> DaemonProcess { try DaemonProcess(extraArguments: ["--timezone", zone.identifier]) }

    /// sessionctl `arguments` run from the UTC terminal at `ms`.
    static func ctl(_ daemon: DaemonProcess, at ms: Int64, _ arguments: [String]) throws -> ProcessResult {
        try daemon.at(ms: ms) { try daemon.ctl(arguments, environment: terminal) }
    }

    static func sessions(_ daemon: DaemonProcess) throws -> [JSONValue] {
        try daemon.client().call("session.list", .obj(["limit": 50])).arrayValue ?? []
    }

    @Test func todayAndYesterdayAreTheDaemons() throws {
        let daemon = try Self.newYorkDaemon()
        defer { daemon.cleanUp() }
        // Monday 30 November, 21:30 in New York: already Tuesday on the terminal's UTC.
        let now = Self.newYork(2026, 11, 30, 21, 30)
        try daemon.at(ms: now) {
            let tracked = try daemon.ctl(["track", "yesterday", "18:00-19:00", "goblet", "squat", "3x10@24"], environment: Self.terminal)
            #expect(tracked.status == 0, "\(tracked.stderr)")
            let started = try daemon.ctl(["start", "--yes", "--at", "yesterday 17:00"], environment: Self.terminal)
            #expect(started.status == 0, "\(started.stderr)")
        }
        let items = try Self.sessions(daemon)
        #expect(items.count == 2, "\(items)")
        for item in items {
            #expect(item["date"] == "2026-11-29", "the daemon's yesterday is Sunday: \(item)")
        }
        let started = try #require(items.first { $0["state"] != "finished" })
        let startedMs = try #require(started["startedAt"]?.stringValue.flatMap(Timestamp.init)?.ms)
        #expect(startedMs == Self.newYork(2026, 11, 29, 17), "\(started)")
        let tracked = try #require(items.first { $0["state"] == "finished" })
        #expect(tracked["startedAt"]?.stringValue.flatMap(Timestamp.init)?.ms == Self.newYork(2026, 11, 29, 18), "\(tracked)")
    }

    /// Day words in options and in start's DATE are the daemon's: at Monday 21:30 in
    /// New York (Tuesday on the terminal's UTC) yesterday is Sunday 29 November, whose
    /// week began on the 23rd.
    @Test func dayWordsInOptionsAreTheDaemons() throws {
        let daemon = try Self.newYorkDaemon()
        defer { daemon.cleanUp() }
        let now = Self.newYork(2026, 11, 30, 21, 30)
        let recorded = try Self.ctl(daemon, at: now, ["health", "sleep", "7", "--date", "yesterday", "--json"])
        #expect(try JSONParser.parse(recorded.stdout)["date"] == "2026-11-29", "\(recorded.stdout) \(recorded.stderr)")
        let summary = try Self.ctl(daemon, at: now, ["summary", "--week", "yesterday", "--json"])
        #expect(try JSONParser.parse(summary.stdout)["weekStart"] == "2026-11-23", "\(summary.stdout) \(summary.stderr)")
        let shown = try Self.ctl(daemon, at: now, ["health", "show", "--from", "yesterday", "--to", "yesterday", "--json"])
        #expect(shown.status == 0 && shown.stdout.contains("2026-11-29"), "\(shown.stdout) \(shown.stderr)")
        let started = try Self.ctl(daemon, at: now, ["start", "yesterday", "--json"])
        #expect(try JSONParser.parse(started.stdout)["date"] == "2026-11-29", "\(started.stdout) \(started.stderr)")
    }

    /// A month named without its year is of the daemon's year: on New Year's Eve at 21:30
    /// in New York the terminal's UTC is in 2027 already.
    @Test func aMonthWithoutItsYearIsOfTheDaemonsYear() throws {
        let daemon = try Self.newYorkDaemon()
        defer { daemon.cleanUp() }
        let now = Self.newYork(2026, 12, 31, 21, 30)
        for word in ["december", "12", "dec"] {
            let shown = try Self.ctl(daemon, at: now, ["calendar", word, "--json"])
            #expect(try JSONParser.parse(shown.stdout)["month"] == "2026-12", "\(word): \(shown.stdout) \(shown.stderr)")
        }
        let written = try Self.ctl(daemon, at: now, ["calendar", "2027-01", "--json"])
        #expect(try JSONParser.parse(written.stdout)["month"] == "2027-01", "a year written is kept: \(written.stdout)")
    }

    @Test func planShowMarksTheDaemonsToday() throws {
        let daemon = try Self.newYorkDaemon()
        defer { daemon.cleanUp() }
        try Workout.importPlan(try daemon.client(), weekStart: "2026-11-30")
        let shown = try Self.ctl(daemon, at: Self.newYork(2026, 11, 30, 21, 30), ["plan", "show"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let marked = shown.stdout.split(separator: "\n").filter { $0.contains("◀ today") }
        #expect(marked.count == 1 && marked.first?.contains("2026-11-30") == true, "\(shown.stdout)")
        // Completing log's EXERCISE offers the daemon's today's exercises, Monday's.
        let completed = try Self.ctl(daemon, at: Self.newYork(2026, 11, 30, 21, 30), ["__complete-exercises"])
        let monday = try daemon.client().call("plan.get")["days"]?.arrayValue?.first { $0["date"] == "2026-11-30" }
        let planned = monday?["exercises"]?.arrayValue?.compactMap { $0["name"]?.stringValue?.lowercased().replacingOccurrences(of: " ", with: "-") } ?? []
        #expect(!planned.isEmpty && completed.stdout.split(separator: "\n").map(String.init) == planned, "\(completed.stdout) against \(planned)")
    }

    @Test func nextWeekFollowsTheDaemonsToday() throws {
        let daemon = try Self.newYorkDaemon()
        defer { daemon.cleanUp() }
        // Sunday 29 November, 21:00 in New York: Monday on UTC. Next week begins
        // tomorrow, 30 November; the week that ends is the one of 23 November.
        let request = try Self.ctl(daemon, at: Self.newYork(2026, 11, 29, 21), ["plan", "next", "--print-request"])
        #expect(request.status == 0, "\(request.stderr)")
        let printed = try JSONParser.parse(request.stdout)
        #expect(printed["weekStart"] == "2026-11-30", "\(request.stdout.prefix(400))")
    }

    /// A watch's activity that does not say its offset starts, on the daemon's wall
    /// clock, when its zone says: 03:00 UTC is 22:00 the evening before in New York.
    @Test func aFitActivityWithoutItsOffsetIsPlacedInTheDaemonsZone() throws {
        let daemon = try Self.newYorkDaemon()
        defer { daemon.cleanUp() }
        let start = Self.newYork(2025, 11, 30, 22) / 1000
        let path = daemon.directory + "/evening.fit"
        Fixtures.write(JSONValue.obj([
            "sport": 10, "subSport": 20, "start": JSONValue(Int(start)), "elapsed": 1800,
            "sets": [.obj(["start": JSONValue(Int(start) + 10), "duration": 40, "reps": 8, "weight": 60, "active": true, "category": [0]])],
        ]).jsonText, to: path + ".json")
        let made = try runProcess("/usr/bin/env", ["python3", Fixtures.packageRoot + "/Tests/Fixtures/fit/make_fit.py", path, path + ".json"])
        try #require(made.status == 0, "\(made.stderr)")
        let imported = try daemon.ctl(["import", path], environment: Self.terminal)
        #expect(imported.status == 0, "\(imported.stderr)")
        let item = try #require(try Self.sessions(daemon).first)
        #expect(item["date"] == "2025-11-30", "\(item)")
        #expect(item["startedAt"]?.stringValue.flatMap(Timestamp.init)?.ms == start * 1000, "\(item)")
    }

    /// Gadgetbridge's samples are instants: a weighing at 03:00 UTC is the evening
    /// before's in New York, and counts for that day.
    @Test func gadgetbridgeSamplesFallOnTheDaemonsDays() throws {
        let daemon = try Self.newYorkDaemon()
        defer { daemon.cleanUp() }
        let path = daemon.directory + "/Gadgetbridge"
        let weighed = Self.newYork(2025, 11, 30, 22)
        let made = try runProcess("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript('''CREATE TABLE "DEVICE" ("_id" INTEGER PRIMARY KEY, "NAME" TEXT NOT NULL, "MANUFACTURER" TEXT NOT NULL,
              "IDENTIFIER" TEXT NOT NULL UNIQUE, "TYPE" INTEGER NOT NULL, "TYPE_NAME" TEXT NOT NULL, "MODEL" TEXT, "ALIAS" TEXT);
            CREATE TABLE "MI_SCALE_WEIGHT_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL, "DEVICE_ID" INTEGER NOT NULL, "USER_ID" INTEGER NOT NULL,
              "WEIGHT_KG" REAL NOT NULL, PRIMARY KEY ("TIMESTAMP", "DEVICE_ID")) WITHOUT ROWID;
            INSERT INTO DEVICE VALUES (1, 'Scale', 'Xiaomi', 'AA:BB', 1, 'MISCALE', NULL, '');''')
            db.execute("INSERT INTO MI_SCALE_WEIGHT_SAMPLE VALUES (?, 1, 1, 80.4)", (int(sys.argv[2]),))
            db.commit()
            """, path, String(weighed)])
        try #require(made.status == 0, "\(made.stderr)")
        let run = try daemon.ctl(["health", "import", path], environment: Self.terminal)
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        let values = try daemon.client().call("health.list").arrayValue ?? []
        #expect(values.count == 1 && values.first?["date"] == "2025-11-30" && values.first?["value"] == 80.4, "\(values)")
    }

    /// A weekday names a day of the daemon's week: at 01:00 on Monday in Auckland it is
    /// still Sunday on UTC, and Tuesday is tomorrow's, not last week's.
    @Test func aWeekdayIsOfTheDaemonsWeek() throws {
        let daemon = try DaemonProcess(extraArguments: ["--timezone", "Pacific/Auckland"])
        defer { daemon.cleanUp() }
        try Workout.importPlan(try daemon.client(), weekStart: "2026-11-30")
        let monday = Wall.ms(LocalDate(year: 2026, month: 11, day: 30)!, hour: 1, in: TimeZone(identifier: "Pacific/Auckland")!)
        let moved = try daemon.at(ms: monday) {
            try daemon.ctl(["plan", "move", "tue", "wed", "--json"], environment: Self.terminal)
        }
        #expect(moved.status == 0, "\(moved.stderr)")
        let result = try JSONParser.parse(moved.stdout)
        #expect(result["from"]?["date"] == "2026-12-01" && result["to"]?["date"] == "2026-12-02", "\(moved.stdout)")
    }

    /// A time written without an offset is the daemon's wall clock: `start --at` of 02:00
    /// on the 1st is the 1st's, not the evening before's, whose session it would ask about.
    @Test func aWallClockTimeIsTheDaemonsForTheSecondSessionCheck() throws {
        let daemon = try Self.newYorkDaemon()
        defer { daemon.cleanUp() }
        let tracked = try Self.ctl(daemon, at: Self.newYork(2026, 11, 30, 21), ["track", "2026-11-30", "18:00-19:00", "goblet", "squat", "3x10@24"])
        #expect(tracked.status == 0, "\(tracked.stderr)")
        let started = try Self.ctl(daemon, at: Self.newYork(2026, 12, 1, 10), ["start", "--at", "2026-12-01 02:00"])
        #expect(started.status == 0, "no session on the 1st yet: \(started.stderr)")
        let current = try daemon.client().call("session.current")
        #expect(current["startedAt"]?.stringValue.flatMap(Timestamp.init)?.ms == Self.newYork(2026, 12, 1, 2), "\(current)")
    }

    /// The night the clocks go back an hour (1 November 2026 in New York), a session
    /// tracked from 00:30 to 03:30 lasted four hours, not three.
    @Test func aTrackedSessionAcrossTheClockChangeLastsAsTimeWent() throws {
        let daemon = try Self.newYorkDaemon()
        defer { daemon.cleanUp() }
        let tracked = try Self.ctl(daemon, at: Self.newYork(2026, 11, 2, 12), ["track", "2026-11-01", "00:30-03:30", "goblet", "squat", "3x10@24"])
        #expect(tracked.status == 0, "\(tracked.stderr)")
        let item = try #require(try Self.sessions(daemon).first)
        let lasted = (Self.newYork(2026, 11, 1, 3, 30) - Self.newYork(2026, 11, 1, 0, 30)) / 1000
        #expect(lasted == 4 * 3600, "the test's own count")
        let shown = try daemon.client().call("session.get", .obj(["sessionId": item["sessionId"] ?? .null]))
        let ended = try #require(shown["endedAt"]?.stringValue.flatMap(Timestamp.init)?.ms)
        #expect(ended == Self.newYork(2026, 11, 1, 3, 30) && ended - Self.newYork(2026, 11, 1, 0, 30) == lasted * 1000, "\(shown)")
    }

    /// The night the clocks go forward (8 March 2026 in New York, 02:00 to 03:00), a time
    /// between is none the clock showed: refused, nothing stored. One hour to either
    /// side of the gap lasted an hour less than its times' difference.
    @Test func aTrackedTimeTheClocksSkippedIsRefused() throws {
        let daemon = try Self.newYorkDaemon()
        defer { daemon.cleanUp() }
        for times in ["02:00-03:00", "01:00-02:30"] {
            let skipped = try Self.ctl(daemon, at: Self.newYork(2026, 3, 9, 12), ["track", "2026-03-08", times, "goblet", "squat", "3x10@24"])
            #expect(skipped.status == 2 && skipped.stderr.contains("was not on the clock"), "\(times): \(skipped.stderr)")
        }
        #expect(try Self.sessions(daemon).isEmpty)
        let tracked = try Self.ctl(daemon, at: Self.newYork(2026, 3, 9, 12), ["track", "2026-03-08", "01:00-03:30", "goblet", "squat", "3x10@24"])
        #expect(tracked.status == 0, "\(tracked.stderr)")
        let item = try #require(try Self.sessions(daemon).first)
        #expect(item["durationSeconds"] == JSONValue(Int((Self.newYork(2026, 3, 8, 3, 30) - Self.newYork(2026, 3, 8, 1)) / 1000)), "\(item)")
    }

    /// A plan imported on Thursday 02:00 in Berlin (Wednesday 20:00 in New York) leaves
    /// Monday and Wednesday, ended in Berlin, unplanned. The daemon started again in New
    /// York keeps them so: the import happened on Thursday where it happened, and a
    /// change of zone does not make Wednesday a missed day of that plan.
    @Test func aChangeOfZoneLeavesTheDaysLivedUnplanned() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let daemon = try DaemonProcess(extraArguments: ["--timezone", berlin.identifier])
        defer { daemon.cleanUp() }
        let imported = Wall.ms(LocalDate("2026-11-05")!, hour: 2, in: berlin)
        #expect(Wall.ms(LocalDate("2026-11-04")!, hour: 20, in: Self.zone) == imported, "the same instant, Wednesday in New York")
        // Mon, Wed and Fri train; Monday and Wednesday had ended in Berlin.
        let week = JSONValue.obj(["weekStart": "2026-11-02"])
        func summary() throws -> JSONValue { try daemon.client().call("summary.weekly", week) }
        try daemon.at(ms: imported) {
            _ = try daemon.client().call("plan.import", .obj(["plan": .string(Fixtures.dumbbellPlan), "weekStart": "2026-11-02"]))
        }
        let inBerlin = try daemon.at(ms: imported + 3_600_000) { try summary() }
        #expect(inBerlin["plannedDays"] == ["2026-11-06"] && inBerlin["missedDays"] == [], "\(inBerlin)")
        #expect(daemon.stop() == 0)
        try daemon.start(extraArguments: ["--timezone", Self.zone.identifier])
        let inNewYork = try daemon.at(ms: Self.newYork(2026, 11, 5, 9)) { try summary() }
        #expect(inNewYork["plannedDays"] == ["2026-11-06"] && inNewYork["missedDays"] == [], "\(inNewYork)")
        // Its export, restored by a daemon in New York, keeps the day too.
        let file = daemon.directory + "/export.json"
        #expect(try daemon.ctl(["export", file]).status == 0)
        let restored = try DaemonProcess(extraArguments: ["--timezone", Self.zone.identifier])
        defer { restored.cleanUp() }
        let restoring = try restored.ctl(["import", file])
        #expect(restoring.status == 0, "\(restoring.stderr)")
        let again = try restored.at(ms: Self.newYork(2026, 11, 5, 9)) { try restored.client().call("summary.weekly", week) }
        #expect(again["plannedDays"] == ["2026-11-06"] && again["missedDays"] == [], "\(again)")
    }
}
