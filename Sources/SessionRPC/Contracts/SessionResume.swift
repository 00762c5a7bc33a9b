/// `session.resume`: repeating it is harmless.
public enum SessionResume: MethodContract {
    public static let name = "session.resume"
    public static let summary = "Resume a paused session. Repeating it is harmless."
    public static let errors: [ApplicationError] = [.noActiveSession, .sessionNotFound, .sessionNotActive]
    public typealias Params = SessionSelector
    public typealias Result = SessionSnapshot
}
