import Foundation
import JSON
import Testing
import TestSupport

/// The database's files changed under a running daemon (an operator's `rm`, a cleanup
/// script): nothing acknowledged may be lost, and the daemon must say so and stop.
@Suite struct DatabaseFilesTests {
    /// A daemon whose session holds 50 acknowledged sets.
    private func daemonWithFiftySets() throws -> DaemonProcess {
        let daemon = try DaemonProcess()
        let client = try daemon.client()
        _ = try client.call("session.start")
        for set in 1...50 { _ = try client.call("session.log", .obj(["exercise": "Squat", "reps": JSONValue(set % 10 + 1)])) }
        return daemon
    }

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

    /// Removed while nothing is being written, the WAL is noticed at once, not at a
    /// next commit that may never come before a crash: its sets go into the database
    /// file and the daemon stops.
    @Test func aWriteAheadLogRemovedWhileIdleStopsTheDaemonWithItsSetsKept() throws {
        let daemon = try daemonWithFiftySets()
        defer { daemon.cleanUp() }
        try FileManager.default.removeItem(atPath: daemon.databasePath + "-wal")
        let running = !Wait.poll(timeout: 5) { !daemon.isRunning }
        #expect(!running, "the daemon stops within 5 s with no request sent: \(daemon.log)")
        guard !running else { return }
        #expect(daemon.waitForExit() == 1, "with a failure status")
        #expect(daemon.log.contains("write-ahead log \(daemon.databasePath)-wal was removed"), "\(daemon.log)")
        // What the WAL held is in the database file alone now, as a crash would leave it.
        try daemon.start()
        #expect(try daemon.client().call("session.current")["sets"] == 50)
    }

    /// The WAL removed and the daemon killed at once, before it could notice: the sets
    /// it acknowledged into the WAL are still on disk under the WAL's second name, and
    /// the next start puts it back before SQLite opens the database.
    @Test func aWriteAheadLogRemovedJustBeforeACrashLosesNoAcknowledgedSet() throws {
        let daemon = try daemonWithFiftySets()
        defer { daemon.cleanUp() }
        // Stopped first, so that the removal and the kill come before it can react.
        #expect(Foundation.kill(daemon.pid, SIGSTOP) == 0)
        unlink(daemon.databasePath + "-wal")
        daemon.kill()
        try daemon.start()
        #expect(try daemon.client().call("session.current")["sets"] == 50, "\(daemon.log)")
        #expect(daemon.log.contains("the write-ahead log was restored: \(daemon.databasePath)-wal was removed while sessiond ran"), "\(daemon.log)")
        #expect(!daemon.log.contains("lost its write-ahead log"), "\(daemon.log)")
    }

    /// Another program opened the database after the WAL was removed and made a new,
    /// empty one under its name (an sqlite3 shell, a backup script): the daemon's writes
    /// still go to the removed one. The commit after it sees the WAL is another file,
    /// copies what the removed one holds into the database file before it replies, and
    /// stops; a crash right after the replies loses nothing they acknowledged.
    @Test func aWriteAheadLogReplacedByAnotherProgramsLosesNoAcknowledgedSet() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        for set in 1...20 { _ = try client.call("session.log", .obj(["exercise": "Squat", "reps": JSONValue(set)])) }
        // Stopped meanwhile, so that it finds the new WAL in place when it looks (the
        // second name is removed too: this is about what the daemon checks).
        #expect(Foundation.kill(daemon.pid, SIGSTOP) == 0)
        defer { Foundation.kill(daemon.pid, SIGCONT) }
        try FileManager.default.removeItem(atPath: daemon.databasePath + "-wal")
        unlink(Self.walLink(daemon))
        let reader = try runProcess("/usr/bin/env", ["python3", "-c", Self.reader, daemon.databasePath])
        #expect(Foundation.kill(daemon.pid, SIGCONT) == 0)
        #expect(reader.status == 0 && reader.stdout.contains("tables"), "\(reader.stderr)")
        #expect(FileManager.default.fileExists(atPath: daemon.databasePath + "-wal"), "the reader made a new WAL")
        var acknowledged = 20
        for set in 21...40 {
            guard let reply = try? client.call("session.log", .obj(["exercise": "Squat", "reps": JSONValue(set)])), reply["setId"] != nil else { break }
            acknowledged += 1
        }
        daemon.kill()
        #expect(acknowledged < 40, "the daemon stops rather than acknowledge more into a file no name leads to")
        #expect(daemon.log.contains("write-ahead log \(daemon.databasePath)-wal was replaced by another file"), "\(daemon.log)")
        try daemon.start()
        #expect(try daemon.client().call("session.current")["sets"] == JSONValue(acknowledged), "\(daemon.log)")
    }

    /// Opens the database as another program would (Python's sqlite3), which makes a
    /// WAL when there is none.
    static let reader = #"""
        import sqlite3, sys
        connection = sqlite3.connect(sys.argv[1])
        print("tables", connection.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0])
        connection.close()
        """#

    /// The WAL's second name.
    static func walLink(_ daemon: DaemonProcess) -> String { daemon.databasePath + ".wal-link" }

    /// True when the daemon stops on its own within `seconds`, with status 1 (an issue
    /// is recorded otherwise).
    static func stopsWithFailure(_ daemon: DaemonProcess, within seconds: Double) -> Bool {
        let stopped = Wait.poll(timeout: seconds) { !daemon.isRunning }
        #expect(stopped, "the daemon stops within \(seconds) s with no request sent: \(daemon.log)")
        guard stopped else { return false }
        #expect(daemon.waitForExit() == 1, "with a failure status")
        return true
    }

    /// Moves the copy the daemon rescued to `rescued` into the database's place, as its
    /// message says, and starts the daemon on it: it serves the 50 sets.
    static func restoreAndCount(_ rescued: String, _ daemon: DaemonProcess) throws {
        for file in [daemon.databasePath + "-wal", daemon.databasePath + "-shm", walLink(daemon)] { unlink(file) }
        #expect(rename(rescued, daemon.databasePath) == 0)
        try daemon.start()
        #expect(try daemon.client().call("session.current")["sets"] == 50, "\(daemon.log)")
    }

    /// The database file itself removed under the daemon (a careless `rm`): the daemon
    /// still has it open, writes all of it again to its name from there and stops; the
    /// next start serves every acknowledged set.
    @Test func aRemovedDatabaseFileIsWrittenAgainFromTheOpenOne() throws {
        let daemon = try daemonWithFiftySets()
        defer { daemon.cleanUp() }
        try FileManager.default.removeItem(atPath: daemon.databasePath)
        guard Self.stopsWithFailure(daemon, within: 5) else { return }
        #expect(daemon.log.contains("the database file \(daemon.databasePath) was removed while sessiond ran; everything it held was written again to \(daemon.databasePath)"),
                "\(daemon.log)")
        var info = stat()
        #expect(stat(daemon.databasePath, &info) == 0 && info.st_mode & 0o777 == 0o600, "its owner's alone, as the database was")
        let beside = try FileManager.default.contentsOfDirectory(atPath: daemon.directory).filter { $0.contains(".rescue") }
        #expect(beside.isEmpty, "written once, under its own name: \(beside)")
        for file in [daemon.databasePath + "-wal", daemon.databasePath + "-shm", Self.walLink(daemon)] {
            #expect(!FileManager.default.fileExists(atPath: file), "the old log's names are gone, so no start reads it into the new file: \(file)")
        }
        try daemon.start()
        #expect(try daemon.client().call("session.current")["sets"] == 50, "\(daemon.log)")
    }

    /// Removed while another program reads the database (its read keeps the log from
    /// being copied in, so a log is left beside the name): the database is written
    /// beside it, not to its name, where that log would be read into it; moved into
    /// place as the message says, it serves every acknowledged set.
    @Test func aDatabaseRemovedWhileAnotherProgramReadsIsWrittenBesideIt() throws {
        let daemon = try daemonWithFiftySets()
        defer { daemon.cleanUp() }
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["python3", "-c", """
            import sqlite3, sys
            connection = sqlite3.connect(sys.argv[1], isolation_level=None)
            connection.execute("BEGIN")
            print(connection.execute("SELECT count(*) FROM logged_set").fetchone()[0], flush=True)
            sys.stdin.read()  # holds the read until the test lets go
            """, daemon.databasePath]
        let output = Pipe()
        holder.standardOutput = output
        holder.standardInput = Pipe()
        try holder.run()
        defer { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() }
        _ = try Wait.output(of: output.fileHandleForReading, containing: "50")
        try FileManager.default.removeItem(atPath: daemon.databasePath)
        guard Self.stopsWithFailure(daemon, within: 20) else { return }
        let rescued = daemon.databasePath + ".rescued"
        #expect(daemon.log.contains("everything it held was written to \(rescued)"), "\(daemon.log)")
        #expect(!daemon.log.contains("could not be copied"), "the reason it stopped is the first one: \(daemon.log)")
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        try Self.restoreAndCount(rescued, daemon)
    }

    /// Replaced by another file (a script's `mv`), the database is written beside it, and
    /// the file put there is left as it is; the daemon says where and stops.
    @Test func aReplacedDatabaseFileIsWrittenBesideTheNewOne() throws {
        let daemon = try daemonWithFiftySets()
        defer { daemon.cleanUp() }
        let other = daemon.directory + "/other.txt"
        Fixtures.write("not a database\n", to: other)
        #expect(rename(other, daemon.databasePath) == 0)
        guard Self.stopsWithFailure(daemon, within: 5) else { return }
        let rescued = daemon.databasePath + ".rescued"
        #expect(daemon.log.contains("everything it held was written to \(rescued)"), "\(daemon.log)")
        #expect(Fixtures.read(daemon.databasePath) == "not a database\n", "the file put there is kept")
        try Self.restoreAndCount(rescued, daemon)
    }

    /// A WAL removed with its second name and then a crash (nothing could copy it): the
    /// next start says the committed writes it held are gone, before SQLite starts the
    /// WAL over.
    @Test func aStartAfterAWriteAheadLogWasLostSaysSo() throws {
        let daemon = try daemonWithFiftySets()
        defer { daemon.cleanUp() }
        // The daemon is killed first, so that it cannot notice and save them.
        daemon.kill()
        try FileManager.default.removeItem(atPath: daemon.databasePath + "-wal")
        try FileManager.default.removeItem(atPath: Self.walLink(daemon))
        try daemon.start()
        #expect(daemon.log.contains("the database lost its write-ahead log: \(daemon.databasePath)-wal was removed while it held"), "\(daemon.log)")
        #expect(daemon.log.contains("pages of committed writes, which are gone"), "\(daemon.log)")
        // Each set was a commit of at least one page: at least 50 pages are counted.
        let pages = daemon.log.split(separator: "\n").first { $0.contains("lost_pages=") }?
            .split(separator: " ").first { $0.hasPrefix("lost_pages=") }.flatMap { Int($0.dropFirst("lost_pages=".count)) }
        #expect((pages ?? 0) >= 50, "\(daemon.log)")
        // A clean start after it (each start logs afresh) says nothing of the kind.
        #expect(daemon.stop() == 0)
        try daemon.start()
        // "ready" is logged once the socket is bound: a call answered comes after it.
        _ = try daemon.client().call("daemon.status")
        #expect(daemon.log.contains("ready") && !daemon.log.contains("lost its write-ahead log"), "\(daemon.log)")
    }

    /// The daemon checkpoints after the replies, not inside a commit: as sets are
    /// logged one call at a time, the WAL is still copied into the database file once
    /// it passes 1,000 frames, and it starts over instead of growing.
    @Test func theWriteAheadLogIsCheckpointedWhileTheDaemonRuns() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        func size(_ path: String) -> Int { ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1 }
        let before = size(daemon.databasePath)
        var largestWAL = 0
        for set in 1...1_200 {
            _ = try client.call("session.log", .obj(["exercise": .string("Lift \(set % 9)"), "reps": JSONValue(set % 20 + 1), "weightKg": JSONValue(set % 50 + 20)]))
            largestWAL = max(largestWAL, size(daemon.databasePath + "-wal"))
        }
        // Until a checkpoint the database file keeps its size: every write is in the WAL.
        let copied = Wait.poll(timeout: 5) { size(daemon.databasePath) > before + 40_000 }
        #expect(copied, "the sets reached the database file while the daemon runs: \(size(daemon.databasePath)) bytes, \(before) before")
        #expect(largestWAL < 1_200 * 4_120, "the WAL started over after a checkpoint: \(largestWAL) bytes at most")
        let sets = try client.call("session.current")["sets"]?.intValue
        #expect(sets == 1_200)
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

    @Test func aDatabaseItMayNotWriteFailsAtStart() throws {
        if let missing = Nobody.unavailable() {
            Issue.record("\(missing): root may write any file")
            return
        }
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        #expect(daemon.stop() == 0)
        let directory = daemon.directory, database = daemon.databasePath
        // The file belongs to another user and is mode 0444; the daemon runs as nobody
        // in a directory it may write (so only the file itself is read-only).
        #expect(chown(directory, 65534, 65534) == 0 && chmod(database, 0o444) == 0)
        #expect(!FileManager.default.fileExists(atPath: database + ".lock"), "the daemon stopped removed its lock file")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let run = try Nobody.run(Binaries.sessiond, ["--socket", directory + "/s.sock", "--database", database], timeout: 10)
        #expect(run.status == 1, "it fails at start, not after reporting ready")
        #expect(run.stderr.contains("\(database) can only be read"), "\(run.stderr)")
        #expect(!run.stderr.contains("ready"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }

    /// A database in a directory its user may not write: the start is refused naming
    /// the directory, not a lock file that is not there.
    @Test func aDirectoryItMayNotWriteIsNamedAtStart() throws {
        if let missing = Nobody.unavailable() {
            Issue.record("\(missing): root may write any directory")
            return
        }
        let directory = Fixtures.temporaryDirectory("read-only-dir")
        defer { Fixtures.removeTree(directory) }
        #expect(chmod(directory, 0o755) == 0, "root's, which nobody may read but not write")
        let socketDirectory = Fixtures.temporaryDirectory("read-only-dir-socket")
        defer { Fixtures.removeTree(socketDirectory) }
        #expect(chown(socketDirectory, 65534, 65534) == 0)
        let run = try Nobody.run(Binaries.sessiond, ["--socket", socketDirectory + "/s.sock", "--database", directory + "/sessiond.db"], timeout: 10)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("sessiond must be able to write the directory \(directory)"), "\(run.stderr)")
    }

    @Test func aFullFileSystemAtStartLeavesNoEmptyDatabase() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            Issue.record("needs root and unshare(1) to mount a small file system")
            return
        }
        let directory = Fixtures.temporaryDirectory("full")
        defer { Fixtures.removeTree(directory) }
        // A 4 KiB tmpfs, filled, in a mount namespace of the test's own.
        let script = """
            mount -t tmpfs -o size=4k tmpfs "$1" && head -c 4096 /dev/zero > "$1/filler" || exit 99
            "$2" --socket "$1/s.sock" --database "$1/db.sqlite"; status=$?
            ls -A "$1"; exit $status
            """
        let run = try runProcess("/usr/bin/unshare", ["--mount", "/bin/sh", "-c", script, "sh", directory, Binaries.sessiond], timeout: 10)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("the file system holding \(directory)/db.sqlite is full"), "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n") == ["filler"], "no database file is left behind: \(run.stdout)")
    }
}
