/// The PostgreSQL side: the SQL an administrator applies once (`sessiond-sync schema |
/// psql`), and the check that a database holds this version of it.
public enum SyncSchema {
    /// The version this build reads and writes; a database of another is refused.
    public static let version = 2

    /// The channel `sessiond-sync` listens on: every insert or change of a record, and
    /// every plan written, notifies it with the athlete's role name as the payload.
    public static let channel = "sessiond"

    /// The schema. Each athlete's records are the rows under their login role
    /// (`athlete`, `current_user` when written); a record is keyed by its uid and kept
    /// whole as JSON, with the hybrid clock's reading of its last change. `seq` orders
    /// what pullers read: an upsert takes a new one, and an athlete's pushes take turns
    /// (a transaction-scoped advisory lock), so their rows commit in `seq` order and a
    /// puller reading past a cursor never skips a row committed later. Row-level
    /// security keeps each member of `sessiond_athlete` to their own rows, and lets a
    /// member of `sessiond_coach` read the records of the athletes who shared with them
    /// (`sessiond_share`) and write plans for them (`sessiond_plan`). An administrator
    /// (a superuser, or a role with BYPASSRLS) sees everything.
    public static let sql = """
        -- sessiond's sync schema, version \(version). Apply once as an administrator: sessiond-sync schema | psql
        BEGIN;
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

        CREATE TABLE sessiond_schema (
            version integer NOT NULL,
            server_id text NOT NULL                  -- names this database in the pull cursor
        );
        INSERT INTO sessiond_schema (version, server_id) VALUES (\(version), md5(random()::text || clock_timestamp()::text));
        GRANT SELECT ON sessiond_schema TO sessiond_athlete, sessiond_coach;

        CREATE SEQUENCE sessiond_record_seq;
        GRANT USAGE ON SEQUENCE sessiond_record_seq TO sessiond_athlete;
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
        CREATE INDEX sessiond_record_by_session ON sessiond_record (athlete, (data->>'sessionUid')) WHERE entity = 'set';

        -- Who may read whose records: written by the athlete (sessionctl sync share ROLE).
        CREATE TABLE sessiond_share (
            athlete name NOT NULL DEFAULT current_user,
            coach name NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (athlete, coach)
        );
        CREATE INDEX sessiond_share_by_coach ON sessiond_share (coach, athlete);

        -- Plans a coach or a planner backend wrote for an athlete, delivered to the
        -- athlete's daemon by their sessiond-sync (plan.import), or refused with its error.
        CREATE TABLE sessiond_plan (
            athlete name NOT NULL,
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            body jsonb NOT NULL,                     -- the plan as sessionctl plan import takes it
            created_by name NOT NULL DEFAULT current_user,
            created_at timestamptz NOT NULL DEFAULT now(),
            delivered_at timestamptz,                -- when the daemon stored and activated it
            plan_id bigint,                          -- its id in the daemon
            error text,                              -- why the daemon refused it: never offered again
            CHECK (delivered_at IS NULL OR error IS NULL)
        );
        CREATE INDEX sessiond_plan_waiting ON sessiond_plan (athlete, id) WHERE delivered_at IS NULL AND error IS NULL;

        ALTER TABLE sessiond_record ENABLE ROW LEVEL SECURITY;
        ALTER TABLE sessiond_record FORCE ROW LEVEL SECURITY;
        CREATE POLICY athlete_own ON sessiond_record TO sessiond_athlete
            USING (athlete = current_user) WITH CHECK (athlete = current_user);
        CREATE POLICY coach_shared ON sessiond_record FOR SELECT TO sessiond_coach
            USING (EXISTS (SELECT FROM sessiond_share s WHERE s.athlete = sessiond_record.athlete AND s.coach = current_user));
        GRANT SELECT, INSERT, UPDATE, DELETE ON sessiond_record TO sessiond_athlete;
        GRANT SELECT ON sessiond_record TO sessiond_coach;

        ALTER TABLE sessiond_share ENABLE ROW LEVEL SECURITY;
        ALTER TABLE sessiond_share FORCE ROW LEVEL SECURITY;
        CREATE POLICY athlete_own ON sessiond_share TO sessiond_athlete
            USING (athlete = current_user) WITH CHECK (athlete = current_user);
        CREATE POLICY coach_own ON sessiond_share FOR SELECT TO sessiond_coach USING (coach = current_user);
        GRANT SELECT, INSERT, UPDATE, DELETE ON sessiond_share TO sessiond_athlete;
        GRANT SELECT ON sessiond_share TO sessiond_coach;

        ALTER TABLE sessiond_plan ENABLE ROW LEVEL SECURITY;
        ALTER TABLE sessiond_plan FORCE ROW LEVEL SECURITY;
        CREATE POLICY athlete_own ON sessiond_plan TO sessiond_athlete
            USING (athlete = current_user) WITH CHECK (athlete = current_user);
        CREATE POLICY coach_reads ON sessiond_plan FOR SELECT TO sessiond_coach
            USING (created_by = current_user AND EXISTS (SELECT FROM sessiond_share s WHERE s.athlete = sessiond_plan.athlete AND s.coach = current_user));
        CREATE POLICY coach_writes ON sessiond_plan FOR INSERT TO sessiond_coach
            WITH CHECK (created_by = current_user AND EXISTS (SELECT FROM sessiond_share s WHERE s.athlete = sessiond_plan.athlete AND s.coach = current_user));
        GRANT SELECT, INSERT, UPDATE ON sessiond_plan TO sessiond_athlete;
        GRANT SELECT, INSERT ON sessiond_plan TO sessiond_coach;

        -- Wake-ups: a listener hears the athlete whose records or plans changed.
        CREATE FUNCTION sessiond_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('\(channel)', NEW.athlete::text);
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER sessiond_record_notify AFTER INSERT OR UPDATE ON sessiond_record
            FOR EACH ROW EXECUTE FUNCTION sessiond_notify();
        CREATE TRIGGER sessiond_plan_notify AFTER INSERT ON sessiond_plan
            FOR EACH ROW EXECUTE FUNCTION sessiond_notify();

        \(SyncViews.sql)
        COMMIT;
        """

    /// Why the database cannot be used, nil when it holds this version.
    public static func problem(_ connection: PostgresConnection) -> String? {
        do {
            let rows = try connection.query("SELECT version FROM sessiond_schema")
            guard let row = rows.first, let text = row.first ?? nil, let found = Int(text) else {
                return "the database's sessiond_schema table holds no version; apply the schema again (sessiond-sync schema | psql) into an empty database"
            }
            if found != version {
                return "the database holds sessiond's sync schema version \(found); this sessiond-sync reads version \(version) only. Use a sessiond-sync of that version, or a database of this one"
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
