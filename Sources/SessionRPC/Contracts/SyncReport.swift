import SessionCore
import JSON
import SessionMacros

/// `sync.report`: sessiond-sync says how a round went, for `sync.status`: a push or a
/// pull that completed, and the failure that stopped the round (none: the last error
/// is cleared).
public enum SyncReport: MethodContract {
    public static let method = MethodDescription(
        name: "sync.report", summary: "sessiond-sync reports a round: whether its push and pull completed, and the error that stopped it (none clears the last error).")

    /// The longest error kept.
    public static let maximumErrorLength = 2000

    @Memberwise
    @CodedParams
    public struct Params: MethodParams {
        /// The push completed.
        @Param(.bool, "the push completed (default false)")
        public var pushed: Bool = false
        /// The pull completed.
        @Param(.bool, "the pull completed (default false)")
        public var pulled: Bool = false
        /// Why the round stopped; nil: it did not.
        @Param(.string, maxLength: SyncReport.maximumErrorLength, "why the round stopped (absent: it did not, and the last error is cleared)")
        public var error: String?
    }

    /// The status as it stands after the report.
    public typealias Result = SyncStatus.Result
}
