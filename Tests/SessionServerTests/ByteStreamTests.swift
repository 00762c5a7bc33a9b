import Foundation
import SessionRPC
import SessionSystem
import Testing

/// The connection sessionctl talks over when it is a command (`ssh HOST sessionctl
/// dial-stdio`): bytes both ways, and why it ended in the command's words; and the relay
/// dial-stdio runs on the daemon's side.
@Suite struct ByteStreamTests {
    /// A shell script as the command a stream runs.
    func command(_ script: String, name: String = "far") -> ByteStream.Address {
        .command(executable: "/bin/sh", arguments: ["-c", script], name: name)
    }

    /// The reason a client over `address` gives when the stream ends before a reply.
    func ending(_ address: ByteStream.Address) -> SocketClient.Unreachable? {
        do {
            let client = try SocketClient(address)
            _ = try client.readLine()
            return nil
        } catch {
            return error
        }
    }

    @Test func aCommandsStreamCarriesLinesBothWays() throws {
        let client = try SocketClient(.command(executable: "/bin/cat", arguments: [], name: "cat"))
        for line in ["one", String(repeating: "x", count: 300_000), "three"] {
            try client.send(line: line)
            #expect(try client.readLine() == Array(line.utf8))
        }
        #expect(client.path == "cat")
    }

    @Test func theCommandSaysWhyItEnded() throws {
        let said = ending(command("echo 'Warning: something' >&2; echo 'sessionctl: cannot reach sessiond at /x: gone' >&2; exit 3"))
        #expect(said?.reason == "Warning: something; cannot reach sessiond at /x: gone", "each line, without sessionctl's own prefix")
        #expect(said?.throughCommand == true && said?.path == "far")
        #expect(ending(command("exit 5"))?.reason == "far exited with status 5", "a quiet failure is its status")
        #expect(ending(command("kill -9 $$"))?.reason == "far was killed by signal 9")
        #expect(ending(command("exit 0"))?.reason == "the daemon closed the connection", "a quiet, clean end is the daemon's")
        #expect(ending(.unixSocket("/nonexistent/sessiond.sock"))?.throughCommand == false)
        #expect(throws: SocketClient.Unreachable.self) { try SocketClient(.command(executable: "/nonexistent/ssh", arguments: [], name: "x")) }
    }

    /// Both sides send megabytes before they read: a relay that waited on one side
    /// while the other filled would never finish. The end of the input reaches the
    /// daemon as the end of what it reads; the relay ends once the daemon closes.
    @Test func theRelayCarriesBothWaysAtOnceAndPassesTheEnd() throws {
        var pair: [Int32] = [-1, -1]
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 && pipe(&inputPipe) == 0 && pipe(&outputPipe) == 0)
        let (socket, daemon) = (pair[0], pair[1])
        let (input, client) = (inputPipe[0], inputPipe[1])
        let (reader, output) = (outputPipe[0], outputPipe[1])
        defer { for fd in [socket, daemon, input, reader, output] { close(fd) } }
        let fromClient = (0..<4_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let fromDaemon = (0..<4_000_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let relayed = DispatchSemaphore(value: 0)
        let daemonDone = DispatchSemaphore(value: 0)
        let daemonHeard = Heard()
        Thread.detachNewThread {
            StreamRelay.run(socket: socket, input: input, output: output)
            relayed.signal()
        }
        Thread.detachNewThread {
            Self.writeAll(fromDaemon, to: daemon)
            daemonHeard.bytes = Self.readAll(daemon, count: .max)
            shutdown(daemon, Int32(SHUT_WR))
            daemonDone.signal()
        }
        Thread.detachNewThread {
            Self.writeAll(fromClient, to: client)
            close(client)
        }
        let clientHeard = Self.readAll(reader, count: fromDaemon.count)
        #expect(daemonDone.wait(timeout: .now() + 30) == .success, "the daemon saw the end of the input")
        #expect(relayed.wait(timeout: .now() + 30) == .success, "the relay ended when the daemon closed")
        #expect(clientHeard == fromDaemon)
        #expect(daemonHeard.bytes == fromClient)
    }

    /// What the daemon's thread read, for the test's thread once it is done.
    final class Heard: @unchecked Sendable {
        var bytes: [UInt8] = []
    }

    /// Writes all of `bytes`, blocking.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Reads until the end or `count` bytes.
    static func readAll(_ fd: Int32, count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < count {
            let got = read(fd, &chunk, min(chunk.count, count - bytes.count))
            guard got > 0 else { break }
            bytes += chunk[0..<got]
        }
        return bytes
    }
}
