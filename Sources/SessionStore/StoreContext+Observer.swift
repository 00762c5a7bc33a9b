/// What a store's write changes, as the memo's observer must hear of it. Every write
/// names it (`Store.write(_:_:)`), and SQLite's pre-update hook reports the first four
/// for any row of their tables written, however (a trigger, a migration's step, a test's
/// own SQL): their bits are the watched tables' (`watchedTables`).
struct StoreChange: OptionSet {
    /// The changes' bits.
    let rawValue: UInt32

    /// Session rows: the active session (`TransactionMemo.activeSession`).
    static let sessions = StoreChange(rawValue: 1 << 0)
    /// The alias table (`TransactionMemo.aliases`).
    static let aliases = StoreChange(rawValue: 1 << 1)
    /// One's own exercises (`TransactionMemo.customExercises`).
    static let customExercises = StoreChange(rawValue: 1 << 2)
    /// One's own rests (`TransactionMemo.exerciseRests`).
    static let exerciseRests = StoreChange(rawValue: 1 << 3)
    /// Sets deleted, edited or moved to another exercise: numbering, counts and bests may
    /// go back, so what is remembered of sets is written (unwritten bests) and forgotten
    /// before the write.
    static let setsRewritten = StoreChange(rawValue: 1 << 4)
    /// Rows of many tables stored at once (an import, the catalog's adoption): what is
    /// remembered of sets goes before the write, and everything after it.
    static let bulk = StoreChange(rawValue: 1 << 5)
    /// A set logged, or a set's superset label: the sessions store keeps what is
    /// remembered of sets up to date as it writes (`SessionsStore.insertSet`); nothing
    /// is forgotten.
    static let setsLogged = StoreChange(rawValue: 1 << 6)
    /// Plans, their days and events; health samples; the profile and planner attempts:
    /// nothing is remembered of them (a body mass's estimates are settled by the health
    /// store's own rule, `SessionsStore.noteBodyMassChanged`).
    static let plans = StoreChange(rawValue: 1 << 7)
    /// Health samples (see `plans`).
    static let health = StoreChange(rawValue: 1 << 8)
    /// The profile and planner attempts (see `plans`).
    static let profile = StoreChange(rawValue: 1 << 9)

    /// The tables whose rows `sessions`, `aliases`, `customExercises` and
    /// `exerciseRests` stand for, in the order of their bits: what
    /// `Connection.watch(tables:)` is given.
    static let watchedTables = ["session", "exercise_alias", "custom_exercise", "exercise_rest"]
}

/// The one observer of the stores' writes, as GRDB's `TransactionObserver` is of a
/// database's: every store write (`write(_:_:)`), every row of a watched table SQLite's
/// pre-update hook saw written (`catchUp`), and every transaction's start and end are
/// reported here, and only here is anything the memo remembers forgotten. A writer says
/// what it changes; it never clears a memo itself.
extension StoreContext {
    /// Before a write that changes `change`: the last moment to act on what it is about
    /// to make stale. Sets rewritten (or stored in bulk) first get the bests logging left
    /// unwritten written, then what is remembered of sets is forgotten.
    func willChange(_ change: StoreChange) throws {
        if !change.isDisjoint(with: [.setsRewritten, .bulk]) {
            try SessionsStore(context: self).writeBests()
            memo.forgetSets()
        }
        // Everything else goes after the write (`didChange`), and, for the tables, now too.
        didChange(change.subtracting(.bulk))
    }

    /// After a write that changed `change` (or rows SQLite saw written): forgets the
    /// reads of what changed.
    func didChange(_ change: StoreChange) {
        if change.contains(.bulk) { memo.forgetAll() }
        if change.contains(.sessions) { memo.activeSession = nil }
        if change.contains(.aliases) { memo.aliases = nil }
        if change.contains(.customExercises) { memo.customExercises = nil }
        if change.contains(.exerciseRests) { memo.exerciseRests = nil }
    }

    /// The rows SQLite saw written to watched tables since the last call, reported as
    /// changes: called before the memo is consulted, so a write that went around the
    /// stores (a trigger, a migration's step) is heard of too.
    func catchUp() {
        let changed = connection.takeChangedTables()
        if changed != 0 { didChange(StoreChange(rawValue: changed)) }
    }

    /// An exercise's bests were rewritten from its history: what is remembered of them
    /// (and left to write) is the row's no more.
    func bestsRewritten(exerciseKey: String) {
        memo.forget(exerciseKey: exerciseKey)
    }

    /// A transaction begins: one of its own forgets everything; a group commit keeps
    /// the memo only when nothing changed the database since the last one committed
    /// (SQLite's data version, read under the write lock), and trims it to its bounds.
    func transactionBegan(groupCommit: Bool) {
        transactionReading = nil
        unfedSets = nil
        guard groupCommit else { return memo.forgetAll() }
        if memo.validAtDataVersion == nil || memo.validAtDataVersion != connection.dataVersion { memo.forgetAll() }
        memo.trim()
    }

    /// A transaction ended. A rolled-back one forgets everything (what was read may be
    /// gone), as does one of its own; a group commit that committed notes the data
    /// version its memo is true at.
    func transactionEnded(committed: Bool, groupCommit: Bool) {
        transactionReading = nil
        unfedSets = nil
        guard committed, groupCommit else { return memo.forgetAll() }
        memo.validAtDataVersion = connection.dataVersion
    }
}
