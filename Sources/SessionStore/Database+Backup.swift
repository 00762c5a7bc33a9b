import Glibc
import CSQLite
import SessionCore

extension Database {
    /// Writes a consistent copy of the database, as last committed, to `path` (a new
    /// file) with SQLite's online backup API, through a read-only connection of its own:
    /// the daemon's connection, and the group commit it may have open, are untouched,
    /// and writers go on meanwhile (WAL). Returns the copy's size in bytes.
    public func backup(to path: String) throws(StorageError) -> Int {
        do throws(SQLiteError) {
            let source = try backupConnection()
            let destination = try Connection(path: path)
            try source.copy(into: destination)
            // A copy syncs as a device of its own once served (`adoptOwnDeviceIfCopy`).
            try destination.execute(Self.markCopySQL)
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

    /// What is committed, as a number `backup`'s connection reads (SQLite's
    /// `PRAGMA data_version`): another value after a commit since, by this daemon or by
    /// another program; a write not yet committed (an earlier request of the same group
    /// commit) changes nothing, as it is in no copy either.
    public func committedVersion() throws(StorageError) -> Int64 {
        do throws(SQLiteError) {
            return try backupConnection().prepare("PRAGMA data_version").row { $0.int64("data_version") } ?? 0
        } catch {
            throw .sqlite(error)
        }
    }

    /// The read-only connection backups copy through, opened the first time.
    private func backupConnection() throws(SQLiteError) -> Connection {
        if let backupSource { return backupSource }
        let source = try Connection(path: path, readOnly: true)
        source.busyTimeoutMs = Self.busyTimeoutMs
        backupSource = source
        return source
    }
}

/// A copy of the database written by `backup` syncs as a device of its own. Restored in
/// place of the original, or served beside it, it would otherwise give again the ids
/// the original gave after the backup, under the same device, so the uids those ids
/// imply would overwrite the original's records on every device; and it would take the
/// records the original pushed after the backup for its own, and never pull them back.
/// So `backup` marks the copy (migration 25's `sync_clock.copy`), and the copy, first
/// opened, takes a new device id before anything else is written. Its rows whose uids
/// the original's device implied keep them: each gets a `sync_record` row, with the
/// reading of its creation, as another device's row has.
extension Database {
    /// Marks the database just written by `backup` as a copy.
    static let markCopySQL = "UPDATE sync_clock SET copy = 1"

    /// When the database is a copy, gives it a device id of its own and returns the
    /// device it was copied from; nil for no copy.
    func adoptOwnDeviceIfCopy() throws(StorageError) -> String? {
        let isCopy = try wrap { try connection.scalar("SELECT copy FROM sync_clock WHERE id = 1") == 1 }
        guard isCopy else { return nil }
        let original = try ChangeFeed(self).clock().device
        try context.write([]) {
            // Edits and deletions another program made and noted (`feed_pending`) are
            // the original device's: fed under its uids before the device changes.
            try context.feedPending()
            // A reading before any the device gave: for a row whose creation the feed
            // does not hold, so that any change of it read from elsewhere wins.
            let floor = HybridTimestamp(wallMs: 0, counter: 0, device: original).text
            for implied in [ImpliedEntity.session, .set] {
                let entity = implied.syncEntity.rawValue
                try connection.run("""
                    INSERT INTO sync_record (uid, entity, local_id, hlc)
                    SELECT t.uid, ?, t.id, coalesce(f.hlc, ?)
                    FROM (SELECT id, ? || printf('%015x', id) AS uid FROM \(implied.table) r
                          WHERE NOT EXISTS (SELECT 1 FROM sync_record k WHERE k.entity = ? AND k.local_id = r.id)) t
                    LEFT JOIN (SELECT uid, min(hlc) AS hlc FROM change_feed WHERE span IS NULL GROUP BY uid) f ON f.uid = t.uid
                    """, [entity, floor, original + String(implied.digit), entity])
            }
            // The rows of a run (an import's) were created with its one entry's reading.
            let runs = try connection.prepare("SELECT uid, span, hlc FROM change_feed WHERE span IS NOT NULL").rows([]) { row in
                (uid: row.text("uid"), span: row.int64("span"), hlc: row.text("hlc"))
            }
            for run in runs {
                guard let (implied, first) = ChangeFeed.implicitRecord(uid: run.uid, device: original) else { continue }
                try connection.run("UPDATE sync_record SET hlc = ? WHERE entity = ? AND local_id BETWEEN ? AND ? AND hlc = ?",
                                   [run.hlc, implied.syncEntity.rawValue, first, first + run.span - 1, floor])
            }
            try connection.run("UPDATE sync_clock SET device = lower(hex(randomblob(8))), copy = 0 WHERE id = 1")
            context.transactionReading = nil
        }
        return original
    }
}
