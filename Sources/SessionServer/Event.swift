import SessionCore

/// Something subscribers hear about: `{"method": "event", "params": {"type": …}}`.
struct Event: Sendable {
    /// Every event type, for `events.subscribe` validation and documentation.
    static let types = [
        "session.started", "session.paused", "session.resumed", "set.logged", "rest.started",
        "rest.finished", "session.finished", "session.aborted", "plan.activated",
    ]

    let type: String
    /// Members besides `type`.
    let fields: [(key: String, value: JSONValue)]

    /// The notification line's params.
    var params: JSONValue { .object([(key: "type", value: .string(type))] + fields) }
}

/// A rest timer the event loop should run after a set (or cancel, when nil seconds).
struct RestTimer: Sendable {
    let sessionID: Int64
    let exercise: String
    let endsAtMs: Int64
}
