import SessionCore
import JSON

/// `sync.status`: what `sessionctl sync status` shows: sessiond-sync's last push and
/// pull, the backlog, its last error, and the roles shared with.
public enum SyncStatus: MethodContract {
    public static let method = MethodDescription(
        name: "sync.status", summary: "sessiond-sync's last push and pull, the feed entries waiting to be pushed, its last error, and the roles shared with.")
    public typealias Params = NoParams

    @Coded
    public struct Result: CodedResult, Equatable {
        /// When the last push completed (RFC 3339), nil before the first.
        @Member(.timestamp) public var lastPush: String?
        /// When the last pull completed, nil before the first.
        @Member(.timestamp) public var lastPull: String?
        /// Feed entries after the push cursor: what waits to be pushed.
        public var backlog = 0
        /// The last round's failure, nil after a round without one.
        public var lastError: String?
        /// When that failure was reported.
        @Member(.timestamp) public var lastErrorAt: String?
        /// The roles this athlete shares their records with.
        public var shares: [String] = []
    }
}
