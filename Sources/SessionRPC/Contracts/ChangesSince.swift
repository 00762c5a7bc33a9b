import SessionCore
import JSON
import SessionMacros

/// `changes.since`: a page of the change feed (what sessiond-sync pushes): each record
/// changed after a position, once, as it is now or as its tombstone. The push cursor is
/// kept here: `pushed` stores it (the position PostgreSQL committed) before the page
/// is read, and a call without `after` starts from it.
public enum ChangesSince: MethodContract {
    public static let method = MethodDescription(
        name: "changes.since", summary: "A page of the change feed after a position (default: the stored push cursor), each record's state or tombstone; pushed stores the push cursor first.",
        repliesLarge: true)

    /// Feed entries one page covers, at most (and by default).
    public static let maximumPage = 1000

    @Memberwise
    @CodedParams
    public struct Params: MethodParams {
        /// The position after which the page starts; nil: the stored push cursor.
        @Param(.int, in: 0...Int(Int32.max) * 1024, "the feed position after which the page starts (default: the stored push cursor)")
        public var after: Int? = nil
        /// The position up to which PostgreSQL committed what was pushed: stored as the
        /// push cursor before the page is read.
        @Param(.int, in: 0...Int(Int32.max) * 1024, "the position PostgreSQL committed: stored as the push cursor before the page is read")
        public var pushed: Int? = nil
        /// Feed entries the page covers, at most.
        @Param(.int, in: 1...ChangesSince.maximumPage, "feed entries the page covers, at most (default \(ChangesSince.maximumPage)); a run of imported records counts one of each and is never split, so a page that starts with one may cover up to \(SyncChange.longestRun - 1) more")
        public var limit: Int? = nil
    }

    @Coded
    public struct Result: CodedResult {
        /// This device, as its changes' clock readings name it.
        public var device = ""
        public var changes: [SyncChange] = []
        /// The position of the page's last entry: the next page's `after`, and the
        /// `pushed` to send once PostgreSQL committed this page.
        public var next = 0
        /// True when entries remain after `next`.
        public var more = false
        /// The stored push cursor.
        public var pushed = 0
        /// The stored pull cursor (`changes.apply`'s `pulled`), nil before the first pull.
        public var pulled: String?
        /// Records after the push cursor (a run of imported ones counting each): what
        /// remains to push.
        public var backlog = 0
    }
}
