import SessionCore
import JSON

/// `session.abort`: discards the session and its sets.
public enum SessionAbort: MethodContract {
    public static let name = "session.abort"
    public static let summary = "Discard the session and its sets: kept nowhere, excluded from summaries."

    public typealias Params = SessionSelector

    public struct Result: MethodResult, JSONObjectEncodable {
        public let sessionID: Int64

        public init(sessionID: Int64) { self.sessionID = sessionID }

        public static let schema = Schema.object(["sessionId": Schema.integer, "discarded": Schema.boolean])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("sessionId", sessionID)
            writer.member("discarded", true)
        }

        public init(json: JSONValue) throws(JSONReadError) {
            self.init(sessionID: try JSONReader(json).id("sessionId"))
        }
    }
}
