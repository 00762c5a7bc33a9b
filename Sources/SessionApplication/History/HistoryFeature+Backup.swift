import Glibc
import SessionCore
import SessionRPC
import SessionStore
import SessionSystem

/// Copies taken by `database.backup`, waiting to be read; each file lies beside the
/// database (the one directory the daemon may write) until its last chunk is sent to
/// every caller it was handed to. A call while a copy is being read gets that one when
/// nothing was written since it was taken (a loop of calls cannot fill the disk with
/// copies); after a write it gets a new copy, as a backup holds all that was
/// acknowledged before it was asked for (a caller that went away mid-read, never to
/// finish, had left every later call the old copy). At most `maximumCopies` are kept:
/// a new one past them replaces the one read least lately.
struct BackupCopies {
    struct Copy {
        let path: String
        let size: Int
        var touchedMs: Int64
        /// What was committed when it was taken (`Database.committedVersion`).
        let version: Int64
        /// Callers it was handed to, and those that read its last chunk.
        var readers = 1
        var finished = 0
    }

    static let maximumCopies = 2

    /// The copy a new backup call is handed: the one taken after the last commit
    /// (`version` the same; a copy is taken only when none is, so there is one at most);
    /// nil when a new copy must be taken.
    func current(version: Int64) -> (id: String, copy: Copy)? {
        copies.first { $0.value.version == version }.map { (id: $0.key, copy: $0.value) }
    }

    /// Hands the current copy to one more caller.
    mutating func share(_ id: String, nowMs: Int64) -> Copy? {
        copies[id]?.readers += 1
        return touch(id, nowMs: nowMs)
    }

    /// Notes that one caller read the copy's last chunk; removes it after the last one.
    mutating func finish(_ id: String) {
        guard var copy = copies[id] else { return }
        copy.finished += 1
        if copy.finished >= copy.readers { remove(id) } else { copies[id] = copy }
    }

    static let expiryMs: Int64 = 10 * 60 * 1000
    private(set) var copies: [String: Copy] = [:]

    /// The file name prefix of copies of `database`, to find leftovers of a daemon that
    /// stopped mid-backup.
    static func prefix(of database: String) -> String { database + ".backup-" }

    /// Removes copies no one read for `expiryMs`.
    mutating func expire(nowMs: Int64) {
        for (id, copy) in copies where nowMs - copy.touchedMs >= Self.expiryMs { remove(id) }
    }

    /// Keeps `copy`, making room first: past `maximumCopies`, the one read least lately
    /// goes (a caller still reading it is told to start again).
    mutating func add(_ copy: Copy, id: String) {
        while copies.count >= Self.maximumCopies, let stalest = copies.min(by: { $0.value.touchedMs < $1.value.touchedMs })?.key { remove(stalest) }
        copies[id] = copy
    }

    mutating func touch(_ id: String, nowMs: Int64) -> Copy? {
        copies[id]?.touchedMs = nowMs
        return copies[id]
    }

    mutating func remove(_ id: String) {
        if let copy = copies.removeValue(forKey: id) { unlink(copy.path) }
    }

    /// Deletes copies a previous run of the daemon left behind.
    static func removeLeftovers(of database: String) {
        let directory = FilePath.directory(of: database)
        let name = prefix(of: FilePath.name(of: database))
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if file.hasPrefix(name) { unlink(directory + "/" + file) }
        }
    }
}

/// Why a backup chunk cannot be sent.
enum BackupError: Error, CustomStringConvertible {
    case notFound(String)
    case offset(Int, size: Int)
    case unreadable(String)
    /// Taking a copy would leave less free space than the database needs to go on
    /// writing.
    case noSpace(free: Int, needed: Int)
    /// SQLite could not write the copy (a directory that may not be written).
    case copy(String)

    var description: String {
        switch self {
        case .notFound(let id): return "no backup \(id) (finished, expired after 10 minutes untouched, or replaced by a newer copy); start a new one"
        case .offset(let offset, let size): return "offset \(offset) lies beyond the copy's \(size) bytes"
        case .unreadable(let reason): return "cannot read the copy: \(reason)"
        case .copy(let reason): return "the copy could not be written: \(reason)"
        case .noSpace(let free, let needed):
            return "a copy needs \(needed / 1_048_576 + 1) MiB beside the database and only \(free / 1_048_576) MiB are free; nothing was copied"
        }
    }
}

/// Whether a copy of the database may be taken beside it: the copy must fit and leave
/// what the database needs to keep writing (`reserveBytes`, or a tenth of its size when
/// that is more), so a backup never makes the next set fail to log.
enum BackupSpace {
    static let reserveBytes = 32 << 20

    /// The bytes a copy of a database of `databaseBytes` needs free, its reserve included.
    static func needed(databaseBytes: Int) -> Int { databaseBytes + max(reserveBytes, databaseBytes / 10) }

    /// Free bytes for an unprivileged writer on the filesystem holding `directory`; nil
    /// when it cannot be told.
    static func free(directory: String) -> Int? {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return nil }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }
}

extension HistoryFeature {
    /// Takes a copy (no id given) or reads the next chunk of one.
    func backup(_ params: DatabaseBackup.Params) throws -> DatabaseBackup.Result {
        service.backups.expire(nowMs: nowMs)
        let id: String
        let copy: BackupCopies.Copy
        if let requested = params.backupID {
            guard let found = service.backups.touch(requested, nowMs: nowMs) else { throw BackupError.notFound(requested) }
            id = requested
            copy = found
        } else if let current = service.backups.current(version: try database.committedVersion()), let shared = service.backups.share(current.id, nowMs: nowMs) {
            // The copy being read, nothing written since it was taken.
            id = current.id
            copy = shared
        } else {
            let databaseBytes = FilePath.size(of: database.path) + FilePath.size(of: database.path + "-wal")
            let needed = BackupSpace.needed(databaseBytes: databaseBytes)
            if let free = BackupSpace.free(directory: FilePath.directory(of: database.path)), free < needed {
                throw BackupError.noSpace(free: free, needed: needed)
            }
            var random = SystemRandomNumberGenerator()
            id = String(random.next() as UInt64, radix: 16)
            let path = BackupCopies.prefix(of: database.path) + id
            let (size, version): (Int, Int64)
            do {
                // Read before the copy: a commit by another program meanwhile makes the
                // next call take a copy of its own.
                version = try database.committedVersion()
                size = try database.backup(to: path)
            } catch {
                throw BackupError.copy(error.description)
            }
            copy = BackupCopies.Copy(path: path, size: size, touchedMs: nowMs, version: version)
            service.backups.add(copy, id: id)
        }
        guard params.offset <= copy.size else { throw BackupError.offset(params.offset, size: copy.size) }
        let length = min(DatabaseBackup.chunkBytes, copy.size - params.offset)
        var chunk = [UInt8](repeating: 0, count: length)
        let fd = open(copy.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BackupError.unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var read = 0
        while read < length {
            let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + read, length - read, off_t(params.offset + read)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw BackupError.unreadable(count == 0 ? "the copy is shorter than it was" : String(cString: strerror(errno))) }
            read += count
        }
        let done = params.offset + length == copy.size
        if done { service.afterCommit.append { $0.backups.finish(id) } }
        return DatabaseBackup.Result {
            $0.backupID = id
            $0.size = copy.size
            $0.offset = params.offset
            $0.data = Base64.encode(chunk)
            $0.done = done
        }
    }
}

extension HistoryFeature {
    /// A copy of the database.
    static let backupRoutes: [DaemonRoute] = [
        DaemonRoute(DatabaseBackup.self) { params, service in Outcome(try service.history.backup(params)) },
    ]
}
