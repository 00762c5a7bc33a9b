import Glibc
import SessionRPC
import Testing
import SessionSystem

@testable import SessionServer

@Suite struct FileDescriptorTests {
    /// True while `fd` is an open descriptor of this process.
    private func isOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) >= 0 }

    private func pipeEnds() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func closesWhenItsOwnerEnds() throws {
        let (readEnd, writeEnd) = try pipeEnds()
        do {
            let owned = try FileDescriptor(readEnd, from: "pipe")
            #expect(owned.raw == readEnd && isOpen(readEnd))
        }
        #expect(!isOpen(readEnd), "the descriptor closed with its owner")
        let other = try FileDescriptor(writeEnd, from: "pipe")
        other.close()
        #expect(!isOpen(writeEnd), "close() closed it")
    }

    @Test func aFailedCallIsAnErrorNamingIt() {
        errno = EMFILE
        #expect {
            _ = try FileDescriptor(-1, from: "socket")
        } throws: { error in
            let failure = error as? SystemCallError
            return failure?.code == EMFILE && failure?.description == "socket: \(String(cString: strerror(EMFILE)))"
        }
    }

    @Test func aListenerRemovesOnlyTheSocketFileItBound() throws {
        var template = Array("/tmp/sessiond-listener-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer { rmdir(directory) }
        let path = directory + "/s.sock"
        do {
            let listener = try Listener.bind(path: path, group: nil)
            #expect(listener.fd >= 0 && access(path, F_OK) == 0)
        }
        #expect(access(path, F_OK) != 0, "the listener's own socket file is removed when it ends")

        let intruder = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(intruder) }
        do {
            let listener = try Listener.bind(path: path, group: nil)
            // Another process replaces the file with its own socket.
            #expect(unlink(path) == 0)
            #expect(UnixAddress.withAddress(path) { bind(intruder, $0, $1) } == 0)
            #expect(listener.fd >= 0)
        }
        #expect(access(path, F_OK) == 0, "a socket file that is not the one bound is left alone")
        unlink(path)
    }
}
