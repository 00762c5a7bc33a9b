import SessionCore

/// What sessiond-sync keeps in the daemon besides the cursors (migration 21): the roles
/// this athlete shares their records with, which sessiond-sync makes PostgreSQL's
/// `sessiond_share` match (a setting in the change feed, so every device of the
/// athlete's holds the same), and what its last rounds reported (`sessionctl sync status`).
public struct SyncState {
    let database: Database
    var connection: Connection { database.connection }

    /// The sync state of `database`.
    public init(_ database: Database) {
        self.database = database
    }

    /// The roles shared with, by name.
    public func shares() throws(StorageError) -> [String] {
        try database.wrap {
            try connection.prepare("SELECT role FROM sync_share ORDER BY role").rows { $0.text("role") }
        }
    }

    /// Adds a role to share with; false when it was shared with already.
    public func share(_ role: String, nowMs: Int64) throws(StorageError) -> Bool {
        try database.write([]) {
            try connection.run("INSERT INTO sync_share (role, added_at_ms) VALUES (?, ?) ON CONFLICT (role) DO NOTHING", [role, nowMs])
            guard connection.changes > 0 else { return false }
            try database.context.feedSetting(.share, key: role)
            return true
        }
    }

    /// Removes a role shared with; false when it was not shared with.
    public func unshare(_ role: String) throws(StorageError) -> Bool {
        try database.write([]) {
            try connection.run("DELETE FROM sync_share WHERE role = ?", [role])
            guard connection.changes > 0 else { return false }
            try database.context.feedSetting(.share, key: role, deleted: true)
            return true
        }
    }

    /// What sessiond-sync last reported.
    public struct Report: Sendable, Equatable {
        /// When the last push completed (Unix milliseconds), nil before the first.
        public var pushedAtMs: Int64?
        /// When the last pull completed, nil before the first.
        public var pulledAtMs: Int64?
        /// The last round's failure, nil when it had none.
        public var error: String?
        /// When that failure was reported.
        public var errorAtMs: Int64?

        /// A report of nothing yet.
        public init() {}
    }

    /// The stored report.
    public func report() throws(StorageError) -> Report {
        let report = try database.wrap {
            try connection.prepare("SELECT pushed_at_ms, pulled_at_ms, error, error_at_ms FROM sync_report WHERE id = 1").row { row in
                var report = Report()
                report.pushedAtMs = row.optionalInt64("pushed_at_ms")
                report.pulledAtMs = row.optionalInt64("pulled_at_ms")
                report.error = row.optionalText("error")
                report.errorAtMs = row.optionalInt64("error_at_ms")
                return report
            }
        }
        return report ?? Report()
    }

    /// Stores a round's outcome at `nowMs`: a completed push or pull moves its time; a
    /// failure is kept until a round reports none.
    public func record(pushed: Bool, pulled: Bool, error: String?, nowMs: Int64) throws(StorageError) {
        try database.write([]) {
            try connection.run("""
                UPDATE sync_report SET
                    pushed_at_ms = CASE WHEN ? THEN ? ELSE pushed_at_ms END,
                    pulled_at_ms = CASE WHEN ? THEN ? ELSE pulled_at_ms END,
                    error = ?, error_at_ms = CASE WHEN ? IS NULL THEN NULL ELSE ? END
                WHERE id = 1
                """, [pushed, nowMs, pulled, nowMs, error, error, nowMs])
        }
    }
}
