import Glibc
import ArgumentParsing
import SessionCore
import SessionRPC
import JSON
import SessionSystem

/// Writes a whole file: into a temporary file beside it, then renamed over it, so a
/// reader never sees half a file.
enum FileOutput {
    /// The file a command writes (its one positional), nil for standard output (none,
    /// or -). An existing file is kept unless --force is given (exit 1, as a file that
    /// cannot be written). Only a regular file is replaced: a directory, a symbolic link
    /// (dangling or not) and a device, FIFO or socket are refused, --force or not, as
    /// the file is written beside them and renamed over them.
    static func target(_ arguments: ParsedArguments) throws -> String? {
        guard let path = arguments.positionals.first, path != "-" else { return nil }
        return try target(path, arguments)
    }

    /// `path` as a file to write, checked as `target(_:)` checks the positional.
    static func target(_ path: String, _ arguments: ParsedArguments) throws -> String {
        var status = stat()
        // Nothing there (or nothing that can be asked: the write says why).
        guard lstat(SystemPath.bytes(path), &status) == 0 else { return path }
        // What is on disk, not how the command was typed: a data error (exit 1).
        let reason: String? = switch status.st_mode & S_IFMT {
        case S_IFREG: arguments.has(.force) ? nil : "it exists; pass --force to replace it"
        case S_IFDIR: String(cString: strerror(EISDIR))
        case S_IFLNK: "it is a symbolic link, which writing would replace; name the file itself (- writes to standard output)"
        default: "it is not a regular file (a device, a FIFO or a socket), which writing would replace; name another (- writes to standard output)"
        }
        if let reason { throw FileInput.Failure(path: path, reason: reason, action: "write") }
        return path
    }

    /// Writes `text` to `path`, or to standard output when it is nil; returns the path
    /// written.
    static func deliver(_ text: String, to path: String?, context: CommandContext) throws(FileInput.Failure) -> String? {
        guard let path else {
            context.console.write(text)
            return nil
        }
        try write(text, to: path)
        return path
    }

    static func write(_ text: String, to path: String) throws(FileInput.Failure) {
        try write(Array(text.utf8), to: path, mode: 0o644)
    }

    /// `mode` before the umask: a backup holds everything, so it is 0600. Written as a
    /// streamed file of one part.
    static func write(_ content: [UInt8], to path: String, mode: mode_t) throws(FileInput.Failure) {
        let output = try StreamedOutput(path: path, console: nil, mode: mode)
        try output.write(content)
        _ = try output.finish()
    }
}

/// Removes the temporary file a command is writing when a signal ends sessionctl before
/// the file is put in place (Ctrl-C in a long backup or export): the handler unlinks it,
/// which is safe in a handler, and lets the signal end the process as it would have. A
/// signal the shell ignores (nohup's SIGHUP) is left ignored, and one the parent blocked
/// stays blocked (it would not have ended the process). One file at a time, as a command
/// writes one.
enum InterruptCleanup {
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var previous: [(signal: Int32, action: sigaction)] = []

    /// Removes `temporary` (a path's bytes, NUL-terminated) if a signal of
    /// `Signals.interruptions` arrives before `release`: called before the file is
    /// created, so that no moment is left in which a signal leaves it behind.
    static func remove(onSignal temporary: [CChar]) {
        release()
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: temporary.count)
        copy.initialize(from: temporary, count: temporary.count)
        path = copy
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            if let path = InterruptCleanup.path { unlink(path) }
            signal(number, SIG_DFL)
            raise(number)
        }
        sigemptyset(&action.sa_mask)
        for number in Signals.interruptions where !Signals.isIgnored(number) {
            var old = sigaction()
            if sigaction(number, &action, &old) == 0 { previous.append((number, old)) }
        }
    }

    /// The signals as they were, the file no longer this type's to remove.
    static func release() {
        for (number, old) in previous {
            var action = old
            sigaction(number, &action, nil)
        }
        previous = []
        path?.deallocate()
        path = nil
    }
}

/// A file written a part at a time as its parts arrive (an export, page by page), so
/// that it is never held whole: into a temporary file beside it, synced and renamed
/// over it by `finish`, so a reader never sees half a file; to standard output as the
/// parts come when there is no path.
final class StreamedOutput {
    let path: String?
    private let console: Console?
    private let temporary: [CChar]
    private var fd: Int32 = -1
    /// Bytes written so far.
    private(set) var byteCount = 0

    /// Opens the temporary file beside `path` (nil: standard output, `console`'s), by
    /// default mode 0600: an export holds a person's workouts and health samples, as a
    /// backup does.
    init(path: String?, console: Console?, mode: mode_t = 0o600) throws(FileInput.Failure) {
        self.path = path
        self.console = console
        temporary = SystemPath.bytes(path ?? "", appending: ".tmp-\(getpid())")
        guard let path else { return }
        InterruptCleanup.remove(onSignal: temporary)
        fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            InterruptCleanup.release()
            throw FileInput.Failure(path: path, reason: reason, action: "write")
        }
    }

    deinit { abandon() }

    /// Appends `bytes`.
    func write(_ bytes: [UInt8]) throws(FileInput.Failure) {
        byteCount += bytes.count
        guard let path else {
            console?.write(bytes: bytes)
            return
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let reason = String(cString: strerror(errno))
                abandon()
                throw FileInput.Failure(path: path, reason: reason, action: "write")
            }
            offset += written
        }
    }

    /// Syncs the file and puts it in place; returns its path (nil for standard output).
    func finish() throws(FileInput.Failure) -> String? {
        guard let path else { return nil }
        let synced = fsync(fd) == 0
        close(fd)
        fd = -1
        defer { InterruptCleanup.release() }
        guard synced, rename(temporary, SystemPath.bytes(path)) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileInput.Failure(path: path, reason: reason, action: "write")
        }
        return path
    }

    /// Drops the temporary file (a failure part way): the path keeps what it held.
    func abandon() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temporary)
        InterruptCleanup.release()
    }
}
