import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// `sessionctl import activity.fit`: a watch's FIT activity becomes a finished session,
/// checked against fitdecode (an independent decoder from PyPI) reading the same file —
/// the real files in shared/examples and files made here in the format (compressed
/// timestamps, developer fields, big-endian messages, no heart-rate summary).
@Suite struct FitImportTests {
    static let tools = Fixtures.packageRoot + "/Tests/Fixtures/fit"

    /// What fitdecode reads in `path` (`read_fit.py`).
    func decoded(_ path: String) throws -> JSONValue {
        let run = try runProcess("/usr/bin/env", ["python3", Self.tools + "/read_fit.py", path])
        try #require(run.status == 0, "fitdecode: \(run.stderr)")
        return try JSONParser.parse(run.stdout)
    }

    /// Writes a FIT file from `description` (`make_fit.py`).
    func make(_ path: String, _ description: JSONValue) throws {
        let json = path + ".json"
        Fixtures.write(description.jsonText, to: json)
        let run = try runProcess("/usr/bin/env", ["python3", Self.tools + "/make_fit.py", path, json])
        try #require(run.status == 0, "make_fit: \(run.stderr)")
    }

    func ctl(_ daemon: DaemonProcess, _ arguments: [String]) throws -> ProcessResult {
        try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath] + arguments, timeout: 60)
    }

    /// The session `id` as `session.get` returns it.
    func session(_ daemon: DaemonProcess, _ id: Int) throws -> JSONValue {
        try daemon.client().call("session.get", .obj(["sessionId": JSONValue(id)]))
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func aStrengthActivityIsASessionOfItsActiveSets() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let path = Fixtures.examplesDirectory + "/health/garmin-strength-training.fit"
        let expected = try decoded(path)
        let file = try #require(expected["sessions"]?[0])
        let active = try #require(expected["activeSets"]?.arrayValue)
        let imported = try ctl(daemon, ["import", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported 1 workout from fit: \(active.count) sets"), "\(imported.stdout)")
        let stored = try session(daemon, 1)
        #expect(stored["title"] == "Strength training" && stored["state"] == "finished")
        #expect(stored["averageHeartRate"] == file["avgHr"] && stored["maximumHeartRate"] == file["maxHr"], "\(stored)")
        #expect(stored["energyKcal"]?.numberValue == file["calories"]?.numberValue)
        #expect(stored["durationSeconds"]?.intValue == Int((file["elapsed"]?.numberValue ?? 0).rounded()))
        let start = try #require(file["start"]?.intValue)
        #expect(RFC3339.parse(stored["startedAt"]?.stringValue ?? "") == Int64(start) * 1000, "at the watch's start")
        let sets = try #require(stored["sets"]?.arrayValue)
        try #require(sets.count == active.count, "every active set, no rest set")
        for (set, want) in zip(sets, active) {
            #expect(set["reps"] == want["reps"], "\(set) against \(want)")
            // No load recorded (0 kg) is no weight, not a weight of 0.
            let weight = want["weight"]?.numberValue ?? 0
            #expect(set["weightKg"]?.numberValue == (weight > 0 ? weight : nil), "\(set) against \(want)")
            // Named from the watch's likeliest category, as the FIT profile names it.
            if let category = want["categoryNames"]?[0]?.stringValue {
                let typed = try #require(set["exercise"]?.stringValue)
                let catalog = ExerciseCatalog.builtIn.exercise(named: typed)?.name
                #expect(typed.lowercased().replacingOccurrences(of: " ", with: "_") == category || catalog != nil,
                        "\(typed) for \(category)")
            }
        }
        // The same file again adds nothing.
        let again = try ctl(daemon, ["import", path])
        #expect(again.status == 0 && again.stdout.contains("1 workout already stored, skipped"), "\(again.stdout)")
        let listed = try daemon.client().call("session.list")
        #expect(listed.arrayValue?.count == 1)
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func aRunIsOneSetOfItsDurationAndDistance() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let path = Fixtures.examplesDirectory + "/health/garmin-run.fit"
        let file = try #require(try decoded(path)["sessions"]?[0])
        let imported = try ctl(daemon, ["import", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let stored = try session(daemon, 1)
        #expect(stored["title"] == "Run")
        #expect(stored["averageHeartRate"] == file["avgHr"] && stored["maximumHeartRate"] == file["maxHr"])
        let set = try #require(stored["sets"]?[0])
        #expect(stored["sets"]?.arrayValue?.count == 1)
        #expect(set["durationSeconds"]?.intValue == Int((file["timer"]?.numberValue ?? 0).rounded()))
        #expect(abs((set["distanceM"]?.numberValue ?? 0) - (file["distance"]?.numberValue ?? -1)) < 0.01, "\(set)")
        let shown = try ctl(daemon, ["show", "1"])
        #expect(shown.stdout.contains("heart rate \(file["avgHr"]?.intValue ?? 0) avg, \(file["maxHr"]?.intValue ?? 0) max"), "\(shown.stdout)")
        // Training (sport 10) with no set logged is no strength session: a cardio set of
        // its time under the sport's name, and the session named so too.
        let training = daemon.directory + "/training.fit"
        let start = 1_795_000_000
        try make(training, .obj(["sport": 10, "subSport": 0, "start": JSONValue(start), "elapsed": 900, "localOffset": 3600]))
        #expect(try ctl(daemon, ["import", training]).status == 0)
        let trained = try session(daemon, 2)
        #expect(trained["title"] == "Training" && trained["sets"]?.arrayValue?.count == 1 && trained["sets"]?[0]?["exercise"] == "Training"
                && trained["sets"]?[0]?["durationSeconds"] == 900, "\(trained)")
    }

    /// A file made here with what real files may hold: records under compressed
    /// timestamp headers and with a developer field, sets in big-endian messages, a
    /// timed set, a rest set, and no heart-rate summary in the session (the average
    /// and maximum then come from the records, a strap's 0 left out).
    @Test func compressedTimestampsDeveloperFieldsAndBigEndianMessagesRead() throws {
        let daemon = try DaemonProcess(environment: ["TZ": "Europe/Berlin"])
        defer { daemon.cleanUp() }
        let path = daemon.directory + "/made.fit"
        let start = 1_764_612_000  // 2025-12-01T18:00:00Z
        try make(path, .obj([
            "sport": 10, "subSport": 20, "start": JSONValue(start), "elapsed": 1800, "calories": 210, "localOffset": 3600,
            "compressedRecords": true, "developerField": true, "bigEndianSets": true,
            "records": .array([(0, 90), (5, 100), (10, 120), (30, 140), (31, 0)].map { .array([JSONValue(start + $0.0), JSONValue($0.1)]) }),
            "sets": [
                .obj(["start": JSONValue(start + 10), "duration": 40.5, "reps": 8, "weight": 60.5, "active": true, "category": [0, 28]]),
                .obj(["start": JSONValue(start + 51), "duration": 90, "active": false]),
                .obj(["start": JSONValue(start + 141), "duration": 45, "active": true, "category": [19]]),
            ],
        ]))
        let expected = try decoded(path)
        let rates = (expected["heartRates"]?.arrayValue ?? []).compactMap(\.intValue).filter { $0 >= 20 }
        #expect(rates.count == 4, "fitdecode reads the compressed records too: \(expected)")
        let imported = try ctl(daemon, ["import", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let stored = try session(daemon, 1)
        let average = Int((Double(rates.reduce(0, +)) / Double(rates.count)).rounded())
        #expect(stored["averageHeartRate"]?.intValue == average && stored["maximumHeartRate"]?.intValue == rates.max(), "\(stored)")
        #expect(stored["date"] == "2025-12-01" && stored["startedAt"] == "2025-12-01T19:00:00.000+01:00", "\(stored)")
        let sets = try #require(stored["sets"]?.arrayValue)
        try #require(sets.count == 2, "\(sets)")
        #expect(sets[0]["exercise"] == "Bench Press" && sets[0]["reps"] == 8 && sets[0]["weightKg"] == 60.5)
        #expect(sets[0]["loggedAt"] == "2025-12-01T19:00:51.000+01:00", "logged when it ended, 40.5 s after its start")
        #expect(sets[1]["exercise"] == "Plank" && sets[1]["reps"] == .null && sets[1]["durationSeconds"] == 45)
    }

    /// The watch recorded a session tracked here too: the session takes the watch's
    /// heart rate and energy and keeps its own sets; no second session is stored. An
    /// activity on another day is a session of its own.
    @Test func aWatchRecordingOfATrackedSessionGivesItHeartRateNotASecondSession() throws {
        let daemon = try DaemonProcess(environment: ["TZ": "Europe/Berlin"])
        defer { daemon.cleanUp() }
        let zone = ["TZ": "Europe/Berlin"]
        let tracked = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "track", "2025-12-01", "19:00-19:30", "squat", "3x5@100"],
                                     environment: zone)
        try #require(tracked.status == 0, "\(tracked.stderr)")
        let start = 1_764_612_060  // 19:01 in Berlin, a minute after the tracked start
        let path = daemon.directory + "/watch.fit"
        try make(path, .obj([
            "sport": 10, "subSport": 20, "start": JSONValue(start), "elapsed": 1800, "calories": 250, "avgHr": 120, "maxHr": 150,
            "localOffset": 3600, "sets": [.obj(["start": JSONValue(start + 5), "duration": 30, "reps": 5, "weight": 100, "active": true, "category": [28]])],
        ]))
        let imported = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "import", path], environment: zone)
        #expect(imported.status == 0 && imported.stdout.contains("gave session 1"), "\(imported.stdout) \(imported.stderr)")
        let session = try self.session(daemon, 1)
        #expect(session["averageHeartRate"] == 120 && session["maximumHeartRate"] == 150 && session["energyKcal"] == 250, "\(session)")
        #expect(session["sets"]?.arrayValue?.count == 3, "the tracked sets stay")
        #expect(try daemon.client().call("session.list").arrayValue?.count == 1)
        // The next day's activity overlaps nothing: a session of its own.
        let later = daemon.directory + "/later.fit"
        try make(later, .obj(["sport": 1, "subSport": 0, "start": JSONValue(start + 86_400), "elapsed": 1200, "distance": 3000, "localOffset": 3600]))
        let second = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "import", later], environment: zone)
        #expect(second.status == 0 && !second.stdout.contains("gave session"), "\(second.stdout)")
        #expect(try daemon.client().call("session.list").arrayValue?.count == 2)
    }

    /// A damaged, cut or foreign file is refused with what is wrong and where, exit
    /// status 1, and nothing is stored.
    @Test func aDamagedFileIsRefusedByNameAndNothingIsStored() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let start = 1_764_612_000
        let plain: JSONValue = .obj([
            "sport": 1, "subSport": 0, "start": JSONValue(start), "elapsed": 600, "distance": 2000,
            "sets": [], "records": [[JSONValue(start), 150]],
        ])
        func refusal(_ name: String, _ change: [(String, JSONValue)], _ arguments: [String] = []) throws -> String {
            var description = plain.objectPairs ?? []
            for (key, value) in change { description.append((key, value)) }
            let path = daemon.directory + "/" + name + ".fit"
            try make(path, .object(description))
            let run = try ctl(daemon, ["import", path] + arguments)
            #expect(run.status == 1, "\(name): \(run.stdout) \(run.stderr)")
            return run.stderr
        }
        #expect(try refusal("crc", [("corruptCrc", true)]).contains("CRC"))
        let cut = try refusal("cut", [("truncate", 60)])
        #expect(cut.contains("byte 60") && cut.contains("cut short"), "\(cut)")
        #expect(try refusal("course", [("fileType", 6)]).contains("not an activity"))
        let text = daemon.directory + "/notes.txt"
        Fixtures.write("Date,Exercise Name\n", to: text)
        let forced = try ctl(daemon, ["import", text, "--format", "fit"])
        #expect(forced.status == 1 && forced.stderr.contains("not a FIT file"), "\(forced.stderr)")
        #expect(try daemon.client().call("session.list").arrayValue?.isEmpty == true, "nothing stored")
    }
}
