import CZlib
import SessionCore
import Glibc

/// One entry of a zip archive read in place, without unpacking it to disk: the central
/// directory at the archive's end names the entries (ZIP64 included, as archives over
/// 4 GiB need), and the entry's bytes are read with `pread` and inflated through zlib
/// a piece at a time, their CRC-32 and length checked at the end. Stored and deflated
/// entries are read; an encrypted one, or another method, is refused by name. The
/// format is PKWARE's APPNOTE.TXT (the parts every zip writer uses: one disk). Every
/// offset and size the archive states is checked against its length with `Checked`
/// arithmetic: a forged one (2^63 and beyond, or a sum past 2^64) is a damaged archive.
public struct ZipArchive {
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public struct Entry {
        public let name: String
        public let method: UInt16
        public let flags: UInt16
        public let crc: UInt32
        public let compressedSize: UInt64
        public let size: UInt64
        public let headerOffset: UInt64
    }

    /// The bytes a zip archive (or an empty one) begins with.
    public static func isZip(_ head: [UInt8]) -> Bool {
        head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B && (head[2], head[3]) == (3, 4) || head.starts(with: [0x50, 0x4B, 5, 6])
    }

    public let fd: Int32
    public let entries: [Entry]
    /// The archive's length in bytes.
    public let length: UInt64

    /// The archive open on `fd` (a file: its end is read first, so a pipe will not do).
    public init(fd: Int32) throws(Failure) {
        self.fd = fd
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(message: "a zip archive is read from a file, not a pipe (unzip -p it into standard input instead)")
        }
        let length = UInt64(status.st_size)
        self.length = length
        // The end of central directory record: 22 bytes and a comment of up to 65,535.
        let tailLength = min(length, 22 + 65_535)
        let tail = try Self.read(fd, at: length - tailLength, count: Int(tailLength))
        guard tail.count >= 22, let end = (0...(tail.count - 22)).reversed().first(where: { tail.u32($0) == 0x0605_4B50 }) else {
            throw Failure(message: "not a zip archive: it has no end of central directory")
        }
        var count = UInt64(tail.u16(end + 10))
        var directorySize = UInt64(tail.u32(end + 12))
        var directoryOffset = UInt64(tail.u32(end + 16))
        // ZIP64: a locator just before the record points at the 64-bit record.
        if end >= 20, tail.u32(end - 20) == 0x0706_4B50 {
            let record = try Self.read(fd, at: tail.u64(end - 20 + 8), count: 56)
            guard record.u32(0) == 0x0606_4B50 else { throw Failure(message: "a damaged zip archive: its ZIP64 end record is not where its locator says") }
            (count, directorySize, directoryOffset) = (record.u64(32), record.u64(40), record.u64(48))
        }
        guard let directoryEnd = Checked.sum(directoryOffset, directorySize), directoryEnd <= length, directorySize < 1 << 30 else {
            throw Failure(message: "a damaged zip archive: its central directory lies past its end")
        }
        let directory = try Self.read(fd, at: directoryOffset, count: Int(directorySize))
        var entries: [Entry] = []
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= directory.count, directory.u32(at) == 0x0201_4B50 else {
                throw Failure(message: "a damaged zip archive: entry \(entries.count + 1) of its central directory does not read")
            }
            let (nameLength, extraLength, commentLength) = (Int(directory.u16(at + 28)), Int(directory.u16(at + 30)), Int(directory.u16(at + 32)))
            guard at + 46 + nameLength + extraLength + commentLength <= directory.count else {
                throw Failure(message: "a damaged zip archive: entry \(entries.count + 1) of its central directory runs past it")
            }
            var compressed = UInt64(directory.u32(at + 20)), size = UInt64(directory.u32(at + 24)), offset = UInt64(directory.u32(at + 42))
            // The ZIP64 extra field holds, in this order, each of size, compressed size and
            // offset that is all ones here.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let (id, fieldLength) = (directory.u16(extra), Int(directory.u16(extra + 2)))
                guard extra + 4 + fieldLength <= extraEnd else {
                    // The ZIP64 field cut short leaves the sizes unread: damage. Another
                    // field's length is not this reader's concern: the rest is passed over.
                    guard id != 1 else {
                        throw Failure(message: "a damaged zip archive: the ZIP64 field of entry \(entries.count + 1) of its central directory runs past the entry's")
                    }
                    break
                }
                if id == 1 {
                    var field = extra + 4
                    let fieldEnd = field + fieldLength
                    if size == 0xFFFF_FFFF, field + 8 <= fieldEnd { size = directory.u64(field); field += 8 }
                    if compressed == 0xFFFF_FFFF, field + 8 <= fieldEnd { compressed = directory.u64(field); field += 8 }
                    if offset == 0xFFFF_FFFF, field + 8 <= fieldEnd { offset = directory.u64(field) }
                }
                extra += 4 + fieldLength
            }
            entries.append(Entry(
                name: String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self), method: directory.u16(at + 10),
                flags: directory.u16(at + 8), crc: directory.u32(at + 16), compressedSize: compressed, size: size, headerOffset: offset))
            at += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// Hands `entry`'s bytes to `body` a piece at a time, inflated; throws when they are
    /// not what the directory says (a damaged or truncated archive).
    public func read(_ entry: Entry, into body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard entry.flags & 1 == 0 else { throw Failure(message: "\(entry.name) is encrypted in the zip archive") }
        guard entry.method == 0 || entry.method == 8 else {
            throw Failure(message: "\(entry.name) is compressed with method \(entry.method) in the zip archive (stored and deflated can be read)")
        }
        func damaged(_ what: String) -> Failure { Failure(message: "a damaged zip archive: \(entry.name) \(what)") }
        let header = try Self.read(fd, at: entry.headerOffset, count: 30)
        guard header.u32(0) == 0x0403_4B50 else { throw Failure(message: "a damaged zip archive: \(entry.name) is not where its directory says") }
        guard let start = Checked.sum(entry.headerOffset, 30 + UInt64(header.u16(26)) + UInt64(header.u16(28))),
              let end = Checked.sum(start, entry.compressedSize), end <= length
        else { throw damaged("lies past the archive's end (at \(entry.headerOffset), \(entry.compressedSize) bytes)") }
        var offset = start
        var left = entry.compressedSize
        var crc = crc32(0, nil, 0)
        var produced: UInt64 = 0
        var input = [UInt8](repeating: 0, count: 1 << 16)
        var output = [UInt8](repeating: 0, count: 1 << 18)
        func hand(_ bytes: UnsafeRawBufferPointer) throws {
            crc = crc32(crc, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
            produced += UInt64(bytes.count)
            try body(bytes)
        }
        /// Reads the next piece of the compressed data into `input`; returns its length.
        func nextInput() throws(Failure) -> Int {
            let count = Int(min(left, UInt64(input.count)))
            try Self.fill(fd, &input, count: count, at: offset, failure: damaged("ends early"))
            (left, offset) = (left - UInt64(count), offset + UInt64(count))
            return count
        }
        if entry.method == 0 {
            while left > 0 {
                let count = try nextInput()
                try input.withUnsafeBytes { try hand(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            }
        } else {
            var stream = z_stream()
            guard czlib_inflate_init_raw(&stream) == Z_OK else { throw Failure(message: "zlib could not begin to inflate \(entry.name)") }
            defer { inflateEnd(&stream) }
            var ended = false
            while !ended {
                guard left > 0 else { throw damaged("ends before its compressed data does") }
                let count = try nextInput()
                try input.withUnsafeMutableBufferPointer { source in
                    stream.next_in = source.baseAddress
                    stream.avail_in = uInt(count)
                    while stream.avail_in > 0, !ended {
                        let made: Int = try output.withUnsafeMutableBufferPointer { target in
                            stream.next_out = target.baseAddress
                            stream.avail_out = uInt(target.count)
                            let code = inflate(&stream, Z_NO_FLUSH)
                            if code == Z_STREAM_END { ended = true } else if code != Z_OK, code != Z_BUF_ERROR {
                                let reason = stream.msg.map { String(cString: $0) } ?? "error \(code)"
                                throw damaged("does not inflate (\(reason)) at byte \(entry.compressedSize - left - UInt64(stream.avail_in)) of its compressed data")
                            }
                            return target.count - Int(stream.avail_out)
                        }
                        if made > 0 { try output.withUnsafeBytes { try hand(UnsafeRawBufferPointer(rebasing: $0[0..<made])) } }
                    }
                }
            }
        }
        guard produced == entry.size else { throw damaged("is \(produced) bytes, not the \(entry.size) its directory says") }
        guard crc == uLong(entry.crc) else { throw damaged("fails its CRC-32 check") }
    }

    private static func read(_ fd: Int32, at offset: UInt64, count: Int) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try fill(fd, &bytes, count: count, at: offset, failure: Failure(message: "a damaged zip archive: it ends before its directory says"))
        return bytes
    }

    /// Reads `count` bytes at `offset` into the start of `bytes`, all of them or `failure`
    /// (an offset past what a file can have, too).
    private static func fill(_ fd: Int32, _ bytes: inout [UInt8], count: Int, at offset: UInt64, failure: Failure) throws(Failure) {
        guard let start = off_t(exactly: offset), Checked.sum(start, off_t(count)) != nil else { throw failure }
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, start + off_t(done)) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw Failure(message: String(cString: strerror(errno))) }
            guard got > 0 else { throw failure }
            done += got
        }
    }
}

private extension Array where Element == UInt8 {
    /// Little-endian integers at a byte offset, as zip writes them.
    func u16(_ at: Int) -> UInt16 { UInt16(self[at]) | UInt16(self[at + 1]) << 8 }
    func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) | UInt32(u16(at + 2)) << 16 }
    func u64(_ at: Int) -> UInt64 { UInt64(u32(at)) | UInt64(u32(at + 4)) << 32 }
}
