import SessionCore
import JSON
import SessionMacros

/// An event subscribers hear, declared once like a method: its type on the wire and
/// its payload's type, from which the daemon writes it, `rpc.discover` documents it and
/// a client reads it (sd-varlink's and Core Lightning's notifications are declared the
/// same way). `events.subscribe` takes the types of `EventRegistry.all`.
public protocol EventContract: SendableMetatype {
    associatedtype Payload: MethodResult & JSONObjectEncodable
    /// Its type and summary, in one value as a method's are (`MethodDescription`).
    static var event: EventDescription { get }
}

extension EventContract {
    /// The event's type on the wire (`set.logged`).
    public static var type: String { event.type }
}

/// What an event's contract says of it besides its payload.
@Memberwise
public struct EventDescription: Sendable {
    /// The event's type on the wire (`set.logged`).
    public var type: String
    /// One sentence for `rpc.discover`.
    public var summary: String
}

/// Every event the daemon publishes, in the order `rpc.discover` lists them: each
/// method's, as its contract declares them (`MethodDescription.events`), and the rest
/// timer's own, which no one call publishes alone (a set logged starts it, the
/// daemon's clock ends it).
public enum EventRegistry {
    /// The contracts of the methods that publish events, in the order their events are
    /// listed.
    public static let publishers: [any MethodContract.Type] = [
        SessionStart.self, SessionPause.self, SessionResume.self, SessionLog.self, SessionEditSet.self, SessionUndo.self,
        RestTimerControl.self, SessionFinish.self, SessionAbort.self, PlanImport.self, PlanActivate.self,
    ]

    /// The rest timer's start and end, which no one call publishes alone; `rest.changed`
    /// is `rest.timer`'s.
    public static let timer: [any EventContract.Type] = [RestStartedEvent.self, RestFinishedEvent.self]

    /// Every event, each once (`plan.activated` is both plan.import's and
    /// plan.activate's): the publishers' in their order, `rest.timer`'s between the
    /// timer's start and end.
    public static let all: [any EventContract.Type] = {
        var listed: [any EventContract.Type] = []
        for contract in publishers {
            let events = contract == RestTimerControl.self ? [timer[0]] + contract.method.events + [timer[1]] : contract.method.events
            for event in events where !listed.contains(where: { $0.type == event.type }) { listed.append(event) }
        }
        return listed
    }()

    /// The types of `all`, as `events.subscribe` takes them.
    public static let types: [String] = all.map { $0.type }

    /// Each event's name, summary and payload schema, for `rpc.discover`.
    public static var documented: JSONValue {
        .array(all.map { event in
            .obj(["name": .string(event.type), "summary": .string(event.event.summary), "schema": schema(of: event)])
        })
    }

    private static func schema<Event: EventContract>(of event: Event.Type) -> JSONValue { Event.Payload.schema }
}

/// The payload of the events that only name their session.
@Coded
public struct SessionReference: CodedResult, Equatable {
    public var sessionID: Int64 = 0
}

public enum RestStartedEvent: EventContract {
    public static let event = EventDescription(type: "rest.started", summary: "A rest timer started after a set.")

    public struct Payload: MethodResult, JSONObjectEncodable {
        public let sessionID: Int64
        public let exercise: String
        public let seconds: Int
        /// RFC 3339 in the daemon's zone.
        public var endsAt: String { endsAtText ?? format.map { $0(endsAtMs) } ?? "" }
        private let endsAtText: String?
        /// The daemon's: the end kept as a time and written when a subscriber is sent
        /// it (every set logged starts a rest, most with nobody watching), by a function
        /// that captures nothing.
        private let endsAtMs: Int64
        private let format: (@Sendable (Int64) -> String)?

        public init(sessionID: Int64, exercise: String, seconds: Int, endsAt: String) {
            self.sessionID = sessionID
            self.exercise = exercise
            self.seconds = seconds
            endsAtText = endsAt
            endsAtMs = 0
            format = nil
        }

        public init(sessionID: Int64, exercise: String, seconds: Int, endsAtMs: Int64, format: @escaping @Sendable (Int64) -> String) {
            self.sessionID = sessionID
            self.exercise = exercise
            self.seconds = seconds
            endsAtText = nil
            self.endsAtMs = endsAtMs
            self.format = format
        }

        public static let schema = Schema.object([
            "sessionId": Schema.integer, "exercise": Schema.string, "seconds": Schema.integer, "endsAt": Schema.timestamp,
        ])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("sessionId", sessionID)
            writer.member("exercise", exercise)
            writer.member("seconds", seconds)
            writer.member("endsAt", endsAt)
        }

        public init(json: JSONValue) throws(JSONReadError) {
            let reader = try JSONReader(json, path: "params")
            try self.init(sessionID: reader.id("sessionId"), exercise: reader.string("exercise"), seconds: reader.int("seconds"),
                          endsAt: reader.string("endsAt"))
        }
    }
}

public enum RestFinishedEvent: EventContract {
    public static let event = EventDescription(type: "rest.finished", summary: "A rest timer ran out (not sent when the next set came first).")

    @Coded
    public struct Payload: CodedResult, Equatable {
        public var sessionID: Int64 = 0
        public var exercise = ""
    }
}

