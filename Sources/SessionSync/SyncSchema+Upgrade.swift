/// The upgrade of a database that holds an earlier sync schema to this version, in
/// place: `sessiond-sync schema --upgrade | psql`, as an administrator. Version 2 added
/// row-level security, shares, queued plans and the views; version 3 counts sets and
/// volume in the views as the daemon does (warm-ups out, an assisted set's load as none),
/// refuses a record whose reading or state is not one the daemon writes, keeps an
/// athlete's shares (records since devices hand them to each other) from their coaches,
/// and wakes each athlete's sessiond-sync on a channel of their own; version 4 makes
/// the views count finished sessions only, as the daemon's summary does, grants an
/// athlete no table-level UPDATE or DELETE (`athleteGrants`: with them, LOCK TABLE
/// stalled everyone), so marks a share taken back instead of deleting it, and is the
/// version whose sessiond-sync merges a session's end (`ConvergenceRule.merge`) and
/// takes turns by a lock named by the athlete's secret channel: an earlier one, which
/// would overwrite an end, refuses it.
extension SyncSchema {
    /// The SQL: one transaction that refuses any database but one of version 1, 2 or 3.
    /// It asks psql (`\gset`, `\if`) which steps the database needs, so one script
    /// serves all three. From version 1 every role that holds rows or may write them
    /// joins `sessiond_athlete` (superusers excepted), so each athlete goes on reading
    /// and writing their own rows, and only them. From versions 2 and 3 the views are
    /// made anew; a view of one's own built on them makes the upgrade fail, changing
    /// nothing, until it is dropped.
    public static let upgrade = """
        -- sessiond's sync schema: version 1, 2 or 3 to \(version). Apply once as an administrator: sessiond-sync schema --upgrade | psql
        BEGIN;
        DO $$
        BEGIN
            IF coalesce((SELECT version FROM sessiond_schema) NOT IN (1, 2, 3), true) THEN
                RAISE EXCEPTION 'this upgrades sessiond sync schema version 1, 2 or 3 only; the database holds version %', (SELECT version FROM sessiond_schema);
            END IF;
        END
        $$;
        SELECT version = 1 AS sessiond_from_version_1, version = 3 AS sessiond_from_version_3 FROM sessiond_schema \\gset
        \\if :sessiond_from_version_3
        \(markedShares)
        \(dropViews)
        \(SyncViews.sql)
        \\elif :sessiond_from_version_1
        \(roles)
        ALTER TABLE sessiond_record DROP CONSTRAINT IF EXISTS sessiond_record_entity_check;
        ALTER TABLE sessiond_record ADD CONSTRAINT sessiond_record_entity_check CHECK (entity <> '');
        \(sharing)
        DO $$
        DECLARE
            holder name;
        BEGIN
            FOR holder IN
                SELECT p.rolname FROM pg_roles p
                WHERE NOT p.rolsuper AND p.rolname NOT IN ('sessiond_athlete', 'sessiond_coach') AND p.rolname !~ '^pg_'
                    AND (has_table_privilege(p.oid, 'sessiond_record', 'INSERT') OR p.rolname IN (SELECT athlete FROM sessiond_record))
            LOOP
                EXECUTE format('GRANT sessiond_athlete TO %I', holder);
                -- What the group grants instead (`athleteGrants`): a table-level UPDATE
                -- of their own would let them lock the table.
                EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON sessiond_record FROM %I', holder);
            END LOOP;
        END
        $$;
        \(checks)
        \\else
        \(markedShares)
        \(wakeUps)
        \(dropViews)
        \(SyncViews.sql)
        \(checks)
        \\endif
        UPDATE sessiond_schema SET version = \(version);
        COMMIT;
        """

    /// The views of versions 2 and 3, dropped to be made anew.
    static let dropViews = """
        DROP VIEW sessiond_week_adherence, sessiond_week_muscle, sessiond_lift_week, sessiond_last_session, sessiond_week,
            sessiond_session_set;
        """
}
