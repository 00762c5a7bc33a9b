/// `session.current`: the active session with progress, or null.
public enum SessionCurrent: MethodContract {
    public static let method = MethodDescription(
        name: "session.current", summary: "The active session with progress, or null.",
        readsOnly: true)
    public typealias Params = NoParams
    public typealias Result = CurrentSession
}
