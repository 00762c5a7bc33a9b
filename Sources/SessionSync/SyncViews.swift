/// The views a coach or a planner backend reads, part of the schema: each computed from
/// the `jsonb` state of the 'session' and 'set' records (`SyncedSession`,
/// `SyncedSet`), tombstones left out. They are `security_invoker` views (PostgreSQL 15
/// or later), so the reader's row-level security applies: an athlete sees their own
/// figures, a coach those of the athletes who shared with them.
public enum SyncViews {
    /// The views' SQL, run inside the schema's transaction.
    public static let sql = """
        -- A session that counts: one not deleted; a set that counts: one not deleted in such a session.
        CREATE VIEW sessiond_session_set WITH (security_invoker = true) AS
            SELECT s.athlete, s.uid AS session_uid, (s.data->>'date')::date AS date,
                   t.uid AS set_uid, t.data->>'exerciseName' AS exercise, t.data->>'kind' AS kind,
                   (t.data->>'reps')::integer AS reps, (t.data->>'weightKg')::numeric AS weight_kg,
                   (t.data->>'e1rmKg')::numeric AS e1rm_kg
            FROM sessiond_record s
            JOIN sessiond_record t ON t.athlete = s.athlete AND t.entity = 'set' AND NOT t.deleted AND t.data->>'sessionUid' = s.uid
            WHERE s.entity = 'session' AND NOT s.deleted;

        -- Each athlete's weeks (Monday first): sessions, sets, volume = the sum of weight × reps.
        CREATE VIEW sessiond_week WITH (security_invoker = true) AS
            SELECT s.athlete, date_trunc('week', (s.data->>'date')::date)::date AS week,
                   count(DISTINCT s.uid) AS sessions, count(x.set_uid) AS sets,
                   coalesce(sum(x.weight_kg * x.reps), 0) AS volume_kg
            FROM sessiond_record s
            LEFT JOIN sessiond_session_set x ON x.athlete = s.athlete AND x.session_uid = s.uid
            WHERE s.entity = 'session' AND NOT s.deleted
            GROUP BY s.athlete, week;

        -- Each athlete's latest session (by its start), with its sets and volume.
        CREATE VIEW sessiond_last_session WITH (security_invoker = true) AS
            SELECT DISTINCT ON (s.athlete) s.athlete, s.uid AS session_uid, (s.data->>'date')::date AS date,
                   s.data->>'title' AS title, to_timestamp((s.data->>'startedAtMs')::bigint / 1000.0) AS started_at,
                   to_timestamp((s.data->>'endedAtMs')::bigint / 1000.0) AS ended_at,
                   (SELECT count(*) FROM sessiond_session_set x WHERE x.athlete = s.athlete AND x.session_uid = s.uid) AS sets,
                   (SELECT coalesce(sum(x.weight_kg * x.reps), 0) FROM sessiond_session_set x
                    WHERE x.athlete = s.athlete AND x.session_uid = s.uid) AS volume_kg
            FROM sessiond_record s
            WHERE s.entity = 'session' AND NOT s.deleted
            ORDER BY s.athlete, (s.data->>'startedAtMs')::bigint DESC;

        -- Each lift's progress: the best estimated one-repetition maximum (the daemon's
        -- Epley estimate of each counted set) per exercise and week.
        CREATE VIEW sessiond_lift_week WITH (security_invoker = true) AS
            SELECT athlete, exercise, date_trunc('week', date)::date AS week, max(e1rm_kg) AS best_e1rm_kg, count(*) AS sets
            FROM sessiond_session_set
            WHERE e1rm_kg IS NOT NULL
            GROUP BY athlete, exercise, week;

        GRANT SELECT ON sessiond_session_set, sessiond_week, sessiond_last_session, sessiond_lift_week
            TO sessiond_athlete, sessiond_coach;
        """
}
