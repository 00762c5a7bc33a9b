import SessionCore
import JSON

/// `sync.unshare`: stops sharing with a role; sessiond-sync removes it from the
/// database's `sessiond_share` on its next round, and the role reads nothing more.
public enum SyncUnshare: MethodContract {
    public static let method = MethodDescription(
        name: "sync.unshare", summary: "Stop sharing this athlete's records with a PostgreSQL role; sessiond-sync removes the share on its next round.")

    public typealias Params = SyncShare.Params

    /// The role, whether it was shared with, and every role shared with now.
    @Coded
    public struct Result: CodedResult {
        /// The role, as given.
        public var role = ""
        /// False when it was not shared with.
        public var removed = false
        /// Every role shared with now, by name.
        public var shares: [String] = []
    }
}
