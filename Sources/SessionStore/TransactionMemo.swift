import SessionCore

/// Reads that `Database` remembers for the rest of the open transaction, because logging
/// a set asks for them every time and many clients log into the same session at once:
/// the active session, each exercise's bests, and the latest set numbering of each
/// exercise in a session.
///
/// The rules that keep it true: it is consulted and filled only inside a transaction;
/// it is forgotten whole at BEGIN, at COMMIT and on every rollback (a savepoint's or
/// the whole transaction's); and every write that changes what it holds updates or
/// forgets that part. The database file belongs to one daemon: another writer's
/// changes are seen from its next transaction on, never within one.
struct TransactionMemo {
    /// Which exercise's numbering in which session (planned exercise, or name key for
    /// off-plan sets).
    struct ProgressKey: Hashable {
        let sessionID: Int64
        let plannedExerciseID: Int64?
        let exerciseKey: String
    }

    /// `nil` when unknown; `.some(nil)` when there is no active session.
    var activeSession: SessionRecord??
    var bests: [String: ExerciseBests] = [:]
    var progress: [ProgressKey: SetNumbering] = [:]
    /// The alias table (`exercise_alias`), by alias key.
    var aliases: [String: ExerciseAlias]?

    mutating func forgetAll() {
        activeSession = nil
        aliases = nil
        forgetSets()
    }

    /// After sets were deleted: bests and numbering may have gone back.
    mutating func forgetSets() {
        bests.removeAll(keepingCapacity: true)
        progress.removeAll(keepingCapacity: true)
    }
}
