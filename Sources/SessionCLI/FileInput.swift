import Glibc
import JSON
import SessionCore
import SessionFormats

/// Reads a whole file, or standard input for "-", as UTF-8 text.
enum FileInput {
    /// Why a file could not be read.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var action = "read"
        var description: String { "cannot \(action) \(path): \(reason)" }
    }

    /// Inputs larger than this are refused (a plan is a few kilobytes).
    static let maximumBytes = 16 << 20

    static func read(_ path: String) throws(Failure) -> String {
        try text(try readBytes(path, maximumBytes: maximumBytes), path: path)
    }

    /// `bytes` of the file at `path` as text; refused at the first byte that is not UTF-8.
    private static func text(_ bytes: [UInt8], path: String) throws(Failure) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(path: path, reason: TextPlace.notUTF8(bytes) ?? "not UTF-8 text")
        }
        return text
    }

    /// A file that decides what sessionctl runs (the config file): opened without
    /// blocking, and read only when it is a regular file that no one but its owner
    /// (root or the user sessionctl runs as) may change — a FIFO would hang every
    /// command, and a file others may write would let them choose the planner.
    static func readTrusted(_ path: String) throws(Failure) -> String {
        let fd = open(SystemPath.bytes(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw Failure(path: path, reason: "not a regular file (a FIFO, a device or a directory)") }
        if let problem = Self.untrusted(status) { throw Failure(path: path, reason: problem) }
        return try text(try readBytes(fd: fd, path: path, maximumBytes: maximumBytes), path: path)
    }

    /// Why a file (or directory) of `status` may not decide what runs as this user, as
    /// sshd's StrictModes has it: another user owns it, or its group or every user may
    /// write it (a directory with the sticky bit, as /tmp, excepted). Nil when it may.
    static func untrusted(_ status: stat) -> String? {
        if status.st_uid != 0, status.st_uid != getuid() { return "it belongs to uid \(status.st_uid), neither root nor you" }
        let directory = status.st_mode & S_IFMT == S_IFDIR
        if status.st_mode & (S_IWGRP | S_IWOTH) != 0, !(directory && status.st_mode & S_ISVTX != 0) {
            return "its group or every user may write to it, and so choose what sessionctl runs as you (chmod go-w it)"
        }
        return nil
    }

    /// True when `path` names a pipe, a FIFO, a socket or a character device (`<(…)`, a
    /// named pipe): what is read once, from its start, and never by offset or twice.
    static func isStream(_ path: String) -> Bool {
        var status = stat()
        guard path != "-", stat(SystemPath.bytes(path), &status) == 0 else { return path == "-" }
        let type = status.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }

    /// The first bytes of `fd`, read from where it stands: up to `FileContent.headBytes`,
    /// or fewer once they hold a FIT header's 12 bytes and more than white space and a
    /// byte-order mark (a pipe gives what it has; one written a byte at a time is read
    /// on to its twelfth): what tells a file's content (`FileContent.of`).
    static func head(of fd: Int32) -> [UInt8] {
        var head = [UInt8]()
        while head.count < FileContent.headBytes, head.count < 12 || ByteOrderMark.text(of: head).isEmpty {
            var chunk = [UInt8](repeating: 0, count: FileContent.headBytes)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            head += chunk[0..<count]
        }
        return head
    }

    /// `path` opened for reading, standard input for "-": the caller closes it unless it
    /// is standard input (`closeUnlessStandardInput`).
    static func openForReading(_ path: String) throws(Failure) -> Int32 {
        let fd = path == "-" ? STDIN_FILENO : open(SystemPath.bytes(path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        return fd
    }

    /// Closes what `openForReading` gave, standard input left open.
    static func closeUnlessStandardInput(_ fd: Int32) {
        if fd != STDIN_FILENO { close(fd) }
    }

    /// The bytes of a file (or standard input), refused beyond `maximumBytes`.
    static func readBytes(_ path: String, maximumBytes: Int) throws(Failure) -> [UInt8] {
        let fd = try openForReading(path)
        defer { closeUnlessStandardInput(fd) }
        return try readBytes(fd: fd, path: path, maximumBytes: maximumBytes)
    }

    /// The rest of `fd` after `prefix` (bytes already read from it), refused beyond
    /// `maximumBytes` in all; `path` names it in errors.
    static func readBytes(fd: Int32, path: String, after prefix: [UInt8] = [], maximumBytes: Int) throws(Failure) -> [UInt8] {
        var bytes = prefix
        // A file's size is known: one allocation instead of doubling (a large export
        // would otherwise take up to twice its size while read).
        var status = stat()
        if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(min(Int(status.st_size), maximumBytes) + 1) }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress, buffer.count)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= maximumBytes else {
                throw Failure(path: path, reason: "larger than \(maximumBytes >> 20) MiB")
            }
        }
        return bytes
    }
}

/// A file read by offset (`pread`), a block at a time: what `ExportStream` reads
/// sessiond's own JSON export from, so that a restore never holds the file whole.
final class FileSource: ByteSource {
    let path: String
    private let fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// The file at `path` when it is sessiond's JSON export by `format`, or by its first
    /// byte that is not white space when no format is given; nil for another file.
    static func jsonExport(_ path: String, format: TrackerExport.Format?) throws(FileInput.Failure) -> FileSource? {
        guard format == nil || format == .json else { return nil }
        let fd = open(SystemPath.bytes(path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileInput.Failure(path: path, reason: String(cString: strerror(errno))) }
        let source = FileSource(path: path, fd: fd)
        if format == .json { return source }
        var head: [UInt8] = []
        do {
            _ = try source.read(at: 0, count: 4096, into: &head)
        } catch let failure as FileInput.Failure {
            throw failure
        } catch {
            throw FileInput.Failure(path: path, reason: String(describing: error))
        }
        return ByteOrderMark.text(of: head).first == UInt8(ascii: "{") ? source : nil
    }

    func read(at offset: Int, count: Int, into buffer: inout [UInt8]) throws -> Int {
        let before = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        while true {
            let read = buffer.withUnsafeMutableBytes { bytes in pread(fd, bytes.baseAddress.map { $0 + before }, count, off_t(offset)) }
            if read < 0, errno == EINTR { continue }
            buffer.removeLast(count - max(read, 0))
            guard read >= 0 else { throw FileInput.Failure(path: path, reason: String(cString: strerror(errno))) }
            return read
        }
    }
}
