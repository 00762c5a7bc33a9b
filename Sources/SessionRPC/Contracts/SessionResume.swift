/// `session.resume`: repeating it is harmless.
public enum SessionResume: MethodContract {
    public static let name = "session.resume"
    public static let summary = "Resume a paused session. Repeating it is harmless."
    public static let events: [any EventContract.Type] = [SessionResumedEvent.self]
    public static let errors: [ApplicationError] = [.noActiveSession, .sessionNotFound, .sessionNotActive]
    public typealias Params = SessionSelector
    public typealias Result = SessionSnapshot
}

/// `session.resumed`, published by `session.resume`.
public enum SessionResumedEvent: EventContract {
    public typealias Payload = SessionReference
    public static let type = "session.resumed"
    public static let summary = "The session was resumed."
}
