import SessionCore
import JSON

/// `session.finish`: ends the session and returns its totals.
public enum SessionFinish: MethodContract {
    public static let name = "session.finish"
    public static let summary = "Finish the session and get its totals."

    public struct Params: MethodParams {
        public var sessionID: Int64?
        /// The session's effort, 1–10 in half steps.
        public var rpe: Double?
        /// Control characters removed.
        public var note: String?
        /// When it ended (a client sends the RFC 3339 text as given).
        public var at: Timestamp?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.id("sessionId", &sessionID, CommonParams.sessionIDSummary)
            coder.number("rpe", &rpe, in: SessionLimits.rpe, step: SessionLimits.rpeStep, "the session's effort 1–10 in half steps")
            coder.string("note", &note, maxLength: SessionLimits.noteLength, transform: { $0.sanitisedNote() },
                         "at most \(SessionLimits.noteLength) characters")
            coder.timestamp("at", &at, CommonParams.atSummary)
        }
    }

    /// The finished session's totals (also the `session.finished` event's members, up
    /// to `completion`).
    public struct Result: MethodResult, JSONObjectEncodable {
        public let sessionID: Int64
        public let durationSeconds: Int
        /// Counted (non-warm-up) sets.
        public let sets: Int
        public let volumeKg: Double
        /// Planned sets done over planned sets, 0–1.
        public let completion: Double
        /// Nil for a free session.
        public let planDayID: Int64?
        public let title: String
        public let startedAt: String
        public let endedAt: String

        public init(
            sessionID: Int64, durationSeconds: Int, sets: Int, volumeKg: Double, completion: Double, planDayID: Int64?,
            title: String, startedAt: String, endedAt: String
        ) {
            self.sessionID = sessionID
            self.durationSeconds = durationSeconds
            self.sets = sets
            self.volumeKg = volumeKg
            self.completion = completion
            self.planDayID = planDayID
            self.title = title
            self.startedAt = startedAt
            self.endedAt = endedAt
        }

        public static let schema = Schema.object([
            "sessionId": Schema.integer, "durationSeconds": Schema.integer, "sets": Schema.integer,
            "volumeKg": Schema.number, "completion": Schema.number, "planDayId": Schema.nullable(Schema.integer),
            "title": Schema.string, "startedAt": Schema.timestamp, "endedAt": Schema.timestamp,
        ])

        /// The totals the `session.finished` event carries.
        public func encodeTotals(to writer: inout JSONWriter) {
            writer.member("sessionId", sessionID)
            writer.member("durationSeconds", durationSeconds)
            writer.member("sets", sets)
            writer.member("volumeKg", volumeKg)
            writer.member("completion", completion)
        }

        public func encodeMembers(to writer: inout JSONWriter) {
            encodeTotals(to: &writer)
            writer.member("planDayId", planDayID)
            writer.member("title", title)
            writer.member("startedAt", startedAt)
            writer.member("endedAt", endedAt)
        }

        public init(json: JSONValue) throws(JSONReadError) {
            let reader = try JSONReader(json)
            self.init(
                sessionID: try reader.id("sessionId"), durationSeconds: try reader.int("durationSeconds"), sets: try reader.int("sets"),
                volumeKg: try reader.number("volumeKg"), completion: try reader.number("completion"),
                planDayID: try reader.optionalID("planDayId"), title: try reader.string("title"),
                startedAt: try reader.string("startedAt"), endedAt: try reader.string("endedAt"))
        }
    }
}
