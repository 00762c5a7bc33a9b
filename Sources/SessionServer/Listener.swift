import Glibc
import SessionRPC
import SessionSystem

/// The listening Unix socket: passed by systemd (socket activation) or bound here.
/// Non-copyable: it owns the descriptor, and a socket file bound here is removed when
/// the listener ends, if the file there is still the one this daemon bound.
struct Listener: ~Copyable {
    /// Why the socket could not be set up.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let descriptor: FileDescriptor
    /// The path bound here, with the socket file's device and inode; nil when systemd
    /// owns the socket.
    private let bound: (path: String, device: UInt, inode: UInt)?

    /// The group given the socket file bound here.
    let group: gid_t?

    /// The descriptor number, for epoll and accept.
    var fd: Int32 { descriptor.raw }

    /// The socket file's path when it was bound here; nil when systemd owns the socket.
    var boundPath: String? { bound?.path }

    /// True while the socket file bound here is still at its path (not removed, moved
    /// away or replaced); false when systemd owns the socket.
    var isAtItsPath: Bool {
        guard let bound else { return false }
        var info = stat()
        return lstat(bound.path, &info) == 0 && UInt(info.st_dev) == bound.device && UInt(info.st_ino) == bound.inode
    }

    private init(descriptor: consuming FileDescriptor, bound: (path: String, device: UInt, inode: UInt)?, group: gid_t? = nil) {
        self.descriptor = descriptor
        self.bound = bound
        self.group = group
    }

    /// The socket systemd passed (sd_listen_fds(3)), checked to be a listening Unix
    /// stream socket, or nil when the daemon was not socket-activated.
    static func fromActivation() throws(Failure) -> Listener? {
        let count = ServiceManager.takePassedDescriptors()
        if count <= 0 { return nil }
        guard count == 1 else { throw Failure(description: "systemd passed \(count) sockets; sessiond takes exactly one") }
        let descriptor = try own(ServiceManager.firstPassedDescriptor, from: "LISTEN_FDS")
        guard ServiceManager.isListeningUnixStream(descriptor.raw) else {
            throw Failure(description: "the socket systemd passed is not a listening Unix stream socket")
        }
        try check(setNonBlocking(descriptor.raw), "setting the socket non-blocking")
        return Listener(descriptor: descriptor, bound: nil)
    }

    /// Throws when `path` is taken: a live daemon answers there, or it is not a socket.
    /// A connection alone does not tell: a daemon killed a moment ago still takes
    /// connections into its queue until the kernel closes its socket, then drops them.
    /// So the one there is asked for `daemon.status`; one that hangs up without an
    /// answer is asked again, for up to `goingAwayNs`, until connecting is refused.
    static func refuseIfServed(path: String) throws(Failure) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw Failure(description: "\(path) exists and is not a socket; refusing to replace it")
        }
        let deadline = MonotonicClock.nowNs() + goingAwayNs
        while let connection = try? connect(path: path) {
            switch ask(connection) {
            case .answered:
                throw Failure(description: "another sessiond is already answering on \(path); stop it first or pass another --socket")
            case .silent:
                throw Failure(description: "something listening on \(path) (a sessiond too busy to answer, or another program) takes connections but did not answer within \(answerMs / 1000) s; stop it or pass another --socket")
            case .hungUp:
                guard MonotonicClock.nowNs() < deadline else {
                    throw Failure(description: "something listening on \(path) hangs up without answering; stop it or pass another --socket")
                }
                usleep(20_000)
            }
        }
    }

    /// How long a listener that hangs up is given to go away.
    static let goingAwayNs: Int64 = 2_000_000_000
    /// How long a listener is given to answer `daemon.status`.
    static let answerMs: Int32 = 1000

    /// What the one listening did with a `daemon.status` request.
    enum Answer { case answered, hungUp, silent }

    /// Sends `daemon.status` on `connection` and waits up to `answerMs` for a reply.
    private static func ask(_ connection: borrowing FileDescriptor) -> Answer {
        let request = Array(#"{"jsonrpc":"2.0","id":0,"method":"daemon.status"}"#.utf8 + [0x0A])
        guard send(connection.raw, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return .hungUp }
        var entry = pollfd(fd: connection.raw, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat { ready = poll(&entry, 1, answerMs) } while ready < 0 && errno == EINTR
        guard ready > 0 else { return .silent }
        var byte: UInt8 = 0
        return recv(connection.raw, &byte, 1, 0) == 1 ? .answered : .hungUp
    }

    /// Binds `path` with mode 0600 (0660 with a group). A live daemon answering there
    /// is refused; a stale socket file is replaced; any other file is left alone.
    static func bind(path: String, group: gid_t?) throws(Failure) -> Listener {
        guard path.utf8.count <= UnixAddress.maximumPathBytes else {
            throw Failure(description: "socket path is too long for a Unix socket (\(path.utf8.count) bytes, at most \(UnixAddress.maximumPathBytes)): \(path)")
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            try refuseIfServed(path: path)
            if unlink(path) != 0 {
                let code = errno
                throw Failure(description: "removing the stale socket \(path): \(String(cString: strerror(code)))" + hint(code, socket: path))
            }
        }
        try makeParentDirectory(of: path, socket: path)
        return try bindAgain(path: path, group: group)
    }

    /// Binds `path`, where nothing is, as `bind` does once it has made the place: what
    /// the serving loop binds again when the socket file went, without asking anyone
    /// there, removing anything or making a directory (a file there now, or a directory
    /// gone, is a failure to say). A directory another user could put a socket of their
    /// own in is refused, as at start: one made again since may be anyone's.
    static func bindAgain(path: String, group: gid_t?) throws(Failure) -> Listener {
        try refuseSharedDirectory(of: path)
        var info = stat()
        let descriptor = try own(
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0), from: "socket")
        // Linux gives the socket's file the unbound socket's own mode, less the umask: set
        // to 0600 first, no one else can connect between bind and the chmod below. (Not
        // the umask, which the whole process shares: another thread creating a file or
        // directory at that moment would get mode 0600 or less.)
        try check(fchmod(descriptor.raw, 0o600), "cannot set the mode of the socket for \(path)")
        let bound = UnixAddress.withAddress(path) { Glibc.bind(descriptor.raw, $0, $1) }
        if bound < 0 {
            let code = errno
            throw Failure(description: "cannot bind \(path): \(String(cString: strerror(code)))" + hint(code, socket: path))
        }
        if let group {
            try check(chown(path, getuid(), group), "cannot give \(path) to group \(group)")
            try check(chmod(path, 0o660), "cannot set the mode of \(path)")
        } else {
            try check(chmod(path, 0o600), "cannot set the mode of \(path)")
        }
        try check(listen(descriptor.raw, 512), "cannot listen on \(path)")
        try check(lstat(path, &info), "cannot read back \(path)")
        return Listener(descriptor: descriptor, bound: (path: path, device: UInt(info.st_dev), inode: UInt(info.st_ino)), group: group)
    }

    /// A client connection to `path` (used to probe for a live daemon); it closes when
    /// the result is dropped.
    static func connect(path: String) throws(Failure) -> FileDescriptor {
        let descriptor = try own(socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0), from: "socket")
        try check(UnixAddress.withAddress(path) { Glibc.connect(descriptor.raw, $0, $1) }, "connect")
        return descriptor
    }

    /// Refuses a socket directory that other users may write to without the sticky bit,
    /// or that another user owns (and may make writable whenever it likes): either
    /// could replace the socket there with their own server.
    static func refuseSharedDirectory(of path: String) throws(Failure) {
        let parent = FilePath.directory(of: path)
        var info = stat()
        guard stat(parent, &info) == 0 else { return }
        if info.st_uid != 0, info.st_uid != getuid() {
            throw Failure(description: "\(parent) belongs to uid \(info.st_uid), neither root nor this daemon's user (\(getuid())): that user could replace the socket; use a directory of root's or sessiond's own")
        }
        if info.st_mode & S_IWOTH != 0, info.st_mode & S_ISVTX == 0 {
            throw Failure(description: "\(parent) is writable by every user and not sticky: another user could replace the socket; use a private directory (or chmod +t it)")
        }
    }

    /// What to do when the socket's place may not be written (EACCES, EPERM; said after
    /// the error): the system path is the system unit's; a person passes another.
    static func hint(_ code: Int32, socket path: String) -> String {
        guard code == EACCES || code == EPERM else { return "" }
        if path == SocketPath.system {
            return "; \(path) is the system service's (sessiond.service runs as root or the sessiond user): as yourself, pass --socket PATH,"
                + " or set XDG_RUNTIME_DIR (a login session sets it), or run the user unit: systemctl --user start sessiond"
        }
        return "; pass --socket PATH in a directory you may write"
    }

    /// Creates the socket's directory (mode 0755) when it is missing; a refusal says
    /// what to do about `socket`.
    static func makeParentDirectory(of path: String, socket: String) throws(Failure) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let parent = String(path[..<slash])
        var info = stat()
        if stat(parent, &info) == 0 { return }
        try makeParentDirectory(of: parent, socket: socket)
        guard mkdir(parent, 0o755) == 0 || errno == EEXIST else {
            let code = errno
            throw Failure(description: "cannot create \(parent): \(String(cString: strerror(code)))" + hint(code, socket: socket))
        }
    }

    /// Takes ownership of a new descriptor, or throws the call's failure.
    private static func own(_ raw: Int32, from call: String) throws(Failure) -> FileDescriptor {
        do {
            return try FileDescriptor(raw, from: call)
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// Throws `what` with errno's text when a system call returned a negative result.
    private static func check(_ result: Int32, _ what: String) throws(Failure) {
        guard result >= 0 else { throw Failure(description: "\(what): \(errorText())") }
    }

    /// Removes the socket file bound here, but only while it is still the one bound:
    /// a file another process put in its place is left alone.
    deinit {
        if let bound, isAtItsPath { unlink(bound.path) }
    }
}

/// The text of the current errno.
func errorText() -> String { String(cString: strerror(errno)) }

/// Sets O_NONBLOCK on a descriptor; negative on failure, with errno set.
func setNonBlocking(_ fd: Int32) -> Int32 {
    let flags = fcntl(fd, F_GETFL)
    guard flags >= 0 else { return flags }
    return fcntl(fd, F_SETFL, flags | O_NONBLOCK)
}
