-- sessiond's sync schema, version 4. Apply once as an administrator: sessiond-sync schema | psql
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
INSERT INTO sessiond_schema (version, server_id) VALUES (4, md5(random()::text || clock_timestamp()::text));

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
GRANT SELECT ON sessiond_schema TO sessiond_athlete, sessiond_coach;
GRANT USAGE ON SEQUENCE sessiond_record_seq TO sessiond_athlete;
CREATE INDEX sessiond_record_by_session ON sessiond_record (athlete, (data->>'sessionUid')) WHERE entity = 'set';

-- Who may read whose records: written by the athlete (sessionctl sync share ROLE).
CREATE TABLE sessiond_share (
    athlete name NOT NULL DEFAULT current_user,
    coach name NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),   -- when shared, or shared again
    revoked boolean NOT NULL DEFAULT false,          -- taken back (sessionctl sync unshare)
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
    USING (entity <> 'share' AND EXISTS (SELECT FROM sessiond_share s WHERE s.athlete = sessiond_record.athlete AND s.coach = current_user AND NOT s.revoked));
GRANT SELECT ON sessiond_record TO sessiond_coach;

ALTER TABLE sessiond_share ENABLE ROW LEVEL SECURITY;
ALTER TABLE sessiond_share FORCE ROW LEVEL SECURITY;
CREATE POLICY athlete_own ON sessiond_share TO sessiond_athlete
    USING (athlete = current_user) WITH CHECK (athlete = current_user);
CREATE POLICY coach_own ON sessiond_share FOR SELECT TO sessiond_coach USING (coach = current_user AND NOT revoked);
GRANT SELECT ON sessiond_share TO sessiond_coach;

ALTER TABLE sessiond_plan ENABLE ROW LEVEL SECURITY;
ALTER TABLE sessiond_plan FORCE ROW LEVEL SECURITY;
CREATE POLICY athlete_own ON sessiond_plan TO sessiond_athlete
    USING (athlete = current_user) WITH CHECK (athlete = current_user);
CREATE POLICY coach_reads ON sessiond_plan FOR SELECT TO sessiond_coach USING (created_by = current_user AND EXISTS (SELECT FROM sessiond_share s WHERE s.athlete = sessiond_plan.athlete AND s.coach = current_user AND NOT s.revoked));
CREATE POLICY coach_writes ON sessiond_plan FOR INSERT TO sessiond_coach WITH CHECK (created_by = current_user AND EXISTS (SELECT FROM sessiond_share s WHERE s.athlete = sessiond_plan.athlete AND s.coach = current_user AND NOT s.revoked));
GRANT SELECT, INSERT ON sessiond_plan TO sessiond_coach;
REVOKE UPDATE, DELETE ON sessiond_record, sessiond_share, sessiond_plan FROM sessiond_athlete;
GRANT SELECT, INSERT ON sessiond_record, sessiond_share, sessiond_plan TO sessiond_athlete;
GRANT UPDATE (hlc, deleted, data, device, seq) ON sessiond_record TO sessiond_athlete;
GRANT UPDATE (revoked, created_at) ON sessiond_share TO sessiond_athlete;
GRANT UPDATE (delivered_at, plan_id, error) ON sessiond_plan TO sessiond_athlete;

CREATE TABLE sessiond_channel (
    athlete name PRIMARY KEY DEFAULT current_user,
    channel text NOT NULL DEFAULT 'sessiond_' || replace(gen_random_uuid()::text, '-', '')
);
ALTER TABLE sessiond_channel ENABLE ROW LEVEL SECURITY;
CREATE POLICY athlete_own ON sessiond_channel TO sessiond_athlete
    USING (athlete = current_user) WITH CHECK (athlete = current_user);
GRANT SELECT, INSERT ON sessiond_channel TO sessiond_athlete;
GRANT UPDATE (athlete) ON sessiond_channel TO sessiond_athlete;
CREATE OR REPLACE FUNCTION sessiond_notify() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    secret text;
BEGIN
    EXECUTE format('SELECT channel FROM %I.sessiond_channel WHERE athlete = $1', TG_TABLE_SCHEMA) INTO secret USING NEW.athlete;
    IF secret IS NOT NULL THEN
        PERFORM pg_notify(secret, '');
    END IF;
    RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION sessiond_notify() FROM PUBLIC;
CREATE TRIGGER sessiond_record_notify AFTER INSERT OR UPDATE ON sessiond_record
    FOR EACH ROW EXECUTE FUNCTION sessiond_notify();
CREATE TRIGGER sessiond_plan_notify AFTER INSERT ON sessiond_plan
    FOR EACH ROW EXECUTE FUNCTION sessiond_notify();

-- Each set of a finished session, both not deleted. `counted`: not a warm-up, as the daemon
-- counts sets; `volume_kg`: what it adds to volume, reps × the load beyond the body
-- (none for an assisted set, whose weight below zero is help, nor for a warm-up).
CREATE VIEW sessiond_session_set WITH (security_invoker = true) AS
    SELECT s.athlete, s.uid AS session_uid, (s.data->>'date')::date AS date,
           t.uid AS set_uid, t.data->>'exerciseName' AS exercise, t.data->>'kind' AS kind,
           (t.data->>'reps')::integer AS reps, (t.data->>'weightKg')::numeric AS weight_kg,
           (t.data->>'e1rmKg')::numeric AS e1rm_kg, t.data->>'muscles' AS muscles,
           t.data->>'kind' IS DISTINCT FROM 'warmup' AS counted,
           CASE WHEN t.data->>'kind' IS DISTINCT FROM 'warmup'
                THEN (t.data->>'reps')::integer * greatest((t.data->>'weightKg')::numeric, 0) END AS volume_kg
    FROM sessiond_record s
    JOIN sessiond_record t ON t.athlete = s.athlete AND t.entity = 'set' AND NOT t.deleted AND t.data->>'sessionUid' = s.uid
    WHERE s.entity = 'session' AND NOT s.deleted AND s.data->>'endedAtMs' IS NOT NULL;

-- Each athlete's weeks (Monday first): finished sessions, counted sets and their volume.
CREATE VIEW sessiond_week WITH (security_invoker = true) AS
    SELECT s.athlete, date_trunc('week', (s.data->>'date')::date)::date AS week,
           count(DISTINCT s.uid) AS sessions, count(x.set_uid) FILTER (WHERE x.counted) AS sets,
           coalesce(sum(x.volume_kg), 0) AS volume_kg
    FROM sessiond_record s
    LEFT JOIN sessiond_session_set x ON x.athlete = s.athlete AND x.session_uid = s.uid
    WHERE s.entity = 'session' AND NOT s.deleted AND s.data->>'endedAtMs' IS NOT NULL
    GROUP BY s.athlete, week;

-- Each athlete's latest finished session (by its start), with its counted sets and
-- their volume: the latest found first, then the sets of that one alone.
CREATE VIEW sessiond_last_session WITH (security_invoker = true) AS
    SELECT l.athlete, l.uid AS session_uid, (l.data->>'date')::date AS date,
           l.data->>'title' AS title, to_timestamp((l.data->>'startedAtMs')::bigint / 1000.0) AS started_at,
           to_timestamp((l.data->>'endedAtMs')::bigint / 1000.0) AS ended_at,
           count(x.set_uid) FILTER (WHERE x.counted) AS sets, coalesce(sum(x.volume_kg), 0) AS volume_kg
    FROM (SELECT DISTINCT ON (s.athlete) s.athlete, s.uid, s.data
          FROM sessiond_record s
          WHERE s.entity = 'session' AND NOT s.deleted AND s.data->>'endedAtMs' IS NOT NULL
          ORDER BY s.athlete, (s.data->>'startedAtMs')::bigint DESC) l
    LEFT JOIN sessiond_session_set x ON x.athlete = l.athlete AND x.session_uid = l.uid
    GROUP BY l.athlete, l.uid, l.data;

-- Each lift's progress: the best estimated one-repetition maximum (the daemon's
-- Epley estimate of each counted set) per exercise and week.
CREATE VIEW sessiond_lift_week WITH (security_invoker = true) AS
    SELECT athlete, exercise, date_trunc('week', date)::date AS week, max(e1rm_kg) AS best_e1rm_kg, count(*) AS sets
    FROM sessiond_session_set
    WHERE counted AND e1rm_kg IS NOT NULL
    GROUP BY athlete, exercise, week;

-- Each week's sets per muscle group: a set counts once for each primary muscle
-- group of its exercise, as the device that logged it knew them.
CREATE VIEW sessiond_week_muscle WITH (security_invoker = true) AS
    SELECT x.athlete, date_trunc('week', x.date)::date AS week, m.muscle, count(*) AS sets
    FROM sessiond_session_set x
    CROSS JOIN LATERAL unnest(string_to_array(x.muscles, ',')) AS m(muscle)
    WHERE x.counted
    GROUP BY x.athlete, week, m.muscle;

-- Each week's adherence to its plan: the plan of the week's latest activation (by
-- the hybrid clock, as the devices follow it), the dates it trains, and those of
-- them with a finished session.
CREATE VIEW sessiond_week_adherence WITH (security_invoker = true) AS
    WITH plan AS (
        SELECT DISTINCT ON (p.athlete, (p.data->>'weekStart')::date)
               p.athlete, (p.data->>'weekStart')::date AS week, p.uid AS plan_uid, p.data->>'name' AS plan,
               coalesce(string_to_array(nullif(p.data->>'trainingDates', ''), ',')::date[], '{}') AS planned
        FROM sessiond_record p
        JOIN sessiond_record e ON e.athlete = p.athlete AND e.entity = 'planEvent' AND NOT e.deleted
            AND e.data->>'kind' = 'activate' AND e.data->>'planUid' = p.uid
        WHERE p.entity = 'plan' AND NOT p.deleted
        ORDER BY p.athlete, (p.data->>'weekStart')::date, e.hlc DESC, e.uid DESC
    )
    SELECT plan.athlete, plan.week, plan.plan, cardinality(plan.planned) AS planned_days,
           (SELECT count(DISTINCT (s.data->>'date')::date) FROM sessiond_record s
            WHERE s.athlete = plan.athlete AND s.entity = 'session' AND NOT s.deleted AND s.data->>'endedAtMs' IS NOT NULL
              AND (s.data->>'date')::date = ANY (plan.planned)) AS trained_days
    FROM plan;

GRANT SELECT ON sessiond_session_set, sessiond_week, sessiond_last_session, sessiond_lift_week, sessiond_week_muscle,
    sessiond_week_adherence TO sessiond_athlete, sessiond_coach;
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
COMMIT;
