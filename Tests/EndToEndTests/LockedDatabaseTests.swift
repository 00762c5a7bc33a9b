import Foundation
import JSON
import Testing
import TestSupport

/// Another process holds the database's write lock (a backup tool, an sqlite3 shell):
/// the daemon's status still answers at once, and a write waiting for the lock does not
/// stop the serving loop.
@Suite struct LockedDatabaseTests {
    static let locker = #"""
        import sqlite3, sys, time
        connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
        connection.execute("BEGIN EXCLUSIVE")
        print("locked", flush=True)
        time.sleep(float(sys.argv[2]))  # holds the lock: how long the daemon waits is under test
        connection.execute("ROLLBACK")
        """#

    /// Holds the lock until a line comes on standard input.
    static let heldLocker = #"""
        import sqlite3, sys
        connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
        connection.execute("BEGIN EXCLUSIVE")
        print("locked", flush=True)
        sys.stdin.readline()
        connection.execute("ROLLBACK")
        """#

    /// A client that closes its socket while its requests wait (for another process's
    /// lock here) reads no reply: those not at the database yet are not run, and the
    /// connection goes at once. One whose lines are notifications wants them run: all
    /// are stored once the lock is gone.
    @Test func requestsOfAClientThatHungUpAreNotRunUnlessTheyAreNotifications() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let script = daemon.directory + "/lock.py"
        try Self.heldLocker.write(toFile: script, atomically: true, encoding: .utf8)
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        locker.arguments = ["python3", script, daemon.databasePath]
        let (input, output) = (Pipe(), Pipe())
        (locker.standardInput, locker.standardOutput) = (input, output)
        try locker.run()
        defer { kill(locker.processIdentifier, SIGKILL); locker.waitUntilExit() }
        _ = output.fileHandleForReading.availableData  // "locked"

        let lines = 80
        func record(_ date: String, id: Int?) -> String {
            let request = #""jsonrpc":"2.0","method":"health.record","params":{"type":"steps","value":1000,"date":"\#(date)"}"#
            return "{" + request + (id.map { #","id":\#($0)"# } ?? "") + "}\n"
        }
        let gone = try daemon.client()
        try gone.send(raw: (0..<lines).map { record("2026-11-02", id: $0) }.joined())
        gone.close()
        let leaving = try daemon.client()
        try leaving.send(raw: (0..<lines).map { _ in record("2026-11-03", id: nil) }.joined())
        leaving.close()
        try Wait.until("the first client's connection to go") {
            let status = try daemon.client().call("daemon.status")
            return status["connections"] == 2 && (status["requestsAtDatabase"]?.intValue ?? 0) > 0
        }
        input.fileHandleForWriting.write(Data("\n".utf8))
        try Wait.until("the requests at the database to be answered") { try daemon.client().call("daemon.status")["requestsAtDatabase"] == 0 }
        try Wait.until("the notifications' connection to go") { try daemon.client().call("daemon.status")["connections"] == 1 }
        func samples(_ date: String) throws -> Int {
            try daemon.client().call("health.list", .obj(["type": "steps", "from": .string(date), "to": .string(date)]))[0]?["samples"]?.intValue ?? 0
        }
        let run = try samples("2026-11-02")
        #expect(run > 0 && run < lines, "only what had gone to the database ran: \(run) of \(lines)")
        #expect(try samples("2026-11-03") == lines, "every notification ran")
    }

    @Test func statusAnswersWhileAnotherProcessHoldsTheLock() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let script = daemon.directory + "/lock.py"
        try Self.locker.write(toFile: script, atomically: true, encoding: .utf8)
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        locker.arguments = ["python3", script, daemon.databasePath, "3"]
        let output = Pipe()
        locker.standardOutput = output
        try locker.run()
        defer { kill(locker.processIdentifier, SIGKILL); locker.waitUntilExit() }
        _ = output.fileHandleForReading.availableData  // "locked"

        // A write waits for the lock (on the database thread, not the serving loop)…
        let writer = try daemon.client()
        try writer.send(line: #"{"jsonrpc":"2.0","id":1,"method":"session.start"}"#)
        try Wait.until("the write to wait at the database") { try daemon.client().call("daemon.status")["requestsAtDatabase"] == 1 }
        // …while the status answers at once, for a client with nothing else in flight.
        for _ in 0..<3 {
            let started = Date()
            let status = try daemon.client().call("daemon.status")
            #expect(status["version"] != nil)
            #expect(Date().timeIntervalSince(started) < 0.5, "daemon.status took \(Date().timeIntervalSince(started)) s")
        }
        // Once the lock is gone the write goes through.
        let reply = try writer.readJSON(timeout: 10)
        #expect(reply["result"]?["sessionId"] != nil, "\(reply.jsonText)")
        let status = try daemon.client().call("daemon.status")
        #expect(status["activeSessionId"] == reply["result"]?["sessionId"])
        #expect(status["requestsAtDatabase"] == 0, "answered: nothing waits at the database")
    }
}
