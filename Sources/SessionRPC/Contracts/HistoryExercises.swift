import SessionCore
import JSON

/// `history.exercises`: every exercise ever logged, most recent first — what names a
/// person has used, for matching typed names and completion.
public enum HistoryExercises: MethodContract {
    public static let name = "history.exercises"
    public static let summary = "Every exercise ever logged (as last named), with its set count, most recently logged first."
    public typealias Result = ResultList<Exercise>

    public struct Params: MethodParams {
        public var limit: Int?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.int("limit", &limit, in: SessionLimits.listLimit, "at most this many (default 1000)")
        }
    }

    /// One exercise of the history.
    public struct Exercise: ResultItem, Equatable {
        public let name: String
        /// Sets logged of it, warm-ups included.
        public let sets: Int
        public let lastLoggedAt: String

        public init(name: String, sets: Int, lastLoggedAt: String) {
            self.name = name
            self.sets = sets
            self.lastLoggedAt = lastLoggedAt
        }

        public static let schema = Schema.object(["name": Schema.string, "sets": Schema.integer, "lastLoggedAt": Schema.timestamp])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("name", name)
            writer.member("sets", sets)
            writer.member("lastLoggedAt", lastLoggedAt)
        }

        public init(reader: JSONReader) throws(JSONReadError) {
            self.init(name: try reader.string("name"), sets: try reader.int("sets"), lastLoggedAt: try reader.string("lastLoggedAt"))
        }
    }
}
