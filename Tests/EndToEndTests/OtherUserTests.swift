import Foundation
import JSON
import Testing
import TestSupport

/// What another user of the daemon (a member of `--group`) may do is its own: its
/// staged imports are apart from everyone else's.
@Suite struct OtherUserTests {
    /// Runs `script` (Python) as nobody with `arguments`; returns what it printed, as JSON.
    private func asNobody(_ script: String, _ arguments: [String]) throws -> JSONValue {
        let result = try Nobody.run("/usr/bin/python3", ["-c", script] + arguments)
        guard result.status == 0 else { throw RemoteFailure(text: "python as nobody exited \(result.status): \(result.stderr)") }
        return try JSONParser.parse(result.stdout)
    }

    struct RemoteFailure: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }

    /// One workout of one set, titled `title`, as a `history.import` chunk's params.
    private static func chunk(_ id: String, title: String, day: Int) -> String {
        #"{"importId": "\#(id)", "chunk": 0, "source": "strong", "workouts": [{"start": "2026-01-0\#(day)T18:00:00", "durationSeconds": 600, "title": "\#(title)", "sets": [{"exercise": "Squat", "reps": 5, "weightKg": 60}]}]}"#
    }

    @Test func anotherUsersImportsAreItsOwnAndCannotBlockOrCancelOthers() throws {
        if let missing = Nobody.unavailable(python: true, group: "nogroup") {
            Issue.record("\(missing): the other user is nobody")
            return
        }
        let directory = Fixtures.temporaryDirectory("other-user")
        defer { Fixtures.removeTree(directory) }
        chmod(directory, 0o755)
        let daemon = try DaemonProcess(directory: directory, extraArguments: ["--group", "nogroup"])
        defer { daemon.cleanUp() }
        // Root stages an import named "a" before the other user does.
        let root = try daemon.client()
        _ = try root.call("history.import", try JSONParser.parse(Self.chunk("a", title: "Root's", day: 1)))
        // Nobody stages "a" to "e" and stores its "a".
        let script = #"""
            import json, socket, sys
            s = socket.socket(socket.AF_UNIX)
            s.connect(sys.argv[1])
            buffer = b""
            def call(method, params):
                global buffer
                s.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}) + "\n").encode())
                while b"\n" not in buffer:
                    buffer += s.recv(65536)
                line, buffer = buffer.split(b"\n", 1)
                return json.loads(line)
            print(json.dumps([call("history.import", json.loads(params)) for params in sys.argv[2:]]))
            """#
        let chunks = ["a", "b", "c", "d", "e"].enumerated().map { Self.chunk($1, title: "Nobody's \($1)", day: $0 + 2) }
        let replies = try asNobody(script, [daemon.socketPath] + chunks + [#"{"importId": "a", "chunk": 1, "done": true}"#])
        for index in 0..<4 { #expect(replies[index]?["result"]?["staged"] == 1, "\(replies[index]?.jsonText ?? "none")") }
        // Its fifth is refused for its own four, not for root's.
        #expect(replies[4]?["error"]?["data"]?["reason"] == "import_refused", "\(replies[4]?.jsonText ?? "none")")
        #expect(replies[4]?["error"]?["message"]?.stringValue?.contains("4 imports of yours") == true, "\(replies[4]?.jsonText ?? "none")")
        // Its "a" stored its own workout only.
        #expect(replies[5]?["result"]?["imported"]?["workouts"] == 1, "\(replies[5]?.jsonText ?? "none")")
        // Root's "a" is still staged and still root's: its done stores root's workout.
        let done = try root.call("history.import", .obj(["importId": "a", "chunk": 1, "done": true]))
        #expect(done["imported"]?["workouts"] == 1, "\(done.jsonText)")
        // Root's cancel of "b" leaves nobody's "b", which it stores later on another
        // connection: an import is its user's, not its connection's.
        _ = try root.call("history.import", .obj(["importId": "b", "cancel": true]))
        let later = try asNobody(script, [daemon.socketPath, #"{"importId": "b", "chunk": 1, "done": true}"#])
        #expect(later[0]?["result"]?["imported"]?["workouts"] == 1, "\(later.jsonText)")
        let titles = try root.call("session.list").arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        #expect(titles.sorted() == ["Nobody's a", "Nobody's b", "Root's"], "\(titles)")
    }

    @Test func sessionctlSendsNothingToAServerOfAnotherUser() throws {
        if let missing = Nobody.unavailable(python: true) {
            Issue.record("\(missing): the other user's server runs as nobody")
            return
        }
        let directory = Fixtures.temporaryDirectory("fake-server")
        defer { Fixtures.removeTree(directory) }
        chmod(directory, 0o777)
        let socket = directory + "/sessiond.sock", received = directory + "/received"
        // Nobody's server: answers any line as a daemon would, and keeps what it got.
        let script = #"""
            import os, socket, sys
            server = socket.socket(socket.AF_UNIX)
            server.bind(sys.argv[1])
            os.chmod(sys.argv[1], 0o666)
            server.listen(4)
            while True:
                connection, _ = server.accept()
                data = connection.recv(65536)
                with open(sys.argv[2], "ab") as kept:
                    kept.write(data)
                connection.sendall(b'{"jsonrpc":"2.0","id":1,"result":null}\n')
                connection.close()
            """#
        let server = Nobody.process("/usr/bin/python3", ["-c", script, socket, received])
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        try Wait.until(timeout: 2, "the other user's server to make its socket") { FileManager.default.fileExists(atPath: socket) }
        let logged = try runProcess(Binaries.sessionctl, ["--socket", socket, "log", "squat", "5", "100"])
        #expect(logged.status == 3, "\(logged.status) \(logged.stdout) \(logged.stderr)")
        #expect(logged.stderr.contains("served by uid 65534") && logged.stderr.contains("nothing was sent"), "\(logged.stderr)")
        #expect((try? Data(contentsOf: URL(fileURLWithPath: received)))?.isEmpty ?? true, "the set went to the other user's server")
    }
}
