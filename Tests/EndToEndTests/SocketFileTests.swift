import Glibc
import Foundation
import SessionSystem
import Testing
import TestSupport

/// The socket file a daemon bound, removed or replaced while it runs.
@Suite struct SocketFileTests {
    @Test func aRemovedSocketFileIsBoundAgain() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let kept = try daemon.client()
        try #require(unlink(daemon.socketPath) == 0)
        try Wait.until("the socket file to be bound again") { FileManager.default.fileExists(atPath: daemon.socketPath) }
        let status = try daemon.ctl(["status"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(try kept.call("daemon.status")["version"] != nil, "a connection made before is still served")
        var info = stat()
        #expect(lstat(daemon.socketPath, &info) == 0 && info.st_mode & 0o777 == 0o600, "the same mode as at start")
        #expect(daemon.log.contains("the socket file was removed while sessiond ran: bound again"), "\(daemon.log)")

        // Moved away: bound again at its path; the moved one no longer answers.
        let moved = daemon.directory + "/moved.sock"
        try #require(rename(daemon.socketPath, moved) == 0)
        try Wait.until("the socket file to be bound again") { FileManager.default.fileExists(atPath: daemon.socketPath) }
        #expect(try daemon.client().call("daemon.status")["version"] != nil)
        #expect(throws: (any Error).self, "the old socket is closed") { try RPCClient(path: moved) }
        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath), "removed at a clean stop, as the first one is")
    }

    @Test func aSocketFileReplacedByAnotherFileIsLeftAlone() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let kept = try daemon.client()
        let other = daemon.directory + "/other"
        try "not a socket\n".write(toFile: other, atomically: false, encoding: .utf8)
        try #require(rename(other, daemon.socketPath) == 0)
        try Wait.until("the daemon to notice") { daemon.log.contains("the socket file was replaced by another file, left alone") }
        #expect(try kept.call("daemon.status")["version"] != nil, "a connection made before is still served")
        #expect(daemon.stop() == 0)
        #expect(try String(contentsOfFile: daemon.socketPath, encoding: .utf8) == "not a socket\n", "the file put there is left alone")
    }
}

/// The socket's own directory removed whole (`rm -rf`, a cleaner of a runtime
/// directory), then made again: the removal succeeds, and the daemon binds its socket
/// once the directory is back, and again after the next removal of the file.
@Suite struct SocketDirectoryTests {
    @Test func aSocketDirectoryRemovedAndMadeAgainGetsItsSocketBack() throws {
        let directory = Fixtures.temporaryDirectory("socket-directory")
        defer { Fixtures.removeTree(directory) }
        let run = directory + "/run", socket = directory + "/run/sessiond.sock", log = directory + "/sessiond.log"
        try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: false)
        let logFile = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(logFile) }
        let pid = try ChildProcess.spawn(Binaries.sessiond, ["--socket", socket, "--database", directory + "/sessiond.db", "--timezone", "UTC"],
                                         descriptors: [-1, logFile, logFile])
        defer { kill(pid, SIGTERM); var status: Int32 = 0; waitpid(pid, &status, 0) }
        func answers() -> Bool { (try? RPCClient(path: socket).call("daemon.status")["version"]) != nil }
        try Wait.until("the daemon to serve") { answers() }

        let removed = try runProcess("/bin/rm", ["-rf", run])
        #expect(removed.status == 0, "the directory is removed whole: \(removed.stderr)")
        try Wait.until("the daemon to say so") { Fixtures.read(log).contains("cannot be bound again yet") }
        #expect(!FileManager.default.fileExists(atPath: run), "no directory made again")
        // Made again writable by every user (as another user could make it): refused,
        // as at start, until it is a private directory again.
        try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: false)
        try #require(chmod(run, 0o777) == 0)
        try Wait.until(timeout: 20, "the refusal") { Fixtures.read(log).contains("is writable by every user and not sticky") }
        #expect(!FileManager.default.fileExists(atPath: socket), "nothing bound there")
        try #require(chmod(run, 0o755) == 0)
        try Wait.until(timeout: 20, "the socket bound in the new directory") { answers() }
        // The new directory is watched: the file removed again is bound again.
        try #require(unlink(socket) == 0)
        try Wait.until("the socket bound again") { answers() }
        #expect(Fixtures.read(log).components(separatedBy: "bound again").count - 1 >= 2, "\(Fixtures.read(log))")
    }
}
