import Glibc
import CLinux
import Foundation
import SessionSystem
import Testing

@testable import SessionServer

/// The service manager's protocols as the daemon speaks them, received here by sockets
/// the test owns (the end-to-end SystemdTests run them against systemd's own tools).
@Suite struct ServiceManagerTests {
    /// A bound datagram socket; `address` as NOTIFY_SOCKET would name it.
    private final class Receiver {
        let fd: Int32
        let address: String

        init(address: String) throws {
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            self.address = address
            let bound = UnixAddress.withAddress(orAbstract: address) { bind(fd, $0, $1) }
            guard bound == 0 else { throw SystemCallError("bind \(address)") }
        }

        deinit {
            close(fd)
            if address.hasPrefix("/") { unlink(address) }
        }

        /// The next datagram's bytes and the descriptor it carried (-1 when none).
        func receive() -> (bytes: [UInt8], descriptor: Int32)? {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 5000) == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var descriptor: Int32 = -1
            let count = clinux_receive_with_descriptor(fd, &buffer, buffer.count, &descriptor)
            return count < 0 ? nil : (Array(buffer[0..<count]), descriptor)
        }
    }

    private func temporaryPath(_ name: String) -> String {
        "/tmp/sessiond-sm-\(getpid())-\(name)"
    }

    @Test func notifyReachesAPathAndAnAbstractName() throws {
        for address in [temporaryPath("notify"), "@sessiond-sm-\(getpid())"] {
            let receiver = try Receiver(address: address)
            #expect(ServiceManager.notify("READY=1\nSTATUS=ready", to: address))
            let received = try #require(receiver.receive())
            #expect(String(decoding: received.bytes, as: UTF8.self) == "READY=1\nSTATUS=ready")
        }
        #expect(!ServiceManager.notify("READY=1", to: temporaryPath("nobody")), "nobody listens there")
    }

    @Test func journalFieldsUseTheNativeFormat() {
        let entry = JournalEntry([(key: "MESSAGE", value: "ready"), (key: "NOTE", value: "two\nlines")])
        var expected = Array("MESSAGE=ready\nNOTE\n".utf8)
        expected += [9, 0, 0, 0, 0, 0, 0, 0]  // the value's length, 64-bit little-endian
        expected += Array("two\nlines\n".utf8)
        #expect(entry.bytes == expected)
    }

    @Test func anEntryTooLargeForADatagramTravelsAsASealedMemoryFile() throws {
        let path = temporaryPath("journal")
        let receiver = try Receiver(address: path)
        // Far over the default datagram limit (the socket's send buffer).
        let message = String(repeating: "x", count: 4 << 20)
        #expect(JournalEntry([(key: "MESSAGE", value: message)]).send(to: path))
        let received = try #require(receiver.receive())
        #expect(received.bytes.isEmpty && received.descriptor >= 0)
        defer { close(received.descriptor) }
        #expect(lseek(received.descriptor, 0, SEEK_END) == off_t(message.utf8.count + "MESSAGE=\n".utf8.count))
        #expect(fcntl(received.descriptor, F_GET_SEALS) & F_SEAL_WRITE != 0, "journald takes only sealed files")
    }

    @Test func onlyAListeningUnixStreamSocketIsTaken() throws {
        let path = temporaryPath("listen")
        defer { unlink(path) }
        let stream = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(stream) }
        try #require(UnixAddress.withAddress(path) { bind(stream, $0, $1) } == 0)
        #expect(!ServiceManager.isListeningUnixStream(stream), "bound, not yet listening")
        try #require(listen(stream, 1) == 0)
        #expect(ServiceManager.isListeningUnixStream(stream))
        let datagram = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(datagram) }
        #expect(!ServiceManager.isListeningUnixStream(datagram))
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(!ServiceManager.isListeningUnixStream(ends[0]), "a pipe is no socket")
    }
}
