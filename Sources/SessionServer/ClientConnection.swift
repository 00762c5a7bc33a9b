#if canImport(Glibc)
import Glibc
#endif

/// One client on the socket: its buffers, and the reply slots that keep replies in
/// request order while the database thread works.
final class ClientConnection {
    /// What a finished slot sends.
    enum SlotResult {
        /// One JSON text, UTF-8, without its newline.
        case line([UInt8])
        case nothing
    }

    let id: Int
    /// The connection's socket: closed when the connection object ends (`drop`
    /// removes every reference to it).
    let descriptor: FileDescriptor
    var fd: Int32 { descriptor.raw }
    /// Bytes read and not yet consumed as lines.
    var input: [UInt8] = []
    /// Bytes waiting to be written, from `outputOffset` on.
    var output: [UInt8] = []
    var outputOffset = 0
    /// The next slot number to hand out, and the next one to send.
    var nextSlot: UInt64 = 0
    var nextToSend: UInt64 = 0
    var finished: [UInt64: SlotResult] = [:]
    /// Event types this connection subscribed to, nil before events.subscribe.
    var subscriptions: Set<String>?
    /// No more reading: the peer closed its side, the line was oversize, or shutdown.
    var readClosed = false
    /// Reading paused because too many requests are in flight.
    var readPaused = false
    /// Close once everything owed has been written.
    var closeWhenFlushed = false
    /// When bytes last arrived, to drop clients that stall mid-line.
    var lastInputMs: Int64
    /// The epoll events currently registered, so unchanged interest costs no syscall.
    var registeredEvents: UInt32 = 0

    init(id: Int, descriptor: consuming FileDescriptor, nowMs: Int64) {
        self.id = id
        self.descriptor = descriptor
        self.lastInputMs = nowMs
    }

    /// Requests read whose replies are not yet sent.
    var inFlight: Int { Int(nextSlot - nextToSend) }

    /// Bytes queued for the client.
    var pendingOutput: Int { output.count - outputOffset }

    /// Reserves the next reply slot.
    func reserveSlot() -> UInt64 {
        defer { nextSlot += 1 }
        return nextSlot
    }

    /// Fills a slot and moves every reply that is now in order to the output buffer.
    func finish(slot: UInt64, _ result: SlotResult) {
        guard slot == nextToSend else {
            finished[slot] = result
            return
        }
        var ready: SlotResult? = result
        while let next = ready {
            if case .line(let bytes) = next { append(line: bytes) }
            nextToSend += 1
            ready = finished.isEmpty ? nil : finished.removeValue(forKey: nextToSend)
        }
    }

    /// Queues one line (a newline is added).
    func append(line: [UInt8]) {
        output.append(contentsOf: line)
        output.append(0x0A)
    }

    /// Writes what the socket takes now. Returns false when the connection failed.
    func flush() -> Bool {
        while outputOffset < output.count {
            let written = output.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return send(fd, base + outputOffset, buffer.count - outputOffset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                return false
            }
            outputOffset += written
        }
        if outputOffset == output.count {
            output.removeAll(keepingCapacity: output.count <= 1 << 16)
            outputOffset = 0
        } else if outputOffset > 1 << 20 {
            output.removeFirst(outputOffset)
            outputOffset = 0
        }
        return true
    }

    /// True when nothing more is owed to the client.
    var isDrained: Bool { inFlight == 0 && pendingOutput == 0 }
}
