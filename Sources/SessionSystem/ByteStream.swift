import Glibc

/// A connected byte stream to the daemon, read and written through one descriptor: a
/// Unix stream socket connected to the daemon's path, or one end of a socket pair whose
/// other end is a child process's standard input and output — a command that carries
/// the bytes to the daemon elsewhere (`ssh HOST sessionctl dial-stdio`, as `systemctl -H`
/// runs `systemd-stdio-bridge`). What talks over it reads, writes and polls the
/// descriptor alike either way; only why the stream ended is told differently.
public final class ByteStream {
    /// Where a stream goes.
    public enum Address: Sendable, Equatable {
        /// The daemon's socket on this machine.
        case unixSocket(String)
        /// A command started as `executable arguments…`, whose standard input and output
        /// are the stream; `name` says where it reaches, in messages.
        case command(executable: String, arguments: [String], name: String)

        /// What messages call it: the socket's path, or the command's name.
        public var name: String {
            switch self {
            case .unixSocket(let path): path
            case .command(_, _, let name): name
            }
        }

        /// True for a socket on this machine, whose paths name this machine's files.
        public var isLocal: Bool {
            if case .unixSocket = self { true } else { false }
        }
    }

    /// Why a stream could not be opened.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, as strerror(3) or the spawn said it.
        public let description: String
    }

    /// Where it goes.
    public let address: Address
    /// The connected descriptor: the socket, or this process's end of the socket pair.
    public let descriptor: Int32
    /// The command's process, while it is not reaped (0 for a socket).
    private var child: pid_t = 0
    /// The read end of the command's standard error (-1 for a socket).
    private var errors: Int32 = -1
    /// What the command wrote on its standard error, once read.
    private var errorText: [UInt8] = []
    /// The command's wait status, once reaped.
    private var exitStatus: Int32?

    /// Connects to `address`: the socket, or the command started with the stream as its
    /// standard input and output and a pipe as its standard error (read when the stream
    /// ends, to say why).
    public init(_ address: Address) throws(Failure) {
        self.address = address
        switch address {
        case .unixSocket(let path):
            guard path.utf8.count <= UnixAddress.maximumPathBytes else { throw Failure(description: "path too long for a Unix socket") }
            descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
            guard UnixAddress.withAddress(path, { connect(descriptor, $0, $1) }) == 0 else {
                // No close here: deinit runs (every property is set) and closes it once.
                throw Failure(description: String(cString: strerror(errno)))
            }
        case .command(let executable, let arguments, _):
            var pair: [Int32] = [-1, -1]
            var errorPipe: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
                descriptor = -1
                throw Failure(description: "cannot make a socket pair: \(String(cString: strerror(errno)))")
            }
            descriptor = pair[0]
            guard pipe(&errorPipe) == 0 else {
                close(pair[1])
                throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            for end in errorPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            defer {
                // The child's ends are its own now (dup2 gave them to it, without
                // close-on-exec); this process keeps only its end of each.
                close(pair[1])
                close(errorPipe[1])
            }
            errors = errorPipe[0]
            do {
                child = try ChildProcess.spawn(executable, arguments, descriptors: [pair[1], pair[1], errorPipe[1]])
            } catch {
                throw Failure(description: error.description)
            }
        }
    }

    deinit {
        close(descriptor)
        // The command sees the end of its input and goes (ssh closes the channel); one
        // that lingers is stopped.
        if child > 0, !reap(waitingMs: 2000) {
            kill(child, SIGTERM)
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0, errno == EINTR {}
        }
        if errors >= 0 { close(errors) }
    }

    /// Why the peer ended the stream, when it says: for a command, what it wrote on its
    /// standard error (each line without a leading "sessionctl: ", joined by "; "), else
    /// its exit status when that is not 0; nil for a socket, and for a command that
    /// ended quietly and well. Waits up to `waitingMs` for the command to finish saying it.
    public func endingReason(waitingMs: Int64 = 5000) -> String? {
        guard case .command = address else { return nil }
        readErrors(until: Self.nowMs() + waitingMs)
        _ = reap(waitingMs: 500)
        let lines = String(decoding: errorText, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { line -> Substring in
                let trimmed = line.drop { $0 == " " || $0 == "\r" }
                return trimmed.hasPrefix("sessionctl: ") ? trimmed.dropFirst("sessionctl: ".count) : trimmed
            }
            .filter { !$0.isEmpty }
        if !lines.isEmpty { return lines.joined(separator: "; ") }
        guard let status = exitStatus else { return nil }
        if status & 0x7F != 0 { return "\(address.name) was killed by signal \(status & 0x7F)" }
        let code = (status >> 8) & 0xFF
        return code == 0 ? nil : "\(address.name) exited with status \(code)"
    }

    /// Reads the command's standard error until its end (the command and all it started
    /// are gone) or the deadline, keeping the first 16 KiB.
    private func readErrors(until deadlineMs: Int64) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while errors >= 0 {
            let left = deadlineMs - Self.nowMs()
            guard left > 0 else { return }
            var poller = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1000)))
            if ready < 0, errno != EINTR { return }
            guard ready > 0 else { continue }
            let count = read(errors, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                close(errors)
                errors = -1
                return
            }
            if errorText.count < 16_384 { errorText += chunk[0..<min(count, 16_384 - errorText.count)] }
        }
    }

    /// Reaps the command once it has exited, waiting up to `waitingMs`; false while it
    /// still runs. Its wait status is kept (`exitStatus`).
    private func reap(waitingMs: Int64) -> Bool {
        guard child > 0 else { return true }
        let deadline = Self.nowMs() + waitingMs
        var status: Int32 = 0
        while true {
            let reaped = waitpid(child, &status, WNOHANG)
            if reaped == child {
                exitStatus = status
                child = 0
                return true
            }
            if reaped < 0, errno != EINTR {
                child = 0
                return true
            }
            guard Self.nowMs() < deadline else { return false }
            usleep(10_000)
        }
    }

    private static func nowMs() -> Int64 { MonotonicClock.nowNs() / 1_000_000 }
}
