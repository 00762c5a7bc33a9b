import Glibc
import Foundation
import JSON
import SessionCore
import SessionFormats
import TestSupport
import Testing
@testable import SessionCLI

/// Files no app writes, handed to `sessionctl import` and `sessionctl health import`:
/// each refusal names the problem and its place, exits 1 and stores nothing, or the
/// file is read with what it holds that can be; none stops sessionctl (SIGILL) or ends
/// in a usage error about the file's contents.
@Suite struct HostileFileTests {
    func write(_ bytes: [UInt8], _ path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func sessions(_ daemon: InProcessDaemon) throws -> [JSONValue] {
        try daemon.client().call("session.list").arrayValue ?? []
    }

    /// A stream of binary data is refused by its first bytes, as a file of it is, not
    /// read to its end first (`/dev/zero` gave 512 MiB): here a FIFO whose writer sends
    /// 8 KiB and holds it open until sessionctl has answered, or 10 s.
    @Test func aStreamOfBinaryDataIsRefusedByItsFirstBytes() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let fifo = daemon.directory + "/zeros"
        try #require(mkfifo(fifo, 0o600) == 0)
        final class Writer: @unchecked Sendable {
            let answered = DispatchSemaphore(value: 0)
            let closed = DispatchSemaphore(value: 0)
            var heldUntilAnswered = false
        }
        let writer = Writer()
        Thread.detachNewThread {
            let fd = open(fifo, O_WRONLY)
            let zeros = [UInt8](repeating: 0, count: 8192)
            _ = zeros.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            writer.heldUntilAnswered = writer.answered.wait(timeout: .now() + 10) == .success
            close(fd)
            writer.closed.signal()
        }
        let run = try daemon.ctl(["import", fifo])
        writer.answered.signal()
        writer.closed.wait()
        #expect(writer.heldUntilAnswered, "answered while the stream was still open")
        #expect(run.status == 1 && run.stderr.contains("binary data, not CSV text") && run.stderr.contains("nothing was stored"), "\(run.stderr)")
        #expect(try sessions(daemon).isEmpty)
    }

    @Test func chainedFitFilesAreOneActivityOfItsOwnSets() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let path = daemon.directory + "/chained.fit"
        let one = FitBytes.file(FitBytes.strength())
        try write(Array(Array(repeating: one, count: 100).joined()), path)
        let run = try daemon.ctl(["import", path])
        #expect(run.status == 0 && run.stdout.contains("imported 1 workout from fit: 3 sets"), "\(run.stdout) \(run.stderr)")
        let stored = try sessions(daemon)
        #expect(stored.count == 1)
        let id = stored.first?["id"] ?? stored.first?["sessionId"] ?? 1
        #expect(try daemon.client().call("session.get", .obj(["sessionId": id]))["sets"]?.arrayValue?.count == 3)
    }

    /// A FIT activity whose watch clock read 2030 is refused by its session's start, as
    /// a CSV row's date is by its line: exit 1, not the daemon's usage error.
    @Test func aFitSessionDatedInTheFutureIsRefusedByItsStart() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let path = daemon.directory + "/future.fit"
        // FIT counts seconds from 1989-12-31T00:00:00Z; 2030-01-01T10:00:00Z is 1,893,492,000 Unix seconds.
        try write(FitBytes.file(FitBytes.strength(start: Double(1_893_492_000 - 631_065_600))), path)
        let run = try daemon.ctl(["import", path])
        #expect(run.status == 1 && run.stderr.contains("the session started 2030-01-01 ") && run.stderr.contains("its date lies outside 1970-01-01…"),
                "\(run.status) \(run.stderr)")
        #expect(try !run.stderr.contains("Usage:") && sessions(daemon).isEmpty)
    }

    /// A watch left recording for three days: stored as ending with its last set, no set
    /// after its end, and the import warns by the session's byte.
    @Test func aFitSessionLongerThanADayEndsWithItsLastSetAndIsWarnedOf() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        var messages = FitBytes.strength()
        let index = try #require(messages.firstIndex { $0.global == 18 })
        messages[index].fields = messages[index].fields.map { $0.0 == 7 || $0.0 == 8 ? ($0.0, 3 * 86_400_000) : $0 }
        let path = daemon.directory + "/left-running.fit"
        try write(FitBytes.file(messages), path)
        let run = try daemon.ctl(["import", path])
        #expect(run.status == 0 && run.stderr.contains("left-running.fit: byte ") && run.stderr.contains("is longer than a day"), "\(run.stderr)")
        let id = try #require(sessions(daemon).first?["sessionId"])
        let session = try daemon.client().call("session.get", .obj(["sessionId": id]))
        let end = try #require(session["endedAt"]?.stringValue.flatMap(RFC3339.parse))
        let logged = (session["sets"]?.arrayValue ?? []).compactMap { $0["loggedAt"]?.stringValue.flatMap(RFC3339.parse) }
        #expect(logged.count == 3 && logged.allSatisfy { $0 <= end } && end > (session["startedAt"]?.stringValue.flatMap(RFC3339.parse) ?? .max), "\(session)")
    }

    @Test func fitRefusalsNameTheirByteAndStoreNothing() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        // A weight of infinity: the set message's byte, the field, the value.
        var messages = FitBytes.strength()
        messages[2].fields[3].1 = .infinity
        let weight = daemon.directory + "/weight.fit"
        try write(FitBytes.file(messages), weight)
        let infinite = try daemon.ctl(["import", weight])
        #expect(infinite.status == 1 && infinite.stderr.contains("byte ") && infinite.stderr.contains("weight of inf"), "\(infinite.stderr)")
        // 100,000 sets: refused by the session's byte, not by the daemon's line limit.
        let many = daemon.directory + "/many.fit"
        try write(FitBytes.file(FitBytes.strength(sets: 100_000)), many)
        let refused = try daemon.ctl(["import", many])
        #expect(refused.status == 1 && refused.stderr.contains("a session of 100000 sets; a workout holds at most \(HistoryLimits.setsPerWorkout)"),
                "\(refused.stderr)")
        #expect(!refused.stderr.contains("line longer"))
        // Ten bytes of a FIT file: cut short, named so; its bytes not printed as a header.
        let cut = daemon.directory + "/cut.fit"
        let head = Array(FitBytes.file(FitBytes.strength()).prefix(10))
        try write(head, cut)
        let short = try daemon.ctl(["import", cut])
        #expect(short.status == 1 && short.stderr.contains("byte 10: the file header is cut short"), "\(short.stderr)")
        #expect(!short.stderr.contains("header:") && !short.stderr.contains("\u{0E}"), "\(short.stderr)")
        // The same ten bytes under another name: told from their first bytes.
        let renamed = daemon.directory + "/watch.bin"
        try write(head, renamed)
        let unnamed = try daemon.ctl(["import", renamed])
        #expect(unnamed.status == 1 && unnamed.stderr.contains("cut short"), "\(unnamed.stderr)")
        #expect(try sessions(daemon).isEmpty, "nothing stored")
    }

    @Test func appleHealthValuesOutOfBoundsAreLeftOutAndImpossibleDurationsRefused() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let times = #"startDate="2026-11-24 07:00:00 +0100" endDate="2026-11-24 07:00:00 +0100""#
        func export(mass: String, duration: String = "45") -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
              <Record type="HKQuantityTypeIdentifierRestingHeartRate" sourceName="Watch" unit="count/min" value="55" \(times)/>
              <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" value="\(mass)" \(times)/>
              <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="\(duration)" durationUnit="min" startDate="2026-11-24 08:00:00 +0100" endDate="2026-11-24 08:45:00 +0100">
                <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" unit="count/min" average="NaN" maximum="1e300" startDate="2026-11-24 08:00:00 +0100" endDate="2026-11-24 08:45:00 +0100"/>
              </Workout>
            </HealthData>

            """
        }
        let file = daemon.directory + "/export.xml"
        try export(mass: "1e300").write(toFile: file, atomically: true, encoding: .utf8)
        let run = try daemon.ctl(["health", "import", file])
        #expect(run.status == 0 && run.stdout.contains("imported 1 daily value "), "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("1 implausible value left out (record 2: a HKQuantityTypeIdentifierBodyMass of mass 1e+300 kg"), "\(run.stderr)")
        let health = try JSONParser.parse(try daemon.ctl(["call", "history.archive", #"{"part": "health"}"#]).stdout)["health"]?.arrayValue ?? []
        #expect(health.count == 1 && health.first?["type"] == "restingHeartRate", "\(health)")
        // The workout: its NaN and 1e300 heart rates are none.
        let workout = try #require(try sessions(daemon).first)
        #expect(workout["averageHeartRate"] == nil || workout["averageHeartRate"] == .null, "\(workout)")
        // A duration of infinity minutes: refused at its line, exit 1, nothing more stored.
        for duration in ["inf", "NaN", "1e300", "-5", "9223372036854775808"] {
            try export(mass: "80", duration: duration).write(toFile: file, atomically: true, encoding: .utf8)
            let refused = try daemon.ctl(["health", "import", file])
            #expect(refused.status == 1 && refused.stderr.contains("line 5, column") && refused.stderr.contains("duration \"\(duration)\" is no length of time"),
                    "\(duration): \(refused.stderr)")
        }
        #expect(try sessions(daemon).count == 1)
    }

    /// A record or a workout dated where no fact is recorded (a watch whose clock read
    /// 2030, or 1969) is left out and said as any implausible value is: the rest of the
    /// file imports, exit 0, where the daemon's refusal of the date was a usage error.
    @Test func appleHealthRecordsAndWorkoutsDatedOutOfBoundsAreLeftOut() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let good = #"startDate="2026-11-24 07:00:00 +0100" endDate="2026-11-24 07:00:00 +0100""#
        let future = #"startDate="2030-01-01 10:00:00 +0000" endDate="2030-01-01 11:00:00 +0000""#
        let past = #"startDate="1969-07-20 20:17:00 +0000" endDate="1969-07-20 21:17:00 +0000""#
        let file = daemon.file("export.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
              <Record type="HKQuantityTypeIdentifierRestingHeartRate" sourceName="Watch" unit="count/min" value="55" \(good)/>
              <Record type="HKQuantityTypeIdentifierRestingHeartRate" sourceName="Watch" unit="count/min" value="56" \(future)/>
              <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="60" durationUnit="min" \(future)/>
              <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="60" durationUnit="min" \(past)/>
            </HealthData>

            """)
        for dryRun in [true, false] {
            let run = try daemon.ctl(["health", "import", file] + (dryRun ? ["--dry-run"] : []))
            #expect(run.status == 0 && run.stdout.contains("1 daily value ") && !run.stdout.contains("workout"), "\(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains("3 implausible values left out") && run.stderr.contains("2030-01-01: resting HR: the date must lie between 1970-01-01 and tomorrow, got 2030-01-01")
                    && run.stderr.contains("2030-01-01 10:00: a strength workout: the date must lie between"), "\(run.stderr)")
        }
        let health = try JSONParser.parse(try daemon.ctl(["call", "history.archive", #"{"part": "health"}"#]).stdout)["health"]?.arrayValue ?? []
        #expect(health.count == 1 && health.first?["date"] == "2026-11-24", "\(health)")
        #expect(try sessions(daemon).isEmpty)
    }

    @Test func gadgetbridgeOfTheOldSchemaReadsThroughASymbolicLink() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let file = daemon.directory + "/Gadgetbridge.db"
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript('''
            CREATE TABLE DEVICE (_id INTEGER PRIMARY KEY AUTOINCREMENT, NAME TEXT NOT NULL, MANUFACTURER TEXT NOT NULL, IDENTIFIER TEXT NOT NULL, TYPE INTEGER NOT NULL, MODEL TEXT);
            CREATE TABLE MI_BAND_ACTIVITY_SAMPLE (TIMESTAMP INTEGER NOT NULL, DEVICE_ID INTEGER NOT NULL, USER_ID INTEGER NOT NULL, RAW_INTENSITY INTEGER NOT NULL,
              STEPS INTEGER NOT NULL, RAW_KIND INTEGER NOT NULL, HEART_RATE INTEGER NOT NULL, PRIMARY KEY (TIMESTAMP, DEVICE_ID));
            INSERT INTO DEVICE VALUES (1, 'Mi Band 2', 'Xiaomi', 'C8:0F:10:00:00:01', 11, '1');
            INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (1764568800, 1, 1, 10, 400, 1, 80), (1764568860, 1, 1, 10, 600, 1, 82),
              (9223372036854775807, 1, 1, 0, 5, 1, 0), (-9223372036854775808, 1, 1, 0, 5, 1, 0);
            ''')
            db.commit()
            """
        let made = try runProcess("/usr/bin/env", ["python3", "-c", script, file])
        try #require(made.status == 0, "\(made.stderr)")
        let link = daemon.directory + "/export-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        let run = try daemon.ctl(["health", "import", link])
        #expect(run.status == 0 && run.stdout.contains("imported 1 daily value (steps 1)"), "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("2 implausible values left out"), "the rows of ±2^63: \(run.stderr)")
    }

    @Test func aForgedZip64OffsetIsADamagedArchive() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        func le(_ value: UInt64, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }
        let locator = le(0x0706_4B50, 4) + le(0, 4) + le(1 << 63, 8) + le(1, 4)
        let end = le(0x0605_4B50, 4) + le(0, 4) + le(0xFFFF, 2) + le(0xFFFF, 2) + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(0, 2)
        let path = daemon.directory + "/export.zip"
        try write(le(0x0403_4B50, 4) + locator + end, path)
        let run = try daemon.ctl(["health", "import", path])
        #expect(run.status == 1 && run.stderr.contains("a damaged zip archive"), "\(run.status) \(run.stderr)")
    }

    @Test func anEditorThatWritesTooMuchIsADataErrorAndTheFileIsKept() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["plan", "import", Fixtures.dumbbellPlanPath]).status == 0)
        let run = try daemon.ctl(["plan", "edit"], environment: ["VISUAL": "head -c 20000000 /dev/zero | tr '\\0' x >"])
        #expect(run.status == 1 && run.stderr.contains("the plan the editor wrote (20000000 bytes) does not read: larger than 16 MiB"), "\(run.stderr)")
        // The file it names is there: an edit not stored is kept, never named after it went.
        let kept = run.stderr.split(separator: " ").map(String.init).first { $0.contains("sessiond-plan-") }
        #expect(kept.map { FileManager.default.fileExists(atPath: $0) } == true && !run.stderr.contains("Usage:"), "\(run.stderr)")
        if let kept { unlink(kept) }
    }

    /// A CSV saved in Latin-1 (a title's é as the byte E9, a note's lone FF): refused by
    /// the line of its first such byte, exit 1, nothing stored; not imported with
    /// U+FFFD in place of the letters.
    @Test func aCSVInAnotherEncodingIsRefusedByItsLine() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let path = daemon.directory + "/latin1.csv"
        let text = Array("""
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-03-02 18:00:00,"Legs",50m,"Squat (Barbell)",1,100,5,0,0,
            2026-03-04 18:00:00,"Entra\u{00EE}nement",55m,"Bench Press (Barbell)",1,80,5,0,0,

            """.utf8)
        // The î of the second workout's title as Latin-1 writes it: one byte, EE.
        var latin1: [UInt8] = []
        var index = 0
        while index < text.count {
            if text[index] == 0xC3, index + 1 < text.count { latin1.append(text[index + 1] + 0x40); index += 2 } else { latin1.append(text[index]); index += 1 }
        }
        try write(latin1, path)
        let run = try daemon.ctl(["import", path])
        #expect(run.status == 1 && run.stderr.contains("line 3: not UTF-8 text"), "\(run.stderr)")
        #expect(try sessions(daemon).isEmpty)
    }

    /// A plan that is not UTF-8 is refused naming the line and byte of the first byte
    /// that is not.
    @Test func aPlanNotInUTF8IsRefusedAtItsByte() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let path = daemon.directory + "/plan.json"
        let bytes = Array("{\n  \"days\": [{\"day\": \"Monday\", \"exercises\": [{\"name\": \"Squat".utf8) + [0xFF] + Array("\", \"sets\": 3, \"reps\": 5}]}]}\n".utf8)
        try write(bytes, path)
        let offset = try #require(bytes.firstIndex(of: 0xFF))
        for words in [["plan", "check", path], ["plan", "import", path]] {
            let run = try daemon.ctl(words)
            #expect(run.status == 1 && run.stderr.contains("not UTF-8 text at line 2 (byte \(offset + 1))"), "\(words): \(run.stderr)")
        }
    }
}

/// The first bytes a stream gives, read to tell what it is: a pipe written a byte at a
/// time is read on to a FIT header's twelve bytes, not judged by its first.
@Suite struct StreamHeadTests {
    @Test func aStreamWrittenAByteAtATimeIsReadToItsTwelfthByte() throws {
        // A packet socket gives one write per read: each byte of the header comes alone.
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends) == 0)
        defer { close(ends[0]) }
        let header: [UInt8] = [14, 0x10, 0xD9, 0x07, 0x20, 0, 0, 0, 0x2E, 0x46, 0x49, 0x54, 0, 0]
        for byte in header { try #require([byte].withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, 1) } == 1) }
        close(ends[1])
        let head = FileInput.head(of: ends[0])
        #expect(head.count >= 12 && Array(head.prefix(12)) == Array(header.prefix(12)), "\(head)")
        #expect(FileContent.of(head) == .fit)
    }
}
