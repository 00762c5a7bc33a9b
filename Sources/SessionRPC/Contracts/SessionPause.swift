/// `session.pause`: paused time is excluded from the duration; repeating it is harmless.
public enum SessionPause: MethodContract {
    public static let method = MethodDescription(
        name: "session.pause", summary: "Pause the session: paused time is excluded from its duration. Repeating it is harmless.",
        errors: [.noActiveSession, .sessionNotFound, .sessionNotActive], events: [SessionPausedEvent.self])
    public typealias Params = SessionSelector
    public typealias Result = SessionSnapshot
}

/// `session.paused`, published by `session.pause`.
public enum SessionPausedEvent: EventContract {
    public typealias Payload = SessionReference
    public static let event = EventDescription(type: "session.paused", summary: "The session was paused.")
}
