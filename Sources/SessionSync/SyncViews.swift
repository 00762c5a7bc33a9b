/// The views a coach or a planner backend reads, part of the schema: each computed from
/// the `jsonb` state of the 'session', 'set', 'plan' and 'planEvent' records
/// (`SyncedSession`, `SyncedSet`, `SyncedPlan`, `SyncedPlanEvent`), tombstones left out,
/// and, as the daemon's own summary counts them, only finished sessions (one still
/// running counts once it ends). They are `security_invoker` views (PostgreSQL 15
/// or later), so the reader's row-level security applies: an athlete sees their own
/// figures, a coach those of the athletes who shared with them.
public enum SyncViews {
    /// The views' SQL, run inside the schema's transaction.
    public static let sql = """
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
        """
}
