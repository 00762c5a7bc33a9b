import SessionCore
import JSON

/// An event subscribers hear, declared once like a method: its type on the wire and
/// its payload's type, from which the daemon writes it, `rpc.discover` documents it and
/// a client reads it (sd-varlink's and Core Lightning's notifications are declared the
/// same way). `events.subscribe` takes the types of `EventRegistry.all`.
public protocol EventContract: SendableMetatype {
    associatedtype Payload: MethodResult & JSONObjectEncodable
    /// The event's type on the wire (`set.logged`).
    static var type: String { get }
    /// One sentence for `rpc.discover`.
    static var summary: String { get }
}

/// Every event the daemon publishes, in the order `rpc.discover` lists them.
public enum EventRegistry {
    public static let all: [any EventContract.Type] = [
        SessionStartedEvent.self, SessionPausedEvent.self, SessionResumedEvent.self, SetLoggedEvent.self, SetEditedEvent.self,
        SetUndoneEvent.self, RestStartedEvent.self, RestChangedEvent.self, RestFinishedEvent.self, SessionFinishedEvent.self, SessionAbortedEvent.self,
        PlanActivatedEvent.self,
    ]

    public static let types: [String] = all.map { $0.type }

    /// Each event's name, summary and payload schema, for `rpc.discover`.
    public static var documented: JSONValue {
        .array(all.map { event in
            .obj(["name": .string(event.type), "summary": .string(event.summary), "schema": schema(of: event)])
        })
    }

    private static func schema<Event: EventContract>(of event: Event.Type) -> JSONValue { Event.Payload.schema }
}

public enum SessionStartedEvent: EventContract {
    public static let type = "session.started"
    public static let summary = "A session started (session.start)."

    public struct Payload: CodedResult, Equatable {
        public var sessionID: Int64 = 0
        public var title = ""
        public var planDayID: Int64?

        public init() {}

        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.id("sessionId", &sessionID)
            try coder.string("title", &title)
            try coder.id("planDayId", &planDayID)
        }
    }
}

/// The payload of the events that only name their session.
public struct SessionReference: CodedResult, Equatable {
    public var sessionID: Int64 = 0

    public init() {}

    public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
        try coder.id("sessionId", &sessionID)
    }
}

public enum SessionPausedEvent: EventContract {
    public typealias Payload = SessionReference
    public static let type = "session.paused"
    public static let summary = "The session was paused."
}

public enum SessionResumedEvent: EventContract {
    public typealias Payload = SessionReference
    public static let type = "session.resumed"
    public static let summary = "The session was resumed."
}

public enum SessionAbortedEvent: EventContract {
    public typealias Payload = SessionReference
    public static let type = "session.aborted"
    public static let summary = "The session was discarded with its sets."
}

public enum SetLoggedEvent: EventContract {
    public typealias Payload = SessionLog.Result
    public static let type = "set.logged"
    public static let summary = "A set was logged: the session.log result."
}

public enum SetEditedEvent: EventContract {
    public typealias Payload = SessionEditSet.Result
    public static let type = "set.edited"
    public static let summary = "A set was changed: the session.editSet result."
}

public enum SetUndoneEvent: EventContract {
    public typealias Payload = SessionUndo.Removed
    public static let type = "set.undone"
    public static let summary = "A set was removed, numbered as it was: one event per set of a session.undo."
}

public enum RestStartedEvent: EventContract {
    public static let type = "rest.started"
    public static let summary = "A rest timer started after a set."

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

public enum RestChangedEvent: EventContract {
    public static let type = "rest.changed"
    public static let summary = "The running rest timer was changed (rest.timer): seconds added or taken off, a new time left, or skipped."

    public struct Payload: CodedResult, Equatable {
        public var sessionID: Int64 = 0
        public var exercise = ""
        /// Seconds left now; 0 when skipped (no rest.finished follows).
        public var secondsLeft = 0
        /// RFC 3339 in the daemon's zone: the new end (now, when skipped).
        public var endsAt = ""
        public var skipped = false

        public init() {}

        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.id("sessionId", &sessionID)
            try coder.string("exercise", &exercise)
            try coder.int("secondsLeft", &secondsLeft)
            try coder.timestamp("endsAt", &endsAt)
            try coder.bool("skipped", &skipped)
        }
    }
}

public enum RestFinishedEvent: EventContract {
    public static let type = "rest.finished"
    public static let summary = "A rest timer ran out (not sent when the next set came first)."

    public struct Payload: CodedResult, Equatable {
        public var sessionID: Int64 = 0
        public var exercise = ""

        public init() {}

        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.id("sessionId", &sessionID)
            try coder.string("exercise", &exercise)
        }
    }
}

public enum SessionFinishedEvent: EventContract {
    public typealias Payload = SessionFinish.Result
    public static let type = "session.finished"
    public static let summary = "The session was finished: the session.finish result."
}

public enum PlanActivatedEvent: EventContract {
    public static let type = "plan.activated"
    public static let summary = "Another plan became the active one (plan.import, plan.activate)."

    public struct Payload: CodedResult, Equatable {
        public var planID: Int64 = 0

        public init() {}

        public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.id("planId", &planID)
        }
    }
}
