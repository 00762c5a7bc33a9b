import SessionCore
import JSON

/// `daemon.status`: what a health check or `sessionctl status --daemon` reads.
public enum DaemonStatus: MethodContract {
    public static let method = MethodDescription(
        name: "daemon.status", summary: "Version, uptime, the active plan and session, the database path, and the clients connected.")
    public typealias Params = NoParams

    @Coded
    public struct Result: CodedResult {
        public var version = ""
        public var uptimeSeconds = 0
        public var activePlanID: Int64?
        public var activeSessionID: Int64?
        /// The database file's path.
        public var database = ""
        /// The files the daemon holds open for the database (itself, its -wal and
        /// -shm) as `DEVICE:INODE` in decimal: a client on the same machine tells them
        /// under any name (`sessionctl backup` will not write over one). Nil from a
        /// daemon older than it.
        @Member(.omitted) public var databaseFiles: [String]?
        public var schemaVersion = 0
        /// Today in the daemon's time zone.
        public var today = LocalDate(daysSinceEpoch: 0)
        /// The daemon's time zone (an IANA name, as --timezone takes it).
        public var timeZone = ""
        /// Open client connections, the caller's included. This daemon always tells the
        /// three counts; they are nil from a daemon older than them (one still running
        /// after an upgrade), which a client then does without.
        @Member(.omitted) public var connections: Int?
        /// Connections that subscribed to events.
        @Member(.omitted) public var subscribers: Int?
        /// Request lines handed to the database and not answered yet (a batch counts
        /// once): requests waiting for another process's write lock stay here.
        @Member(.omitted) public var requestsAtDatabase: Int?
    }
}
