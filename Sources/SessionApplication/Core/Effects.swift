import SessionCore
import SessionRPC
import JSON

/// Something subscribers hear about: `{"method": "event", "params": {"type": …}}`, an
/// event of `EventRegistry` with its declared payload.
package struct Event: Sendable, JSONObjectEncodable {
    package let type: String
    /// The payload: members besides `type`. Kept as the reply's result type is, so an
    /// event that carries the reply's result shares its box (`init(_:boxed:)`).
    let members: any JSONEncodable & Sendable
    /// What the journal says of it; nil for the events it leaves out (sets, rests).
    package let journal: Journal?

    /// The events the journal records (each its own MESSAGE_ID).
    package enum Journal: Sendable { case sessionStarted, sessionFinished, planImported }

    init<Contract: EventContract>(_ event: Contract.Type, _ payload: Contract.Payload) {
        type = Contract.type
        members = payload
        journal = Self.journal(of: Contract.self)
    }

    /// An event whose payload is a reply's result, boxed once for both: `payload` must
    /// be the event's payload type (checked in debug builds).
    init<Contract: EventContract>(_ event: Contract.Type, boxed payload: any JSONEncodable & Sendable) {
        assert(payload is Contract.Payload, "\(Contract.type): the payload is its declared type")
        type = Contract.type
        members = payload
        journal = Self.journal(of: Contract.self)
    }

    /// Decided where the event is made, its type known there: a comparison the compiler
    /// folds away, where the type's name compared as a string cost every set logged.
    private static func journal<Contract: EventContract>(of event: Contract.Type) -> Journal? {
        if event == SessionStartedEvent.self { return .sessionStarted }
        if event == SessionFinishedEvent.self || event == SessionAbortedEvent.self { return .sessionFinished }
        if event == PlanActivatedEvent.self { return .planImported }
        return nil
    }

    /// A member's value, for the journal (a few events, never a set's): read off the
    /// payload's encoding.
    package func field(_ key: String) -> JSONValue? { (try? JSONParser.parse(bytes: members.jsonBytes))?[key] }

    /// Asked only when a subscriber gets the event: the cast is a look-up.
    package func encodeMembers(to writer: inout JSONWriter) {
        writer.member("type", type)
        (members as? any JSONObjectEncodable)?.encodeMembers(to: &writer)
    }
}

/// An event as subscribers get it: its members, then `at`, when it was published (RFC
/// 3339 in the daemon's zone, as every time the daemon writes), so that a client shows
/// the daemon's times whatever its own zone.
package struct Notification: JSONObjectEncodable {
    let event: Event
    let at: String

    package init(event: Event, at: String) {
        self.event = event
        self.at = at
    }

    package func encodeMembers(to writer: inout JSONWriter) {
        event.encodeMembers(to: &writer)
        writer.member("at", at)
    }
}

/// What a request does to the rest timer.
package enum RestChange: Sendable {
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
package struct Effects: Sendable {
    /// Events to publish, in the order they happened.
    package var events: [Event] = []
    package var rest: RestChange = .keep
    /// Event types this connection now receives (`events.subscribe`).
    package var subscription: Set<String>?
    /// True when the active session's state changed, so the STATUS= line is stale.
    package var sessionChanged = false
    /// True when the active plan or session changed, so the published `DaemonFacts` are.
    package var factsChanged = false

    init() {}

    /// Records an event with its payload.
    mutating func emit<Contract: EventContract>(_ event: Contract.Type, _ payload: Contract.Payload) {
        events.append(Event(event, payload))
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
package struct Outcome: MethodOutput {
    let result: any JSONEncodable & Sendable
    var effects: Effects

    init(_ result: any JSONEncodable & Sendable, effects: Effects) {
        self.result = result
        self.effects = effects
    }

    /// A result without effects.
    package init(_ result: JSONValue) { self.init(result, effects: Effects()) }

    /// A typed result without effects.
    init(_ result: some MethodResult) { self.init(result, effects: Effects()) }
}

extension Response {
    /// The response to a request that ran: its result, or its error.
    package init(id: RequestID, _ result: Result<Outcome, RPCError>) {
        switch result {
        case .success(let outcome): self = .result(id: id, outcome.result)
        case .failure(let error): self = .error(id: id, error)
        }
    }
}
