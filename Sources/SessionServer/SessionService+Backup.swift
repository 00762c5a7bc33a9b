#if canImport(Glibc)
import Glibc
#endif
import SessionCore
import SessionRPC
import SessionStore
import SessionSystem

/// Copies taken by `database.backup`, waiting to be read; each file lies beside the
/// database (the one directory the daemon may write) until its last chunk is sent.
struct BackupCopies {
    struct Copy {
        let path: String
        let size: Int
        var touchedMs: Int64
    }

    static let expiryMs: Int64 = 10 * 60 * 1000
    private(set) var copies: [String: Copy] = [:]

    /// The file name prefix of copies of `database`, to find leftovers of a daemon that
    /// stopped mid-backup.
    static func prefix(of database: String) -> String { database + ".backup-" }

    /// Removes copies no one read for `expiryMs`.
    mutating func expire(nowMs: Int64) {
        for (id, copy) in copies where nowMs - copy.touchedMs >= Self.expiryMs {
            unlink(copy.path)
            copies[id] = nil
        }
    }

    mutating func add(_ copy: Copy, id: String) { copies[id] = copy }

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

    var description: String {
        switch self {
        case .notFound(let id): return "no backup \(id) (finished, or expired after 10 minutes untouched); start a new one"
        case .offset(let offset, let size): return "offset \(offset) lies beyond the copy's \(size) bytes"
        case .unreadable(let reason): return "cannot read the copy: \(reason)"
        }
    }
}

extension SessionService {
    /// Takes a copy (no id given) or reads the next chunk of one.
    func backup(_ params: DatabaseBackup.Params) throws -> DatabaseBackup.Result {
        backups.expire(nowMs: nowMs)
        let id: String
        let copy: BackupCopies.Copy
        if let requested = params.backupID {
            guard let found = backups.touch(requested, nowMs: nowMs) else { throw BackupError.notFound(requested) }
            id = requested
            copy = found
        } else {
            var random = SystemRandomNumberGenerator()
            id = String(random.next() as UInt64, radix: 16)
            let path = BackupCopies.prefix(of: database.path) + id
            copy = BackupCopies.Copy(path: path, size: try database.backup(to: path), touchedMs: nowMs)
            backups.add(copy, id: id)
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
        if done { afterCommit.append { $0.backups.remove(id) } }
        return DatabaseBackup.Result(backupID: id, size: copy.size, offset: params.offset, data: Base64.encode(chunk), done: done)
    }
}
