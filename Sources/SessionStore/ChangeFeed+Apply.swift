import SessionCore

extension ChangeFeed {
    /// What `apply` did with a batch of changes.
    public struct Applied: Sendable, Equatable {
        /// Changes stored.
        public var applied = 0
        /// Changes the convergence rule turned down: already held, older than what is
        /// held, or to a deleted record.
        public var ignored = 0
        /// Changes that cannot be stored yet: a set whose session this device does not
        /// hold, an unfinished session while another is active here. Nothing of them
        /// was stored; applying them again once that has changed stores them.
        public var unresolved: [String] = []
    }

    /// Stores other devices' changes as this device's own writes are stored (the same
    /// rows, with the exercise's sessions and records kept), each kept or turned down by
    /// `ConvergenceRule`; sessions first, then sets. The changes do not enter this
    /// device's feed (their devices push them), and the clock moves past each reading
    /// seen at wall time `nowMs`. Applying the same changes again changes nothing.
    /// Plans come imported by the caller (`plans`, by uid: the importer is the
    /// application's), and the active plan follows the latest activation held.
    public func apply(_ changes: [SyncChange], plans: [String: Plan] = [:], nowMs: Int64) throws(StorageError) -> Applied {
        // Another device's sessions, sets and samples, written as an import's are: what
        // was remembered of them goes before the write, and after it.
        return try database.write([.bulk, .sessions, .health, .plans]) {
            // This device's sets logged earlier in the transaction, and its edits and
            // deletions, are fed before any of another device's changes are stored.
            try database.context.feedPending()
            let before = try connection.scalar("SELECT coalesce(max(seq), 0) FROM change_feed") ?? 0
            var clock = try clock()
            let device = clock.device
            var outcome = Applied()
            var touchedKeys = Set<String>()
            // Sessions before their sets, plans before their events.
            let ordered = changes.filter { $0.entity != .set && $0.entity != .planEvent } + changes.filter { $0.entity == .set || $0.entity == .planEvent }
            var planEvents = false
            for change in ordered {
                guard let stamp = change.timestamp else { continue }
                clock.receive(stamp, nowMs: nowMs)
                if change.entity == .plan || change.entity == .planEvent {
                    switch try applyPlan(change, parsed: plans[change.uid]) {
                    case .applied:
                        outcome.applied += 1
                        planEvents = planEvents || change.entity == .planEvent
                    case .ignored: outcome.ignored += 1
                    case .unresolved: outcome.unresolved.append(change.uid)
                    }
                    continue
                }
                if change.entity.isSetting {
                    if try applySetting(change, stamp: stamp) { outcome.applied += 1 } else { outcome.ignored += 1 }
                    continue
                }
                let held = try heldRecord(change.uid, device: device)
                // A record created here and not changed since holds no reading of its
                // own: a change of this device's to it is its creation, come back; any
                // other device's was made after it saw the creation, so reads later.
                let heldReading = held.map { ConvergenceRule.Held(hlc: $0.hlc ?? .earliest, deleted: $0.localID == nil) }
                // A session held is merged with, not replaced (its end is a register of its own).
                let merges = change.session != nil && !change.deleted && held?.localID != nil
                guard !(held != nil && held?.hlc == nil && stamp.device == device),
                      merges || ConvergenceRule.accepts(stamp, deletes: change.deleted, over: heldReading) else {
                    outcome.ignored += 1
                    continue
                }
                if change.deleted {
                    if let localID = held?.localID { touchedKeys.formUnion(try delete(change.entity, localID)) }
                    try keep(uid: change.uid, entity: change.entity, localID: nil, hlc: change.hlc)
                } else if let incoming = change.session {
                    var version = ConvergenceRule.SessionVersion(hlc: stamp, session: incoming)
                    if let localID = held?.localID, let session = try syncedSession(localID) {
                        let heldVersion = ConvergenceRule.SessionVersion(hlc: held?.hlc ?? .earliest, session: session)
                        version = ConvergenceRule.merge(version, over: heldVersion)
                        // Nothing new: the merge is what is held.
                        if version == heldVersion.asMerged {
                            outcome.ignored += 1
                            continue
                        }
                    }
                    // One active session at a time: another device's stays out until
                    // one of the two is finished (applying it again then stores it).
                    if version.session.endedAtMs == nil,
                       try connection.scalar("SELECT count(*) FROM session WHERE ended_at_ms IS NULL AND id <> ?", [held?.localID ?? 0]) != 0 {
                        outcome.unresolved.append(change.uid)
                        continue
                    }
                    let localID = try store(version.session, at: held?.localID)
                    touchedKeys.formUnion(try connection.prepare("SELECT DISTINCT exercise_key FROM logged_set WHERE session_id = ?")
                        .rows([localID]) { $0.text("exercise_key") })
                    try keep(uid: change.uid, entity: .session, localID: localID, hlc: version.hlc.text, endHlc: version.session.endHlc)
                } else if let health = change.health {
                    let localID = try store(health, at: held?.localID)
                    try keep(uid: change.uid, entity: .health, localID: localID, hlc: change.hlc)
                } else if var set = change.set {
                    // Logged under a name this device's aliases give to another exercise
                    // (the alias reached it first; the logging device had not heard of it):
                    // the set counts for that exercise here, as it does where it was moved.
                    if let target = try connection.text("SELECT name_key FROM exercise_alias WHERE alias_key = ?", [set.exerciseKey]) {
                        set.exerciseKey = target
                    }
                    guard let session = try heldRecord(set.sessionUID, device: device) else {
                        outcome.unresolved.append(change.uid)
                        continue
                    }
                    guard let sessionID = session.localID else {
                        // Its session was deleted, and its sets with it: so is this one.
                        try keep(uid: change.uid, entity: .set, localID: nil, hlc: change.hlc)
                        outcome.applied += 1
                        continue
                    }
                    if let localID = held?.localID, let old = try connection.text("SELECT exercise_key FROM logged_set WHERE id = ?", [localID]) {
                        touchedKeys.insert(old)
                    }
                    let localID = try store(set, sessionID: sessionID, at: held?.localID)
                    touchedKeys.insert(set.exerciseKey)
                    try keep(uid: change.uid, entity: .set, localID: localID, hlc: change.hlc)
                }
                outcome.applied += 1
            }
            // What storing the changes did here was noted (and settings fed) as this
            // device's own: it is the other devices' to push.
            try database.context.dropPending()
            try connection.run("DELETE FROM change_feed WHERE seq > ?", [before])
            try storeClock(clock)
            if planEvents { try followLatestActivation() }
            for key in touchedKeys.sorted() { try database.sessions.recomputeBests(exerciseKey: key) }
            return outcome
        }
    }

    /// What this device holds of the record `uid`: its row (nil: deleted) and reading,
    /// nil for a record created here (its uid implied by its row, `device`'s) and not
    /// changed since.
    private func heldRecord(_ uid: String, device: String) throws -> (localID: Int64?, hlc: HybridTimestamp?)? {
        let kept = try connection.prepare("SELECT local_id, hlc FROM sync_record WHERE uid = ?").row([uid]) { row in
            (localID: row.optionalInt64("local_id"), hlc: HybridTimestamp(text: row.text("hlc")) ?? .earliest)
        }
        if let kept { return (kept.localID, kept.hlc) }
        guard let implied = Self.implicitRecord(uid: uid, device: device),
              try connection.scalar("SELECT count(*) FROM \(implied.entity.table) WHERE id = ?", [implied.localID]) == 1
        else { return nil }
        return (implied.localID, nil)
    }

    /// Gives the record's row the uid and reading of the change applied to it (an edit's
    /// trigger gave it this device's reading), or keeps a tombstone.
    private func keep(uid: String, entity: SyncEntity, localID: Int64?, hlc: String, endHlc: String? = nil) throws {
        if let localID {
            try connection.run("DELETE FROM sync_record WHERE entity = ? AND local_id = ? AND uid <> ?", [entity.rawValue, localID, uid])
        }
        try connection.run("""
            INSERT INTO sync_record (uid, entity, local_id, hlc, end_hlc) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (uid) DO UPDATE SET local_id = excluded.local_id, hlc = excluded.hlc, end_hlc = excluded.end_hlc
            """, [uid, entity.rawValue, localID, hlc, endHlc])
    }

    /// Deletes a record's row; returns the exercise keys whose records change.
    private func delete(_ entity: SyncEntity, _ localID: Int64) throws -> [String] {
        switch entity {
        case .session:
            let keys = try connection.prepare("SELECT DISTINCT exercise_key FROM logged_set WHERE session_id = ?").rows([localID]) { $0.text("exercise_key") }
            try connection.run("DELETE FROM session WHERE id = ?", [localID])
            return keys
        case .set:
            let key = try connection.text("SELECT exercise_key FROM logged_set WHERE id = ?", [localID])
            try connection.run("DELETE FROM logged_set WHERE id = ?", [localID])
            return key.map { [$0] } ?? []
        case .health:
            try noteBodyMass(ofSample: localID)
            try connection.run("DELETE FROM health_sample WHERE id = ?", [localID])
            return []
        case .profile, .alias, .exercise, .rest, .share, .plan, .planEvent:
            return []  // settings: `applySetting`; plans and their events are never deleted
        }
    }

    /// Stores a session's state in its row `localID`, or a new row; returns the row.
    /// Its link to a plan day stays this device's. An import key another session holds
    /// here (the same file imported on two devices) is not taken twice.
    private func store(_ session: SyncedSession, at localID: Int64?) throws -> Int64 {
        let values: [SQLBindable] = [
            session.date.description, session.title, session.carriedOver, session.startedAtMs, session.endedAtMs, session.pausedSinceMs,
            session.pausedTotalMs, session.rpe, session.note, session.source, session.averageHeartRate, session.maximumHeartRate, session.energyKcal,
        ]
        if let localID {
            try connection.run("""
                UPDATE session SET date = ?, title = ?, carried_over = ?, started_at_ms = ?, ended_at_ms = ?, paused_since_ms = ?,
                    paused_total_ms = ?, rpe = ?, note = ?, source = ?, average_heart_rate = ?, maximum_heart_rate = ?, energy_kcal = ?
                WHERE id = ?
                """, values + [localID])
            return localID
        }
        let importKey = try session.importKey.flatMap { key in
            try connection.scalar("SELECT count(*) FROM session WHERE import_key = ?", [key]) == 0 ? key : nil
        }
        try connection.run("""
            INSERT INTO session (id, date, title, carried_over, started_at_ms, ended_at_ms, paused_since_ms, paused_total_ms, rpe, note, source,
                average_heart_rate, maximum_heart_rate, energy_kcal, import_key)
            VALUES (\(Database.nextSessionID), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, values + [importKey])
        return connection.lastInsertRowID
    }

    /// Stores a set's state in its row `localID`, or a new row of session `sessionID`,
    /// among its exercise's sessions; returns the row. Its planned exercise stays this
    /// device's.
    private func store(_ set: SyncedSet, sessionID: Int64, at localID: Int64?) throws -> Int64 {
        let values: [SQLBindable] = [
            sessionID, set.exerciseName, set.exerciseKey, set.setNumber, set.progressSets, set.kind.rawValue, set.reps, set.weightKg,
            set.durationSeconds, set.rpe, set.note, set.e1rmKg, set.recordWeightKg, set.loggedAtMs, set.personalRecord, set.distanceM, set.superset,
        ]
        let id: Int64
        if let localID {
            try connection.run("""
                UPDATE logged_set SET session_id = ?, exercise_name = ?, exercise_key = ?, set_number = ?, progress_sets = ?, kind = ?, reps = ?,
                    weight_kg = ?, duration_seconds = ?, rpe = ?, note = ?, e1rm_kg = ?, record_weight_kg = ?, logged_at_ms = ?,
                    personal_record = ?, distance_m = ?, superset = ?
                WHERE id = ?
                """, values + [localID])
            id = localID
        } else {
            try connection.run("""
                INSERT INTO logged_set (id, session_id, exercise_name, exercise_key, set_number, progress_sets, kind, reps, weight_kg,
                    duration_seconds, rpe, note, e1rm_kg, record_weight_kg, logged_at_ms, personal_record, distance_m, superset)
                VALUES ((\(SessionsStore.nextSetIDQuery)), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, values)
            id = connection.lastInsertRowID
        }
        try connection.run("""
            INSERT OR IGNORE INTO session_exercise (exercise_key, started_at_ms, session_id) SELECT ?, started_at_ms, id FROM session WHERE id = ?
            """, [set.exerciseKey, sessionID])
        return id
    }

    /// Stores a health sample's state in its row `localID`, or a new row; returns the
    /// row. A body mass has the body-weight sets of its days estimated again, as one
    /// recorded here has.
    private func store(_ health: SyncedHealthSample, at localID: Int64?) throws -> Int64 {
        let values: [SQLBindable] = [health.type, health.value, health.date, health.recordedAtMs, health.source]
        let id: Int64
        if let localID {
            try noteBodyMass(ofSample: localID)
            try connection.run("UPDATE health_sample SET type = ?, value = ?, date = ?, recorded_at_ms = ?, source = ? WHERE id = ?", values + [localID])
            id = localID
        } else {
            try connection.run("INSERT INTO health_sample (type, value, date, recorded_at_ms, source) VALUES (?, ?, ?, ?, ?)", values)
            id = connection.lastInsertRowID
        }
        try noteBodyMass(ofSample: id)
        return id
    }

    /// Notes the day of a body-mass sample as one whose estimates may change.
    private func noteBodyMass(ofSample id: Int64) throws {
        let row = try connection.prepare("SELECT type, date FROM health_sample WHERE id = ?").row([id]) { (type: $0.text("type"), date: $0.date("date")) }
        if let row, row.type == HealthType.bodyMassKg.rawValue { database.sessions.noteBodyMassChanged(on: row.date) }
    }
}
