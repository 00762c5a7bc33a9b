import SessionCore

/// `session.abort`: discards the session and its sets.
public enum SessionAbort: MethodContract {
    public static let name = "session.abort"
    public static let summary = "Discard the session and its sets: kept nowhere, excluded from summaries."

    /// Which session: by default the active one.
    public struct Params: MethodParams {
        public var sessionID: Int64?

        public init(sessionID: Int64? = nil) { self.sessionID = sessionID }

        public static let specs = [CommonParams.sessionID]

        public init(from params: inout SessionRPC.Params, context: DecodingContext) throws(RPCError) {
            sessionID = params.id("sessionId")
            try params.check()
        }

        public var json: JSONValue { .object(sessionID.map { [(key: "sessionId", value: JSONValue(Int($0)))] } ?? []) }
    }

    public struct Result: MethodResult, JSONObjectEncodable {
        public let sessionID: Int64

        public init(sessionID: Int64) { self.sessionID = sessionID }

        public static let schema = Schema.object(["sessionId": Schema.integer, "discarded": Schema.boolean])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("sessionId", sessionID)
            writer.member("discarded", true)
        }

        public init(json: JSONValue) throws(ResultDecodingError) {
            self.init(sessionID: try ResultReader(json).id("sessionId"))
        }
    }
}
