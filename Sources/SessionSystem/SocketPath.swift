/// Where the daemon's socket is, resolved as docs/protocol.md fixes it: `--socket PATH`,
/// `$SESSIOND_SOCKET`, (the daemon only: a socket passed by systemd),
/// `$XDG_RUNTIME_DIR/sessiond.sock` for a user instance, else the system instance's
/// `/run/sessiond/sessiond.sock`.
public enum SocketPath {
    /// The system instance's socket.
    public static let system = "/run/sessiond/sessiond.sock"

    /// The path from a flag and the environment (socket activation is checked by the
    /// daemon before it calls this).
    public static func resolve(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let explicit = environment["SESSIOND_SOCKET"], !explicit.isEmpty { return explicit }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/sessiond.sock"
        }
        return system
    }
}
