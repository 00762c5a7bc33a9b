import SessionCore
import JSON

/// `daemon.status`: what a health check or `sessionctl status --daemon` reads.
public enum DaemonStatus: MethodContract {
    public static let name = "daemon.status"
    public static let summary = "Version, uptime, the active plan and session, and the database path."
    public typealias Params = NoParams

    public struct Result: MethodResult, JSONObjectEncodable {
        public let version: String
        public let uptimeSeconds: Int
        public let activePlanID: Int64?
        public let activeSessionID: Int64?
        /// The database file's path.
        public let database: String
        public let schemaVersion: Int
        /// Today in the daemon's time zone.
        public let today: String
        /// The daemon's time zone (an IANA name, as --timezone takes it).
        public let timeZone: String

        public init(
            version: String, uptimeSeconds: Int, activePlanID: Int64?, activeSessionID: Int64?, database: String, schemaVersion: Int,
            today: String, timeZone: String
        ) {
            self.version = version
            self.uptimeSeconds = uptimeSeconds
            self.activePlanID = activePlanID
            self.activeSessionID = activeSessionID
            self.database = database
            self.schemaVersion = schemaVersion
            self.today = today
            self.timeZone = timeZone
        }

        public static let schema = Schema.object([
            "version": Schema.string, "uptimeSeconds": Schema.integer, "activePlanId": Schema.nullable(Schema.integer),
            "activeSessionId": Schema.nullable(Schema.integer), "database": Schema.string, "schemaVersion": Schema.integer,
            "today": Schema.date, "timeZone": Schema.string,
        ])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("version", version)
            writer.member("uptimeSeconds", uptimeSeconds)
            writer.member("activePlanId", activePlanID)
            writer.member("activeSessionId", activeSessionID)
            writer.member("database", database)
            writer.member("schemaVersion", schemaVersion)
            writer.member("today", today)
            writer.member("timeZone", timeZone)
        }

        public init(json: JSONValue) throws(JSONReadError) {
            let reader = try JSONReader(json)
            self.init(
                version: try reader.string("version"), uptimeSeconds: try reader.int("uptimeSeconds"),
                activePlanID: try reader.optionalID("activePlanId"), activeSessionID: try reader.optionalID("activeSessionId"),
                database: try reader.string("database"), schemaVersion: try reader.int("schemaVersion"), today: try reader.string("today"),
                timeZone: try reader.string("timeZone"))
        }
    }
}
