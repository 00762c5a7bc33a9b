/// The migrations after the change feed's (22 on), kept apart from the rest of the list
/// (`Migrations.all`) for length. A new migration is appended at the end of `later`.
extension Migrations {
    /// Migrations after the change feed's (each appended at the end).
    static let later: [Migration] = [
        // Each exercise's sessions and sets, kept as its bests are: `exercise.get` counted
        // them on every call, a step per set (100,000 sets of one exercise: a batch of
        // calls held the database thread half a second). Logging adds to the row once per
        // group commit (`SessionsStore.writeCounts`), an import once per exercise, and
        // whatever rewrites sets counts them again with the bests (`recomputeBests`); no
        // trigger, so a set's insert costs what it did.
        Migration(version: 22, name: "each exercise's sessions and sets kept", sql: """
            CREATE TABLE exercise_count (
                exercise_key TEXT PRIMARY KEY,     -- as logged_set.exercise_key
                sessions INTEGER NOT NULL,         -- sessions holding a set of it
                sets INTEGER NOT NULL              -- its sets, warm-ups included
            ) WITHOUT ROWID;
            INSERT INTO exercise_count (exercise_key, sessions, sets)
                SELECT e.exercise_key, count(DISTINCT e.session_id), count(*)
                FROM session_exercise e CROSS JOIN logged_set l ON l.session_id = e.session_id AND l.exercise_key = e.exercise_key
                GROUP BY e.exercise_key;
            """),
        // Plans and the events of the plan calendar join the change feed. Each gets a
        // uid of its own (`sync_plan`; a plan's id is not one to imply a uid by, an
        // event's may be given again) and the reading of its making; plans and events
        // stored before join the feed once, plans first, each event read at its time
        // (its counter orders one millisecond's events), so the latest activation stays
        // the one that made the active plan. The stores feed their own from now on
        // (`StoreContext.feedPlan`, `feedPlanEvent`).
        Migration(version: 23, name: "plans and plan events in the change feed", sql: """
            CREATE TABLE sync_plan (
                uid TEXT PRIMARY KEY,              -- the plan or event on every device
                entity TEXT NOT NULL CHECK (entity IN ('plan', 'planEvent')),
                local_id INTEGER NOT NULL,         -- plan.id or plan_event.id here
                hlc TEXT NOT NULL                  -- HybridTimestamp.text of its making
            ) WITHOUT ROWID;
            CREATE UNIQUE INDEX sync_plan_by_row ON sync_plan (entity, local_id);
            INSERT INTO sync_plan (uid, entity, local_id, hlc)
                SELECT printf('%012x', imported_at_ms) || lower(hex(randomblob(10))), 'plan', id,
                    printf('%013d-%010d-%s', imported_at_ms, 0, (SELECT device FROM sync_clock))
                FROM plan;
            INSERT INTO sync_plan (uid, entity, local_id, hlc)
                SELECT printf('%012x', at_ms) || lower(hex(randomblob(10))), 'planEvent', id,
                    printf('%013d-%010d-%s', at_ms, row_number() OVER (PARTITION BY at_ms ORDER BY id), (SELECT device FROM sync_clock))
                FROM plan_event;
            INSERT INTO change_feed (uid, op, hlc)
                SELECT uid, 'upsert', hlc FROM sync_plan ORDER BY entity = 'planEvent', local_id;
            """),
        // One feed entry for a run of rows an import inserted one after the other, instead
        // of one for each row (250,000 entries of about 80 bytes for a large import, a
        // fifth of its time): `span` is how many ids, from the one its uid implies, the entry
        // stands for (`ChangeFeed+Runs.swift`); NULL for an entry of one record, as every
        // entry before.
        Migration(version: 24, name: "a feed entry for a run of imported rows", sql: """
            ALTER TABLE change_feed ADD COLUMN span INTEGER CHECK (span IS NULL OR span > 1);
            """),
        // A copy written by `backup` says so (1), and takes a device id of its own when
        // it is first served (`Database.adoptOwnDeviceIfCopy`).
        Migration(version: 25, name: "a backup copy syncs as a device of its own", sql: """
            ALTER TABLE sync_clock ADD COLUMN copy INTEGER NOT NULL DEFAULT 0 CHECK (copy IN (0, 1));
            """),
        // The roles shared with become a setting every device holds alike: each had its
        // own, and each device's sessiond-sync made PostgreSQL's shares its own.
        Migration(version: 26, name: "shares in the change feed", sql: "", then: { try ChangeFeed.feedSharesStoredBefore($0) }),
        // A request id whose set is deleted (undone, its session aborted, a deletion
        // synced) stays spent: a retry of that session.log, whose reply was lost, would
        // otherwise log the undone set again. The trigger keeps it whatever deletes; a
        // later migration that rebuilds logged_set must create it again. The set's
        // `logged_at_ms` is kept, so a later version can drop those logged too long ago
        // for any retry.
        Migration(version: 27, name: "request ids of deleted sets stay spent", sql: """
            CREATE TABLE retired_request (
                request_id TEXT PRIMARY KEY,
                set_id INTEGER NOT NULL,
                logged_at_ms INTEGER NOT NULL
            ) WITHOUT ROWID;
            CREATE TRIGGER logged_set_retires_request AFTER DELETE ON logged_set WHEN old.request_id IS NOT NULL
            BEGIN
                INSERT OR REPLACE INTO retired_request (request_id, set_id, logged_at_ms) VALUES (old.request_id, old.id, old.logged_at_ms);
            END;
            """),
        // A plan event keeps the date it happened on, in the daemon's zone then: a later
        // change of zone moved it to another day, and so rewrote which plan governed days
        // already lived. Those stored before are dated at the next start
        // (`PlansStore.dateUndatedEvents`).
        Migration(version: 28, name: "plan events keep their date", sql: "ALTER TABLE plan_event ADD COLUMN date TEXT;"),
        // A health sample pushed with a request id is stored once: a client retrying
        // after a lost reply is answered with the first sample.
        Migration(version: 29, name: "health samples take a request id", sql: """
            ALTER TABLE health_sample ADD COLUMN request_id TEXT;
            CREATE UNIQUE INDEX health_sample_by_request ON health_sample (request_id) WHERE request_id IS NOT NULL;
            """),
        // A plan imported with a request id is stored once: sessiond-sync delivering a
        // queued plan again, after a kill between the import and its mark, is answered
        // with the plan stored the first time. Its feed uid is the one the request id and
        // the plan's week give (`ChangeFeed.planUIDName`), so two devices that import one
        // delivery hold one plan.
        Migration(version: 30, name: "plans take a request id", sql: """
            ALTER TABLE plan ADD COLUMN request_id TEXT;
            CREATE UNIQUE INDEX plan_by_request ON plan (request_id) WHERE request_id IS NOT NULL;
            """),
        // A session's end is a register of its own between devices (`ConvergenceRule.merge`):
        // the reading of the change that gave or last edited it (its time, paused total,
        // effort or note once ended) is kept beside the record's, so an edit another
        // device made of the running session, not yet knowing of the finish, no longer
        // undoes it. The trigger notes such a change ('end') for `feedPending`. NULL: no
        // change gave the end since (finished before, or stored ended, as an import's),
        // which reads as before every reading (`ConvergenceRule.unknownEnd`).
        Migration(version: 31, name: "a session's end keeps its own reading", sql: """
            ALTER TABLE sync_record ADD COLUMN end_hlc TEXT;
            CREATE TRIGGER session_feed_end AFTER UPDATE OF ended_at_ms, paused_total_ms, rpe, note ON session
                WHEN NEW.ended_at_ms IS NOT NULL AND (OLD.ended_at_ms IS NOT NEW.ended_at_ms OR OLD.paused_total_ms IS NOT NEW.paused_total_ms
                    OR OLD.rpe IS NOT NEW.rpe OR OLD.note IS NOT NEW.note)
            BEGIN
                INSERT INTO feed_pending (entity, local_id, op) VALUES ('session', NEW.id, 'end');
            END;
            """),
        // A request id whose health sample is deleted (a deletion synced from another
        // device) stays spent, as a set's does: a retry of that health.record, whose
        // reply was lost, would otherwise record the deleted value again. What the first
        // call was answered is kept, so the retry is answered the same.
        Migration(version: 32, name: "request ids of deleted health samples stay spent", sql: """
            CREATE TABLE retired_health_request (
                request_id TEXT PRIMARY KEY,
                sample_id INTEGER NOT NULL,
                type TEXT NOT NULL,
                value REAL NOT NULL,
                date TEXT NOT NULL
            ) WITHOUT ROWID;
            CREATE TRIGGER health_sample_retires_request AFTER DELETE ON health_sample WHEN old.request_id IS NOT NULL
            BEGIN
                INSERT OR REPLACE INTO retired_health_request (request_id, sample_id, type, value, date)
                    VALUES (old.request_id, old.id, old.type, old.value, old.date);
            END;
            """),
    ]
}
