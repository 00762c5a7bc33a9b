import Foundation
import Glibc
import JSON
import Testing
import TestSupport

/// One daemon per database: a second one, on another socket, would keep rest timers and
/// event streams of its own over the same sets.
@Suite struct DatabaseLockTests {
    /// Starts sessiond on `socket` and the database of `daemon`, and waits for it to exit.
    private func secondDaemon(_ daemon: DaemonProcess, socket: String) throws -> ProcessResult {
        try runProcess(Binaries.sessiond, ["--socket", socket, "--database", daemon.databasePath, "--timezone", "UTC"], timeout: 10)
    }

    @Test func aSecondDaemonOnTheSameDatabaseIsRefusedAtStart() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        _ = try client.call("session.log", .obj(["exercise": "Squat", "reps": 5]))
        let lock = daemon.databasePath + ".lock"
        #expect((try? String(contentsOfFile: lock, encoding: .utf8)) == "\(daemon.pid)\n", "the lock file holds the daemon's pid")

        let other = daemon.directory + "/other.sock"
        let second = try secondDaemon(daemon, socket: other)
        #expect(second.status == 1, "\(second.stderr)")
        #expect(second.stderr.contains("another sessiond (pid \(daemon.pid)) is using the database \(daemon.databasePath) (it holds \(lock)); stop it first or pass another --database"),
                "\(second.stderr)")
        #expect(!second.stderr.contains("ready"), "\(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other), "the refused daemon bound no socket")

        // The first goes on serving, and its lock file is still its own.
        #expect(try client.call("session.log", .obj(["exercise": "Squat", "reps": 6]))["setId"] != nil)
        #expect(try daemon.client().call("session.current")["sets"] == 2)
        #expect((try? String(contentsOfFile: lock, encoding: .utf8)) == "\(daemon.pid)\n")
        // Readers are not daemons: another program reads the file, and a backup is made.
        let reader = try runProcess("/usr/bin/env", ["python3", "-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM logged_set').fetchone()[0])", daemon.databasePath])
        #expect(reader.status == 0 && reader.stdout == "2\n", "\(reader.stdout) \(reader.stderr)")
        let backup = try daemon.ctl(["backup", daemon.directory + "/copy.db"])
        #expect(backup.status == 0, "\(backup.stderr)")
    }

    /// A hard link is the same database under another name, with a lock file of its own
    /// beside it: the database file itself is locked too, so a second daemon on the link
    /// is refused before it opens it, and the first daemon's sets stay whole.
    @Test func aSecondDaemonOnAHardLinkToTheDatabaseIsRefused() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        _ = try client.call("session.log", .obj(["exercise": "Squat", "reps": 5, "requestId": "first"]))
        let elsewhere = daemon.directory + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let link = elsewhere + "/linked.db"
        #expect(Glibc.link(daemon.databasePath, link) == 0)
        let second = try runProcess(Binaries.sessiond, ["--socket", elsewhere + "/s.sock", "--database", link, "--timezone", "UTC"], timeout: 10)
        #expect(second.status == 1 && second.stderr.contains("another sessiond is using the database file \(link) under another name (a hard link to it)"),
                "\(second.status) \(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: link + "-wal"), "the refused daemon opened nothing")
        _ = try client.call("session.log", .obj(["exercise": "Squat", "reps": 6, "requestId": "second"]))
        #expect(try daemon.client().call("session.current")["sets"] == 2)
        #expect(daemon.stop() == 0)
        let check = try runProcess("/usr/bin/env", ["python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); print(c.execute('PRAGMA integrity_check').fetchone()[0], c.execute('SELECT count(*) FROM logged_set').fetchone()[0])", daemon.databasePath])
        #expect(check.stdout == "ok 2\n", "\(check.stdout) \(check.stderr)")
    }

    /// The lock goes with the daemon: after a clean stop the file is gone, after a crash
    /// it is left with a pid that no longer holds it, and either way the next daemon starts.
    @Test func theNextDaemonStartsAfterAStopAndAfterACrash() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let lock = daemon.databasePath + ".lock"
        let first = daemon.pid
        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: lock), "a daemon that stops removes its lock file")

        try daemon.start()
        daemon.kill()
        #expect(FileManager.default.fileExists(atPath: lock), "a crash leaves the file")
        try daemon.start()
        #expect(daemon.pid != first)
        #expect((try? String(contentsOfFile: lock, encoding: .utf8)) == "\(daemon.pid)\n")
        #expect(try daemon.client().call("daemon.status")["version"] != nil)
    }
}
