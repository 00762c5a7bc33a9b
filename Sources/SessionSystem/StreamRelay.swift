import Glibc

/// Copies bytes both ways between a connected socket and a reading and a writing
/// descriptor (standard input and output) until the socket's peer is done: what
/// `sessionctl dial-stdio` does on the daemon's machine, so that the stream ssh carries
/// becomes a connection to the daemon (as `systemd-stdio-bridge` does for D-Bus and
/// `docker system dial-stdio` for dockerd).
///
/// Neither direction waits for the other: each has a buffer, and a side is read only
/// while its buffer has room, so a client sending a large request while the daemon
/// sends events cannot stall the relay. The end of the input is passed on as the end
/// of the socket's writing (shutdown(2)), after which the daemon writes the replies it
/// owes and closes; the relay ends when the socket's peer has closed and everything it
/// sent is written out, or when the output can take no more (its reader is gone).
public enum StreamRelay {
    /// How much each direction holds before it stops reading.
    public static let bufferBytes = 256 << 10

    /// Relays until the end; the descriptors stay open (the caller's to close).
    public static func run(socket: Int32, input: Int32 = 0, output: Int32 = 1) {
        // A reader gone is an error to see (EPIPE), not a signal that kills the relay.
        PipeSignal.begin()
        defer { PipeSignal.end() }
        let inputFlags = fcntl(input, F_GETFL)
        let outputFlags = fcntl(output, F_GETFL)
        _ = fcntl(input, F_SETFL, inputFlags | O_NONBLOCK)
        _ = fcntl(output, F_SETFL, outputFlags | O_NONBLOCK)
        defer {
            // Standard input and output may be shared with others (a terminal): left as
            // they were.
            _ = fcntl(input, F_SETFL, inputFlags)
            _ = fcntl(output, F_SETFL, outputFlags)
        }
        var up = Buffer()
        var down = Buffer()
        var inputOpen = true
        var socketReadable = true
        var socketWritable = true
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while socketReadable || !down.isEmpty {
            if !inputOpen, up.isEmpty, socketWritable {
                // The client is done sending: the daemon answers what it was sent, then closes.
                shutdown(socket, Int32(SHUT_WR))
                socketWritable = false
            }
            // A descriptor waited on for nothing is left out (-1): a closed socket would
            // report its hangup again and again.
            let socketEvents = (socketReadable && down.count < bufferBytes ? POLLIN : 0) | (up.isEmpty ? 0 : POLLOUT)
            var fds = [
                pollfd(fd: inputOpen && up.count < bufferBytes ? input : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: socketEvents == 0 ? -1 : socket, events: Int16(socketEvents), revents: 0),
                pollfd(fd: down.isEmpty ? -1 : output, events: Int16(POLLOUT), revents: 0),
            ]
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[0].revents != 0 {
                let count = read(input, &chunk, chunk.count)
                if count > 0 {
                    up.append(chunk[0..<count])
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    inputOpen = false
                }
            }
            if fds[1].revents & Int16(POLLOUT | POLLERR | POLLHUP) != 0, !up.isEmpty {
                let written = up.withPending { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                if written > 0 {
                    up.consume(written)
                } else if written < 0, errno != EAGAIN, errno != EINTR {
                    // The daemon stopped reading: nothing more can reach it.
                    up = Buffer()
                    inputOpen = false
                    socketWritable = false
                }
            }
            if fds[1].revents & Int16(POLLIN | POLLERR | POLLHUP) != 0, socketReadable, down.count < bufferBytes {
                let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if count > 0 {
                    down.append(chunk[0..<count])
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    socketReadable = false
                }
            }
            if fds[2].revents != 0 {
                let written = down.withPending { write(output, $0.baseAddress, $0.count) }
                if written > 0 {
                    down.consume(written)
                } else if written < 0, errno != EAGAIN, errno != EINTR {
                    return  // the reader is gone: nothing the daemon says can reach it
                }
            }
        }
    }

    /// Bytes read and not yet written, oldest first.
    private struct Buffer {
        private var bytes: [UInt8] = []
        private var start = 0

        var count: Int { bytes.count - start }
        var isEmpty: Bool { start == bytes.count }

        mutating func append(_ more: ArraySlice<UInt8>) {
            if start > 0, start >= bytes.count / 2 {
                bytes.removeFirst(start)
                start = 0
            }
            bytes += more
        }

        /// Marks `written` bytes as gone.
        mutating func consume(_ written: Int) {
            start += written
            if start == bytes.count {
                bytes.removeAll(keepingCapacity: true)
                start = 0
            }
        }

        /// Calls `body` with the bytes still to write.
        func withPending<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        }
    }
}
