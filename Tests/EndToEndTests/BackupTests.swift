import Foundation
import JSON
import Synchronization
import Testing
import TestSupport

/// `sessionctl backup` while clients log, as an operator takes one on a live watch.
@Suite struct BackupTests {
    @Test func aBackupTakenDuringLoggingHoldsEveryAcknowledgedSetAndRestores() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        for set in 1...200 { _ = try client.call("session.log", .obj(["exercise": "Squat", "reps": JSONValue(set % 10 + 1), "weightKg": 100])) }

        // Another client keeps logging while the backup runs.
        let logger = try daemon.client()
        let state = LoggingState()
        let thread = Thread {
            while !state.stop.load(ordering: .acquiring) {
                guard (try? logger.call("session.log", .obj(["exercise": "Row", "reps": 8, "weightKg": 60]))) != nil else { return }
                state.acknowledged.add(1, ordering: .releasing)
            }
        }
        thread.start()
        usleep(50_000)
        let before = state.acknowledged.load(ordering: .acquiring)
        let path = daemon.directory + "/copy.db"
        let run = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "backup", path], timeout: 60)
        state.stop.store(true, ordering: .releasing)
        while !thread.isFinished { usleep(10_000) }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("backed up"))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o077 == 0, "a backup is private to its owner")

        let check = try runProcess("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
            print(db.execute("PRAGMA integrity_check").fetchone()[0], db.execute("SELECT count(*) FROM logged_set").fetchone()[0])
            """, path])
        let fields = check.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(fields.first == "ok", "\(check.stdout) \(check.stderr)")
        let copied = Int(fields.last ?? "") ?? -1
        #expect(copied >= before && copied <= state.acknowledged.load(ordering: .acquiring) + 1, "\(copied) sets in the copy; \(before) acknowledged before it began (one more may be in flight)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: daemon.directory).filter { $0.contains(".backup-") }
        #expect(leftovers.isEmpty, "the daemon's copy is deleted once sent: \(leftovers)")

        let again = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "backup", path])
        #expect(again.status == 2 && again.stderr.contains("--force"), "an existing file is kept")
        #expect(try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "backup", "--force", path]).status == 0)

        // Restoring is starting a daemon on the copy.
        let restored = try DaemonProcess(extraArguments: ["--database", path])
        defer { restored.cleanUp() }
        let current = try restored.client().call("session.current")
        #expect((current["session"]?["sets"]?.intValue ?? current["sets"]?.intValue ?? 0) >= 200, "\(current.jsonText.prefix(200))")
    }
}

/// What the test and its logging thread share.
private final class LoggingState: Sendable {
    let stop = Atomic<Bool>(false)
    let acknowledged = Atomic<Int>(200)
}
