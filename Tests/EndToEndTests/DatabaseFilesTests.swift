import Foundation
import JSON
import Testing
import TestSupport

/// The database's files changed under a running daemon (an operator's `rm`, a cleanup
/// script): nothing acknowledged may be lost, and the daemon must say so and stop.
@Suite struct DatabaseFilesTests {
    @Test func aRemovedWriteAheadLogLosesNoAcknowledgedSet() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        for set in 1...20 { _ = try client.call("session.log", .obj(["exercise": "Squat", "reps": JSONValue(set)])) }
        try FileManager.default.removeItem(atPath: daemon.databasePath + "-wal")
        // The next commit notices; its own set is acknowledged, and kept, too.
        _ = try? client.call("session.log", .obj(["exercise": "Squat", "reps": 21]))
        #expect(daemon.waitForExit() == 1, "it stops with a failure status")
        #expect(daemon.log.contains("write-ahead log \(daemon.databasePath)-wal was removed"), "\(daemon.log)")

        try daemon.start()
        let current = try daemon.client().call("session.current")
        #expect(current["sets"] == 21, "every acknowledged set is in the database after the restart")
    }

    @Test func aFreshDatabaseFileHoldsItsSchema() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        // The main file alone, as a careless backup copies it while the daemon runs:
        // the schema must be in it, not only in the write-ahead log.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: daemon.databasePath))
        #expect(bytes.count > 4096, "\(bytes.count) bytes")
        #expect(bytes.range(of: Data("CREATE TABLE".utf8)) != nil)
    }
}
