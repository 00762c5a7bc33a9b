/// The upgrade of a database that holds an earlier sync schema to this version, in
/// place: `sessiond-sync schema --upgrade | psql`, as an administrator. Version 2 added
/// row-level security, shares, queued plans and the views; version 3 counts sets and
/// volume in the views as the daemon does (warm-ups out, an assisted set's load as none),
/// refuses a record whose reading or state is not one the daemon writes, keeps an
/// athlete's shares (records since devices hand them to each other) from their coaches,
/// and wakes each athlete's sessiond-sync on a channel of their own; version 4 makes
/// the views count finished sessions only, as the daemon's summary does, grants an
/// athlete or a coach no table-level UPDATE or DELETE (`athleteGrants`, and
/// `ownGrantsTakenBack` of what they were granted as roles of their own: with them,
/// LOCK TABLE stalled everyone), so marks a share taken back instead of deleting it,
/// and is the version whose sessiond-sync merges a session's end
/// (`ConvergenceRule.merge`) and takes turns by a lock of the athlete's own row: an
/// earlier one, which would overwrite an end, refuses it; version 5 keeps an athlete
/// from queueing a plan under another author's name (`ownAuthorship`).
extension SyncSchema {
    /// The SQL: one transaction that refuses any database but one of version 1 to 4.
    /// It asks psql (`\gset`, `\if`) which steps the database needs, so one script
    /// serves all four. From version 1 every role that holds rows or may write them
    /// joins `sessiond_athlete` (superusers excepted), so each athlete goes on reading
    /// and writing their own rows, and only them. From versions 2 and 3 the views are
    /// made anew; a view of one's own built on them makes the upgrade fail, changing
    /// nothing, until it is dropped.
    public static let upgrade = """
        -- sessiond's sync schema: version 1, 2, 3 or 4 to \(version). Apply once as an administrator: sessiond-sync schema --upgrade | psql
        BEGIN;
        DO $$
        BEGIN
            IF coalesce((SELECT version FROM sessiond_schema) NOT IN (1, 2, 3, 4), true) THEN
                RAISE EXCEPTION 'this upgrades sessiond sync schema version 1, 2, 3 or 4 only; the database holds version %', (SELECT version FROM sessiond_schema);
            END IF;
        END
        $$;
        SELECT version = 1 AS sessiond_from_version_1, version = 3 AS sessiond_from_version_3, version = 4 AS sessiond_from_version_4
            FROM sessiond_schema \\gset
        \\if :sessiond_from_version_4
        \(ownAuthorship)
        \\elif :sessiond_from_version_3
        \(markedShares)
        \(dropViews)
        \(SyncViews.sql)
        \(ownAuthorship)
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
            END LOOP;
        END
        $$;
        \(checks)
        \\else
        \(wakeUps)
        \(markedShares)
        \(dropViews)
        \(SyncViews.sql)
        \(checks)
        \(ownAuthorship)
        \\endif
        \(ownGrantsTakenBack)
        UPDATE sessiond_schema SET version = \(version);
        COMMIT;
        """

    /// What an athlete or a coach was granted as a role of their own (version 1's
    /// athletes were granted UPDATE on the records; an administrator may have granted
    /// more) is taken back, and then checked: they hold what their group grants, no
    /// table-level UPDATE, DELETE, TRUNCATE, TRIGGER or REFERENCES, with which one of them
    /// could lock a table or make every other's writes fail. The tables' owner, the
    /// superusers and the roles that bypass row-level security keep theirs.
    static let ownGrantsTakenBack = """
        DO $$
        DECLARE
            member name;
            owner oid := (SELECT relowner FROM pg_class WHERE oid = 'sessiond_record'::regclass);
        BEGIN
            REVOKE ALL ON sessiond_record, sessiond_share, sessiond_plan, sessiond_channel FROM PUBLIC;
            FOR member IN
                SELECT r.rolname FROM pg_roles r
                WHERE NOT r.rolsuper AND NOT r.rolbypassrls AND r.oid <> owner AND r.rolname NOT IN ('sessiond_athlete', 'sessiond_coach')
                    AND (pg_has_role(r.oid, 'sessiond_athlete', 'MEMBER') OR pg_has_role(r.oid, 'sessiond_coach', 'MEMBER'))
            LOOP
                EXECUTE format('REVOKE ALL ON sessiond_record, sessiond_share, sessiond_plan, sessiond_channel FROM %I', member);
                IF EXISTS (SELECT FROM unnest(ARRAY['sessiond_record', 'sessiond_share', 'sessiond_plan', 'sessiond_channel']) AS t(name),
                               unnest(ARRAY['UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER', 'REFERENCES']) AS p(privilege)
                           WHERE has_table_privilege(member, t.name, p.privilege)) THEN
                    RAISE EXCEPTION 'role % still holds a table-level privilege on the sync tables (granted through another group?); take it back and upgrade again', member;
                END IF;
            END LOOP;
        END
        $$;
        """

    /// The views of versions 2 and 3, dropped to be made anew.
    static let dropViews = """
        DROP VIEW sessiond_week_adherence, sessiond_week_muscle, sessiond_lift_week, sessiond_last_session, sessiond_week,
            sessiond_session_set;
        """
}
