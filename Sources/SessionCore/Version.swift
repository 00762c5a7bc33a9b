/// The release of sessiond and sessionctl, printed by `--version` and `daemon.status`.
public enum SessiondVersion {
    public static let current = "0.1.0"
}
