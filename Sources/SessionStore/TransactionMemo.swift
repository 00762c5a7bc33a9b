import SessionCore

/// Reads that `Database` remembers from one group commit to the next, because logging
/// a set asks for them every time and many clients log into the same session at once:
/// the active session, each exercise's bests, the latest set numbering of each exercise
/// in a session, and the alias table.
///
/// The rules that keep it true: it is consulted and filled only inside a transaction;
/// every write that changes what it holds updates or forgets that part; it is forgotten
/// whole on every rollback (a savepoint's or the whole transaction's) and around any
/// transaction other than a group commit. A group commit keeps it only when the
/// database is as the last group commit left it: SQLite's data version, noted after
/// that commit, is the same at the next BEGIN (another connection's or another
/// process's changes move it; this is checked under the write lock, so nothing changes
/// it again before COMMIT).
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
    /// Exercises whose `bests` here are newer than their row (`Database.writeBests`),
    /// each with whether it has a row: a group commit writes each once, before COMMIT.
    var unwrittenBests: [String: Bool] = [:]
    var progress: [ProgressKey: SetNumbering] = [:]
    /// The alias table (`exercise_alias`), by alias key.
    var aliases: [String: ExerciseAlias]?
    /// `Database.customExercises`, read once per transaction.
    var customExercises: [String: CustomExercise]?
    /// The id the next set logged takes (`Database.nextSetID`).
    var nextSetID: Int64?

    /// The data version after the group commit that last left the memo true; nil when
    /// it holds nothing to keep past the current transaction.
    var validAtDataVersion: UInt32?

    /// At most this many set numberings are kept (one per exercise of the sessions
    /// logged into lately); past it they are forgotten and read again.
    static let progressLimit = 256

    mutating func forgetAll() {
        validAtDataVersion = nil
        activeSession = nil
        aliases = nil
        customExercises = nil
        forgetSets()
    }

    /// After sets were deleted: bests and numbering may have gone back. Unwritten bests
    /// must have been written first (`Database.forgetSets`), or go with a rollback.
    mutating func forgetSets() {
        unwrittenBests.removeAll(keepingCapacity: true)
        bests.removeAll(keepingCapacity: true)
        progress.removeAll(keepingCapacity: true)
        nextSetID = nil
    }
}
