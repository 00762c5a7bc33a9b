#if canImport(Glibc)
import Glibc
#endif
import CSystemd
import SessionRPC

/// The listening Unix socket: passed by systemd (socket activation) or bound here.
struct Listener {
    /// Why the socket could not be set up.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let fd: Int32
    /// The path bound here (removed on shutdown); nil when systemd owns the socket.
    let ownedPath: String?

    /// The socket systemd passed (sd_listen_fds(3)), checked to be a listening Unix
    /// stream socket, or nil when the daemon was not socket-activated.
    static func fromActivation() throws(Failure) -> Listener? {
        let count = sd_listen_fds(1)
        if count <= 0 { return nil }
        guard count == 1 else { throw Failure(description: "systemd passed \(count) sockets; sessiond takes exactly one") }
        let fd = SD_LISTEN_FDS_START
        guard sd_is_socket_unix(fd, Int32(SOCK_STREAM.rawValue), 1, nil, 0) > 0 else {
            throw Failure(description: "the socket systemd passed is not a listening Unix stream socket")
        }
        setNonBlocking(fd)
        return Listener(fd: fd, ownedPath: nil)
    }

    /// Binds `path` with mode 0600 (0660 with a group). A live daemon answering there
    /// is refused; a stale socket file is replaced; any other file is left alone.
    static func bind(path: String, group: gid_t?) throws(Failure) -> Listener {
        guard path.utf8.count <= UnixAddress.maximumPathBytes else {
            throw Failure(description: "socket path is too long for a Unix socket (\(path.utf8.count) bytes, at most \(UnixAddress.maximumPathBytes)): \(path)")
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFSOCK else {
                throw Failure(description: "\(path) exists and is not a socket; refusing to replace it")
            }
            if let probe = try? connect(path: path) {
                Glibc.close(probe)
                throw Failure(description: "another sessiond is already answering on \(path); stop it first or pass another --socket")
            }
            unlink(path)
        }
        try makeParentDirectory(of: path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket(): \(errorText())") }
        let oldMask = umask(0o177)
        let bound = UnixAddress.withAddress(path) { Glibc.bind(fd, $0, $1) }
        umask(oldMask)
        guard bound == 0 else {
            let text = errorText()
            Glibc.close(fd)
            throw Failure(description: "cannot bind \(path): \(text)")
        }
        if let group {
            chown(path, getuid(), group)
            chmod(path, 0o660)
        } else {
            chmod(path, 0o600)
        }
        guard listen(fd, 512) == 0 else {
            let text = errorText()
            Glibc.close(fd)
            throw Failure(description: "cannot listen on \(path): \(text)")
        }
        return Listener(fd: fd, ownedPath: path)
    }

    /// A blocking client connection to `path` (used to probe for a live daemon).
    static func connect(path: String) throws(Failure) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket(): \(errorText())") }
        let result = UnixAddress.withAddress(path) { Glibc.connect(fd, $0, $1) }
        guard result == 0 else {
            let text = errorText()
            Glibc.close(fd)
            throw Failure(description: text)
        }
        return fd
    }

    /// Creates the socket's directory (mode 0755) when it is missing.
    static func makeParentDirectory(of path: String) throws(Failure) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let parent = String(path[..<slash])
        var info = stat()
        if stat(parent, &info) == 0 { return }
        try makeParentDirectory(of: parent)
        guard mkdir(parent, 0o755) == 0 || errno == EEXIST else {
            throw Failure(description: "cannot create \(parent): \(errorText())")
        }
    }

    /// Stops listening and removes the socket file bound here.
    func close() {
        Glibc.close(fd)
        if let ownedPath { unlink(ownedPath) }
    }
}

/// The text of the current errno.
func errorText() -> String { String(cString: strerror(errno)) }

/// Sets O_NONBLOCK on a descriptor.
func setNonBlocking(_ fd: Int32) {
    let flags = fcntl(fd, F_GETFL)
    _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
}
