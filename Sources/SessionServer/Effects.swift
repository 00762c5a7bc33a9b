import SessionCore
import SessionRPC
import JSON

/// Something subscribers hear about: `{"method": "event", "params": {"type": …}}`.
struct Event: Sendable, JSONObjectEncodable {
    let type: String
    /// Members besides `type`: a typed result (`set.logged`) or plain pairs; always an
    /// object's (`JSONObjectEncodable`). Kept as the reply's result type is, so an
    /// event that carries the reply's result shares its box (`init(type:result:)`).
    let members: any JSONEncodable & Sendable

    init(type: String, members: some JSONObjectEncodable & Sendable) {
        self.type = type
        self.members = members
    }

    /// An event whose members are a reply's result, boxed once for both: `result` must
    /// be an object's encoding (a `JSONObjectEncodable` result, checked in debug builds).
    init(type: String, result: any JSONEncodable & Sendable) {
        assert(result is any JSONObjectEncodable, "\(type): an event's members are an object's")
        self.type = type
        self.members = result
    }

    init(type: String, fields: [(key: String, value: JSONValue)]) {
        self.init(type: type, members: JSONMembers(fields))
    }

    /// A plain member's value (for the journal), nil when absent or typed.
    func field(_ key: String) -> JSONValue? { (members as? JSONMembers)?[key] }

    /// Asked only when a subscriber gets the event: the cast is a look-up.
    func encodeMembers(to writer: inout JSONWriter) {
        writer.member("type", type)
        (members as? any JSONObjectEncodable)?.encodeMembers(to: &writer)
    }
}

/// An event as subscribers get it: its members, then `at`, when it was published (RFC
/// 3339 in the daemon's zone, as every time the daemon writes), so that a client shows
/// the daemon's times whatever its own zone.
struct Notification: JSONObjectEncodable {
    let event: Event
    let at: String

    func encodeMembers(to writer: inout JSONWriter) {
        event.encodeMembers(to: &writer)
        writer.member("at", at)
    }
}

/// What a request does to the rest timer.
enum RestChange: Sendable {
    /// Leaves it as it is.
    case keep
    /// Stops it without a `rest.finished` (a set was logged or undone, the session ended).
    case cancel
    /// Starts it, replacing a running one.
    case start(RestTimer)
}

/// What a request did besides its result: carried out by the serving loop after the
/// commit that made it durable, and dropped with a request that was rolled back.
/// A handler returns it as a value (in `Outcome`); nothing else carries it.
struct Effects: Sendable {
    /// Events to publish, in the order they happened.
    var events: [Event] = []
    var rest: RestChange = .keep
    /// Event types this connection now receives (`events.subscribe`).
    var subscription: Set<String>?
    /// True when the active session's state changed, so the STATUS= line is stale.
    var sessionChanged = false
    /// True when the active plan or session changed, so the published `DaemonFacts` are.
    var factsChanged = false

    init() {}

    /// Records an event.
    mutating func emit(_ type: String, _ fields: [(key: String, value: JSONValue)]) {
        events.append(Event(type: type, fields: fields))
    }

    /// Records an event whose members are a typed value.
    mutating func emit(_ type: String, _ members: some JSONObjectEncodable & Sendable) {
        events.append(Event(type: type, members: members))
    }

    /// Adds what a later request of the same line did: its events after these, and
    /// its rest change and subscription over these.
    mutating func append(_ later: Effects) {
        if events.isEmpty { events = later.events } else { events += later.events }
        if case .keep = later.rest {} else { rest = later.rest }
        subscription = later.subscription ?? subscription
        sessionChanged = sessionChanged || later.sessionChanged
        factsChanged = factsChanged || later.factsChanged
    }
}

/// What a method returns: the result to reply with and its effects.
struct Outcome: MethodOutput {
    let result: any JSONEncodable & Sendable
    var effects: Effects

    init(_ result: any JSONEncodable & Sendable, effects: Effects) {
        self.result = result
        self.effects = effects
    }

    /// A result without effects.
    init(_ result: JSONValue) { self.init(result, effects: Effects()) }

    /// A typed result without effects.
    init(_ result: some MethodResult) { self.init(result, effects: Effects()) }
}

extension Response {
    /// The response to a request that ran: its result, or its error.
    init(id: RequestID, _ result: Result<Outcome, RPCError>) {
        switch result {
        case .success(let outcome): self = .result(id: id, outcome.result)
        case .failure(let error): self = .error(id: id, error)
        }
    }
}
