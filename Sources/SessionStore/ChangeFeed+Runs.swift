import SessionCore

/// Runs: one feed entry for the rows an import inserted one after the other (migration
/// 24's `span`), read as an entry of each row. The rows of a run are this device's,
/// their uids implied by their ids (`ImpliedEntity`), so the entry names only the
/// first; a row of the run changed or deleted since has its `sync_record` row, and is
/// read as it is now (or as its tombstone), as a single entry is.
extension ChangeFeed {
    /// Rows one entry stands for, at most: what a page may hold past its `limit` when it
    /// starts with such an entry (a run is never split, so that a position stays one
    /// number).
    public static let importRun = Int64(SyncChange.longestRun)

    /// One record's place in a page being read: its position, uid and entity, its row
    /// (nil: a tombstone) and its clock reading.
    struct Entry {
        /// The feed position it was read at.
        let seq: Int64
        /// The record's uid.
        let uid: String
        /// `SyncEntity`'s raw value.
        let entity: String
        /// The record's row here; nil for a tombstone.
        let localID: Int64?
        /// The reading of the record's last change.
        let hlc: String
    }

    /// The entries of each row of the run `entry` (at position `entry.seq`) stands for,
    /// `span` ids from the one its uid implies, in the order of their ids; `fed` is the
    /// run's reading. The device is the uid's own: this one's, or the one a copy was made
    /// from (`Database.adoptOwnDeviceIfCopy`). Nil when the uid is no implied one, which no run
    /// is written under (the page then fails: it would hand out fewer records than it
    /// counts).
    func run(of entry: Entry, span: Int64, fed: String) throws(SQLiteError) -> [Entry]? {
        let device = String(entry.uid.dropLast(16))
        guard let (entity, first) = Self.implicitRecord(uid: entry.uid, device: device) else { return nil }
        let uids = (first..<first + max(span, 1)).map { Self.implicitUID(device: device, entity: entity, localID: $0) }
        // The run's rows that have a record of their own (changed or deleted since):
        // their uids lie between the first's and the last's (fixed-width, lower-case hex).
        var recorded: [String: Entry] = [:]
        try connection.prepare("SELECT uid, entity, local_id, hlc FROM sync_record WHERE uid >= ? AND uid <= ?")
            .forEachRow([uids.first ?? "", uids.last ?? ""]) { row in
                let uid = row.text("uid")
                recorded[uid] = Entry(seq: entry.seq, uid: uid, entity: row.text("entity"), localID: row.optionalInt64("local_id"), hlc: row.text("hlc"))
                return true
            }
        return zip(first..., uids).map { id, uid in
            recorded[uid] ?? Entry(seq: entry.seq, uid: uid, entity: entity.syncEntity.rawValue, localID: id, hlc: fed)
        }
    }
}
