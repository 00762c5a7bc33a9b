/// Why storage refused a database file or an operation. The file is never altered
/// when opening is refused.
/// A row a storage method was asked for by id.
public enum StoredRow: Sendable, Equatable {
    case plan(Int64)
    case set(Int64)
}

public enum StorageError: Error, Sendable, CustomStringConvertible {
    /// The file is not an SQLite database, or its header is damaged.
    case notADatabase(path: String, detail: String)
    /// An SQLite database of some other application.
    case foreignDatabase(path: String)
    /// Written by a newer sessiond whose schema this build does not know.
    case newerSchema(path: String, found: Int, known: Int)
    /// The schema version recorded in the file is not one sessiond ever writes.
    case invalidSchemaVersion(path: String, found: Int)
    /// The path is a symbolic link, which is never followed (another user may have
    /// planted it).
    case symbolicLink(path: String)
    /// The file (or its directory, or the file system) does not let sessiond write.
    case readOnly(path: String)
    /// The file system holding the database is full.
    case full(path: String)
    /// The database's files changed under the daemon (removed, replaced); `saved` when
    /// every committed write is still in the file the database's name leads to.
    case filesChanged(path: String, problem: String, saved: Bool)
    /// The database file was removed or replaced while the daemon ran: the whole
    /// database, as the daemon had it open, was written again to `to` (its own path
    /// when that was free).
    case filesRescued(path: String, problem: String, to: String)
    /// Another process holds the write lock, and the caller asked not to wait.
    case busy
    /// A migration would have left the file inconsistent; it was rolled back.
    case migrationFailed(path: String, version: Int, problem: String)
    /// The file cannot be opened (permissions, missing directory, …).
    case cannotOpen(path: String, SQLiteError)
    /// A statement failed.
    case sqlite(SQLiteError)
    /// The row asked for does not exist.
    case notFound(StoredRow)
    /// An error storage did not expect from its own code (a bug, reported, not a crash).
    case unexpected(String)

    public var description: String {
        switch self {
        case .notADatabase(let path, let detail):
            return "\(path) is not a sessiond database (\(detail)); refusing to use it. Move it aside or pass another --database."
        case .foreignDatabase(let path):
            return "\(path) is an SQLite database of another application; refusing to alter it. Pass another --database."
        case .newerSchema(let path, let found, let known):
            return "\(path) was written by a newer sessiond (schema version \(found); this build knows up to \(known)); refusing to open it. Upgrade sessiond."
        case .invalidSchemaVersion(let path, let found):
            return "\(path) records schema version \(found), which no sessiond writes; the file was altered by hand or is damaged. Restore a backup or pass another --database."
        case .symbolicLink(let path):
            return "\(path) is a symbolic link; sessiond does not follow one to its database. Pass the real path with --database."
        case .readOnly(let path):
            return "\(path) can only be read (its mode or owner, its directory, or a read-only file system); sessiond needs to write it. Fix its permissions or pass another --database."
        case .full(let path):
            return "the file system holding \(path) is full; free some space or pass another --database."
        case .filesChanged(_, let problem, true):
            return "\(problem) while sessiond ran; what it held was checkpointed into the database, and sessiond stops so that nothing more is acknowledged into a file that is gone"
        case .filesRescued(let path, let problem, let to) where to == path:
            return "\(problem) while sessiond ran; everything it held was written again to \(path) from the file still open, and sessiond stops"
        case .filesRescued(let path, let problem, let to):
            return "\(problem) while sessiond ran; everything it held was written to \(to) from the file still open, and sessiond stops: "
                + "move any file now at \(path) aside, remove \(path)-wal, \(path)-shm and \(path).wal-link, move \(to) to \(path), then start sessiond"
        case .filesChanged(let path, let problem, false):
            return "\(problem) while sessiond ran, and the last writes could not be copied into \(path); they were answered with this error, and sessiond stops"
        case .migrationFailed(let path, let version, let problem):
            return "cannot upgrade \(path) to schema version \(version): \(problem); the file was left as it was. Report this with the file's schema_migration table."
        case .busy:
            return "another process holds the database's write lock"
        case .cannotOpen(let path, let error):
            return "cannot open database \(path): \(error.message)"
        case .sqlite(let error):
            return error.description
        case .notFound(.plan(let id)):
            return "no plan with id \(id)"
        case .notFound(.set(let id)):
            return "no set with id \(id)"
        case .unexpected(let detail):
            return "unexpected storage error: \(detail)"
        }
    }
}
