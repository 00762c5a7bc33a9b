import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// `sessionctl health import`: Apple Health's export.xml, streamed, turned into daily
/// values by the documented rules, all or nothing, idempotent. The values expected are
/// worked out here from the records the test writes.
@Suite struct HealthImportTests {
    /// One record of the fixture: its type, value, unit, source and times as written.
    struct Record {
        let type: String
        let value: String
        let unit: String
        let source: String
        let start: String
        let end: String

        var xml: String {
            #"  <Record type="\#(type)" sourceName="\#(source)" unit="\#(unit)" creationDate="\#(end)" startDate="\#(start)" endDate="\#(end)" value="\#(value)"/>"#
        }
    }

    static func export(_ records: [Record]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        ]>
        <HealthData locale="en_GB">
          <ExportDate value="2026-11-25 07:27:26 +0100"/>
          <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-07-31" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale"/>
        \(records.map(\.xml).joined(separator: "\n"))
        </HealthData>

        """
    }

    static let steps = "HKQuantityTypeIdentifierStepCount", sleep = "HKCategoryTypeIdentifierSleepAnalysis"
    static let heart = "HKQuantityTypeIdentifierRestingHeartRate", mass = "HKQuantityTypeIdentifierBodyMass"
    static let fat = "HKQuantityTypeIdentifierBodyFatPercentage", distance = "HKQuantityTypeIdentifierDistanceWalkingRunning"
    static let hrv = "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"

    static let records: [Record] = [
        // Steps on the 23rd: 09:00 phone 1,000 in two records and watch 800 (the same
        // walk); 10:00 the watch alone 500; a distance record is not steps.
        Record(type: steps, value: "600", unit: "count", source: "iPhone", start: "2026-11-23 09:05:00 +0100", end: "2026-11-23 09:20:00 +0100"),
        Record(type: steps, value: "400", unit: "count", source: "iPhone", start: "2026-11-23 09:30:00 +0100", end: "2026-11-23 09:45:00 +0100"),
        Record(type: steps, value: "800", unit: "count", source: "Watch", start: "2026-11-23 09:06:00 +0100", end: "2026-11-23 09:44:00 +0100"),
        Record(type: steps, value: "500", unit: "count", source: "Watch", start: "2026-11-23 10:10:00 +0100", end: "2026-11-23 10:30:00 +0100"),
        Record(type: distance, value: "1.2", unit: "km", source: "iPhone", start: "2026-11-23 09:05:00 +0100", end: "2026-11-23 09:20:00 +0100"),
        // The night to the 24th: the phone's old Asleep and the watch's stages overlap;
        // in bed and awake are no sleep.
        Record(type: sleep, value: "HKCategoryValueSleepAnalysisInBed", unit: "", source: "iPhone", start: "2026-11-23 22:30:00 +0100", end: "2026-11-24 07:00:00 +0100"),
        Record(type: sleep, value: "HKCategoryValueSleepAnalysisAsleep", unit: "", source: "iPhone", start: "2026-11-23 23:00:00 +0100", end: "2026-11-24 06:30:00 +0100"),
        Record(type: sleep, value: "HKCategoryValueSleepAnalysisAsleepCore", unit: "", source: "Watch", start: "2026-11-23 23:30:00 +0100", end: "2026-11-24 02:00:00 +0100"),
        Record(type: sleep, value: "HKCategoryValueSleepAnalysisAsleepDeep", unit: "", source: "Watch", start: "2026-11-24 02:00:00 +0100", end: "2026-11-24 03:00:00 +0100"),
        Record(type: sleep, value: "HKCategoryValueSleepAnalysisAwake", unit: "", source: "Watch", start: "2026-11-24 03:00:00 +0100", end: "2026-11-24 03:10:00 +0100"),
        Record(type: sleep, value: "HKCategoryValueSleepAnalysisAsleepREM", unit: "", source: "Watch", start: "2026-11-24 03:10:00 +0100", end: "2026-11-24 06:45:00 +0100"),
        // Resting heart rate twice on the 24th (the last counts, the old count/s unit
        // once); body mass in pounds twice; body fat as a fraction, in the 2015 date format.
        Record(type: heart, value: "58", unit: "count/min", source: "Watch", start: "2026-11-24 08:00:00 +0100", end: "2026-11-24 08:00:00 +0100"),
        Record(type: heart, value: "0.9", unit: "count/s", source: "Watch", start: "2026-11-24 20:00:00 +0100", end: "2026-11-24 20:00:00 +0100"),
        Record(type: mass, value: "178", unit: "lb", source: "Scale", start: "2026-11-24 07:00:00 +0100", end: "2026-11-24 07:00:00 +0100"),
        Record(type: mass, value: "176.5", unit: "lb", source: "Scale", start: "2026-11-24 21:00:00 +0100", end: "2026-11-24 21:00:00 +0100"),
        Record(type: fat, value: "0.185", unit: "%", source: "Scale", start: "20261124070000+0100", end: "20261124070000+0100"),
        Record(type: hrv, value: "45", unit: "ms", source: "Watch", start: "2026-11-24 03:00:00 +0100", end: "2026-11-24 03:01:00 +0100"),
        Record(type: hrv, value: "41.5", unit: "ms", source: "Watch", start: "2026-11-24 05:00:00 +0100", end: "2026-11-24 05:01:00 +0100"),
    ]

    /// The daily values the rules give these records, worked out by hand from them.
    static let expected: [(type: String, date: String, value: Double)] = [
        ("steps", "2026-11-23", 1000 + 500),             // 09:00 the phone's 1,000 over the watch's 800; 10:00 the watch's 500
        ("sleepHours", "2026-11-24", 7.75),              // 23:00–06:45 merged: the phone's 23:00–06:30 and the watch's to 06:45
        ("restingHeartRate", "2026-11-24", 0.9 * 60),   // the day's last: 0.9 per second
        ("bodyMassKg", "2026-11-24", 176.5 * 0.45359237),
        ("bodyFatPercent", "2026-11-24", 18.5),
        ("hrvMs", "2026-11-24", 41.5),                   // the day's last
    ]

    func stored(_ daemon: DaemonProcess) throws -> [JSONValue] {
        try JSONParser.parse(try daemon.ctl(["call", "history.archive", #"{"part": "health"}"#]).stdout)["health"]?.arrayValue ?? []
    }

    @Test func anAppleHealthExportBecomesDailyValuesOnceAndAllOrNothing() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let file = daemon.directory + "/export.xml"
        try Self.export(Self.records).write(toFile: file, atomically: true, encoding: .utf8)
        let dry = try daemon.ctl(["health", "import", "--dry-run", file])
        #expect(dry.status == 0 && dry.stdout.hasPrefix("would import 6 daily values"), "\(dry.stdout) \(dry.stderr)")
        #expect(dry.stdout.contains("from 16 of 18 records"), "the distance and the awake records are not kept: \(dry.stdout)")
        #expect(try stored(daemon).isEmpty, "a dry run stores nothing")
        let run = try daemon.ctl(["health", "import", file])
        #expect(run.status == 0, "\(run.stderr)")
        let samples = try stored(daemon)
        #expect(samples.count == Self.expected.count, "\(samples)")
        for want in Self.expected {
            let found = samples.first { $0["type"]?.stringValue == want.type && $0["date"]?.stringValue == want.date }
            #expect(found?["value"]?.numberValue.map { abs($0 - want.value) < 0.01 } == true, "\(want.type) on \(want.date): \(String(describing: found))")
        }
        // The same file again adds nothing; standard input works the same.
        #expect(try daemon.ctl(["health", "import", file]).status == 0)
        #expect(try daemon.ctl(["health", "import", "-"], stdin: Self.export(Self.records)).status == 0)
        #expect(try stored(daemon).count == Self.expected.count, "imported twice, stored once")
        // Not well-formed: refused with its place, nothing stored.
        let broken = Self.export(Self.records + [Self.Record(type: Self.steps, value: "5", unit: "count", source: "x", start: "2026-11-26 09:00:00 +0100", end: "2026-11-26 09:01:00 +0100")])
            .replacingOccurrences(of: "</HealthData>", with: "</HealthDat>")
        try broken.write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try daemon.ctl(["health", "import", file])
        #expect(refused.status == 1 && refused.stderr.contains("line ") && refused.stderr.contains("column") && refused.stderr.contains("not well-formed"),
                "\(refused.stderr)")
        // A record whose date does not read: the same, with its line.
        let lines = Self.export(Self.records).split(separator: "\n", omittingEmptySubsequences: false)
        var badDate = Self.records
        badDate[3] = Record(type: Self.steps, value: "500", unit: "count", source: "Watch", start: "yesterday", end: "2026-11-23 10:30:00 +0100")
        try Self.export(badDate).write(toFile: file, atomically: true, encoding: .utf8)
        let line = (lines.firstIndex { $0.contains(#"value="500""#) } ?? 0) + 1
        let undated = try daemon.ctl(["health", "import", file])
        #expect(undated.status == 1 && undated.stderr.contains("line \(line),") && undated.stderr.contains("startDate"), "line \(line): \(undated.stderr)")
        #expect(try stored(daemon).count == Self.expected.count)
    }

    /// Strength workouts in an export become sessions with the watch's heart rate and
    /// energy (WorkoutStatistics, or the older totalEnergyBurned; kJ and count/s
    /// converted); one that overlaps a session tracked here gives that session its
    /// figures instead of becoming a second; other workouts (a run) are not sessions.
    @Test func strengthWorkoutsBecomeSessionsOrGiveATrackedOneItsHeartRate() throws {
        let zone = ["TZ": "Europe/Berlin"]
        let daemon = try DaemonProcess(environment: zone)
        defer { daemon.cleanUp() }
        let tracked = try daemon.ctl(["track", "2025-12-01", "19:00-19:30", "squat", "3x5@100"], environment: zone)
        try #require(tracked.status == 0, "\(tracked.stderr)")
        let (kilojoules, average, maximum, perSecond) = (1046.0, 112.4, 151.0, (average: 2.0, maximum: 2.5))
        let xml = Self.export([]).replacingOccurrences(of: "</HealthData>", with: """
              <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="45" durationUnit="min" sourceName="Watch" startDate="2025-11-28 18:00:00 +0100" endDate="2025-11-28 18:45:00 +0100">
                <MetadataEntry key="HKIndoorWorkout" value="1"/>
                <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2025-11-28 18:00:00 +0100" endDate="2025-11-28 18:45:00 +0100" sum="\(kilojoules)" unit="kJ"/>
                <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2025-11-28 18:00:00 +0100" endDate="2025-11-28 18:45:00 +0100" average="\(average)" minimum="80" maximum="\(maximum)" unit="count/min"/>
              </Workout>
              <Workout workoutActivityType="HKWorkoutActivityTypeFunctionalStrengthTraining" duration="30" durationUnit="min" totalEnergyBurned="180" totalEnergyBurnedUnit="kcal" sourceName="Watch" startDate="2025-12-01 19:02:00 +0100" endDate="2025-12-01 19:32:00 +0100">
                <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2025-12-01 19:02:00 +0100" endDate="2025-12-01 19:32:00 +0100" average="\(perSecond.average)" maximum="\(perSecond.maximum)" unit="count/s"/>
              </Workout>
              <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="20" durationUnit="min" sourceName="Watch" startDate="2025-12-02 07:00:00 +0100" endDate="2025-12-02 07:20:00 +0100"/>
            </HealthData>
            """)
        let file = daemon.directory + "/export.xml"
        try xml.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try daemon.ctl(["health", "import", file], environment: zone)
        #expect(run.status == 0 && run.stdout.contains("2 strength workouts") && run.stdout.contains("gave session 1"), "\(run.stdout) \(run.stderr)")
        let sessions = try #require(try daemon.client().call("session.list").arrayValue)
        #expect(sessions.count == 2, "the run is no session, the overlapping workout no second one: \(sessions)")
        let first = try daemon.client().call("session.get", .obj(["sessionId": 1]))
        #expect(first["averageHeartRate"]?.intValue == Int((perSecond.average * 60).rounded()) && first["maximumHeartRate"]?.intValue == Int(perSecond.maximum * 60))
        #expect(first["energyKcal"] == 180 && first["sets"]?.arrayValue?.count == 3, "\(first)")
        let imported = try daemon.client().call("session.get", .obj(["sessionId": 2]))
        #expect(imported["date"] == "2025-11-28" && imported["durationSeconds"] == 2700 && imported["title"] == "Strength training")
        #expect(imported["averageHeartRate"]?.intValue == Int(average.rounded()) && imported["maximumHeartRate"]?.intValue == Int(maximum), "\(imported)")
        #expect(abs((imported["energyKcal"]?.numberValue ?? 0) - kilojoules / 4.184) < 0.01, "\(imported)")
        // Again: nothing new.
        let again = try daemon.ctl(["health", "import", file], environment: zone)
        #expect(again.status == 0 && again.stdout.contains("1 workout already stored"), "\(again.stdout)")
        #expect(try daemon.client().call("session.list").arrayValue?.count == 2)
    }

    /// Health Auto Export's strength workouts: v2's heart rate summary and kJ, v1's
    /// readings (their average and highest) and kcal; a walk is no session.
    @Test func healthAutoExportStrengthWorkoutsBecomeSessions() throws {
        let daemon = try DaemonProcess(environment: ["TZ": "Asia/Singapore"])
        defer { daemon.cleanUp() }
        let readings = [(96.0, 104.0), (131.0, 144.0), (122.0, 139.0)]
        let export = #"""
            {"data": {"workouts": [
              {"name": "Traditional Strength Training", "start": "2026-11-23 18:00:00 +0800", "end": "2026-11-23 18:50:00 +0800", "duration": 3000,
               "activeEnergyBurned": {"qty": 900, "units": "kJ"}, "heartRate": {"min": {"qty": 70}, "avg": {"qty": 118.6}, "max": {"qty": 160}}},
              {"name": "Functional Strength Training", "start": "2026-11-25 07:00:00 +0800", "end": "2026-11-25 07:30:00 +0800",
               "activeEnergy": {"qty": 210, "units": "kcal"}, "heartRateData": [READINGS]},
              {"name": "Walking", "start": "2026-11-24 08:02:43 +0800", "end": "2026-11-24 08:21:53 +0800"}
            ]}}
            """#.replacingOccurrences(of: "READINGS", with: readings.map { #"{"units": "bpm", "Avg": \#($0.0), "Max": \#($0.1), "date": "2026-11-25 07:10:00 +0800"}"# }
                .joined(separator: ", "))
        let run = try daemon.ctl(["health", "import", "-"], stdin: export)
        #expect(run.status == 0 && run.stdout.contains("2 strength workouts"), "\(run.stdout) \(run.stderr)")
        let sessions = try #require(try daemon.client().call("session.list").arrayValue)
        try #require(sessions.count == 2, "\(sessions)")
        let traditional = try daemon.client().call("session.get", .obj(["sessionId": 1]))
        #expect(traditional["title"] == "Strength training" && traditional["durationSeconds"] == 3000 && traditional["date"] == "2026-11-23")
        #expect(traditional["averageHeartRate"]?.intValue == Int(118.6.rounded()) && traditional["maximumHeartRate"] == 160, "\(traditional)")
        #expect(abs((traditional["energyKcal"]?.numberValue ?? 0) - 900 / 4.184) < 0.01)
        let functional = try daemon.client().call("session.get", .obj(["sessionId": 2]))
        let average = Int((readings.map(\.0).reduce(0, +) / Double(readings.count)).rounded())
        #expect(functional["averageHeartRate"]?.intValue == average && functional["maximumHeartRate"]?.intValue == Int(readings.map(\.1).max() ?? 0), "\(functional)")
        #expect(functional["energyKcal"] == 210 && functional["durationSeconds"] == 1800, "\(functional)")
    }

    /// Makes a Gadgetbridge database with the tables greenDAO writes (a Mi Band's and a
    /// Garmin's activity minutes, resting heart rates, scale weights, Garmin sleep
    /// stages) and prints the daily values the documented rules give, worked out here.
    static let gadgetbridge = #"""
        import datetime, json, sqlite3, sys
        path = sys.argv[1]
        db = sqlite3.connect(path)
        db.executescript("""
        CREATE TABLE "DEVICE" ("_id" INTEGER PRIMARY KEY AUTOINCREMENT ,"NAME" TEXT NOT NULL ,"MANUFACTURER" TEXT NOT NULL ,
          "IDENTIFIER" TEXT NOT NULL UNIQUE ,"TYPE" INTEGER NOT NULL ,"TYPE_NAME" TEXT NOT NULL ,"MODEL" TEXT,"ALIAS" TEXT,"PARENT_FOLDER" TEXT);
        CREATE TABLE "MI_BAND_ACTIVITY_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL ,"DEVICE_ID" INTEGER NOT NULL ,"USER_ID" INTEGER NOT NULL ,
          "RAW_INTENSITY" INTEGER NOT NULL ,"STEPS" INTEGER NOT NULL ,"RAW_KIND" INTEGER NOT NULL ,"HEART_RATE" INTEGER NOT NULL ,
          PRIMARY KEY ("TIMESTAMP" ,"DEVICE_ID" ) ON CONFLICT REPLACE) WITHOUT ROWID;
        CREATE TABLE "GARMIN_ACTIVITY_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL ,"DEVICE_ID" INTEGER NOT NULL ,"USER_ID" INTEGER NOT NULL ,
          "RAW_INTENSITY" INTEGER NOT NULL ,"STEPS" INTEGER NOT NULL ,"RAW_KIND" INTEGER NOT NULL ,"HEART_RATE" INTEGER NOT NULL ,
          PRIMARY KEY ("TIMESTAMP" ,"DEVICE_ID" ) ON CONFLICT REPLACE) WITHOUT ROWID;
        CREATE TABLE "HUAMI_HEART_RATE_RESTING_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL ,"DEVICE_ID" INTEGER NOT NULL ,"USER_ID" INTEGER NOT NULL ,
          "UTC_OFFSET" INTEGER NOT NULL ,"HEART_RATE" INTEGER NOT NULL ,PRIMARY KEY ("TIMESTAMP" ,"DEVICE_ID" ) ON CONFLICT REPLACE) WITHOUT ROWID;
        CREATE TABLE "MI_SCALE_WEIGHT_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL ,"DEVICE_ID" INTEGER NOT NULL ,"USER_ID" INTEGER NOT NULL ,
          "WEIGHT_KG" REAL NOT NULL ,PRIMARY KEY ("TIMESTAMP" ,"DEVICE_ID" ) ON CONFLICT REPLACE) WITHOUT ROWID;
        CREATE TABLE "GARMIN_SLEEP_STAGE_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL ,"DEVICE_ID" INTEGER NOT NULL ,"USER_ID" INTEGER NOT NULL ,
          "STAGE" INTEGER NOT NULL ,PRIMARY KEY ("TIMESTAMP" ,"DEVICE_ID" ) ON CONFLICT REPLACE) WITHOUT ROWID;
        CREATE TABLE "XIAOMI_SLEEP_STAGE_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL ,"DEVICE_ID" INTEGER NOT NULL ,"USER_ID" INTEGER NOT NULL ,
          "STAGE" INTEGER,PRIMARY KEY ("TIMESTAMP" ,"DEVICE_ID" ) ON CONFLICT REPLACE) WITHOUT ROWID;
        INSERT INTO DEVICE VALUES (1, 'Mi Band 8', 'Xiaomi', 'AA:BB', 1, 'MIBAND8', NULL, '', NULL), (2, 'Forerunner 265', 'Garmin', 'CC:DD', 2, 'GARMIN', NULL, 'My Garmin', NULL);
        """)
        t = lambda text: int(datetime.datetime.fromisoformat(text).replace(tzinfo=datetime.timezone.utc).timestamp())
        minutes = {}  # (device, second) -> steps
        for m in range(60):
            minutes[(1, t("2025-12-01T08:00:00") + 60 * m)] = 20
            minutes[(2, t("2025-12-01T08:00:00") + 60 * m)] = 15
        for m in range(30):
            minutes[(2, t("2025-12-01T09:00:00") + 60 * m)] = 10
        for (device, second), steps in minutes.items():
            table = "MI_BAND_ACTIVITY_SAMPLE" if device == 1 else "GARMIN_ACTIVITY_SAMPLE"
            db.execute(f"INSERT INTO {table} VALUES (?, ?, 1, 40, ?, 1, ?)", (second, device, steps, [255, 0, -1, 72][second // 60 % 4]))
        rests = [("2025-12-01T06:00:00", 58), ("2025-12-01T20:00:00", 56), ("2025-12-02T06:00:00", 255)]
        for when, rate in rests:
            db.execute("INSERT INTO HUAMI_HEART_RATE_RESTING_SAMPLE VALUES (?, 1, 1, 0, ?)", (t(when) * 1000, rate))
        weights = [("2025-12-01T07:00:00", 80.4), ("2025-12-01T21:00:00", 80.1)]
        for when, kg in weights:
            db.execute("INSERT INTO MI_SCALE_WEIGHT_SAMPLE VALUES (?, 0, 1, ?)", (t(when) * 1000, kg))
        start, awake = t("2025-12-01T23:00:00"), range(t("2025-12-02T03:00:00"), t("2025-12-02T03:10:00"), 60)
        for m in range(8 * 60):
            second = start + 60 * m
            db.execute("INSERT INTO GARMIN_SLEEP_STAGE_SAMPLE VALUES (?, 2, 1, ?)", (second * 1000, 1 if second in awake else [2, 3, 4][m % 3]))
        # The band's night: a row where the stage changes (3 light, 2 deep, 5 awake, 4 REM).
        changes = [("2025-12-02T23:30:00", 3), ("2025-12-03T01:00:00", 2), ("2025-12-03T02:00:00", 5), ("2025-12-03T02:20:00", 4),
                   ("2025-12-03T03:00:00", 3), ("2025-12-03T06:30:00", 5)]
        for when, stage in changes:
            db.execute("INSERT INTO XIAOMI_SLEEP_STAGE_SAMPLE VALUES (?, 1, 1, ?)", (t(when) * 1000, stage))
        band = sum(t(changes[i + 1][0]) - t(when) for i, (when, stage) in enumerate(changes[:-1]) if stage in (2, 3, 4)) / 3600
        db.commit()
        # One device per hour, the one with the most steps.
        hours = {}
        for (device, second), steps in minutes.items():
            hours.setdefault(second // 3600, {}).setdefault(device, 0)
            hours[second // 3600][device] += steps
        steps = sum(max(per.values()) for per in hours.values())
        asleep = (8 * 60 - len(awake)) / 60
        print(json.dumps([["steps", "2025-12-01", steps], ["restingHeartRate", "2025-12-01", rests[1][1]],
                          ["bodyMassKg", "2025-12-01", weights[1][1]], ["sleepHours", "2025-12-02", asleep], ["sleepHours", "2025-12-03", band]]))
        """#

    /// Gadgetbridge's database: the daily values by the same rules as every other
    /// export, the file left as it was (not a byte changed, nothing made beside it), and
    /// a database of another program refused by name.
    @Test func aGadgetbridgeDatabaseBecomesDailyValuesAndIsLeftAsItWas() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let file = daemon.directory + "/Gadgetbridge"
        let made = try runProcess("/usr/bin/env", ["python3", "-c", Self.gadgetbridge, file])
        try #require(made.status == 0, "\(made.stderr)")
        let expected = try JSONParser.parse(made.stdout).arrayValue ?? []
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let listing = try FileManager.default.contentsOfDirectory(atPath: daemon.directory).sorted()
        let run = try daemon.ctl(["health", "import", file])
        #expect(run.status == 0 && run.stdout.contains("imported 5 daily values"), "\(run.stdout) \(run.stderr)")
        let samples = try stored(daemon)
        #expect(samples.count == expected.count, "\(samples)")
        for want in expected {
            let (type, date, value) = (want[0]?.stringValue, want[1]?.stringValue, want[2]?.numberValue ?? -1)
            let found = samples.first { $0["type"]?.stringValue == type && $0["date"]?.stringValue == date }
            #expect(found?["value"]?.numberValue.map { abs($0 - value) < 0.01 } == true, "\(type ?? "") on \(date ?? ""): \(String(describing: found))")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "not a byte of the export changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: daemon.directory).sorted() == listing, "no journal, WAL or lock file made beside it")
        // Again: nothing new.
        #expect(try daemon.ctl(["health", "import", file]).status == 0 && (try stored(daemon)).count == expected.count)
        // Another program's database (sessiond's own) is not Gadgetbridge's.
        let refused = try daemon.ctl(["health", "import", daemon.databasePath])
        #expect(refused.status == 1 && refused.stderr.contains("not a Gadgetbridge database"), "\(refused.stderr)")
        let piped = try daemon.ctl(["health", "import", "--format", "gadgetbridge", "-"], stdin: "")
        #expect(piped.status == 1 && piped.stderr.contains("standard input"), "\(piped.stderr)")
    }

    /// --from/--to keep the daily values of those dates; the rest of the file is read
    /// (and checked) but not stored.
    @Test func datesChooseAmongTheDailyValues() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let file = daemon.directory + "/export.xml"
        try Self.export(Self.records).write(toFile: file, atomically: true, encoding: .utf8)
        let backwards = try daemon.ctl(["health", "import", "--from", "2026-11-25", "--to", "2026-11-24", file])
        #expect(backwards.status == 2 && backwards.stderr.contains("lies after"), "\(backwards.stderr)")
        let run = try daemon.ctl(["health", "import", "--from", "2026-11-24", "--to", "2026-11-24", file])
        #expect(run.status == 0, "\(run.stderr)")
        let kept = Self.expected.filter { $0.date == "2026-11-24" }
        let samples = try stored(daemon)
        #expect(!kept.isEmpty && samples.count == kept.count && samples.allSatisfy { $0["date"] == "2026-11-24" }, "\(samples)")
        #expect(try daemon.ctl(["health", "import", "--to", "2026-11-23", file]).status == 0)
        #expect(try stored(daemon).count == kept.count + Self.expected.filter { $0.date <= "2026-11-23" }.count)
    }

    /// Zips `entries` (name, text) into `path` with Python's zipfile, a writer of its
    /// own: deflated unless `stored`, every size and offset in ZIP64 form when `zip64`.
    static func zip(_ path: String, _ entries: [(String, String)], stored: Bool = false, zip64: Bool = false) throws {
        let script = """
            import json, sys, zipfile
            path, entries, stored, zip64 = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3] == "1", sys.argv[4] == "1"
            if zip64:
                zipfile.ZIP64_LIMIT = 1  # every size and offset then goes in the ZIP64 records
                zipfile.ZIP_FILECOUNT_LIMIT = 1
            with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED) as z:
                for name, text in entries:
                    z.writestr(name, text)
            """
        let list = JSONValue.array(entries.map { .array([.string($0.0), .string($0.1)]) }).jsonText
        let run = try runProcess("/usr/bin/env", ["python3", "-c", script, path, list, stored ? "1" : "0", zip64 ? "1" : "0"])
        try #require(run.status == 0, "zipfile: \(run.stderr)")
    }

    /// The Health app's export.zip, read in place: the same daily values as its
    /// export.xml (deflated, stored, ZIP64); a damaged archive, one without export.xml
    /// and an export.xml that is not well-formed inside it refused by name, nothing stored.
    @Test func theHealthAppsExportZipReadsInPlace() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let xml = Self.export(Self.records)
        let cda = (name: "apple_health_export/export_cda.xml", text: "<ClinicalDocument/>")
        let plain = daemon.directory + "/export.xml"
        try xml.write(toFile: plain, atomically: true, encoding: .utf8)
        let want = try daemon.ctl(["health", "import", "--dry-run", "--json", plain]).stdout
        #expect(want.contains("\"days\""), "\(want)")
        for (stored, zip64) in [(false, false), (true, false), (false, true)] {
            let path = daemon.directory + "/export-\(stored)-\(zip64).zip"
            try Self.zip(path, [cda, ("apple_health_export/export.xml", xml)], stored: stored, zip64: zip64)
            let dry = try daemon.ctl(["health", "import", "--dry-run", "--json", path])
            #expect(dry.status == 0 && dry.stdout == want, "stored \(stored), zip64 \(zip64): \(dry.stdout) \(dry.stderr)")
        }
        let zipped = daemon.directory + "/export.zip"
        try Self.zip(zipped, [cda, ("apple_health_export/export.xml", xml)])
        // Redirected standard input is a file too; a pipe cannot be read from its end.
        #expect(try runProcess("/bin/sh", ["-c", "\"$0\" --socket \"$1\" health import --dry-run - < \"$2\"", Binaries.sessionctl, daemon.socketPath, zipped]).status == 0)
        let piped = try runProcess("/bin/sh", ["-c", "cat \"$2\" | \"$0\" --socket \"$1\" health import -", Binaries.sessionctl, daemon.socketPath, zipped])
        #expect(piped.status == 1 && piped.stderr.contains("not a pipe"), "\(piped.stderr)")
        // Damaged: a byte of the deflated export.xml flipped. Refused, nothing stored.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: zipped)))
        bytes[bytes.count / 2] ^= 0xFF
        let damaged = daemon.directory + "/damaged.zip"
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let refused = try daemon.ctl(["health", "import", damaged])
        #expect(refused.status == 1 && refused.stderr.contains("damaged zip archive: apple_health_export/export.xml") && refused.stderr.contains("nothing was stored"),
                "\(refused.stderr)")
        let empty = daemon.directory + "/other.zip"
        try Self.zip(empty, [("notes.txt", "nothing here")])
        let none = try daemon.ctl(["health", "import", empty])
        #expect(none.status == 1 && none.stderr.contains("no export.xml"), "\(none.stderr)")
        let broken = daemon.directory + "/broken.zip"
        try Self.zip(broken, [("apple_health_export/export.xml", xml.replacingOccurrences(of: "</HealthData>", with: "</HealthDat>"))])
        let notWellFormed = try daemon.ctl(["health", "import", broken])
        let lastLine = xml.split(separator: "\n").count
        #expect(notWellFormed.status == 1 && notWellFormed.stderr.contains("apple_health_export/export.xml: line \(lastLine), column") && notWellFormed.stderr.contains("not well-formed"),
                "\(notWellFormed.stderr)")
        #expect(try stored(daemon).isEmpty, "nothing refused was stored")
        // And the archive imported for real: the values worked out by hand.
        #expect(try daemon.ctl(["health", "import", zipped]).status == 0)
        let samples = try stored(daemon)
        #expect(samples.count == Self.expected.count, "\(samples)")
        for want in Self.expected {
            let found = samples.first { $0["type"]?.stringValue == want.type && $0["date"]?.stringValue == want.date }
            #expect(found?["value"]?.numberValue.map { abs($0 - want.value) < 0.01 } == true, "\(want.type) on \(want.date): \(String(describing: found))")
        }
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func theSharedSampleExportReads() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let sample = Fixtures.examplesDirectory + "/health/apple-health-export-sample.xml"
        let run = try daemon.ctl(["health", "import", sample])
        #expect(run.status == 0 && run.stdout.hasPrefix("imported "), "\(run.stdout) \(run.stderr)")
        // Its steps, summed here per day and hour from the file's own records (one source).
        let text = try String(contentsOfFile: sample, encoding: .utf8)
        var total = 0.0
        for match in text.split(separator: "\n") where match.contains(Self.steps) {
            if let range = match.range(of: #"value=""#), let end = match[range.upperBound...].firstIndex(of: "\"") { total += Double(match[range.upperBound..<end]) ?? 0 }
        }
        let steps = try stored(daemon).filter { $0["type"] == "steps" }.compactMap { $0["value"]?.numberValue }.reduce(0, +)
        #expect(total > 0 && steps == total, "\(steps) against \(total)")
    }

    /// Health Auto Export's JSON: metrics of data points, a night's sleep aggregated in
    /// hours (v1's asleep, v2's stages), weight in the person's unit.
    @Test func aHealthAutoExportFileBecomesDailyValues() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let export = #"""
            {"data": {"metrics": [
              {"name": "step_count", "units": "count", "data": [
                {"date": "2026-11-23 09:00:00 +0800", "qty": 1200, "source": "iPhone|Watch"},
                {"date": "2026-11-23 10:00:00 +0800", "qty": 300.4, "source": "iPhone|Watch"}]},
              {"name": "resting_heart_rate", "units": "count/min", "data": [{"date": "2026-11-23 00:00:00 +0800", "qty": 52}]},
              {"name": "heart_rate_variability", "units": "ms", "data": [{"date": "2026-11-23 00:00:00 +0800", "qty": 48}]},
              {"name": "weight_body_mass", "units": "lb", "data": [{"date": "2026-11-23 07:00:00 +0800", "qty": 180}]},
              {"name": "body_fat_percentage", "units": "%", "data": [{"date": "2026-11-23 07:00:00 +0800", "qty": 17.5}]},
              {"name": "active_energy", "units": "kJ", "data": [{"date": "2026-11-23 09:00:00 +0800", "qty": 1.5}]},
              {"name": "sleep_analysis", "units": "hr", "data": [
                {"date": "2026-11-23 02:44:02 +0800", "sleepStart": "2026-11-22 23:40:00 +0800", "sleepEnd": "2026-11-23 06:50:00 +0800",
                 "asleep": 6.9, "inBed": 7.3, "source": "Watch"},
                {"date": "2026-11-24 02:44:02 +0800", "sleepStart": "2026-11-23 23:20:00 +0800", "sleepEnd": "2026-11-24 07:10:00 +0800",
                 "asleep": 0, "core": 3.5, "deep": 1.25, "rem": 1.75, "awake": 0.2, "inBed": 7.8, "source": "Watch"}]}
            ]}}
            """#
        let run = try daemon.ctl(["health", "import", "-"], stdin: export)
        #expect(run.status == 0 && run.stdout.contains("from 8 of 9 records"), "\(run.stdout) \(run.stderr)")
        let samples = try stored(daemon)
        let expected: [(String, String, Double)] = [
            ("steps", "2026-11-23", (1200 + 300.4).rounded()), ("restingHeartRate", "2026-11-23", 52), ("hrvMs", "2026-11-23", 48),
            ("bodyMassKg", "2026-11-23", 180 * 0.45359237), ("bodyFatPercent", "2026-11-23", 17.5),
            ("sleepHours", "2026-11-23", 6.9), ("sleepHours", "2026-11-24", 3.5 + 1.25 + 1.75),
        ]
        #expect(samples.count == expected.count, "\(samples)")
        for (type, date, value) in expected {
            let found = samples.first { $0["type"]?.stringValue == type && $0["date"]?.stringValue == date }
            #expect(found?["value"]?.numberValue.map { abs($0 - value) < 0.01 } == true, "\(type) on \(date): \(String(describing: found))")
        }
        #expect(try daemon.ctl(["health", "import", "-"], stdin: export).status == 0 && (try stored(daemon)).count == expected.count, "once")
        // A value that does not read is refused with its JSON path; --format forces a reading.
        let bad = export.replacingOccurrences(of: #""qty": 52"#, with: #""qty": "fifty""#)
        let refused = try daemon.ctl(["health", "import", "-"], stdin: bad)
        #expect(refused.status == 1 && refused.stderr.contains("$.data.metrics[1].data[0].qty"), "\(refused.stderr)")
        #expect(try daemon.ctl(["health", "import", "--format", "apple", "-"], stdin: export).status == 1, "JSON read as XML: not well-formed")
        #expect(try daemon.ctl(["health", "import", "--format", "fit", "-"], stdin: export).status == 2)
    }

    /// Google Fit's daily CSV: a row a day, its step count and average weight taken as
    /// they stand; the shared Takeout file's sums worked out here from its own columns.
    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func aGoogleFitDailyCSVBecomesDailyValues() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let file = Fixtures.examplesDirectory + "/health/google-fit-daily-activity-metrics.csv"
        #expect(try daemon.ctl(["health", "import", file]).status == 0)
        let rows = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = rows[0].map(String.init)
        let steps = try #require(header.firstIndex(of: "Step count")), weight = try #require(header.firstIndex(of: "Average weight (kg)"))
        let stepDays = rows.dropFirst().compactMap { Double($0[steps]) }
        let weights = rows.dropFirst().compactMap { Double($0[weight]) }
        let samples = try stored(daemon)
        let storedSteps = samples.filter { $0["type"] == "steps" }.compactMap { $0["value"]?.numberValue }
        let storedWeights = samples.filter { $0["type"] == "bodyMassKg" }.compactMap { $0["value"]?.numberValue }
        #expect(storedSteps.count == stepDays.count && storedSteps.reduce(0, +) == stepDays.map { $0.rounded() }.reduce(0, +))
        #expect(storedWeights.count == weights.count && abs(storedWeights.reduce(0, +) - weights.reduce(0, +)) < 1e-6)
        #expect(samples.count > 1000, "\(samples.count)")
        // A value that is no number: refused with its line.
        let bad = "Date,Step count,Average weight (kg)\n2026-11-23,1200,80.5\n2026-11-24,lots,\n"
        let refused = try daemon.ctl(["health", "import", "-"], stdin: bad)
        #expect(refused.status == 1 && refused.stderr.contains("line 3: Step count \"lots\" is not a number"), "\(refused.stderr)")
        #expect(try daemon.ctl(["health", "import", "--format", "google-fit", "-"], stdin: "Day,Steps\n1,2\n").status == 1, "no Date column")
        // JSON whose top is no object is read as JSON and refused as such, not as a CSV
        // without its columns; white space before an object is JSON too.
        for json in [#""""#, "[]", #"[{"a": 1}]"#, "null\n", "true", " false "] {
            let refused = try daemon.ctl(["health", "import", "-"], stdin: json)
            // Through a pipe it is refused before it is copied.
            #expect(refused.status == 1 && refused.stderr.contains("not Health Auto Export's JSON: it does not begin with {"), "\(json): \(refused.stderr)")
            let file = daemon.directory + "/top.json"
            try json.write(toFile: file, atomically: true, encoding: .utf8)
            let read = try daemon.ctl(["health", "import", file])
            #expect(read.status == 1 && read.stderr.contains("$ should be an object"), "\(json): \(read.stderr)")
        }
        #expect(try daemon.ctl(["health", "import", "-"], stdin: "\n  {\"data\": {\"metrics\": []}}").status == 0)
    }
}
