/// `session.resume`: repeating it is harmless.
public enum SessionResume: MethodContract {
    public static let method = MethodDescription(
        name: "session.resume", summary: "Resume a paused session. Repeating it is harmless.",
        errors: [.noActiveSession, .sessionNotFound, .sessionNotActive], events: [SessionResumedEvent.self])
    public typealias Params = SessionSelector
    public typealias Result = SessionSnapshot
}

/// `session.resumed`, published by `session.resume`.
public enum SessionResumedEvent: EventContract {
    public typealias Payload = SessionReference
    public static let event = EventDescription(type: "session.resumed", summary: "The session was resumed.")
}
