import SessionCore
import JSON

/// `session.get`: one session, active or past, with every set as logged: ids, kinds,
/// notes, records.
public enum SessionGet: MethodContract {
    public static let name = "session.get"
    public static let summary = "A session with every set as logged (ids, kinds, notes): the active one, the one named, or else the latest."
    public static let errors: [ApplicationError] = [.sessionNotFound]

    public struct Params: MethodParams {
        /// Default: the active session, else the latest.
        public var sessionID: Int64?

        public init() {}

        public init(sessionID: Int64?) { self.sessionID = sessionID }

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.id("sessionId", &sessionID, "default: the active session, else the latest")
        }
    }

    public struct Result: MethodResult, JSONObjectEncodable {
        public let sessionID: Int64
        public let date: String
        public let title: String
        public let state: SessionSnapshot.State
        public let startedAt: String
        public let endedAt: String?
        public let durationSeconds: Int
        public let rpe: Double?
        public let note: String?
        public let sets: [LoggedSet]

        public init(sessionID: Int64, date: String, title: String, state: SessionSnapshot.State, startedAt: String, endedAt: String?,
                    durationSeconds: Int, rpe: Double?, note: String?, sets: [LoggedSet]) {
            self.sessionID = sessionID
            self.date = date
            self.title = title
            self.state = state
            self.startedAt = startedAt
            self.endedAt = endedAt
            self.durationSeconds = durationSeconds
            self.rpe = rpe
            self.note = note
            self.sets = sets
        }

        public static let schema = Schema.object([
            "sessionId": Schema.integer, "date": Schema.date, "title": Schema.string, "state": SessionSnapshot.State.schema,
            "startedAt": Schema.timestamp, "endedAt": Schema.nullable(Schema.timestamp), "durationSeconds": Schema.integer,
            "rpe": Schema.nullable(Schema.number), "note": Schema.nullable(Schema.string), "sets": Schema.array(Schema.object),
        ])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("sessionId", sessionID)
            writer.member("date", date)
            writer.member("title", title)
            writer.member("state", state.rawValue)
            writer.member("startedAt", startedAt)
            writer.member("endedAt", endedAt)
            writer.member("durationSeconds", durationSeconds)
            writer.member("rpe", rpe)
            writer.member("note", note)
            writer.key("sets")
            writer.array { for set in sets { $0.value(set) } }
        }

        public init(json: JSONValue) throws(JSONReadError) {
            let reader = try JSONReader(json)
            self.init(
                sessionID: try reader.id("sessionId"), date: try reader.string("date"), title: try reader.string("title"), state: try SessionSnapshot.State(reader: reader),
                startedAt: try reader.string("startedAt"), endedAt: try reader.optionalString("endedAt"), durationSeconds: try reader.int("durationSeconds"),
                rpe: try reader.optionalNumber("rpe"), note: try reader.optionalString("note"),
                sets: try reader.objects("sets").map { item throws(JSONReadError) in try LoggedSet(reader: item) })
        }
    }

    /// One set as logged.
    public struct LoggedSet: JSONObjectEncodable, Sendable, Equatable {
        public let setID: Int64
        public let exercise: String
        public let setNumber: Int
        public let kind: SetKind
        public let reps: Int?
        public let weightKg: Double?
        public let durationSeconds: Int?
        public let distanceM: Double?
        public let rpe: Double?
        public let note: String?
        public let superset: String?
        public let loggedAt: String
        /// What it beat when logged (empty: nothing).
        public let records: [String]

        public init(setID: Int64, exercise: String, setNumber: Int, kind: SetKind, reps: Int?, weightKg: Double?, durationSeconds: Int?,
                    distanceM: Double?, rpe: Double?, note: String?, superset: String?, loggedAt: String, records: [String]) {
            self.setID = setID
            self.exercise = exercise
            self.setNumber = setNumber
            self.kind = kind
            self.reps = reps
            self.weightKg = weightKg
            self.durationSeconds = durationSeconds
            self.distanceM = distanceM
            self.rpe = rpe
            self.note = note
            self.superset = superset
            self.loggedAt = loggedAt
            self.records = records
        }

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("setId", setID)
            writer.member("exercise", exercise)
            writer.member("setNumber", setNumber)
            writer.member("kind", kind.rawValue)
            writer.member("reps", reps)
            writer.member("weightKg", weightKg)
            writer.member("durationSeconds", durationSeconds)
            writer.member("distanceM", distanceM)
            writer.member("rpe", rpe)
            writer.member("note", note)
            writer.member("superset", superset)
            writer.member("loggedAt", loggedAt)
            writer.key("records")
            writer.array { for name in records { $0.value(name) } }
        }

        public init(reader: JSONReader) throws(JSONReadError) {
            guard let kind = SetKind(rawValue: try reader.string("kind")) else { throw JSONReadError(path: reader.path + ".kind", expected: "a set kind") }
            self.init(
                setID: try reader.id("setId"), exercise: try reader.string("exercise"), setNumber: try reader.int("setNumber"), kind: kind,
                reps: try reader.optionalInt("reps"), weightKg: try reader.optionalNumber("weightKg"), durationSeconds: try reader.optionalInt("durationSeconds"),
                distanceM: try reader.optionalNumber("distanceM"), rpe: try reader.optionalNumber("rpe"), note: try reader.optionalString("note"),
                superset: try reader.optionalString("superset"), loggedAt: try reader.string("loggedAt"), records: try reader.strings("records"))
        }
    }
}
