import CSQLite
import SessionCore

/// The entities whose uid a row implies: sessions and sets, whose ids are never given
/// twice (their high-water marks). Each one this device inserts has `device + digit +
/// id` (`ChangeFeed.implicitUID`), so that logging a set writes no `sync_record` row;
/// the row it gets when first changed or deleted (`StoreContext.feedPending`) carries
/// the same uid. Rows stored before migration 19, health samples and other devices'
/// rows have their uid in `sync_record` only.
enum ImpliedEntity: Sendable {
    case session
    case set

    /// The implied entity of `entity`, nil for one whose uid is always kept.
    init?(_ entity: SyncEntity) {
        switch entity {
        case .session: self = .session
        case .set: self = .set
        case .health, .profile, .alias, .exercise, .rest, .share, .plan, .planEvent: return nil
        }
    }

    /// The entity as the feed names it.
    var syncEntity: SyncEntity { self == .session ? .session : .set }
    /// Its digit in an implied uid.
    var digit: Character { self == .session ? "1" : "2" }
    /// The table of its rows.
    var table: String { self == .session ? "session" : "logged_set" }
}

extension ChangeFeed {
    /// The uid `device`'s row `localID` of `entity` implies: the device's 16
    /// hexadecimal digits, the entity's digit, the id in 15 (32 in all, as `SyncChange.isUID`
    /// takes).
    static func implicitUID(device: String, entity: ImpliedEntity, localID: Int64) -> String {
        let hex = String(UInt64(max(localID, 0)), radix: 16)
        return device + String(entity.digit) + String(repeating: "0", count: max(15 - hex.count, 0)) + hex
    }

    /// The entity and row an implied uid of `device` names; nil for any other uid.
    static func implicitRecord(uid: String, device: String) -> (entity: ImpliedEntity, localID: Int64)? {
        guard uid.utf8.count == device.utf8.count + 16, uid.hasPrefix(device) else { return nil }
        let rest = uid.utf8.dropFirst(device.utf8.count)
        guard let first = rest.first, let entity = [ImpliedEntity.session, .set].first(where: { $0.digit.asciiValue == first }),
              let id = Int64(String(decoding: rest.dropFirst(), as: UTF8.self), radix: 16)
        else { return nil }
        return (entity, id)
    }

    /// SQL for the uid the row `id` (an SQL expression) of `entity` implies.
    static func implicitUIDSQL(_ entity: ImpliedEntity, id: String) -> String {
        "(SELECT device FROM sync_clock) || '\(entity.digit)' || printf('%015x', \(id))"
    }

    /// SQL for SQLite's clock now, in Unix milliseconds: the wall time the hybrid clock
    /// ticks with.
    static let nowMsSQL = "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)"

    /// SQL for a fresh uid, for a record whose row cannot imply one: the hexadecimal
    /// milliseconds of its making (so new uids land at the end of an index), then 80
    /// random bits.
    static let freshUIDSQL = "printf('%012x', \(nowMsSQL)) || lower(hex(randomblob(10)))"
}

/// The reading of the hybrid clock a transaction's inserts are fed with, and the device.
struct FeedReading {
    /// `HybridTimestamp.text` of the reading.
    let hlc: String
    /// The device's id (`sync_clock.device`).
    let device: String
}

extension StoreContext {
    /// The clock's reading for this transaction's inserts: the clock ticks once, at the
    /// first, and every insert of the transaction carries it. Readings need grow only
    /// from one change of a record to its next, and a record's later changes (the
    /// triggers' ticks, or a later transaction's) read later still.
    func feedReading() throws(SQLiteError) -> FeedReading {
        if let transactionReading { return transactionReading }
        let now = ChangeFeed.nowMsSQL
        let reading = try connection.prepare("""
            UPDATE sync_clock SET counter = CASE WHEN \(now) > wall_ms THEN 0 ELSE counter + 1 END, wall_ms = max(wall_ms, \(now))
            WHERE id = 1 RETURNING printf('%013d-%010d-%s', wall_ms, counter, device) AS hlc, device
            """).row { FeedReading(hlc: $0.text("hlc"), device: $0.text("device")) }
        guard let reading else { throw SQLiteError(code: SQLITE_CORRUPT, message: "the hybrid clock's row (sync_clock) is missing", sql: nil) }
        transactionReading = reading
        return reading
    }

    /// Feeds the session `localID` this device just inserted: one row appended to
    /// `change_feed` under the uid the row implies.
    func feedInserted(session localID: Int64) throws(SQLiteError) {
        let reading = try feedReading()
        try connection.run("INSERT INTO change_feed (uid, op, hlc) VALUES (?, 'upsert', ?)",
                           [ChangeFeed.implicitUID(device: reading.device, entity: .session, localID: localID), reading.hlc])
    }

    /// Feeds the health sample `localID` this device just inserted. A sample's id may
    /// be given again once the sample is deleted (samples keep no high-water mark, as
    /// sessions and sets do), so its uid cannot be implied by it: the sample gets its
    /// `sync_record` row with a fresh uid (`ChangeFeed.freshUIDSQL`), as migration 18
    /// gave every row.
    func feedInserted(health localID: Int64) throws(SQLiteError) {
        // A deletion noted of the sample whose id this one took is fed first, so that it
        // tombstones that sample's record and not this one's.
        try feedPending()
        let reading = try feedReading()
        try connection.run("""
            INSERT INTO sync_record (uid, entity, local_id, hlc)
            VALUES (\(ChangeFeed.freshUIDSQL), 'health', ?, ?)
            """, [localID, reading.hlc])
        try connection.run("INSERT INTO change_feed (uid, op, hlc) SELECT uid, 'upsert', hlc FROM sync_record WHERE entity = 'health' AND local_id = ?", [localID])
    }

    /// Notes a set this device logged, to feed before the transaction commits
    /// (`feedUnfedSets`): logging a set appends no feed row of its own, and a group
    /// commit's sets are fed by one statement. Their ids follow each other (the id
    /// high-water mark gives each the next), and another device's sets applied meanwhile
    /// are never among them (`ChangeFeed.apply` feeds what is noted first).
    func noteLogged(setID: Int64) {
        if let unfedSets {
            self.unfedSets = unfedSets.lowerBound..<max(unfedSets.upperBound, setID + 1)
        } else {
            unfedSets = setID..<setID + 1
        }
    }

    /// Feeds the sets noted since the last time (`noteLogged(setID:)`), in the order of
    /// their ids: those still there (a savepoint rolled back takes its sets with it).
    func feedUnfedSets() throws(SQLiteError) {
        guard let unfedSets else { return }
        self.unfedSets = nil
        try feedInserted(.set, ids: unfedSets)
    }

    /// Feeds the rows of `entity` with ids in `ids` this device just inserted together
    /// (a group commit's sets, an import), in the order of their ids.
    func feedInserted(_ entity: ImpliedEntity, ids: Range<Int64>) throws(SQLiteError) {
        guard !ids.isEmpty else { return }
        let reading = try feedReading()
        try connection.run("""
            INSERT INTO change_feed (uid, op, hlc)
            SELECT ? || printf('%015x', id), 'upsert', ? FROM \(entity.table) WHERE id >= ? AND id < ? ORDER BY id
            """, [reading.device + String(entity.digit), reading.hlc, ids.lowerBound, ids.upperBound])
    }

    /// Feeds the rows of `entity` with ids in `ids` an import inserted, in the order of
    /// their ids: one entry for each run of up to `ChangeFeed.importRun` ids, under the
    /// uid its first row implies, its `span` the ids it stands for (migration 24; NULL
    /// for one). The feed reads a run as an entry of each of its rows
    /// (`ChangeFeed.page`): an entry a row would be 250,000 entries of about 80 bytes
    /// for a large import, about a fifth of its time.
    /// Every id of `ids` is a row the import inserted (it gives them one after the
    /// other), so the runs are worked out here, not read back.
    func feedImported(_ entity: ImpliedEntity, ids: Range<Int64>) throws(SQLiteError) {
        guard !ids.isEmpty else { return }
        let reading = try feedReading()
        let statement = try connection.prepare("""
            INSERT INTO change_feed (uid, op, hlc, span) VALUES (? || printf('%015x', ?), 'upsert', ?, nullif(?, 1))
            """)
        let prefix = reading.device + String(entity.digit)
        for start in stride(from: ids.lowerBound, to: ids.upperBound, by: Int(ChangeFeed.importRun)) {
            let span = min(ChangeFeed.importRun, ids.upperBound - start)
            try statement.run { parameters throws(SQLiteError) in
                try parameters.bind(prefix)
                try parameters.bind(start)
                try parameters.bind(reading.hlc)
                try parameters.bind(span)
            }
        }
    }
}
