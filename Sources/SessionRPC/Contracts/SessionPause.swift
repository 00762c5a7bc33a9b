/// `session.pause`: paused time is excluded from the duration; repeating it is harmless.
public enum SessionPause: MethodContract {
    public static let name = "session.pause"
    public static let summary = "Pause the session: paused time is excluded from its duration. Repeating it is harmless."
    public static let events: [any EventContract.Type] = [SessionPausedEvent.self]
    public static let errors: [ApplicationError] = [.noActiveSession, .sessionNotFound, .sessionNotActive]
    public typealias Params = SessionSelector
    public typealias Result = SessionSnapshot
}

/// `session.paused`, published by `session.pause`.
public enum SessionPausedEvent: EventContract {
    public typealias Payload = SessionReference
    public static let type = "session.paused"
    public static let summary = "The session was paused."
}
