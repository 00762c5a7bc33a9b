/// The PostgreSQL side: the SQL an administrator applies once (`sessiond-sync schema |
/// psql`), and the check that a database holds this version of it.
public enum SyncSchema {
    /// The version this build writes (`sessiond-sync schema`) and upgrades to.
    public static let version = 5
    /// The versions this build's sessiond-sync syncs with: version 5 changed only who
    /// may insert what, not what a sessiond-sync reads or writes, so every device's
    /// sessiond-sync is upgraded first, then the database.
    public static let readable = 4...version

    /// The channel the connected athlete's records and plans notify (`wakeUps`), made
    /// on first use: what `sessiond-sync` listens on.
    public static func wakeUpChannel(_ connection: PostgresConnection) throws(PostgresError) -> String {
        try connection.query("INSERT INTO sessiond_channel DEFAULT VALUES ON CONFLICT (athlete) DO NOTHING")
        guard let channel = try connection.query("SELECT channel FROM sessiond_channel WHERE athlete = current_user").first?.first ?? nil else {
            throw PostgresError(message: "sessiond_channel holds no channel for this role")
        }
        return channel
    }

    /// The schema. Each athlete's records are the rows under their login role
    /// (`athlete`, `current_user` when written); a record is keyed by its uid and kept
    /// whole as JSON, with the hybrid clock's reading of its last change. `seq` orders
    /// what pullers read: an upsert takes a new one, and an athlete's pushes take turns
    /// (the lock of their own `sessiond_channel` row, which no other athlete can see,
    /// so none can hold it: `Syncer.takeTurn`), so their rows commit in `seq` order and a
    /// puller reading past a cursor never skips a row committed later. Row-level
    /// security keeps each member of `sessiond_athlete` to their own rows, and lets a
    /// member of `sessiond_coach` read the records of the athletes who shared with them
    /// (`sessiond_share`) and write plans for them (`sessiond_plan`). An administrator
    /// (a superuser, or a role with BYPASSRLS) sees everything.
    public static let sql = """
        -- sessiond's sync schema, version \(version). Apply once as an administrator: sessiond-sync schema | psql
        BEGIN;
        \(roles)
        \(tables)
        \(sharing)
        \(checks)
        COMMIT;
        """

    /// The group roles, created when absent (roles belong to the cluster, not the
    /// database: another database's schema may have made them).
    static let roles = """
        DO $$
        BEGIN
            IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'sessiond_athlete') THEN
                CREATE ROLE sessiond_athlete NOLOGIN;
            END IF;
            IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'sessiond_coach') THEN
                CREATE ROLE sessiond_coach NOLOGIN;
            END IF;
        END
        $$;
        """

    /// The schema's version and the records.
    static let tables = """
        CREATE TABLE sessiond_schema (
            version integer NOT NULL,
            server_id text NOT NULL                  -- names this database in the pull cursor
        );
        INSERT INTO sessiond_schema (version, server_id) VALUES (\(version), md5(random()::text || clock_timestamp()::text));

        CREATE SEQUENCE sessiond_record_seq;
        CREATE TABLE sessiond_record (
            athlete name NOT NULL DEFAULT current_user,
            uid text NOT NULL,                       -- the record on every device: 32 hex digits
            entity text NOT NULL CHECK (entity <> ''),  -- session, set, health, plan…: whatever the daemon's feed names
            hlc text COLLATE "C" NOT NULL,           -- the hybrid clock's reading of its last change
            deleted boolean NOT NULL DEFAULT false,  -- a tombstone: final
            data jsonb,                              -- its state (NULL when deleted)
            device text NOT NULL,                    -- the device that pushed the change
            seq bigint NOT NULL DEFAULT nextval('sessiond_record_seq'),
            PRIMARY KEY (athlete, uid)
        );
        CREATE INDEX sessiond_record_by_seq ON sessiond_record (athlete, seq);
        """

    /// What a record written must be, so that a row no daemon wrote (by hand, or by a
    /// broken build) is refused when written rather than failing every reader: a reading
    /// as the daemon writes it (`HybridTimestamp.text`), and a state the views
    /// (`SyncViews`) can read: their casts, and what they do with the values (a week of
    /// the date, a time of the milliseconds). NOT VALID, so that an upgrade keeps the
    /// rows written before as they are (it counts those the views cannot read, in a
    /// notice); every row written from then on is checked.
    static let checks = """
        CREATE FUNCTION sessiond_record_readable(entity text, data jsonb) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
        BEGIN
            IF entity = 'session' THEN
                PERFORM date_trunc('week', (data->>'date')::date)::date, to_timestamp((data->>'startedAtMs')::bigint / 1000.0),
                        to_timestamp((data->>'endedAtMs')::bigint / 1000.0);
            ELSIF entity = 'set' THEN
                PERFORM (data->>'reps')::integer * (data->>'weightKg')::numeric, (data->>'e1rmKg')::numeric;
            ELSIF entity = 'plan' THEN
                PERFORM date_trunc('week', (data->>'weekStart')::date)::date, string_to_array(nullif(data->>'trainingDates', ''), ',')::date[];
            END IF;
            RETURN true;
        EXCEPTION WHEN others THEN
            RETURN false;
        END
        $$;
        ALTER TABLE sessiond_record ADD CONSTRAINT sessiond_record_hlc_check
            CHECK (hlc ~ '^[0-9]{13}-[0-9]{10}-[0-9a-f]{1,32}$') NOT VALID;
        ALTER TABLE sessiond_record ADD CONSTRAINT sessiond_record_data_check
            CHECK (deleted OR data IS NULL OR sessiond_record_readable(entity, data)) NOT VALID;
        DO $$
        DECLARE
            unreadable bigint;
        BEGIN
            SELECT count(*) INTO unreadable FROM sessiond_record WHERE NOT (deleted OR data IS NULL OR sessiond_record_readable(entity, data));
            IF unreadable > 0 THEN
                RAISE NOTICE '% records written before hold a state the views cannot read; list them with: SELECT athlete, uid, entity FROM sessiond_record WHERE NOT (deleted OR data IS NULL OR sessiond_record_readable(entity, data))', unreadable;
            END IF;
        END
        $$;
        """

    /// Why the database cannot be used, nil when it holds a version this build reads.
    public static func problem(_ connection: PostgresConnection) -> String? {
        do {
            let rows = try connection.query("SELECT version FROM sessiond_schema")
            guard let row = rows.first, let text = row.first ?? nil, let found = Int(text) else {
                return "the database's sessiond_schema table holds no version; apply the schema again (sessiond-sync schema | psql) into an empty database"
            }
            if found == 1 {
                return "the database holds sessiond's sync schema version 1, without row-level security; upgrade it in place once, as an administrator: sessiond-sync schema --upgrade | psql"
            }
            if found < readable.lowerBound {
                return "the database holds sessiond's sync schema version \(found); this sessiond-sync reads versions \(readable.lowerBound) to \(readable.upperBound). Upgrade it in place once, as an administrator: sessiond-sync schema --upgrade | psql"
            }
            if !readable.contains(found) {
                return "the database holds sessiond's sync schema version \(found); this sessiond-sync reads versions \(readable.lowerBound) to \(readable.upperBound) only. Use a sessiond-sync of that version, or a database of these"
            }
            return nil
        } catch {
            if error.state == "42P01" {
                return "the database has no sessiond schema; apply it once with: sessiond-sync schema | psql"
            }
            return "cannot read the schema version: \(error.message)"
        }
    }

    /// The id of the database (`sessiond_schema.server_id`).
    public static func serverID(_ connection: PostgresConnection) throws(PostgresError) -> String {
        let rows = try connection.query("SELECT server_id FROM sessiond_schema")
        guard let row = rows.first, let id = row.first ?? nil else {
            throw PostgresError(message: "the database's sessiond_schema table holds no server id")
        }
        return id
    }
}
