import SessionCore

/// Reads that `Database` remembers from one group commit to the next, because logging
/// a set asks for them every time and many clients log into the same session at once:
/// the active session, each exercise's bests and latest set numbering in a session, and
/// the alias table.
///
/// The rules that keep it true: it is consulted and filled only inside a transaction,
/// and forgotten only by the stores' one observer (`StoreContext+Observer.swift`), which
/// every store write tells what it changes (`StoreChange`) and SQLite's pre-update hook
/// tells of any row written to a table it holds reads of; sets and bests, which logging
/// keeps up to date in the memo as it writes them, are forgotten when sets are
/// rewritten (their unwritten bests written first); it is forgotten whole on every
/// rollback (a savepoint's or the whole transaction's) and around any transaction other
/// than a group commit. A group commit keeps it only when the database is as the last
/// group commit left it: SQLite's data version, noted after that commit, is the same at
/// the next BEGIN (another connection's or another process's changes move it; this is
/// checked under the write lock, so nothing changes it again before COMMIT).
struct TransactionMemo {
    /// What is remembered of one exercise (by exercise key): one entry, so that logging
    /// a set looks it up once for its bests and numbering and once to update both (a
    /// seeded hash of the key costs more than the rest of such a look-up).
    struct Exercise {
        /// Its bests; nil when not read yet.
        var bests: ExerciseBests?
        /// Set when `bests` is newer than its row (`SessionsStore.writeBests`), to whether it
        /// has a row: a group commit writes each once, before COMMIT.
        var unwritten: Bool?
        /// Sets of it logged, and sessions that took their first set of it, not yet added
        /// to its `exercise_count` row (`SessionsStore.writeCounts`): a group commit adds
        /// them once, before COMMIT.
        var uncountedSets = 0
        var uncountedSessions = 0
        /// Its latest set numbering in a session, by planned exercise (nil: off-plan).
        /// A few entries: the sessions logged into lately.
        var progress: [Progress] = []

        struct Progress {
            let sessionID: Int64
            let plannedExerciseID: Int64?
            var numbering: SetNumbering
        }

        func progress(sessionID: Int64, plannedExerciseID: Int64?) -> SetNumbering? {
            progress.first { $0.sessionID == sessionID && $0.plannedExerciseID == plannedExerciseID }?.numbering
        }

        mutating func setProgress(_ numbering: SetNumbering, sessionID: Int64, plannedExerciseID: Int64?) {
            if let index = progress.firstIndex(where: { $0.sessionID == sessionID && $0.plannedExerciseID == plannedExerciseID }) {
                progress[index].numbering = numbering
            } else {
                if progress.count >= TransactionMemo.progressPerExercise { progress.removeFirst() }
                progress.append(Progress(sessionID: sessionID, plannedExerciseID: plannedExerciseID, numbering: numbering))
            }
        }
    }

    /// `nil` when unknown; `.some(nil)` when there is no active session.
    var activeSession: SessionRecord??
    var exercises: [String: Exercise] = [:]
    /// How many of `exercises` have unwritten bests.
    var unwrittenCount = 0
    /// How many of `exercises` have uncounted sets.
    var uncountedCount = 0
    /// The alias table (`exercise_alias`), by alias key.
    var aliases: [String: ExerciseAlias]?
    /// `ExercisesStore.customExercises`, read once per transaction.
    var customExercises: [String: CustomExercise]?
    /// `ExercisesStore.exerciseRests`, the same.
    var exerciseRests: [String: Int]?
    /// The id the next set logged takes (`SessionsStore.nextSetID`).
    var nextSetID: Int64?
    /// How many sets a session holds, up to the bound asked (`SessionsStore.setCount`): read
    /// once, then counted on as `insertSet` adds to it; forgotten with the sets.
    var setCounts: [Int64: Int] = [:]
    /// The earliest and the latest day a body mass was stored for by the request under
    /// way, whose body-weight sets are still to be estimated again
    /// (`SessionsStore.settleBodyMass`); nil when none was. Forgotten with a rollback, as
    /// the samples are.
    var bodyMassChanged: ClosedRange<LocalDate>?

    /// The data version after the group commit that last left the memo true; nil when
    /// it holds nothing to keep past the current transaction.
    var validAtDataVersion: UInt32?

    /// At most this many exercises are remembered, each with at most
    /// `progressPerExercise` numberings (one per session and planned exercise of it
    /// logged into lately); past it, those without unwritten bests are forgotten and
    /// read again.
    static let exerciseLimit = 256
    static let progressPerExercise = 4

    /// Forgets what the limit allows to forget: every exercise whose bests and counts
    /// are written.
    mutating func trim() {
        guard exercises.count > Self.exerciseLimit else { return }
        exercises = exercises.filter { $0.value.unwritten != nil || $0.value.uncountedSets > 0 }
    }

    /// Forgets everything (`StoreContext+Observer.swift` says when).
    mutating func forgetAll() {
        validAtDataVersion = nil
        activeSession = nil
        aliases = nil
        customExercises = nil
        exerciseRests = nil
        bodyMassChanged = nil
        forgetSets()
    }

    /// After sets were deleted: bests and numbering may have gone back. Unwritten bests
    /// and counts must have been written first (the observer does), or go with a
    /// rollback.
    mutating func forgetSets() {
        unwrittenCount = 0
        uncountedCount = 0
        exercises.removeAll(keepingCapacity: true)
        nextSetID = nil
        setCounts.removeAll()
    }

    /// Forgets one exercise (its bests and counts were rewritten from its history,
    /// which holds the sets left uncounted).
    mutating func forget(exerciseKey: String) {
        markWritten(exerciseKey)
        if exercises[exerciseKey]?.uncountedSets ?? 0 > 0 { uncountedCount -= 1 }
        exercises[exerciseKey] = nil
    }

    /// Notes that the exercise's bests as remembered are its row's now.
    mutating func markWritten(_ exerciseKey: String) {
        guard exercises[exerciseKey]?.unwritten != nil else { return }
        exercises[exerciseKey]?.unwritten = nil
        unwrittenCount -= 1
    }
}
