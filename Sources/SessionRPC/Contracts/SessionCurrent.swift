/// `session.current`: the active session with progress, or null.
public enum SessionCurrent: MethodContract {
    public static let name = "session.current"
    public static let summary = "The active session with progress, or null."
    public static let readsOnly = true
    public typealias Params = NoParams
    public typealias Result = CurrentSession
}
