import SessionCore
import JSON

/// `daemon.status`: what a health check or `sessionctl status --daemon` reads.
public enum DaemonStatus: MethodContract {
    public static let name = "daemon.status"
    public static let summary = "Version, uptime, the active plan and session, the database path, and the clients connected."
    public typealias Params = NoParams

    public struct Result: CodedResult {
        public var version = ""
        public var uptimeSeconds = 0
        public var activePlanID: Int64?
        public var activeSessionID: Int64?
        /// The database file's path.
        public var database = ""
        public var schemaVersion = 0
        /// Today in the daemon's time zone.
        public var today = LocalDate(daysSinceEpoch: 0)
        /// The daemon's time zone (an IANA name, as --timezone takes it).
        public var timeZone = ""
        /// Open client connections, the caller's included. This daemon always tells the
        /// three counts; they are nil from a daemon older than them (one still running
        /// after an upgrade), which a client then does without.
        public var connections: Int?
        /// Connections that subscribed to events.
        public var subscribers: Int?
        /// Request lines handed to the database and not answered yet (a batch counts
        /// once): requests waiting for another process's write lock stay here.
        public var requestsAtDatabase: Int?

        public init() {}

        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.string("version", &version)
            try coder.int("uptimeSeconds", &uptimeSeconds)
            try coder.id("activePlanId", &activePlanID)
            try coder.id("activeSessionId", &activeSessionID)
            try coder.string("database", &database)
            try coder.int("schemaVersion", &schemaVersion)
            try coder.date("today", &today)
            try coder.string("timeZone", &timeZone)
            try coder.omitted("connections", &connections)
            try coder.omitted("subscribers", &subscribers)
            try coder.omitted("requestsAtDatabase", &requestsAtDatabase)
        }
    }
}
