/// The change feed's migrations (18 to 21), kept apart from the rest of the list
/// (`Migrations.all`) for length: the feed's own tables and triggers, the settings in it,
/// and sessiond-sync's state.
extension Migrations {
    static let feed: [Migration] = [
        // Many devices, one record: every synced row (sessions, sets, health samples)
        // gets an id unique across devices
        // (`sync_record.uid`: the hex milliseconds of its creation then 80 random bits,
        // so new ids land at the end of the index) and the hybrid clock's reading of its
        // last change; every insert, update and delete takes a place in an ordered feed
        // (`change_feed`) that sessiond-sync reads from a cursor, a deletion leaving a
        // tombstone (`local_id` NULL). Triggers write both, so no writer can forget; the
        // clock's local rule (HybridClock.tick) is taken here in SQL, on SQLite's clock.
        // Rows already stored join the feed once, sessions before sets. A later rebuild
        // of session or logged_set drops their triggers with the table: it must create
        // them again (the same three per table, `triggers` below).
        Migration(version: 18, name: "record ids across devices and a change feed", sql: {
            let now = "CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)"
            let tick = "UPDATE sync_clock SET counter = CASE WHEN \(now) > wall_ms THEN 0 ELSE counter + 1 END, wall_ms = max(wall_ms, \(now));"
            let reading = "(SELECT printf('%013d-%010d-%s', wall_ms, counter, device) FROM sync_clock)"
            let newUID = "printf('%012x', \(now)) || lower(hex(randomblob(10)))"
            func triggers(_ table: String, _ entity: String) -> String {
                """
                CREATE TRIGGER \(table)_feed_insert AFTER INSERT ON \(table) BEGIN
                    \(tick)
                    INSERT INTO sync_record (uid, entity, local_id, hlc) VALUES (\(newUID), '\(entity)', NEW.id, \(reading));
                    INSERT INTO change_feed (uid, op, hlc) SELECT uid, 'upsert', hlc FROM sync_record WHERE entity = '\(entity)' AND local_id = NEW.id;
                END;
                CREATE TRIGGER \(table)_feed_update AFTER UPDATE ON \(table) BEGIN
                    \(tick)
                    UPDATE sync_record SET hlc = \(reading) WHERE entity = '\(entity)' AND local_id = NEW.id;
                    INSERT INTO change_feed (uid, op, hlc) SELECT uid, 'upsert', hlc FROM sync_record WHERE entity = '\(entity)' AND local_id = NEW.id;
                END;
                CREATE TRIGGER \(table)_feed_delete AFTER DELETE ON \(table) BEGIN
                    \(tick)
                    INSERT INTO change_feed (uid, op, hlc) SELECT uid, 'delete', \(reading) FROM sync_record
                        WHERE entity = '\(entity)' AND local_id = OLD.id;
                    UPDATE sync_record SET hlc = \(reading), local_id = NULL WHERE entity = '\(entity)' AND local_id = OLD.id;
                END;
                """
            }
            return """
                CREATE TABLE sync_clock (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    device TEXT NOT NULL,              -- this device in every reading: 16 hex digits
                    wall_ms INTEGER NOT NULL,          -- the last reading given or seen
                    counter INTEGER NOT NULL
                );
                INSERT INTO sync_clock (id, device, wall_ms, counter) VALUES (1, lower(hex(randomblob(8))), \(now), 0);
                CREATE TABLE sync_record (
                    uid TEXT PRIMARY KEY,              -- the record on every device
                    entity TEXT NOT NULL CHECK (entity = 'session' OR entity = 'set' OR entity = 'health'),
                    local_id INTEGER,                  -- its row here; NULL: deleted (a tombstone)
                    hlc TEXT NOT NULL                  -- HybridTimestamp.text of its last change
                ) WITHOUT ROWID;
                CREATE UNIQUE INDEX sync_record_by_row ON sync_record (entity, local_id) WHERE local_id IS NOT NULL;
                CREATE TABLE change_feed (
                    seq INTEGER PRIMARY KEY,           -- the feed's order
                    uid TEXT NOT NULL,                 -- sync_record.uid
                    op TEXT NOT NULL CHECK (op = 'upsert' OR op = 'delete'),
                    hlc TEXT NOT NULL
                );
                CREATE TABLE sync_cursor (
                    name TEXT PRIMARY KEY,             -- pushed: the feed's seq PostgreSQL committed; pulled: the puller's own
                    value TEXT NOT NULL
                ) WITHOUT ROWID;
                INSERT INTO sync_record (uid, entity, local_id, hlc)
                    SELECT printf('%012x', started_at_ms) || lower(hex(randomblob(10))), 'session', id, \(reading) FROM session;
                INSERT INTO sync_record (uid, entity, local_id, hlc)
                    SELECT printf('%012x', logged_at_ms) || lower(hex(randomblob(10))), 'set', id, \(reading) FROM logged_set;
                INSERT INTO sync_record (uid, entity, local_id, hlc)
                    SELECT printf('%012x', recorded_at_ms) || lower(hex(randomblob(10))), 'health', id, \(reading) FROM health_sample;
                INSERT INTO change_feed (uid, op, hlc)
                    SELECT uid, 'upsert', hlc FROM sync_record ORDER BY entity = 'set', local_id;
                \(triggers("session", "session"))
                \(triggers("logged_set", "set"))
                \(triggers("health_sample", "health"))
                """
        }()),
        Migration(version: 19, name: "the feed's inserts written by the stores, edits and deletions noted by triggers", sql: {
            // What made migration 18's triggers dear: a trigger on INSERT makes every
            // insert a statement that may be undone alone, so SQLite copied each page the
            // insert touched to the statement journal, besides the trigger's own three
            // writes (a tick, a record row in two indexes, a feed row); and their 6.7 KB of
            // SQL were parsed at every start (1.5 million instructions). Inserts now feed
            // themselves (`StoreContext.feedInserted`), the record's uid implied by its row
            // (`ChangeFeed.implicitUID`). Edits of a column another device holds and
            // deletions, whatever statement makes them, are noted by small triggers in
            // `feed_pending`, which the store turns into feed entries before the
            // transaction commits (`StoreContext.feedPending`), and before the feed is read.
            func triggers(_ table: String, _ entity: String, synced columns: [String]) -> String {
                """
                DROP TRIGGER \(table)_feed_insert;
                DROP TRIGGER \(table)_feed_update;
                DROP TRIGGER \(table)_feed_delete;
                CREATE TRIGGER \(table)_feed_update AFTER UPDATE OF \(columns.joined(separator: ", ")) ON \(table) BEGIN
                    INSERT INTO feed_pending (entity, local_id, op) VALUES ('\(entity)', NEW.id, 'upsert');
                END;
                CREATE TRIGGER \(table)_feed_delete AFTER DELETE ON \(table) BEGIN
                    INSERT INTO feed_pending (entity, local_id, op) VALUES ('\(entity)', OLD.id, 'delete');
                END;
                """
            }
            return """
                CREATE TABLE feed_pending (
                    entity TEXT NOT NULL,              -- session, set, health
                    local_id INTEGER NOT NULL,
                    op TEXT NOT NULL                   -- upsert, delete
                );
                \(triggers("session", "session", synced: [
                    "date", "title", "carried_over", "started_at_ms", "ended_at_ms", "paused_since_ms", "paused_total_ms", "rpe", "note",
                    "source", "import_key", "average_heart_rate", "maximum_heart_rate", "energy_kcal",
                ]))
                \(triggers("logged_set", "set", synced: [
                    "session_id", "exercise_name", "exercise_key", "set_number", "progress_sets", "kind", "reps", "weight_kg", "duration_seconds",
                    "rpe", "note", "e1rm_kg", "record_weight_kg", "logged_at_ms", "personal_record", "distance_m", "superset",
                ]))
                \(triggers("health_sample", "health", synced: ["type", "value", "date", "recorded_at_ms", "source"]))
                """
        }()),
        // The person's settings join the feed: the profile, aliases, exercises of one's
        // own and rests of one's own, each kept under its key (`SettingUID`: the same uid
        // on every device) with the reading of its last change here or applied. The
        // stores feed their own writes of them (`StoreContext.feedSetting`); settings
        // stored before join the feed once.
        Migration(version: 20, name: "settings in the change feed", sql: """
            CREATE TABLE sync_setting (
                uid TEXT PRIMARY KEY,              -- SettingUID.of(entity, key)
                entity TEXT NOT NULL,              -- profile, alias, exercise, rest
                key TEXT,                          -- the setting's key; NULL for a deletion seen before the setting
                hlc TEXT NOT NULL,
                deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1))
            ) WITHOUT ROWID;
            """, then: { try ChangeFeed.feedSettingsStoredBefore($0) }),
        // sessiond-sync's state beside the cursors: the roles this athlete means to share
        // their records with (sessiond-sync makes PostgreSQL's sessiond_share match), and
        // what its last rounds reported, for `sessionctl sync status`.
        Migration(version: 21, name: "sync shares and the last sync report", sql: """
            CREATE TABLE sync_share (
                role TEXT PRIMARY KEY,             -- a PostgreSQL role (a coach) that may read this athlete's records
                added_at_ms INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE TABLE sync_report (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                pushed_at_ms INTEGER,              -- the last push that completed
                pulled_at_ms INTEGER,              -- the last pull that completed
                error TEXT,                        -- the last round's failure, NULL after a round without one
                error_at_ms INTEGER
            );
            INSERT INTO sync_report (id) VALUES (1);
            """),
    ]
}
