import SessionMacros

/// Which of two versions of a record every device keeps: the rule that makes devices
/// that applied the same changes, in any order, hold the same record.
///
/// A tombstone is final: a deleted record stays deleted, whatever change to it arrives
/// afterwards (an undo on one device removes the set on every other, even one that
/// edited it meanwhile). Otherwise the last writer wins, by the hybrid clock: the
/// change with the later reading replaces the record whole. Applying a change a second
/// time, or one older than what is held, changes nothing. PostgreSQL's upsert
/// (`sessiond-sync schema`) states the same rule in its WHERE clause.
public enum ConvergenceRule {
    /// What is held of a record: the reading of its last change, and whether that was
    /// its deletion.
    @Memberwise
    public struct Held: Sendable, Equatable {
        /// The reading of the record's last change held.
        public let hlc: HybridTimestamp
        /// True when that change deleted it.
        public let deleted: Bool
    }

    /// True when a change (`incoming`, a deletion when `deletes`) replaces what is
    /// held (nil: nothing of the record yet).
    public static func accepts(_ incoming: HybridTimestamp, deletes: Bool, over held: Held?) -> Bool {
        guard let held else { return true }
        if held.deleted { return false }
        return deletes || incoming > held.hlc
    }
}
