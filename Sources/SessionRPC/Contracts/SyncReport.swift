import SessionCore
import JSON
import SessionMacros

/// `sync.report`: sessiond-sync says how a round went, for `sync.status`: a push or a
/// pull that completed, and the failure that stopped the round (none: the last error
/// is cleared).
public enum SyncReport: MethodContract {
    public static let name = "sync.report"
    public static let summary = "sessiond-sync reports a round: whether its push and pull completed, and the error that stopped it (none clears the last error)."

    /// The longest error kept.
    public static let maximumErrorLength = 2000

    @Memberwise
    public struct Params: MethodParams {
        /// The push completed.
        public var pushed: Bool = false
        /// The pull completed.
        public var pulled: Bool = false
        /// Why the round stopped; nil: it did not.
        public var error: String?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            var pushed: Bool? = self.pushed
            coder.bool("pushed", &pushed, "the push completed (default false)")
            self.pushed = pushed ?? false
            var pulled: Bool? = self.pulled
            coder.bool("pulled", &pulled, "the pull completed (default false)")
            self.pulled = pulled ?? false
            coder.string("error", &error, maxLength: SyncReport.maximumErrorLength, "why the round stopped (absent: it did not, and the last error is cleared)")
        }
    }

    /// The status as it stands after the report.
    public typealias Result = SyncStatus.Result
}
