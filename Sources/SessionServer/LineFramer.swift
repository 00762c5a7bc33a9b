import Glibc

/// Splits a connection's bytes into request lines (PROTOCOL: one JSON text per line,
/// `\n` or `\r\n`). Pure: the serving loop feeds it what it reads and takes lines out
/// as it has room for them. A line longer than the limit, complete or not yet, is
/// reported as `.oversize` (the connection is then closed).
struct LineFramer {
    /// What `next()` found.
    enum Frame: Equatable {
        /// One line without its line end.
        case line([UInt8])
        /// A line longer than the limit.
        case oversize
        /// A complete line the caller did not admit (its length given): left in place,
        /// the next call returns it first.
        case held(Int)
    }

    let maximumLineBytes: Int
    private var buffer: [UInt8] = []
    /// Bytes before this index were taken as lines.
    private var start = 0
    /// Bytes from `start` that were searched and hold no newline.
    private var searched = 0
    /// Lines taken so far: a caller notices a line completed between two looks.
    private(set) var completedLines = 0

    init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// Adds bytes read from the connection.
    mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The input has ended: what was sent without a final newline is the last line.
    mutating func endOfInput() {
        if hasPartialLine { buffer.append(0x0A) }
    }

    /// True when bytes of an unfinished line are waiting.
    var hasPartialLine: Bool { start < buffer.count }

    /// Bytes read and not yet taken as lines: an unfinished line, and complete lines
    /// waiting for their turn to be decoded (`Server.receivedBytes` counts them).
    var heldBytes: Int { buffer.count - start }

    /// The next complete line, `.oversize` when the line passes the limit, `.held`
    /// when `admits` refuses its length, or nil when no complete line is waiting.
    mutating func next(admitting admits: (Int) -> Bool = { _ in true }) -> Frame? {
        guard let newline = newlineIndex(from: start + searched) else {
            searched = buffer.count - start
            return searched > maximumLineBytes ? .oversize : nil
        }
        var end = newline
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        guard end - start <= maximumLineBytes else { return .oversize }
        guard admits(end - start) else {
            searched = newline - start  // found again at once
            return .held(end - start)
        }
        let line = Array(buffer[start..<end])
        completedLines += 1
        start = newline + 1
        searched = 0
        compact()
        return .line(line)
    }

    /// The index of the first newline at or after `from`: memchr(3), which reads a
    /// word at a time, where a loop over the bytes took most of the framing's time.
    private func newlineIndex(from: Int) -> Int? {
        guard from < buffer.count else { return nil }
        return buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, let found = memchr(base + from, 0x0A, bytes.count - from) else { return nil }
            return UnsafeRawPointer(found) - base
        }
    }

    /// Drops consumed bytes: all of them when nothing is left, or once they pass 64 KiB.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 16)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
