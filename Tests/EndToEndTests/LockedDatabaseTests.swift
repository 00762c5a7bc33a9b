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
