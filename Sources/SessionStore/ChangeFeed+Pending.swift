import SessionCore

extension StoreContext {
    /// Turns the edits and deletions migration 19's triggers noted (`feed_pending`) into
    /// feed entries, in the order they were made: each record gets its `sync_record` row
    /// (the uid its row implies, or a fresh one for a health sample), the transaction's
    /// reading, and a place in the feed; a deletion leaves its tombstone. Run before any
    /// COMMIT (`settle`), before the feed is read, and before another device's changes
    /// are applied; the sets logged earlier in the transaction are fed first, so a
    /// record's creation comes before its edits. A change of a finished session's end
    /// (migration 31's 'end') gives the end the same reading (`sync_record.end_hlc`).
    func feedPending() throws(SQLiteError) {
        try feedUnfedSets()
        let pending = try connection.prepare("SELECT rowid, entity, local_id, op FROM feed_pending ORDER BY rowid").rows([]) { row in
            (rowid: row.int64("rowid"), entity: row.text("entity"), localID: row.int64("local_id"), op: row.text("op"))
        }
        guard let last = pending.last else { return }
        let reading = try feedReading()
        var ends: [Int64] = []
        for change in pending {
            guard let entity = SyncEntity(rawValue: change.entity) else { continue }
            if change.op == "end" {
                ends.append(change.localID)
                continue
            }
            let deletes = change.op == "delete"
            let record: [SQLBindable] = [change.entity, change.localID]
            if let implied = ImpliedEntity(entity) {
                let uid = ChangeFeed.implicitUID(device: reading.device, entity: implied, localID: change.localID)
                try connection.run("INSERT OR IGNORE INTO sync_record (uid, entity, local_id, hlc) VALUES (?, ?, ?, '')", [uid] + record)
            } else {
                try connection.run("""
                    INSERT OR IGNORE INTO sync_record (uid, entity, local_id, hlc)
                    VALUES (\(ChangeFeed.freshUIDSQL), ?, ?, '')
                    """, record)
            }
            try connection.run("""
                INSERT INTO change_feed (uid, op, hlc) SELECT uid, ?, ? FROM sync_record WHERE entity = ? AND local_id = ?
                """, [deletes ? "delete" : "upsert", reading.hlc] + record)
            try connection.run("UPDATE sync_record SET hlc = ?\(deletes ? ", local_id = NULL" : "") WHERE entity = ? AND local_id = ?",
                               [reading.hlc] + record)
        }
        // After the edits: the session's record row is there by now.
        for localID in ends {
            try connection.run("UPDATE sync_record SET end_hlc = ? WHERE entity = 'session' AND local_id = ?", [reading.hlc, localID])
        }
        try connection.run("DELETE FROM feed_pending WHERE rowid <= ?", [last.rowid])
    }

    /// Forgets the edits and deletions noted since the last `feedPending`: those
    /// `ChangeFeed.apply` made, which are another device's to push.
    func dropPending() throws(SQLiteError) {
        try connection.run("DELETE FROM feed_pending")
    }
}
