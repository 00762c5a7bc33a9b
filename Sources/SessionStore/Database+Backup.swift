#if canImport(Glibc)
import Glibc
#endif
import CSQLite

extension Database {
    /// Writes a consistent copy of the database, as last committed, to `path` (a new
    /// file) with SQLite's online backup API, through a read-only connection of its own:
    /// the daemon's connection, and the group commit it may have open, are untouched,
    /// and writers go on meanwhile (WAL). Returns the copy's size in bytes.
    public func backup(to path: String) throws(StorageError) -> Int {
        do throws(SQLiteError) {
            let source = try Connection(path: self.path, readOnly: true)
            source.busyTimeoutMs = Self.busyTimeoutMs
            let destination = try Connection(path: path)
            guard let backup = sqlite3_backup_init(destination.handle, "main", source.handle, "main") else {
                throw SQLiteError(code: sqlite3_errcode(destination.handle), message: String(cString: sqlite3_errmsg(destination.handle)), sql: nil)
            }
            let stepped = sqlite3_backup_step(backup, -1)
            let finished = sqlite3_backup_finish(backup)
            guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
                throw SQLiteError(code: stepped == SQLITE_DONE ? finished : stepped, message: String(cString: sqlite3_errstr(stepped == SQLITE_DONE ? finished : stepped)), sql: nil)
            }
            // A copy syncs as a device of its own once served (`ChangeFeed+Copies.swift`).
            try destination.execute(ChangeFeed.markCopySQL)
            // The copy is one self-contained file: no WAL beside it.
            try destination.execute("PRAGMA journal_mode = DELETE")
        } catch {
            unlink(path)
            throw .sqlite(error)
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw .unexpected("the backup \(path) vanished after it was written") }
        return Int(info.st_size)
    }
}
