import Foundation
import JSON
import Testing
import TestSupport

/// `sessionctl log` when the connection is lost after the request went out: the retry
/// must carry the same requestId (so the daemon stores the set once), and when no reply
/// comes at all the user is told the set may have been stored.
@Suite struct LostReplyTests {
    /// A stand-in daemon: answers session.current, drops the connection on the first
    /// `drops` session.log requests, then answers; writes every requestId it saw.
    static let fake = #"""
        import json, os, socket, sys
        path, drops, seen = sys.argv[1], int(sys.argv[2]), sys.argv[3]
        server = socket.socket(socket.AF_UNIX); server.bind(path); server.listen(8)
        snapshot = {"sessionId": 1, "state": "running", "date": "2026-11-30", "title": "Free session", "planDayId": None,
                    "carriedOver": False, "startedAt": "2026-11-30T10:00:00Z", "endedAt": None, "durationSeconds": 60, "sets": 0,
                    "volumeKg": 0, "completion": 0, "exercises": [], "offPlan": [], "next": None}
        logged = {"setId": 7, "sessionId": 1, "setNumber": 1, "exercise": "squat", "plannedExerciseId": None, "offPlan": True,
                  "kind": "normal", "reps": 5, "weightKg": 100, "durationSeconds": None, "loggedAt": "2026-11-30T10:01:00Z",
                  "progress": {"loggedSets": 1, "plannedSets": 0}, "restSeconds": None}
        while True:
            connection, _ = server.accept()
            stream = connection.makefile("rwb")
            for line in stream:
                request = json.loads(line)
                if request["method"] == "session.log":
                    with open(seen, "a") as out: out.write(request["params"]["requestId"] + "\n")
                    if drops > 0:
                        drops -= 1
                        break
                    result = logged
                else:
                    result = snapshot
                stream.write((json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}) + "\n").encode()); stream.flush()
            stream.close(); connection.close()
        """#

    private func withFake(drops: Int, _ body: (String, String) throws -> Void) throws {
        let directory = Fixtures.temporaryDirectory("lost-reply")
        defer { Fixtures.removeTree(directory) }
        let script = directory + "/fake.py"
        try Self.fake.write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, directory + "/s.sock", String(drops), directory + "/seen"]
        try process.run()
        // SIGKILL: the test runner's children may inherit a blocked SIGTERM.
        defer { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        _ = try RPCClient.waitingForServer(at: directory + "/s.sock")
        try body(directory + "/s.sock", directory + "/seen")
    }

    @Test func aLostReplyIsRetriedWithTheSameRequestID() throws {
        try withFake(drops: 1) { socket, seen in
            let result = try runProcess(Binaries.sessionctl, ["--socket", socket, "log", "--new", "squat", "5", "100"], timeout: 20)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("squat"))
            let ids = try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n")
            #expect(ids.count == 2, "sent, lost, sent again")
            #expect(Set(ids).count == 1, "with the same requestId, so the daemon stores it once: \(ids)")
        }
    }

    @Test func noReplyAtAllSaysTheSetMayHaveBeenStored() throws {
        try withFake(drops: 10) { socket, _ in
            let result = try runProcess(Binaries.sessionctl, ["--socket", socket, "log", "--new", "squat", "5", "100"], timeout: 20)
            #expect(result.status == 3)
            #expect(result.stderr.contains("the set may have been stored"), "\(result.stderr)")
            #expect(!result.stderr.contains("cannot reach"))
        }
    }
}
