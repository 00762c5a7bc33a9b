import Glibc
import SessionStore
import SessionSystem

/// Keeps a second daemon off a database: an exclusive advisory lock (flock(2)) on a
/// file beside it, `PATH.lock`, held for as long as the daemon runs and released by the
/// kernel when it exits, however it exits. The daemon removes the file as it exits: one
/// is left behind only by a crash, and the next daemon takes it. It holds the holder's
/// pid, so the daemon refused can name it. The database file itself is locked too
/// (`lockDatabaseFile`): a second name of it, a hard link, has a lock file of its own
/// but is the same file. Only daemons take these locks: flock(2) and SQLite's fcntl(2)
/// locks do not meet, so readers and `sessionctl backup` are untouched by them.
final class DatabaseLock {
    /// The lock file's path.
    let path: String
    private let descriptor: FileDescriptor
    /// The database file, open to hold its lock; -1 until it is. Never closed: closing
    /// any descriptor of the database would drop the locks SQLite holds on it (fcntl(2)
    /// locks belong to the process and the file), so it goes when the process does.
    private var databaseFile: Int32 = -1

    /// The lock file beside the database at `databasePath`.
    static func path(for databasePath: String) -> String { Database.lockPath(databasePath) }

    /// Takes the lock for the database at `databasePath`, creating its file (mode 0600)
    /// when missing; throws a sentence naming the daemon that holds it.
    init(databasePath: String) throws(Daemon.StartFailure) {
        path = Self.path(for: databasePath)
        let deadline = MonotonicClock.nowNs() + Self.exitingHolderNs
        while true {
            let descriptor: FileDescriptor
            do {
                descriptor = try FileDescriptor(open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600), from: "open")
            } catch {
                var info = stat()
                let reason = String(cString: strerror(error.code))
                let directory = FilePath.directory(of: path)
                if error.code == ENOSPC || error.code == EROFS {
                    throw Daemon.StartFailure(description: "cannot create \(path), the lock that keeps a second sessiond off \(databasePath): \(reason); pass another --database")
                }
                // No file there, or none to be seen: what refused is the directory, which
                // it would be made in (or looked up through).
                if lstat(path, &info) != 0, errno == ENOENT || errno == EACCES {
                    throw Daemon.StartFailure(description: "cannot create \(path), the lock that keeps a second sessiond off \(databasePath): \(reason); "
                                              + "sessiond must be able to write the directory \(directory): fix its owner or mode, or pass another --database")
                }
                throw Daemon.StartFailure(description: "cannot open \(path), the lock that keeps a second sessiond off \(databasePath): \(reason); fix its owner or mode, or remove it")
            }
            let result = Self.tryLock(descriptor.raw)
            guard result == 0 else {
                let reason = errno
                guard reason == EWOULDBLOCK else {
                    throw Daemon.StartFailure(description: "cannot lock \(path): \(String(cString: strerror(reason)))")
                }
                let pid = Self.holder(descriptor.raw)
                // A daemon killed a moment ago holds the lock until the kernel has
                // closed its files: waited for, as a restart comes right after.
                if let pid, ProcessStatus.isExiting(pid), MonotonicClock.nowNs() < deadline {
                    usleep(10_000)
                    continue
                }
                let holder = pid.map { "another sessiond (pid \($0))" } ?? "another sessiond"
                throw Daemon.StartFailure(description: "\(holder) is using the database \(databasePath) (it holds \(path)); stop it first or pass another --database")
            }
            // The holder removes the file as it exits (`release`): locked after that, this
            // is a file no name leads to, and the next daemon would make a new one.
            guard Self.names(path, descriptor.raw) else { continue }
            // The pid is for the message above; a failure to write it costs only that.
            let text = Array("\(getpid())\n".utf8)
            if ftruncate(descriptor.raw, 0) == 0 { _ = pwrite(descriptor.raw, text, text.count, 0) }
            self.descriptor = descriptor
            return
        }
    }

    /// Locks the database file itself, when it exists (at start, and again once the
    /// daemon has made a new one); throws when another daemon holds it under another
    /// name, before this one reads or writes it. With `PATH.lock` held here, a holder is
    /// a daemon under another name, or one killed a moment ago whose files the kernel
    /// is still closing (its two locks go one after the other): waited for as long as
    /// an exiting holder of `PATH.lock` is.
    func lockDatabaseFile(_ databasePath: String) throws(Daemon.StartFailure) {
        guard databaseFile < 0 else { return }
        let fd = open(databasePath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return }
            throw Daemon.StartFailure(description: "cannot open \(databasePath) to lock it: \(String(cString: strerror(errno)))")
        }
        let deadline = MonotonicClock.nowNs() + Self.exitingHolderNs
        var result: Int32
        while true {
            result = Self.tryLock(fd)
            guard result != 0, errno == EWOULDBLOCK, MonotonicClock.nowNs() < deadline else { break }
            usleep(10_000)
        }
        guard result == 0 else {
            // Left open: a daemon that has opened the database keeps SQLite's locks so.
            // A file system that cannot lock so (NFS, whose flock(2) is fcntl(2) and
            // wants a descriptor open for writing) leaves the lock file beside it.
            guard errno == EWOULDBLOCK else { return }
            throw Daemon.StartFailure(description: "another sessiond is using the database file \(databasePath) under another name (a hard link to it); stop it first or pass another --database")
        }
        databaseFile = fd
    }

    /// Removes the file, still holding the lock, as the daemon exits (the lock goes with
    /// the descriptor when this is freed): it exists only while a daemon runs.
    func release() {
        unlink(path)
    }

    /// True when `path` leads to the file open as `fd`.
    private static func names(_ path: String, _ fd: Int32) -> Bool {
        var open = stat(), named = stat()
        return fstat(fd, &open) == 0 && stat(path, &named) == 0 && open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// An exclusive flock(2) of `fd` if no one holds one: 0, else -1 with errno set
    /// (EWOULDBLOCK when another holds it).
    private static func tryLock(_ fd: Int32) -> Int32 {
        var result: Int32
        repeat { result = flock(fd, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
        return result
    }

    /// How long a holder on its way out is waited for.
    static let exitingHolderNs: Int64 = 2_000_000_000

    /// The pid the holder wrote, when it reads as one.
    private static func holder(_ fd: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &bytes, bytes.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[..<count], as: UTF8.self).split(separator: "\n").first ?? ""
        return Int32(text).flatMap { $0 > 0 ? $0 : nil }
    }
}
