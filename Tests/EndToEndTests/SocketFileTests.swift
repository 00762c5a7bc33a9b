#if canImport(Glibc)
import Glibc
#endif
import Foundation
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
