import JSON
import SessionCore
import SessionRPC

extension Syncer {
    /// Makes this athlete's shares in `sessiond_share` the roles the daemon keeps
    /// (`sessionctl sync share`): a role added reads the athlete's records from now, a
    /// role removed reads nothing more (its row is marked `revoked`: an athlete deletes
    /// nothing, see `SyncSchema.athleteGrants`). Written only when they differ.
    func matchShares() throws {
        let wanted = try call(SyncStatus.self, NoParams()).shares.sorted()
        let held = try postgres.query("SELECT coach::text FROM sessiond_share WHERE athlete = current_user AND NOT revoked ORDER BY coach")
            .compactMap { $0.first ?? nil }
        guard held != wanted else { return }
        let roles = JSONValue.array(wanted.map { .string($0) }).jsonText
        try postgres.transaction {
            try postgres.query("""
                UPDATE sessiond_share SET revoked = true WHERE athlete = current_user AND NOT revoked
                    AND coach::text NOT IN (SELECT jsonb_array_elements_text($1::jsonb))
                """, [roles])
            try postgres.query("""
                INSERT INTO sessiond_share (coach) SELECT jsonb_array_elements_text($1::jsonb)::name
                ON CONFLICT (athlete, coach) DO UPDATE SET revoked = false, created_at = now() WHERE sessiond_share.revoked
                """, [roles])
        }
    }
}
