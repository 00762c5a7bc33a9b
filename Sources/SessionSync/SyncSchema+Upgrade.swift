/// The upgrade of a database that holds sync schema version 1 (records without
/// row-level security) to this version, in place: `sessiond-sync schema --upgrade |
/// psql`, as an administrator.
extension SyncSchema {
    /// The SQL: one transaction that refuses any database but one of version 1. Every
    /// role that holds rows or may write them already joins `sessiond_athlete`
    /// (superusers excepted), so each athlete goes on reading and writing their own
    /// rows, and only them.
    public static let upgrade = """
        -- sessiond's sync schema: version 1 to \(version). Apply once as an administrator: sessiond-sync schema --upgrade | psql
        BEGIN;
        DO $$
        BEGIN
            IF (SELECT version FROM sessiond_schema) IS DISTINCT FROM 1 THEN
                RAISE EXCEPTION 'this upgrades sessiond sync schema version 1 only; the database holds version %', (SELECT version FROM sessiond_schema);
            END IF;
        END
        $$;
        \(roles)
        ALTER TABLE sessiond_record DROP CONSTRAINT IF EXISTS sessiond_record_entity_check;
        ALTER TABLE sessiond_record ADD CONSTRAINT sessiond_record_entity_check CHECK (entity <> '');
        UPDATE sessiond_schema SET version = \(version);
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
        COMMIT;
        """
}
