/// The PostgreSQL side: the SQL an administrator applies once (`sessiond-sync schema |
/// psql`), and the check that a database holds this version of it.
public enum SyncSchema {
    /// The version this build reads and writes; a database of another is refused.
    public static let version = 1

    /// The schema. Each athlete's records are the rows under their login role
    /// (`athlete`, `current_user` when written); a record is keyed by its uid and kept
    /// whole as JSON, with the hybrid clock's reading of its last change. `seq` orders
    /// what pullers read: an upsert takes a new one, and an athlete's pushes take turns
    /// (a transaction-scoped advisory lock), so their rows commit in `seq` order and a
    /// puller reading past a cursor never skips a row committed later.
    public static let sql = """
        -- sessiond's sync schema, version \(version). Apply once: sessiond-sync schema | psql
        BEGIN;
        CREATE TABLE sessiond_schema (
            version integer NOT NULL,
            server_id text NOT NULL                  -- names this database in the pull cursor
        );
        INSERT INTO sessiond_schema (version, server_id) VALUES (\(version), md5(random()::text || clock_timestamp()::text));
        CREATE SEQUENCE sessiond_record_seq;
        CREATE TABLE sessiond_record (
            athlete name NOT NULL DEFAULT current_user,
            uid text NOT NULL,                       -- the record on every device: 32 hex digits
            entity text NOT NULL CHECK (entity IN ('session', 'set', 'health')),
            hlc text COLLATE "C" NOT NULL,           -- the hybrid clock's reading of its last change
            deleted boolean NOT NULL DEFAULT false,  -- a tombstone: final
            data jsonb,                              -- its state (NULL when deleted)
            device text NOT NULL,                    -- the device that pushed the change
            seq bigint NOT NULL DEFAULT nextval('sessiond_record_seq'),
            PRIMARY KEY (athlete, uid)
        );
        CREATE INDEX sessiond_record_by_seq ON sessiond_record (athlete, seq);
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
