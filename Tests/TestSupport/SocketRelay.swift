import Foundation
import SessionSystem

/// A Unix socket that passes one connection on to the daemon's socket and back,
/// noting which side spoke in what order: a client's round trips can be counted
/// (`roundTrips`) without trusting what the client says of itself.
public final class SocketRelay: @unchecked Sendable {
    public let path: String
    private let upstream: String
    private let listener: Int32
    private let spoken = NSLock()
    /// Each burst read: true from the client, false from the daemon.
    private var turns: [Bool] = []
    private let done = DispatchSemaphore(value: 0)

    /// Listens at `path` and relays the first connection to `upstream`.
    public init(path: String, upstream: String) throws {
        self.path = path
        self.upstream = upstream
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard UnixAddress.withAddress(path, { bind(listener, $0, $1) }) == 0, listen(listener, 4) == 0 else {
            throw DaemonError(message: "relay at \(path): \(String(cString: strerror(errno)))")
        }
        Thread.detachNewThread { [self] in relayOne() }
    }

    deinit {
        close(listener)
        unlink(path)
    }

    /// How many times the client spoke with the daemon's answer in between, once the
    /// connection is over (nil if it did not end within `timeout` seconds): 1 when
    /// everything was sent before any reply came.
    public func roundTrips(timeout: Double = 20) -> Int? {
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        // `turns` alternates: each true is the client speaking again after a reply.
        return spoken.withLock { turns.filter { $0 }.count }
    }

    private func relayOne() {
        defer { done.signal() }
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        defer { close(client) }
        let daemon = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(daemon) }
        guard UnixAddress.withAddress(upstream, { connect(daemon, $0, $1) }) == 0 else { return }
        var pollers = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: daemon, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while poll(&pollers, 2, 20_000) > 0 {
            for (index, poller) in pollers.enumerated() where poller.revents != 0 {
                let (from, to) = index == 0 ? (client, daemon) : (daemon, client)
                let count = recv(from, &buffer, buffer.count, 0)
                guard count > 0 else { return }
                spoken.withLock { if turns.last != (index == 0) { turns.append(index == 0) } }
                var offset = 0
                while offset < count {
                    let written = buffer.withUnsafeBytes { send(to, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL)) }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }
}
