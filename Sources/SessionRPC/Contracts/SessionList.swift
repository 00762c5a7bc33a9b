import SessionCore
import JSON

/// `session.list`: sessions, newest first.
public enum SessionList: MethodContract {
    public static let name = "session.list"
    public static let summary = "Sessions, newest first."
    public typealias Result = ResultList<Listing>

    public struct Params: MethodParams {
        /// First and last date, inclusive.
        public var from: LocalDate?
        public var to: LocalDate?
        public var limit: Int?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.date("from", &from, "first date (inclusive)")
            coder.date("to", &to, "last date (inclusive)")
            coder.int("limit", &limit, in: SessionLimits.listLimit, "at most this many (default \(SessionLimits.listDefault))")
        }
    }

    /// One session of the list.
    public struct Listing: ResultItem, Equatable {
        public let sessionID: Int64
        public let date: String
        public let title: String
        public let state: SessionSnapshot.State
        public let startedAt: String
        public let durationSeconds: Int
        public let sets: Int
        public let volumeKg: Double

        public init(sessionID: Int64, date: String, title: String, state: SessionSnapshot.State, startedAt: String, durationSeconds: Int, sets: Int, volumeKg: Double) {
            self.sessionID = sessionID
            self.date = date
            self.title = title
            self.state = state
            self.startedAt = startedAt
            self.durationSeconds = durationSeconds
            self.sets = sets
            self.volumeKg = volumeKg
        }

        public static let schema = Schema.object([
            "sessionId": Schema.integer, "date": Schema.date, "title": Schema.string, "state": SessionSnapshot.State.schema,
            "startedAt": Schema.timestamp, "durationSeconds": Schema.integer, "sets": Schema.integer, "volumeKg": Schema.number,
        ])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("sessionId", sessionID)
            writer.member("date", date)
            writer.member("title", title)
            writer.member("state", state.rawValue)
            writer.member("startedAt", startedAt)
            writer.member("durationSeconds", durationSeconds)
            writer.member("sets", sets)
            writer.member("volumeKg", volumeKg)
        }

        public init(reader: JSONReader) throws(JSONReadError) {
            self.init(
                sessionID: try reader.id("sessionId"), date: try reader.string("date"), title: try reader.string("title"), state: try SessionSnapshot.State(reader: reader),
                startedAt: try reader.string("startedAt"), durationSeconds: try reader.int("durationSeconds"), sets: try reader.int("sets"),
                volumeKg: try reader.number("volumeKg"))
        }
    }
}
