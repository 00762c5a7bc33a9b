import Foundation
import JSON
import SessionCore
import Synchronization
import SessionSystem
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
        try Wait.until("the other client's first set") { state.acknowledged.load(ordering: .acquiring) > 0 }
        let before = state.acknowledged.load(ordering: .acquiring)
        let path = daemon.directory + "/copy.db"
        let run = try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "backup", path], timeout: 60)
        state.stop.store(true, ordering: .releasing)
        try Wait.until("the logging client to stop") { thread.isFinished }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("backed up") && run.stdout.isEmpty, "standard error, as export's: \(run.stdout)")
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
        #expect(again.status == 1 && again.stderr.contains("--force") && !again.stderr.contains("Usage:"), "an existing file is kept")
        #expect(try runProcess(Binaries.sessionctl, ["--socket", daemon.socketPath, "backup", "--force", path]).status == 0)

        // Restoring is starting a daemon on the copy.
        let restored = try DaemonProcess(extraArguments: ["--database", path])
        defer { restored.cleanUp() }
        let current = try restored.client().call("session.current")
        #expect((current["session"]?["sets"]?.intValue ?? current["sets"]?.intValue ?? 0) >= 200, "\(current.jsonText.prefix(200))")
    }
}

extension BackupTests {
    /// The backup copies waiting beside the daemon's database.
    static func copies(_ daemon: DaemonProcess) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: daemon.directory).filter { $0.contains(".backup-") }
    }

    /// Logs `count` sets of squats through `client`, a hundred to a batch, in sessions
    /// of at most 2,000 (the bound), the last one left running: about 150 bytes of the
    /// database a set, with its index entries.
    static func logSets(_ count: Int, _ client: RPCClient) throws {
        _ = try client.call("session.start")
        for batch in 0..<(count + 99) / 100 {
            if batch > 0, batch % 20 == 0 {
                _ = try client.call("session.finish")
                _ = try client.call("session.start")
            }
            let requests = (0..<min(100, count - batch * 100)).map { set in
                #"{"jsonrpc":"2.0","id":\#(batch * 100 + set),"method":"session.log","params":{"exercise":"Squat","reps":\#(set % 10 + 1),"weightKg":100}}"#
            }
            try client.send(raw: "[" + requests.joined(separator: ",") + "]\n")
            #expect(try client.readJSON().arrayValue?.count == requests.count)
        }
    }

    /// A loop of backup calls makes one copy, shared until every caller has read it.
    @Test func oneCopyAtATimeSharedByItsCallers() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        // A copy of several chunks (512 KiB each).
        try Self.logSets(8_000, client)
        let first = try client.call("database.backup")
        #expect(first["done"] == false, "several chunks: \(first["size"] ?? .null) bytes")
        let calls = try (0..<4).map { _ in try client.call("database.backup") }
        #expect(calls.allSatisfy { $0["backupId"] == first["backupId"] }, "every call gets the copy being read")
        #expect(try Self.copies(daemon).count == 1)
        // Read to the end by one caller, the copy stays for the others; by all, it goes.
        func readAll(_ id: JSONValue, from start: JSONValue) throws {
            var reply = start
            while reply["done"] != true {
                let offset = (reply["offset"]?.intValue ?? 0) + ((reply["data"]?.stringValue.map { $0.count / 4 * 3 }) ?? 0)
                reply = try client.call("database.backup", .obj(["backupId": id, "offset": JSONValue(offset)]))
            }
        }
        let id = try #require(first["backupId"])
        try readAll(id, from: first)
        #expect(try Self.copies(daemon).count == 1, "four more callers still read it")
        for call in calls { try readAll(id, from: call) }
        #expect(try Self.copies(daemon).isEmpty, "read by every caller: removed")
        #expect(try client.call("database.backup")["backupId"] != id, "the next call makes a new copy")
    }

    /// A backup holds all that was committed before it was asked for: a caller that went
    /// away mid-read leaves its copy behind, and a set logged after it (in the same group
    /// commit too) is in the next call's copy, not in that one; at most two copies are
    /// kept, and a reader of one replaced is told so.
    @Test func aCopyTakenBeforeAWriteIsNotHandedOutAfterIt() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        // Several chunks, so a reader may stop part-way.
        try Self.logSets(3_900, client)
        // A reader that reads one chunk and goes away.
        let abandoned = try client.call("database.backup")
        #expect(abandoned["done"] == false, "several chunks")
        #expect(try client.call("database.backup")["backupId"] == abandoned["backupId"], "nothing written since: the same copy")
        // The set and the call in one line, one group commit: the set is acknowledged
        // before the copy is asked for, though uncommitted while the group runs.
        try client.send(raw: #"[{"jsonrpc":"2.0","id":"set","method":"session.log","params":{"exercise":"Deadlift","reps":1,"weightKg":200}},"#
                        + #"{"jsonrpc":"2.0","id":"copy","method":"database.backup"}]"# + "\n")
        let group = try client.readJSON().arrayValue ?? []
        let marker = try #require(group.first { $0["id"] == "set" }?["result"])
        #expect(group.first { $0["id"] == "copy" }?["result"]?["backupId"] == abandoned["backupId"], "the group's copy: taken before its commit")
        let next = try client.call("database.backup")
        #expect(next["backupId"] != abandoned["backupId"], "a set was committed since the first copy: a new one")
        // Read part-way, then another write and call: a third copy replaces the one read
        // least lately, the abandoned one, whose reader is told so.
        _ = try client.call("session.log", .obj(["exercise": "Deadlift", "reps": 1, "weightKg": 205]))
        let third = try client.call("database.backup")
        #expect(third["backupId"] != next["backupId"] && third["backupId"] != abandoned["backupId"])
        #expect(try Self.copies(daemon).count == 2)
        let evicted = try client.request("database.backup", .obj(["backupId": abandoned["backupId"] ?? .null, "offset": 524_288]))
        let said = evicted["error"]?["message"]?.stringValue ?? ""
        #expect(said.contains("replaced by a newer copy"), "\(evicted)")
        // The second copy, read whole, holds the set.
        var bytes: [UInt8] = []
        var reply = next
        while true {
            bytes += Base64.decode(reply["data"]?.stringValue ?? "") ?? []
            if reply["done"] == true { break }
            reply = try client.call("database.backup", .obj(["backupId": next["backupId"] ?? .null, "offset": JSONValue(bytes.count)]))
        }
        let path = daemon.directory + "/next.db"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let check = try runProcess("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
            print(db.execute("SELECT count(*) FROM logged_set WHERE id = ?", (int(sys.argv[2]),)).fetchone()[0])
            """, path, String(marker["setId"]?.intValue ?? -1)])
        #expect(check.stdout == "1\n", "\(check.stdout) \(check.stderr)")
        #expect(try Self.copies(daemon).count == 1, "read whole by its one reader: removed")
    }

    /// No copy is taken when it would leave less free space than the database needs
    /// to keep writing: on a filesystem of 24 MiB (a tmpfs, mounted as CI runs: root).
    @Test(.enabled(if: getuid() == 0, "mounts a small filesystem")) func noCopyWhenTheDiskWouldFill() throws {
        let directory = Fixtures.temporaryDirectory("backup-space")
        defer { Fixtures.removeTree(directory) }
        let mount = try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=24m", "tmpfs", directory])
        #expect(mount.status == 0, "\(mount.stderr)")
        defer { _ = try? runProcess("/bin/umount", [directory]) }
        let daemon = try DaemonProcess(extraArguments: ["--database", directory + "/sessiond.db"])
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        let refused = try client.request("database.backup")
        #expect(refused["error"]?["data"]?["reason"] == "backup_failed" && (refused["error"]?["message"]?.stringValue ?? "").contains("free"), "\(refused)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".backup-") }.isEmpty, "nothing was copied")
        // Logging goes on.
        #expect(try client.call("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": 100]))["setId"] != nil)
    }

    /// A daemon with a session, held still (SIGSTOP) while `body` starts an export into
    /// a directory of its own (given its arguments) and gets its pid: returned once the
    /// export's temporary file is there, with a look at what the directory holds.
    private func exportWhileTheDaemonIsHeld(_ start: ([String]) throws -> Int32, then body: (DaemonProcess, Int32, () -> [String]) throws -> Void) throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["track", "yesterday", "18:00-19:00", "row", "3x8@50"]).status == 0)
        let directory = Fixtures.temporaryDirectory("interrupted")
        defer { Fixtures.removeTree(directory) }
        #expect(kill(daemon.pid, SIGSTOP) == 0)
        defer { kill(daemon.pid, SIGCONT) }
        let export = try start(["--socket", daemon.socketPath, "export", "--format", "strong", directory + "/sessions.csv"])
        func left() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] }
        try Wait.until("the temporary file") { left().contains { $0.hasPrefix("sessions.csv.tmp-") } }
        try body(daemon, export, left)
    }

    /// Ctrl-C while a file is being written (the daemon held still, so the command waits
    /// on its first page) leaves no temporary file beside the one asked for, and the
    /// signal ends sessionctl as it would have. Started as a shell starts it: no signal
    /// blocked (this test process's threads block some, which a `Process` would pass on).
    @Test func anInterruptedExportLeavesNoTemporaryFile() throws {
        try exportWhileTheDaemonIsHeld({ try ChildProcess.spawn(Binaries.sessionctl, $0, descriptors: [-1, -1, -1]) }) { _, export, left in
            #expect(kill(export, SIGINT) == 0)
            var status: Int32 = 0
            let ended = Wait.poll(timeout: 20) { waitpid(export, &status, WNOHANG) == export }
            #expect(ended, "the signal ends it")
            if !ended { kill(export, SIGKILL); waitpid(export, &status, 0) }
            #expect(status & 0x7F == SIGINT, "ended by the signal: \(status)")
            #expect(left().isEmpty, "\(left())")
        }
    }

    /// A signal the parent blocked stays blocked while the file is written: it does not
    /// end sessionctl, which writes the file whole once the daemon answers.
    @Test func aSignalTheParentBlockedDoesNotInterruptTheWrite() throws {
        // A `Process` started from this thread inherits its mask: SIGINT blocked.
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        try #require(sigismember(&mask, SIGINT) == 1, "this test thread blocks SIGINT, as a parent may")
        let export = Process()
        try exportWhileTheDaemonIsHeld({
            export.executableURL = URL(fileURLWithPath: Binaries.sessionctl)
            export.arguments = $0
            try export.run()
            return export.processIdentifier
        }) { daemon, pid, left in
            #expect(kill(pid, SIGINT) == 0)
            #expect(kill(daemon.pid, SIGCONT) == 0)
            export.waitUntilExit()
            #expect(export.terminationReason == .exit && export.terminationStatus == 0, "\(export.terminationReason) \(export.terminationStatus)")
            #expect(left() == ["sessions.csv"], "\(left())")
        }
    }

    @Test func aBackupOverTheLiveDatabaseOrItsLogIsRefusedAndLosesNothing() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["start"]).status == 0)
        #expect(try daemon.ctl(["log", "squat", "5", "100"]).status == 0)
        // The files themselves, and the database under another name: a FILE argument
        // that cannot be written, as an existing one without --force.
        let link = daemon.directory + "/other-name.db"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: daemon.databasePath)
        let hardLink = daemon.directory + "/same-file.db"
        #expect(Glibc.link(daemon.databasePath, hardLink) == 0)
        for target in [daemon.databasePath, daemon.databasePath + "-wal", daemon.databasePath + "-shm", link, hardLink] {
            let refused = try daemon.ctl(["backup", "--force", target])
            // A link is never written over, whatever it leads to.
            let reason = target == link ? "it is a symbolic link" : "which the daemon has open"
            #expect(refused.status == 1 && refused.stderr.contains(reason), "\(target): \(refused.status) \(refused.stderr)")
        }
        // Nor a name of the daemon's own copies beside it, which its next start removes.
        let ownName = daemon.databasePath + ".backup-monday"
        let named = try daemon.ctl(["backup", ownName])
        #expect(named.status == 1 && named.stderr.contains("sessiond names its own copies so") && !FileManager.default.fileExists(atPath: ownName),
                "\(named.stderr)")
        // The set acknowledged before is in the database the daemon writes, and stays
        // there across a restart.
        #expect(try daemon.ctl(["log", "squat", "5", "100"]).status == 0)
        #expect(daemon.stop() == 0)
        try daemon.start()
        #expect(try daemon.client().call("session.current")["sets"]?.intValue == 2)
    }
}

/// What the test and its logging thread share.
private final class LoggingState: Sendable {
    let stop = Atomic<Bool>(false)
    let acknowledged = Atomic<Int>(200)
}
