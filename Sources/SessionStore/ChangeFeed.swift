import SessionCore

/// The change feed (migrations 18 and 19): what sessiond-sync reads to push, the
/// cursors it keeps here, and the hybrid clock's state. The stores feed the rows they
/// insert (`ChangeFeed+Inserts.swift`), triggers the edits and deletions; this type
/// reads the feed, and `ChangeFeed+Apply.swift` stores other devices' changes. Its own type over the
/// database's connection: the feed is no part of any aggregate's store.
public struct ChangeFeed {
    let database: Database
    var connection: Connection { database.connection }

    /// The feed of `database`.
    public init(_ database: Database) {
        self.database = database
    }

    /// A page of the feed.
    public struct Page: Sendable {
        /// Each record changed in the page, once, as it is now (or its tombstone), in
        /// the order of its first change in the page.
        public let changes: [SyncChange]
        /// The position of the page's last change: the cursor of the next page.
        public let next: Int64
        /// True when changes remain after `next`.
        public let more: Bool
    }

    /// The records changed after position `after`, at most `limit` feed entries' worth:
    /// an entry that stands for a run of rows (`span`, an import's) counts as one entry
    /// of each, and is never split, so a page that starts with one may hold up to
    /// `importRun - 1` more.
    public func page(after: Int64, limit: Int) throws(StorageError) -> Page {
        try settlePending()
        return try database.wrap {
            // A record with no `sync_record` row was created here and not changed since:
            // its row and reading are its uid's and its one feed entry's.
            let device = try clock().device
            let rows = try connection.prepare("""
                SELECT f.seq, f.uid, f.hlc AS fed, f.span, coalesce(r.entity, s.entity, p.entity) AS entity, coalesce(r.local_id, p.local_id) AS local_id,
                    coalesce(r.hlc, s.hlc, p.hlc) AS hlc
                FROM change_feed f LEFT JOIN sync_record r ON r.uid = f.uid LEFT JOIN sync_setting s ON s.uid = f.uid
                    LEFT JOIN sync_plan p ON p.uid = f.uid
                WHERE f.seq > ? ORDER BY f.seq LIMIT ?
                """).rows([after, limit + 1]) { row in
                let implied = row.optionalText("entity") == nil ? Self.implicitRecord(uid: row.text("uid"), device: device) : nil
                return (entry: Entry(seq: row.int64("seq"), uid: row.text("uid"), entity: implied?.entity.syncEntity.rawValue ?? row.optionalText("entity") ?? "",
                                     localID: implied?.localID ?? row.optionalInt64("local_id"), hlc: row.optionalText("hlc") ?? row.text("fed")),
                        span: row.optionalInt64("span"), fed: row.text("fed"))
            }
            var entries: [Entry] = []
            var worth = 0
            var last = after
            var more = false
            for row in rows {
                let span = Int(max(row.span ?? 1, 1))
                guard worth == 0 || worth + span <= limit else {
                    more = true
                    break
                }
                worth += span
                last = row.entry.seq
                if let span = row.span {
                    // Only an import here writes a run, under the uid its first row implies.
                    guard let run = try run(of: row.entry, span: span, fed: row.fed) else {
                        throw StorageError.unexpected("the feed's run at \(row.entry.seq) names \(row.entry.uid), no row of this device's")
                    }
                    entries += run
                } else {
                    entries.append(row.entry)
                }
            }
            var seen = Set<String>()
            var changes: [SyncChange] = []
            // One's own exercises, read once for the page's sets' muscle groups.
            var custom: [String: CustomExercise]?
            for entry in entries where seen.insert(entry.uid).inserted {
                // Passed over, the record would be pushed never and the cursor move on.
                guard let stamp = HybridTimestamp(text: entry.hlc), let entity = SyncEntity(rawValue: entry.entity) else {
                    throw StorageError.unexpected("the change feed's entry at \(entry.seq) (\(entry.entity) \(entry.uid)) holds no reading or entity this build reads: \"\(entry.hlc)\"")
                }
                if entity.isSetting {
                    changes.append(try settingChange(uid: entry.uid, entity: entity, hlc: stamp))
                    continue
                }
                guard let localID = entry.localID else {
                    changes.append(SyncChange(entity: entity, uid: entry.uid, hlc: stamp))
                    continue
                }
                switch entity {
                case .session:
                    if let session = try syncedSession(localID) { changes.append(SyncChange(uid: entry.uid, hlc: stamp, session: session)) }
                case .set:
                    if custom == nil { custom = try database.exercises.customExercises() }
                    if let set = try syncedSet(localID, custom: custom ?? [:]) { changes.append(SyncChange(uid: entry.uid, hlc: stamp, set: set)) }
                case .health:
                    if let health = try syncedHealth(localID) { changes.append(SyncChange(uid: entry.uid, hlc: stamp, health: health)) }
                case .plan:
                    if let plan = try syncedPlan(localID) { changes.append(SyncChange { $0.entity = .plan; $0.uid = entry.uid; $0.hlc = stamp.text; $0.plan = plan }) }
                case .planEvent:
                    if let event = try syncedPlanEvent(localID) {
                        changes.append(SyncChange { $0.entity = .planEvent; $0.uid = entry.uid; $0.hlc = stamp.text; $0.planEvent = event })
                    }
                case .profile, .alias, .exercise, .rest, .share:
                    break  // settings: above
                }
            }
            return Page(changes: changes, next: last, more: more)
        }
    }

    /// The feed's last position (0 when empty).
    public func lastPosition() throws(StorageError) -> Int64 {
        try settlePending()
        return try database.wrap { try connection.scalar("SELECT coalesce(max(seq), 0) FROM change_feed") ?? 0 }
    }

    /// Feed entries after position `after` (an entry of a run counting as one of each of
    /// its rows): what remains to push.
    public func backlog(after: Int64) throws(StorageError) -> Int {
        try settlePending()
        return try database.wrap { Int(try connection.scalar("SELECT coalesce(sum(coalesce(span, 1)), 0) FROM change_feed WHERE seq > ?", [after]) ?? 0) }
    }

    /// Feeds what is noted and not fed yet (`StoreContext.feedPending`): the feed is
    /// read whole. Edits and deletions made by another program on the file (a `sqlite3`
    /// shell) are noted by the triggers and fed here, or at the daemon's next write.
    func settlePending() throws(StorageError) {
        let noted = try database.wrap { try connection.scalar("SELECT EXISTS (SELECT 1 FROM feed_pending)") == 1 }
        guard noted || database.context.unfedSets != nil else { return }
        try database.write([]) { try database.context.feedPending() }
    }

    /// A cursor sessiond-sync keeps here (`pushed`, `pulled`), nil before the first.
    public func cursor(_ name: String) throws(StorageError) -> String? {
        try database.wrap { try connection.text("SELECT value FROM sync_cursor WHERE name = ?", [name]) }
    }

    /// Stores a cursor.
    public func setCursor(_ name: String, _ value: String) throws(StorageError) {
        try database.write([]) {
            try connection.run("INSERT INTO sync_cursor (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value", [name, value])
        }
    }

    /// The hybrid clock as stored: this device and its last reading.
    public func clock() throws(StorageError) -> HybridClock {
        let clock = try database.wrap {
            try connection.prepare("SELECT device, wall_ms, counter FROM sync_clock WHERE id = 1").row { row in
                HybridClock(device: row.text("device"), wallMs: row.int64("wall_ms"), counter: row.int64("counter"))
            }
        }
        guard let clock else { throw .unexpected("the hybrid clock's row (sync_clock) is missing") }
        return clock
    }

    /// Stores the clock's reading (after it saw other devices' readings); the
    /// transaction's inserts are fed with a reading taken after it.
    func storeClock(_ clock: HybridClock) throws {
        try connection.run("UPDATE sync_clock SET wall_ms = ?, counter = ? WHERE id = 1", [clock.wallMs, clock.counter])
        database.context.transactionReading = nil
    }

    /// The uid of a row of a session, a set or a health sample, nil when it has none:
    /// the one it keeps, else (a session or a set) the one it implies.
    public func uid(of entity: SyncEntity, localID: Int64) throws(StorageError) -> String? {
        try database.wrap {
            if let kept = try connection.text("SELECT uid FROM sync_record WHERE entity = ? AND local_id = ?", [entity.rawValue, localID]) {
                return kept
            }
            guard let implied = ImpliedEntity(entity) else { return nil }
            return try connection.text("SELECT \(Self.implicitUIDSQL(implied, id: "id")) FROM \(implied.table) WHERE id = ?", [localID])
        }
    }

    func syncedSession(_ id: Int64) throws -> SyncedSession? {
        try connection.prepare("""
            SELECT date, title, carried_over, started_at_ms, ended_at_ms, paused_since_ms, paused_total_ms, rpe, note, source, import_key,
                average_heart_rate, maximum_heart_rate, energy_kcal, r.end_hlc
            FROM session s LEFT JOIN sync_record r ON r.entity = 'session' AND r.local_id = s.id WHERE s.id = ?
            """).row([id]) { row in
            var session = SyncedSession()
            session.date = row.date("date")
            session.title = row.text("title")
            session.carriedOver = row.bool("carried_over")
            session.startedAtMs = row.int("started_at_ms")
            session.endedAtMs = row.optionalInt("ended_at_ms")
            session.pausedSinceMs = row.optionalInt("paused_since_ms")
            session.pausedTotalMs = row.int("paused_total_ms")
            session.rpe = row.optionalDouble("rpe")
            session.note = row.optionalText("note")
            session.source = row.optionalText("source")
            session.importKey = row.optionalText("import_key")
            session.averageHeartRate = row.optionalInt("average_heart_rate")
            session.maximumHeartRate = row.optionalInt("maximum_heart_rate")
            session.energyKcal = row.optionalDouble("energy_kcal")
            // An end no change gave since ends kept their reading (`end_hlc` NULL: finished
            // before migration 31, or stored ended, as an import's) is unknown, whatever
            // else of the record changed after.
            session.endHlc = session.endedAtMs == nil ? nil : row.optionalText("end_hlc") ?? ConvergenceRule.unknownEnd.text
            return session
        }
    }

    /// The set `id` as the feed hands it out, with its exercise's primary muscle groups
    /// (the catalog's, else one's own in `custom`), comma-separated.
    func syncedSet(_ id: Int64, custom: [String: CustomExercise]) throws -> SyncedSet? {
        try connection.prepare("""
            SELECT coalesce(r.uid, \(Self.implicitUIDSQL(.session, id: "l.session_id"))) AS session_uid, l.exercise_name, l.exercise_key, l.set_number, l.progress_sets, l.kind, l.reps, l.weight_kg,
                l.duration_seconds, l.rpe, l.note, l.e1rm_kg, l.record_weight_kg, l.logged_at_ms, l.personal_record, l.distance_m, l.superset
            FROM logged_set l LEFT JOIN sync_record r ON r.entity = 'session' AND r.local_id = l.session_id WHERE l.id = ?
            """).row([id]) { row in
            var set = SyncedSet()
            set.sessionUID = row.text("session_uid")
            set.exerciseName = row.text("exercise_name")
            set.exerciseKey = row.text("exercise_key")
            set.setNumber = row.int("set_number")
            set.progressSets = row.int("progress_sets")
            set.kind = row.choice("kind")
            set.reps = row.optionalInt("reps")
            set.weightKg = row.optionalDouble("weight_kg")
            set.durationSeconds = row.optionalInt("duration_seconds")
            set.rpe = row.optionalDouble("rpe")
            set.note = row.optionalText("note")
            set.e1rmKg = row.optionalDouble("e1rm_kg")
            set.recordWeightKg = row.optionalDouble("record_weight_kg")
            set.loggedAtMs = row.int("logged_at_ms")
            set.personalRecord = row.optionalText("personal_record")
            set.distanceM = row.optionalDouble("distance_m")
            set.superset = row.optionalText("superset")
            let primary = ExerciseCatalog.builtIn.muscles(ofKey: set.exerciseKey, custom: custom)?.primary ?? []
            set.muscles = primary.isEmpty ? nil : primary.map(\.rawValue).joined(separator: ",")
            return set
        }
    }

    func syncedHealth(_ id: Int64) throws -> SyncedHealthSample? {
        try connection.prepare("SELECT type, value, date, recorded_at_ms, source FROM health_sample WHERE id = ?").row([id]) { row in
            var sample = SyncedHealthSample()
            sample.type = row.text("type")
            sample.value = row.double("value")
            sample.date = row.text("date")
            sample.recordedAtMs = row.int("recorded_at_ms")
            sample.source = row.optionalText("source")
            return sample
        }
    }
}
