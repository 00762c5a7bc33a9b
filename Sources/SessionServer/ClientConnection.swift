import Glibc
import SessionApplication

/// One client on the socket: its buffers, and the reply slots that keep replies in
/// request order while the database thread works.
final class ClientConnection {
    let id: Int
    /// The peer's user (SO_PEERCRED), whose share of the connections it counts in.
    let uid: UInt32
    /// The connection's socket: closed when the connection object ends (`drop`
    /// removes every reference to it).
    let descriptor: FileDescriptor
    var fd: Int32 { descriptor.raw }
    /// Request lines read and not yet decoded.
    var input = LineFramer(maximumLineBytes: ServerLimits.maximumLineBytes)
    /// Replies in request order.
    var replies = ReplySequencer()
    /// Requests decoded and not yet handed to the database, oldest first (the server's
    /// `schedule` hands them on in turns), and their lines' bytes together.
    var waiting: [Job] = []
    var waitingBytes = 0
    /// Requests handed to the database whose replies have not come back.
    var atDatabase = 0
    /// True while the connection is in the server's list of those with requests waiting.
    var isScheduled = false
    /// True while `schedule` hands on its requests, once it got one in the current turn.
    var servedThisTurn = false
    /// False once the server dropped it (replies still owed are then discarded).
    var isOpen = true
    /// Bytes waiting to be written, from `outputOffset` on.
    var output: [UInt8] = []
    /// `pendingOutput` as the server last counted it in its output budget.
    var countedOutput = 0
    var outputOffset = 0
    /// Event types this connection subscribed to, nil before events.subscribe.
    var subscriptions: Set<String>?
    /// No more reading: the peer closed its side, the line was oversize, or shutdown.
    var readClosed = false
    /// Reading paused: too many requests in flight or waiting, or too much output
    /// unwritten (`mayDecode`).
    var readPaused = false
    /// True while it is in the server's list of connections waiting for the decoded
    /// jobs' memory to fall below its bound (`Server.awaitDecodeBudget`).
    var awaitsDecodeBudget = false
    /// True while it is in the server's list of connections waiting for the bytes read
    /// and not yet taken as lines to fall below their bound (`Server.awaitReceiveBudget`).
    var awaitsReceiveBudget = false
    /// `input.heldBytes` as the server last counted it in `Server.receivedBytes`.
    var countedReceived = 0
    /// Close once everything owed has been written.
    var closeWhenFlushed = false
    /// Its client hung up both ways (epoll said so): nothing it is sent is read.
    var peerGone = false
    /// False once epoll no longer reports on it: its client hung up and what it sent
    /// may still hold writes to run (`Server.abandonIfGone`).
    var watched = true
    /// When bytes last arrived (the idle timeout counts from here).
    var lastInputMs: Int64
    /// When the unfinished request line began (the line timeout counts from here).
    var partialLineSinceMs: Int64?
    /// The epoll events currently registered, so unchanged interest costs no syscall.
    var registeredEvents: UInt32 = 0

    init(id: Int, descriptor: consuming FileDescriptor, uid: UInt32, nowMs: Int64) {
        self.id = id
        self.uid = uid
        self.descriptor = descriptor
        self.lastInputMs = nowMs
    }

    /// True while its unfinished line's timeout runs: it is read, or it waits only for
    /// the others' unfinished lines to free room (`awaitsReceiveBudget`), which a line
    /// never finished must not make a way round the timeout.
    var lineTimerRuns: Bool { !readClosed && (!readPaused || awaitsReceiveBudget) }

    /// Requests read whose replies are not yet sent.
    var inFlight: Int { replies.inFlight }

    /// Bytes queued for the client.
    var pendingOutput: Int { output.count - outputOffset }

    /// True while another request line may be decoded: few enough in flight and
    /// waiting, and the client takes its replies.
    var mayDecode: Bool {
        inFlight < ServerLimits.maximumInFlight && waiting.count < ServerLimits.maximumWaiting
            && waitingBytes < ServerLimits.maximumWaitingBytes && pendingOutput < ServerLimits.outputHighWater
    }

    /// Takes the oldest waiting request.
    func takeWaiting() -> Job {
        let job = waiting.removeFirst()
        waitingBytes -= job.lineBytes
        return job
    }

    /// Reserves the next reply slot.
    func reserveSlot() -> UInt64 { replies.reserve() }

    /// Fills a slot and queues every reply that is now in order.
    func finish(slot: UInt64, _ reply: ReplySequencer.Reply) {
        replies.finish(slot, reply) { append(line: $0) }
    }

    /// Fills a slot with a line still in a writer's buffer: queued straight from it when
    /// the slot is next in order (the usual case), else copied to wait for its turn.
    func finish(slot: UInt64, line: UnsafeBufferPointer<UInt8>) {
        if replies.isNext(slot) {
            output.append(contentsOf: line)
            output.append(0x0A)
            replies.finish(slot, .nothing) { append(line: $0) }
        } else {
            replies.finish(slot, .line(Array(line))) { append(line: $0) }
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

    /// Lets go of the replies queued and not written (a client that hung up).
    func discardOutput() {
        output.removeAll(keepingCapacity: false)
        outputOffset = 0
    }
}
