import SessionCore
import JSON
import SessionMacros

/// `changes.apply`: other devices' changes (what sessiond-sync pulled), stored as this
/// device's own writes are, each kept or turned down by the convergence rule (the
/// later hybrid clock reading wins per record; a tombstone is final). Idempotent:
/// applying the same changes again changes nothing. `pulled` is stored with them, in
/// the same transaction, when none was left unresolved.
public enum ChangesApply: MethodContract {
    public static let method = MethodDescription(
        name: "changes.apply", summary: "Store other devices' changes (the later hybrid clock reading wins per record; tombstones are final), and the pull cursor with them.")

    /// Changes one call carries, at most.
    public static let maximumChanges = 1000

    @Memberwise
    @CodedParams
    public struct Params: MethodParams {
        @Param(.objects, maxCount: ChangesApply.maximumChanges, read: { reader throws(JSONReadError) in try SyncChange(reader: reader) },
            "records' states or tombstones, as changes.since hands them out: {entity, uid, hlc, deleted, and the state under the entity's name}")
        public var changes: [SyncChange] = []
        /// The puller's cursor, stored with the changes when none is left unresolved.
        @Param(.string, maxLength: 200, "the puller's cursor, stored with the changes when none is left unresolved")
        public var pulled: String?
    }

    @Memberwise
    @Coded
    public struct Result: CodedResult {
        /// Changes stored.
        public var applied: Int = 0
        /// Changes turned down: already held, older than what is held, or to a deleted record.
        public var ignored: Int = 0
        /// Changes not stored yet (a set whose session is not here, an unfinished
        /// session while another is active): send them again later.
        public var unresolved: [String] = []
        /// The stored pull cursor.
        public var pulled: String?
    }
}
