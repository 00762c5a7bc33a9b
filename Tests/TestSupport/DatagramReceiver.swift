import Foundation
import SessionRPC
import SessionSystem

/// A Unix datagram socket the test owns: stands in for systemd's NOTIFY_SOCKET or the
/// journal's socket, and hands back each datagram as text.
public final class DatagramReceiver: @unchecked Sendable {
    public let path: String
    private let fd: Int32

    public init(path: String) throws {
        self.path = path
        unlink(path)
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        let result = UnixAddress.withAddress(path) { bind(fd, $0, $1) }
        guard result == 0 else { throw DaemonError(message: "bind \(path): \(String(cString: strerror(errno)))") }
        chmod(path, 0o666)
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// The next datagram, or nil after `timeout` seconds.
    public func receive(timeout: Double = 10) -> String? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }

    /// Datagrams until one satisfies `done` (returned last), or nil on timeout.
    public func receive(until done: (String) -> Bool, timeout: Double = 10) -> [String]? {
        let deadline = Date().addingTimeInterval(timeout)
        var seen: [String] = []
        while Date() < deadline {
            guard let message = receive(timeout: max(0.01, deadline.timeIntervalSinceNow)) else { return nil }
            seen.append(message)
            if done(message) { return seen }
        }
        return nil
    }
}
