import SessionCore
import JSON

/// `session.undo`: removes a set (default: the last set of the active session).
public enum SessionUndo: MethodContract {
    public static let name = "session.undo"
    public static let summary = "Remove a set (default: the last set of the active session)."

    public struct Params: MethodParams {
        public var setID: Int64?
        /// Needed to remove a set of a finished session: its history changes.
        public var confirm: Bool?

        public init() {}

        public init(setID: Int64?) { self.setID = setID }

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.id("setId", &setID, "the set to remove")
            coder.bool("confirm", &confirm, "true to remove a set of a finished session (its history changes)")
        }
    }

    /// The set removed.
    public struct Result: MethodResult, JSONObjectEncodable {
        public let setID: Int64
        public let sessionID: Int64
        public let exercise: String
        public let setNumber: Int

        public init(setID: Int64, sessionID: Int64, exercise: String, setNumber: Int) {
            self.setID = setID
            self.sessionID = sessionID
            self.exercise = exercise
            self.setNumber = setNumber
        }

        public static let schema = Schema.object([
            "setId": Schema.integer, "sessionId": Schema.integer, "exercise": Schema.string, "setNumber": Schema.integer,
        ])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("setId", setID)
            writer.member("sessionId", sessionID)
            writer.member("exercise", exercise)
            writer.member("setNumber", setNumber)
        }

        public init(json: JSONValue) throws(JSONReadError) {
            let reader = try JSONReader(json)
            self.init(setID: try reader.id("setId"), sessionID: try reader.id("sessionId"), exercise: try reader.string("exercise"),
                      setNumber: try reader.int("setNumber"))
        }
    }
}
