/// One schema change. The list is ordered and append-only: a shipped migration is
/// never edited, a change is a new migration at the end (GRDB's DatabaseMigrator).
struct Migration: Sendable {
    let version: Int
    let name: String
    /// Its SQL, made when the migration runs: a daemon whose file is current builds
    /// none of it at start.
    private let makeSQL: @Sendable () -> String
    /// Run after `sql` in the same transaction: data a statement cannot compute.
    var then: (@Sendable (Database) throws -> Void)?

    init(version: Int, name: String, sql: @autoclosure @escaping @Sendable () -> String, then: (@Sendable (Database) throws -> Void)? = nil) {
        self.version = version
        self.name = name
        self.makeSQL = sql
        self.then = then
    }

    /// The statements that change the schema.
    var sql: String { makeSQL() }
}

/// Every migration this build knows, in order; `version` is the position from 1.
enum Migrations {
    /// `PRAGMA application_id` of a sessiond database ("SESD").
    static let applicationID: Int64 = 0x5345_5344

    static let all: [Migration] = early + feed + later

    /// Migrations 1 to 17.
    static let early: [Migration] = [
        Migration(version: 1, name: "initial schema", sql: """
            CREATE TABLE plan (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                week_start TEXT NOT NULL,          -- YYYY-MM-DD, a Monday
                imported_at_ms INTEGER NOT NULL,   -- Unix time in milliseconds
                source TEXT NOT NULL,              -- the text as received, kept for audit
                active INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1))
            );
            CREATE UNIQUE INDEX plan_one_active ON plan (active) WHERE active = 1;
            CREATE INDEX plan_by_week ON plan (week_start);

            CREATE TABLE plan_day (
                id INTEGER PRIMARY KEY,
                plan_id INTEGER NOT NULL REFERENCES plan (id) ON DELETE CASCADE,
                date TEXT NOT NULL,
                weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
                title TEXT NOT NULL,
                rest INTEGER NOT NULL DEFAULT 0 CHECK (rest IN (0, 1)),
                UNIQUE (plan_id, weekday)
            );

            CREATE TABLE warmup_item (
                id INTEGER PRIMARY KEY,
                plan_day_id INTEGER NOT NULL REFERENCES plan_day (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                reps INTEGER,
                duration_seconds INTEGER,
                description TEXT,
                UNIQUE (plan_day_id, position)
            );

            CREATE TABLE planned_exercise (
                id INTEGER PRIMARY KEY,
                plan_day_id INTEGER NOT NULL REFERENCES plan_day (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,         -- 1-based order within the day
                name TEXT NOT NULL,
                sets INTEGER NOT NULL CHECK (sets BETWEEN 1 AND 20),
                reps INTEGER,
                reps_max INTEGER,
                amrap INTEGER NOT NULL DEFAULT 0 CHECK (amrap IN (0, 1)),
                duration_seconds INTEGER,
                weight_kg REAL,
                rest_seconds INTEGER,
                description TEXT,
                UNIQUE (plan_day_id, position)
            );

            CREATE TABLE session (
                id INTEGER PRIMARY KEY,
                plan_day_id INTEGER REFERENCES plan_day (id),  -- NULL: a free session
                date TEXT NOT NULL,                -- local date in the daemon's time zone
                title TEXT NOT NULL,
                carried_over INTEGER NOT NULL DEFAULT 0,
                started_at_ms INTEGER NOT NULL,
                ended_at_ms INTEGER,               -- NULL while active
                paused_since_ms INTEGER,           -- set while paused
                paused_total_ms INTEGER NOT NULL DEFAULT 0,
                rpe REAL CHECK (rpe BETWEEN 1 AND 10),
                note TEXT
            );
            -- At most one active (unfinished) session.
            CREATE UNIQUE INDEX session_one_active ON session ((ended_at_ms IS NULL))
                WHERE ended_at_ms IS NULL;
            CREATE INDEX session_by_date ON session (date);

            CREATE TABLE logged_set (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES session (id) ON DELETE CASCADE,
                planned_exercise_id INTEGER REFERENCES planned_exercise (id),  -- NULL: off-plan
                exercise_name TEXT NOT NULL,       -- as logged, kept for history
                exercise_key TEXT NOT NULL,        -- name lowercased, spaces collapsed
                set_number INTEGER NOT NULL,       -- n-th set of this exercise in the session
                progress_sets INTEGER NOT NULL,    -- counted sets of it so far, this one included
                kind TEXT NOT NULL DEFAULT 'normal'
                    CHECK (kind IN ('normal', 'warmup', 'drop', 'failure')),
                reps INTEGER,
                weight_kg REAL,
                duration_seconds INTEGER,
                rpe REAL CHECK (rpe BETWEEN 1 AND 10),
                note TEXT,
                e1rm_kg REAL,                      -- Epley estimate of a counted set, else NULL
                record_weight_kg REAL,             -- weight of a counted set with reps, else NULL
                logged_at_ms INTEGER NOT NULL,
                request_id TEXT UNIQUE,            -- idempotent retries of session.log
                personal_record TEXT               -- what it beat when logged: oneRepMax, weight
            );
            CREATE INDEX logged_set_by_session ON logged_set (session_id, id);
            CREATE INDEX logged_set_by_session_exercise ON logged_set (session_id, exercise_key, id);
            CREATE INDEX logged_set_by_exercise ON logged_set (exercise_key, logged_at_ms);
            -- Records in O(log n): max() over an index with the exercise as its prefix.
            CREATE INDEX logged_set_best_e1rm ON logged_set (exercise_key, e1rm_kg);
            CREATE INDEX logged_set_best_weight ON logged_set (exercise_key, record_weight_kg);
            CREATE INDEX logged_set_by_time ON logged_set (logged_at_ms);

            CREATE TABLE health_sample (
                id INTEGER PRIMARY KEY,
                type TEXT NOT NULL,
                value REAL NOT NULL,
                date TEXT NOT NULL,
                recorded_at_ms INTEGER NOT NULL,
                source TEXT
            );
            CREATE INDEX health_sample_by_type_date ON health_sample (type, date);

            CREATE TABLE profile (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                goals TEXT NOT NULL DEFAULT '',
                equipment_json TEXT NOT NULL DEFAULT '[]',
                weights_kg_json TEXT NOT NULL DEFAULT '[]',
                updated_at_ms INTEGER NOT NULL
            );
            """),
        // Logging a set, made cheaper (each was measured under callgrind at 64 clients):
        // - records move from two indexes keyed by value to one row per exercise: every
        //   set landed on a random leaf of both (two more pages written per set, read
        //   from disk once a long history outgrew the page cache); the row is written
        //   only when a set beats it;
        // - `kind IN (...)` in a CHECK built a temporary b-tree on every insert: it is
        //   now a chain of comparisons;
        // - request ids are indexed only when present (a partial unique index), so sets
        //   logged without one write no index entry;
        // - two indexes go: (logged_at_ms), which no query used, and (session_id, id),
        //   whose queries (a session's few dozen sets) (session_id, exercise_key, id) serves.
        // SQLite cannot alter a CHECK in place: the table is rebuilt (sqlite.org/lang_altertable.html).
        Migration(version: 2, name: "cheaper set logging: exercise bests, plain kind check, partial request-id index", sql: """
            CREATE TABLE exercise_best (
                exercise_key TEXT PRIMARY KEY,     -- as logged_set.exercise_key
                e1rm_kg REAL,                      -- best Epley estimate of a counted set
                weight_kg REAL                     -- heaviest counted set with reps
            ) WITHOUT ROWID;
            INSERT INTO exercise_best (exercise_key, e1rm_kg, weight_kg)
                SELECT exercise_key, max(e1rm_kg), max(record_weight_kg) FROM logged_set
                GROUP BY exercise_key HAVING max(e1rm_kg) IS NOT NULL OR max(record_weight_kg) IS NOT NULL;

            CREATE TABLE logged_set_v2 (
                id INTEGER PRIMARY KEY,
                session_id INTEGER NOT NULL REFERENCES session (id) ON DELETE CASCADE,
                planned_exercise_id INTEGER REFERENCES planned_exercise (id),  -- NULL: off-plan
                exercise_name TEXT NOT NULL,       -- as logged, kept for history
                exercise_key TEXT NOT NULL,        -- name lowercased, spaces collapsed
                set_number INTEGER NOT NULL,       -- n-th set of this exercise in the session
                progress_sets INTEGER NOT NULL,    -- counted sets of it so far, this one included
                kind TEXT NOT NULL DEFAULT 'normal'
                    CHECK (kind = 'normal' OR kind = 'warmup' OR kind = 'drop' OR kind = 'failure'),
                reps INTEGER,
                weight_kg REAL,
                duration_seconds INTEGER,
                rpe REAL CHECK (rpe BETWEEN 1 AND 10),
                note TEXT,
                e1rm_kg REAL,                      -- Epley estimate of a counted set, else NULL
                record_weight_kg REAL,             -- weight of a counted set with reps, else NULL
                logged_at_ms INTEGER NOT NULL,
                request_id TEXT,                   -- idempotent retries of session.log
                personal_record TEXT               -- what it beat when logged: oneRepMax, weight
            );
            INSERT INTO logged_set_v2 (id, session_id, planned_exercise_id, exercise_name, exercise_key, set_number, progress_sets,
                    kind, reps, weight_kg, duration_seconds, rpe, note, e1rm_kg, record_weight_kg, logged_at_ms, request_id, personal_record)
                SELECT id, session_id, planned_exercise_id, exercise_name, exercise_key, set_number, progress_sets,
                    kind, reps, weight_kg, duration_seconds, rpe, note, e1rm_kg, record_weight_kg, logged_at_ms, request_id, personal_record
                FROM logged_set;
            DROP TABLE logged_set;
            ALTER TABLE logged_set_v2 RENAME TO logged_set;
            -- A session's sets (and set numbering) through (session_id, ...); an exercise's
            -- history (bests after an undo) through (exercise_key, ...).
            CREATE INDEX logged_set_by_session_exercise ON logged_set (session_id, exercise_key, id);
            CREATE INDEX logged_set_by_exercise ON logged_set (exercise_key, logged_at_ms);
            CREATE UNIQUE INDEX logged_set_by_request ON logged_set (request_id) WHERE request_id IS NOT NULL;
            """),
        // Imported history: a session from another tracker keeps where it came from
        // and a key (its start and title) that makes importing it again add nothing;
        // its sets keep distance (cardio) and superset grouping.
        Migration(version: 3, name: "imported history: session source and import key, set distance and superset", sql: """
            ALTER TABLE session ADD COLUMN source TEXT;        -- NULL: tracked here; else strong, hevy, json
            ALTER TABLE session ADD COLUMN import_key TEXT;    -- start ms and title key of an imported workout
            CREATE UNIQUE INDEX session_by_import_key ON session (import_key) WHERE import_key IS NOT NULL;
            ALTER TABLE logged_set ADD COLUMN distance_m REAL;
            ALTER TABLE logged_set ADD COLUMN superset TEXT;   -- sets sharing a label were done as a superset
            """),
        // Session ids are never reused: an aborted session's id stays taken, so a
        // watcher or a script that saw it cannot confuse it with a later session. SQLite
        // reuses the highest rowid after a delete, and AUTOINCREMENT would need the
        // table rebuilt under its foreign keys: a high-water mark does it instead, kept
        // by a trigger whatever inserts, and read by the inserts that pick the id.
        Migration(version: 4, name: "session ids never reused: a high-water mark", sql: """
            CREATE TABLE id_high_water (
                name TEXT PRIMARY KEY,             -- the table whose ids it guards
                value INTEGER NOT NULL             -- the highest id it ever held
            ) WITHOUT ROWID;
            INSERT INTO id_high_water (name, value) SELECT 'session', coalesce(max(id), 0) FROM session;
            CREATE TRIGGER session_id_high_water AFTER INSERT ON session BEGIN
                UPDATE id_high_water SET value = max(value, NEW.id) WHERE name = 'session';
            END;
            """),
        // The planner link: every planner run's raw reply is kept for audit with
        // what became of it, as an imported plan keeps its source; a plan regenerated
        // in part (plan redo) is a new plan that names the plan it revises; planned
        // exercises sharing a superset label are done in turn; aliases give one lift one
        // history whatever it is called.
        Migration(version: 5, name: "planner attempts kept for audit; plan revisions; planned supersets; exercise aliases", sql: """
            ALTER TABLE plan ADD COLUMN revises INTEGER REFERENCES plan (id);
            ALTER TABLE planned_exercise ADD COLUMN superset TEXT;
            CREATE TABLE exercise_alias (
                alias_key TEXT PRIMARY KEY,        -- the alias as an exercise key (ohp)
                name TEXT NOT NULL,                -- the exercise it names (Overhead Press)
                name_key TEXT NOT NULL             -- its key, under which its sets are kept
            ) WITHOUT ROWID;
            CREATE TABLE plan_attempt (
                id INTEGER PRIMARY KEY,
                run TEXT NOT NULL,                 -- names every attempt of one plan next / plan redo
                attempt INTEGER NOT NULL CHECK (attempt >= 1),
                at_ms INTEGER NOT NULL,
                planner TEXT NOT NULL,             -- the command that ran
                reply TEXT NOT NULL,               -- what it printed, as it printed it
                outcome TEXT NOT NULL CHECK (outcome IN ('imported', 'refused', 'failed')),
                detail TEXT,                       -- refused: the errors; failed: why
                plan_id INTEGER REFERENCES plan (id),
                UNIQUE (run, attempt)
            );
            """),
        // Set ids are never reused: `undo 1472` read off an older `show` must not delete a
        // newer set that took the undone one's id (SQLite gives a new row the highest
        // rowid + 1, so undoing the last set handed its id to the next). As for sessions,
        // a high-water mark: raised by a trigger when sets are deleted (undo, abort), and
        // read by the inserts that pick the id (`Database.nextSetID`), which the daemon
        // remembers within and across group commits; AUTOINCREMENT would write
        // sqlite_sequence on every insert (5 % more instructions per set logged).
        Migration(version: 6, name: "set ids never reused: a high-water mark kept on delete", sql: """
            INSERT INTO id_high_water (name, value) SELECT 'logged_set', coalesce(max(id), 0) FROM logged_set;
            CREATE TRIGGER logged_set_id_high_water AFTER DELETE ON logged_set BEGIN
                UPDATE id_high_water SET value = max(value, OLD.id) WHERE name = 'logged_set';
            END;
            """),
        // Which plan trained each day, fixed when the plans change: a plan that covered a
        // day (its own week's, or the active one carried over) keeps covering it after a
        // later plan is imported or activated, instead of the day being worked out again
        // from the plans of today. Days with no row follow the plans as they are
        // (PlanCalendar.choose); nothing changed for them since.
        Migration(version: 7, name: "plan coverage of past days kept", sql: """
            CREATE TABLE plan_coverage (
                date TEXT PRIMARY KEY,             -- YYYY-MM-DD, up to the end of the week of the change that fixed it
                plan_id INTEGER NOT NULL REFERENCES plan (id),
                carried_over INTEGER NOT NULL CHECK (carried_over IN (0, 1))
            ) WITHOUT ROWID;
            """),
        // The newest sessions first, a page at a time: `history` read every session and
        // sorted them to print fifty (82 ms over twenty years against 1.9 ms over a month).
        Migration(version: 8, name: "sessions by start, newest first through an index", sql: """
            CREATE INDEX session_by_start ON session (started_at_ms, id);
            """),
        // One identity per lift: the exercise keys logged so far are mapped to the
        // built-in catalog's exercises after the migrations (`Database.adoptCatalog`),
        // again whenever a build's catalog differs from the one this row names.
        Migration(version: 9, name: "exercise keys follow the built-in catalog", sql: """
            CREATE TABLE exercise_catalog_adopted (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                fingerprint TEXT NOT NULL          -- ExerciseCatalog.fingerprint of the catalog the keys follow
            );
            """),
        // Exercises of the person's own given equipment and muscles, so they count in
        // the sets per muscle (and body mass in their load) as the catalog's do.
        Migration(version: 10, name: "exercises of one's own with equipment and muscles", sql: """
            CREATE TABLE custom_exercise (
                key TEXT PRIMARY KEY,              -- the exercise key its sets are kept under
                name TEXT NOT NULL,
                equipment TEXT,                    -- as the catalog names equipment, or NULL
                primary_muscles TEXT NOT NULL,     -- muscle groups as the catalog names them, comma-separated
                secondary_muscles TEXT NOT NULL DEFAULT '',
                counts_body_mass INTEGER NOT NULL DEFAULT 0 CHECK (counts_body_mass IN (0, 1))
            ) WITHOUT ROWID;
            """),
        // Records of every kind Strong and Hevy keep, beside the estimate and the weight:
        // filled from the history in the same transaction (`Database.recomputeAllBests`).
        Migration(version: 11, name: "records: most reps, set and session volume, most reps at each weight", sql: """
            ALTER TABLE exercise_best ADD COLUMN most_reps INTEGER;         -- most reps in a set without a load
            ALTER TABLE exercise_best ADD COLUMN set_volume_kg REAL;        -- best reps × kg of a set
            ALTER TABLE exercise_best ADD COLUMN session_volume_kg REAL;    -- best reps × kg of a finished session
            ALTER TABLE exercise_best ADD COLUMN reps_at_weight TEXT NOT NULL DEFAULT '';  -- "kg:reps;…", heaviest first
            """, then: { try $0.recomputeAllBests() }),
        // The rest the person chose for an exercise, which wins over the plan's.
        Migration(version: 12, name: "a rest of one's own per exercise", sql: """
            CREATE TABLE exercise_rest (
                exercise_key TEXT PRIMARY KEY,     -- as logged_set.exercise_key (the catalog's, an alias's target, one's own)
                seconds INTEGER NOT NULL CHECK (seconds BETWEEN 0 AND 3600)
            ) WITHOUT ROWID;
            """),
        // An exercise's sessions, newest first, one row per session and exercise instead
        // of an index entry per set: every set logged wrote a second index besides the
        // session's (about 5,000 instructions of the 61,000 a `session.log` cost), and a
        // page of an exercise's history walked every session to find those that had it.
        // Its history is now this table's rows, then each session's sets through
        // (session_id, exercise_key). The row is added with a session's first set of the
        // exercise (`Database.insertSet`, `insertImported`); the triggers keep it when
        // sets are deleted or change exercise and sessions move in time. Nothing moves a
        // set to another session; the triggers on logged_set name no other table than
        // this one, so a later rebuild of `session` need not drop them first.
        Migration(version: 13, name: "an exercise's sessions by start instead of an index of its sets", sql: """
            CREATE TABLE session_exercise (
                exercise_key TEXT NOT NULL,        -- as logged_set.exercise_key
                started_at_ms INTEGER NOT NULL,    -- session.started_at_ms
                session_id INTEGER NOT NULL REFERENCES session (id) ON DELETE CASCADE,
                PRIMARY KEY (exercise_key, started_at_ms, session_id)
            ) WITHOUT ROWID;
            INSERT INTO session_exercise (exercise_key, started_at_ms, session_id)
                SELECT DISTINCT l.exercise_key, s.started_at_ms, s.id FROM session s CROSS JOIN logged_set l ON l.session_id = s.id;
            CREATE UNIQUE INDEX session_exercise_by_session ON session_exercise (session_id, exercise_key);
            CREATE TRIGGER session_exercise_set_deleted AFTER DELETE ON logged_set BEGIN
                DELETE FROM session_exercise WHERE session_id = OLD.session_id AND exercise_key = OLD.exercise_key
                    AND NOT EXISTS (SELECT 1 FROM logged_set WHERE session_id = OLD.session_id AND exercise_key = OLD.exercise_key);
            END;
            CREATE TRIGGER session_exercise_set_renamed AFTER UPDATE OF exercise_key ON logged_set
            WHEN OLD.exercise_key <> NEW.exercise_key BEGIN
                INSERT OR IGNORE INTO session_exercise (exercise_key, started_at_ms, session_id)
                    SELECT NEW.exercise_key, started_at_ms, session_id FROM session_exercise
                    WHERE session_id = OLD.session_id AND exercise_key = OLD.exercise_key;
                DELETE FROM session_exercise WHERE session_id = OLD.session_id AND exercise_key = OLD.exercise_key
                    AND NOT EXISTS (SELECT 1 FROM logged_set WHERE session_id = OLD.session_id AND exercise_key = OLD.exercise_key);
            END;
            CREATE TRIGGER session_exercise_session_moved AFTER UPDATE OF started_at_ms ON session
            WHEN OLD.started_at_ms <> NEW.started_at_ms BEGIN
                UPDATE session_exercise SET started_at_ms = NEW.started_at_ms WHERE session_id = NEW.id;
            END;
            DROP INDEX logged_set_by_exercise;
            """),
        // What a watch measured over a session (a FIT activity, a health export's
        // workout): its heart rate and the energy it burnt.
        Migration(version: 14, name: "a session's heart rate and energy as a watch measured them", sql: """
            ALTER TABLE session ADD COLUMN average_heart_rate INTEGER;   -- beats per minute
            ALTER TABLE session ADD COLUMN maximum_heart_rate INTEGER;
            ALTER TABLE session ADD COLUMN energy_kcal REAL;
            """),
        // An alias made renames the aliases of its alias (`setAlias`): found by their
        // target, not by reading every alias.
        Migration(version: 15, name: "aliases by the exercise they name", sql: """
            CREATE INDEX exercise_alias_by_name ON exercise_alias (name_key);
            """),
        // What each planner attempt cost, for the planner's monthly budget: the model's
        // tokens in and out as the endpoint's usage told them, or estimated when the
        // planner passed none back. Attempts kept before have none (NULL).
        Migration(version: 16, name: "planner attempts' tokens in and out", sql: """
            ALTER TABLE plan_attempt ADD COLUMN input_tokens INTEGER CHECK (input_tokens >= 0);
            ALTER TABLE plan_attempt ADD COLUMN output_tokens INTEGER CHECK (output_tokens >= 0);
            ALTER TABLE plan_attempt ADD COLUMN token_source TEXT CHECK (token_source IN ('usage', 'estimate'));  -- NULL: not kept
            """),
        // Which plan governed each date is derived from what happened to the plans
        // (PlanCalendar): each activation (an import that activates, plan.activate, a
        // new version of the active plan) and each one-off move of a day, with its time.
        // The coverage rows written when the plans changed go. A database from before
        // kept no activation times: each plan counts as activated when it was imported,
        // and the active one, when another was imported after it, once more right after
        // the last import.
        Migration(version: 17, name: "the plan calendar derived from plan events", sql: """
            CREATE TABLE plan_event (
                id INTEGER PRIMARY KEY,
                at_ms INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('activate', 'move')),
                plan_id INTEGER NOT NULL REFERENCES plan (id) ON DELETE CASCADE,
                from_date TEXT,                    -- a move: the two dates of one week whose days swap
                to_date TEXT,
                CHECK ((kind = 'move') = (from_date IS NOT NULL AND to_date IS NOT NULL))
            );
            CREATE INDEX plan_event_by_time ON plan_event (at_ms, id);
            INSERT INTO plan_event (at_ms, kind, plan_id) SELECT imported_at_ms, 'activate', id FROM plan ORDER BY imported_at_ms, id;
            INSERT INTO plan_event (at_ms, kind, plan_id)
                SELECT (SELECT max(imported_at_ms) FROM plan), 'activate', id FROM plan
                WHERE active = 1 AND id <> (SELECT id FROM plan ORDER BY imported_at_ms DESC, id DESC LIMIT 1);
            DROP TABLE plan_coverage;
            """),
    ]

    /// The schema version this build writes.
    static var latestVersion: Int { all.last?.version ?? 0 }
}
