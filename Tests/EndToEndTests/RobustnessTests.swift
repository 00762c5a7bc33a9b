import Foundation
import Testing
import TestSupport
import SessionCore
import JSON
@testable import SessionStore

/// The daemon under stress and failure: concurrency, crashes, hostile clients, signals.
@Suite struct RobustnessTests {
    @Test func fiftyConcurrentClientsLoseAndDuplicateNothing() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        _ = try daemon.client().call("session.start")
        let clients = 50
        let perClient = 10
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: clients) { index in
            do {
                let client = try daemon.client()
                for set in 0..<perClient {
                    let params: JSONValue = .obj(["exercise": .string("Lift \(index % 5)"), "reps": JSONValue(set + 1), "requestId": .string("c\(index)-s\(set)")])
                    _ = try client.call("session.log", params)
                    if set % 3 == 0 { _ = try client.call("session.log", params) }  // a retry stores nothing
                }
            } catch {
                failures.increment()
            }
        }
        #expect(failures.value == 0)
        let current = try daemon.client().call("session.current")
        #expect(current["sets"] == JSONValue(clients * perClient))
        let offPlan = try #require(current["offPlan"]?.arrayValue)
        #expect(offPlan.count == 5)
        #expect(offPlan.allSatisfy { $0["loggedSets"] == JSONValue(clients * perClient / 5) })
    }

    @Test func killNineMidSessionLosesNoAcknowledgedSet() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let plan = try Workout.importPlan(client)
        let session = try client.call("session.start", .obj(["date": "2026-11-30"]))
        var acknowledged: [JSONValue] = []
        for reps in 1...7 {
            acknowledged.append(try client.call("session.log", .obj(["plannedExerciseId": Workout.exerciseID(plan, day: 0, position: 0), "reps": JSONValue(reps), "weightKg": 20]))["setId"] ?? .null)
        }
        daemon.kill()
        try daemon.start()
        #expect(daemon.log.contains("recovered active session"))
        let again = try daemon.client()
        let current = try again.call("session.current")
        #expect(current["sessionId"] == session["sessionId"])
        #expect(current["sets"] == 7)
        #expect(current["exercises"]?[0]?["loggedSets"] == 7)
        _ = try again.call("session.log", .obj(["exercise": "Dumbbell Fly", "reps": 12, "weightKg": 10]))
        let finished = try again.call("session.finish")
        #expect(finished["sets"] == 8)
        #expect(acknowledged.count == 7)
    }

    @Test func aStalledClientDoesNotDelayOthers() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let stalled = try daemon.client()
        try stalled.send(raw: #"{"jsonrpc": "2.0", "id": 1, "method": "daemon."#)
        let nonReader = try daemon.client()
        let request = JSONValue.obj(["jsonrpc": "2.0", "id": 1, "method": "rpc.discover"]).jsonText + "\n"
        // Replies to these fill the socket buffers; the client never reads them.
        try nonReader.send(raw: String(repeating: request, count: 400))
        let other = try daemon.client()
        for _ in 0..<20 {
            #expect(try other.call("daemon.status")["version"] != nil)
        }
        _ = try other.call("session.start")
        #expect(try other.call("session.log", .obj(["exercise": "Row", "reps": 5]))["setId"] != nil)
    }

    /// Events are written as they happen, whether or not the subscriber reads: one that
    /// never reads is dropped once 8 MiB are queued for it, and the writer goes on.
    @Test func aSubscriberThatNeverReadsIsDropped() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let subscriber = try daemon.client()
        _ = try subscriber.call("events.subscribe")
        let writer = try daemon.client()
        _ = try writer.call("session.start")
        let batch = "[" + (0..<100).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"session.log","params":{"exercise":"Row","reps":5,"weightKg":60}}"# }
            .joined(separator: ",") + "]"
        var dropped = false
        for round in 0..<400 where !dropped {
            // A session holds at most 2,000 sets: another every 20 lines.
            if round > 0, round % (SessionLimits.setsPerSession / 100) == 0 {
                _ = try writer.call("session.finish")
                _ = try writer.call("session.start")
            }
            try writer.send(line: batch)
            _ = try writer.readLine()
            dropped = daemon.log.contains("client dropped: not reading its replies")
        }
        #expect(dropped, "\(daemon.log.suffix(500))")
        #expect(try writer.call("session.log", .obj(["exercise": "Row", "reps": 5]))["setId"] != nil)
    }

    /// A line of 50,000 unknown params costs a reply of a few hundred bytes, not one that
    /// lists each with everything the method takes (10 MB, which dropped the client):
    /// more params than any method takes are refused before any is read.
    @Test func anErrorReplyIsBoundedWhateverTheRequestHolds() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let names = (0..<50_000).map { #""x\#($0)": 1"# }.joined(separator: ",")
        try client.send(line: #"{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"exercise":"Squat",\#(names)}}"#)
        let reply = try #require(try client.readLine(timeout: 30))
        #expect(reply.utf8.count < 16_384, "\(reply.utf8.count) bytes")
        let errors = try JSONParser.parse(reply)["error"]?["data"]?["errors"]?.arrayValue ?? []
        #expect(errors.count == 1 && errors.first?["path"] == "params", "\(errors.suffix(2))")
        #expect(errors.first?["message"]?.stringValue?.contains("50001 members") == true, "\(errors.first ?? .null)")
        #expect(try client.call("daemon.status")["version"] != nil, "the connection is still served")
    }

    @Test func anOversizeLineIsRefusedAndTheConnectionClosed() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let bystander = try daemon.client()
        let big = try daemon.client()
        let line = #"{"jsonrpc": "2.0", "id": 1, "method": "daemon.status", "params": {"pad": ""# + String(repeating: "x", count: 1 << 20) + "\"}}"
        try? big.send(line: line)
        let reply = try big.readJSON()
        #expect(reply["error"]?["code"] == -32600)
        #expect(try big.readLine() == nil, "the connection is closed")
        #expect(try bystander.call("daemon.status")["version"] != nil)
    }

    @Test func aSecondDaemonOnTheSameSocketIsRefused() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let second = try runProcess(Binaries.sessiond, ["--socket", daemon.socketPath, "--database", daemon.directory + "/other.db"], timeout: 10)
        #expect(second.status == 1)
        #expect(second.stderr.contains("another sessiond is already answering on \(daemon.socketPath)"))
        #expect(!FileManager.default.fileExists(atPath: daemon.directory + "/other.db"),
                "a daemon that cannot have the socket creates no database")
        #expect(try daemon.client().call("daemon.status")["version"] != nil)
    }

    /// A restart right after `kill -9`, before the kernel has closed the killed
    /// daemon's socket and lock, waits for them instead of refusing.
    @Test func aRestartRightAfterAKillStarts() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        for round in 1...5 {
            try #require(kill(daemon.pid, SIGKILL) == 0)  // not waited for: the start races its end
            try daemon.start()
            // The killed daemon may still have taken start()'s first connection; only a
            // live one answers.
            try Wait.until("round \(round)'s daemon to answer") { (try? daemon.client().call("daemon.status")["version"]) != nil }
            #expect(daemon.isRunning, "round \(round)")
        }
        #expect(!daemon.log.contains("already answering") && !daemon.log.contains("is using the database"), "\(daemon.log)")
    }

    /// Paths another user could prepare: a symbolic link as the database, a socket
    /// directory anyone may write to.
    @Test func plantedPathsAreRefused() throws {
        let directory = Fixtures.temporaryDirectory("paths")
        defer { Fixtures.removeTree(directory) }
        let target = directory + "/private/target.db"
        try FileManager.default.createDirectory(atPath: directory + "/private", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.db", withDestinationPath: target)
        let linked = try runProcess(Binaries.sessiond, ["--socket", directory + "/a.sock", "--database", directory + "/link.db"], timeout: 10)
        #expect(linked.status == 1)
        #expect(linked.stderr.contains("link.db is a symbolic link"), "\(linked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target), "nothing is created through the link")

        let shared = directory + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o777)
        let open = try runProcess(Binaries.sessiond, ["--socket", shared + "/s.sock", "--database", directory + "/b.db"], timeout: 10)
        #expect(open.status == 1)
        #expect(open.stderr.contains("writable by every user and not sticky"), "\(open.stderr)")
        // A directory another user owns, even one only it may write to.
        let theirs = directory + "/theirs"
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true)
        chmod(theirs, 0o755)
        chown(theirs, 65_534, 65_534)
        let owned = try runProcess(Binaries.sessiond, ["--socket", theirs + "/s.sock", "--database", directory + "/d.db"], timeout: 10)
        #expect(owned.status == 1 && owned.stderr.contains("theirs belongs to uid 65534"), "\(owned.stderr)")
        #expect(!FileManager.default.fileExists(atPath: theirs + "/s.sock"))
        chmod(shared, 0o1777)  // sticky, like /tmp: allowed
        let sticky = Process()
        sticky.executableURL = URL(fileURLWithPath: Binaries.sessiond)
        sticky.arguments = ["--socket", shared + "/s.sock", "--database", directory + "/c.db"]
        sticky.standardError = FileHandle.nullDevice
        try sticky.run()
        defer { sticky.terminate(); sticky.waitUntilExit() }
        #expect(try RPCClient.waitingForServer(at: shared + "/s.sock").call("daemon.status")["version"] != nil)
    }

    @Test func aStaleSocketFileIsReplaced() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        daemon.kill()
        #expect(FileManager.default.fileExists(atPath: daemon.socketPath))
        try daemon.start()
        #expect(try daemon.client().call("daemon.status")["version"] != nil)
    }

    /// The daemon's uptime is counted on the monotonic clock: the wall clock set back an
    /// hour (NTP, a person) moves it neither below zero nor by the hour.
    @Test func uptimeIsNotMovedByAStepOfTheWallClock() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let uptime = try daemon.at(ms: now - 3_600_000) { try daemon.client().call("daemon.status")["uptimeSeconds"]?.intValue }
        #expect(uptime.map { (0..<600).contains($0) } == true, "\(String(describing: uptime))")
    }

    @Test func sigtermAnswersWhatIsInFlightAndExitsZero() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        let count = 300
        let lines = (0..<count).map { index in
            JSONValue.obj(["jsonrpc": "2.0", "id": JSONValue(index), "method": "session.log", "params": .obj(["exercise": "Squat", "reps": 5])]).jsonText
        }
        try client.send(raw: lines.joined(separator: "\n") + "\n")
        // The first reply out: the rest are in flight when the signal comes.
        var answered = 0
        if let first = try client.readLine() {
            #expect(try JSONParser.parse(first)["id"] == JSONValue(0))
            answered = 1
        }
        kill(daemon.pid, SIGTERM)
        while let line = try client.readLine(), !line.isEmpty {
            let reply = try JSONParser.parse(line)
            #expect(reply["id"] == JSONValue(answered))
            answered += 1
        }
        #expect(answered == count)
        #expect(daemon.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        try daemon.start()
        #expect(try daemon.client().call("session.current")["sets"] == JSONValue(count))
    }

    /// The group commit runs requests without savepoints first; a request that fails
    /// after writing must still change nothing, and the requests sharing its
    /// transaction must still land. The failure is real: a trigger the test adds makes
    /// SQLite refuse the set after the request already resumed the paused session.
    @Test func aRequestThatFailsAfterWritingChangesNothingAndSparesItsBatch() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let setup = try daemon.client()
        _ = try setup.call("session.start")
        _ = try setup.call("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": 100]))
        #expect(daemon.stop() == 0)
        try Database(path: daemon.databasePath).connection.execute("""
            CREATE TRIGGER test_fault BEFORE INSERT ON logged_set WHEN NEW.note = 'fail here'
            BEGIN SELECT RAISE(ABORT, 'injected fault'); END;
            """)
        try daemon.start()
        let client = try daemon.client()
        try client.send(line: """
            [{"jsonrpc":"2.0","id":1,"method":"session.pause"},
             {"jsonrpc":"2.0","id":2,"method":"session.log","params":{"exercise":"Squat","reps":5,"weightKg":120,"note":"fail here"}},
             {"jsonrpc":"2.0","id":3,"method":"health.record","params":{"type":"sleepHours","value":7,"date":"2026-11-25"}}]
            """.replacingOccurrences(of: "\n", with: ""))
        let replies = try #require(try client.readJSON().arrayValue)
        #expect(replies.count == 3)
        #expect(replies[0]["result"]?["state"] == "paused")
        #expect(replies[1]["error"]?["message"]?.stringValue?.contains("injected fault") == true, "\(replies[1])")
        #expect(replies[2]["result"] != nil, "\(replies[2])")
        let current = try client.call("session.current")
        #expect(current["state"] == "paused", "the failed log's resume was rolled back with it")
        #expect(current["sets"] == 1)
        #expect(try client.call("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": 120]))["personalRecord"] != nil,
                "the failed heavier set left no record behind")
        #expect(daemon.log.contains("its batch runs again, each request isolated"))
        let week = try client.call("summary.weekly", .obj(["weekStart": "2026-11-23"]))
        #expect(week["health"]?.jsonText.contains("sleepHours") == true, "\(week.jsonText)")
    }

    @Test func refusesFilesItMustNotTouch() throws {
        let directory = Fixtures.temporaryDirectory("refuse")
        defer { Fixtures.removeTree(directory) }
        let path = directory + "/notes.txt"
        Fixtures.write("my notes\n", to: path)
        let result = try runProcess(Binaries.sessiond, ["--socket", directory + "/s.sock", "--database", path], timeout: 10)
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(path) is not a sessiond database"))
        #expect(Fixtures.read(path) == "my notes\n")
        let usage = try runProcess(Binaries.sessiond, ["--frobnicate"], timeout: 10)
        #expect(usage.status == 2 && usage.stderr.hasPrefix("sessiond: unknown option --frobnicate\nUsage: sessiond [--socket PATH]"), "\(usage.stderr)")
        let zone = try runProcess(Binaries.sessiond, ["--timezone", "Mars/Olympus", "--socket", directory + "/s.sock"], timeout: 10)
        #expect(zone.status == 1)
        #expect(zone.stderr.contains("unknown time zone"))
        // An empty zone is no zone: refused, not read as UTC.
        let empty = try runProcess(Binaries.sessiond, ["--timezone", "", "--socket", directory + "/s.sock"], timeout: 10)
        #expect(empty.status == 2 && empty.stderr.contains("--timezone needs an IANA zone name"), "\(empty.stderr)")
    }

    /// The database a daemon creates, and the write-ahead log beside it, are its owner's
    /// alone, as its backups and exports are: they hold a person's workouts and health.
    @Test func theDatabaseCreatedIsPrivateToItsOwner() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        _ = try daemon.client().call("session.start")
        for path in [daemon.databasePath, daemon.databasePath + "-wal"] {
            var info = stat()
            #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "\(path): \(String(info.st_mode & 0o777, radix: 8))")
        }
    }
}

/// A counter for concurrentPerform bodies.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
