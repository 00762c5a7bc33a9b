import SessionCore

/// The connection and transaction state every store shares: one per `Database`. The
/// stores (`SessionsStore`, `PlansStore`, `HistoryStore`, `HealthStore`,
/// `ExercisesStore`, `ProfileStore`) are views of it; what one store remembers within a
/// transaction (`memo`) is kept true through one observer (`StoreContext+Observer.swift`),
/// which every store's writes report to.
final class StoreContext {
    /// The underlying connection. Internal: SQL stays in this module.
    let connection: Connection
    /// Reads remembered within the open transaction (see `TransactionMemo`). Only the
    /// observer forgets any of it; the sessions store keeps what it remembers of the sets
    /// it logs up to date as it writes them.
    var memo = TransactionMemo()
    /// The set insert, kept here once prepared: it runs for every set logged, and the
    /// connection's cache would hash its text each time (`Connection.prepare(_:keptIn:)`).
    var insertSetStatement: Statement?
    /// The bests' update and insert, kept the same way (`SessionsStore.storeBests`).
    var updateBestsStatement: Statement?
    /// The bests' insert, kept the same way.
    var insertBestsStatement: Statement?
    /// The clock's reading the open transaction's inserts are fed with, once taken
    /// (`feedReading`); forgotten when a transaction begins or ends.
    var transactionReading: FeedReading?
    /// The ids of the sets the open transaction logged and did not feed yet, from the
    /// first to past the last (`noteLogged(setID:)`); nil when none.
    var unfedSets: Range<Int64>?
    /// The counts' addition, kept the same way (`SessionsStore.addCounts`).
    var addCountsStatement: Statement?
    /// The look-up of a spent request id, kept the same way: it runs for every set
    /// logged with one (`SessionsStore.retiredSet(requestID:)`).
    var retiredRequestStatement: Statement?

    /// The date, in the daemon's zone as it is now, of an instant: what a plan event
    /// stored keeps as the day it happened on (`PlansStore.datesEvents(by:)`); nil
    /// until the daemon says, and such an event is dated at its next start.
    var eventDate: ((Int64) -> LocalDate)?

    /// Shares `connection`, and has SQLite report the rows written to the tables the
    /// memo reads (`StoreChange.watchedTables`) whatever writes them.
    init(connection: Connection) {
        self.connection = connection
        connection.watch(tables: StoreChange.watchedTables)
    }

    /// Runs `body`, turning SQLite's errors into storage errors; any other error (none
    /// is expected) becomes `.unexpected`, never a crash.
    func wrap<T>(_ body: () throws -> T) throws(StorageError) -> T {
        do {
            return try body()
        } catch let error as StorageError {
            throw error
        } catch let error as SQLiteError {
            throw .sqlite(error)
        } catch {
            throw .unexpected(String(describing: error))
        }
    }

    /// One atomic unit of a store's write (several statements that land together): its
    /// own transaction outside a group commit, part of the request inside one. `change`
    /// says what it changes, and the observer hears of it before and after `body` runs
    /// (`willChange`, `didChange`): a write cannot leave what is remembered stale.
    func write<T>(_ change: StoreChange, _ body: () throws -> T) throws(StorageError) -> T {
        try wrap {
            try willChange(change)
            let result = try atomically(body)
            didChange(change)
            return result
        }
    }

    /// Runs `body` atomically: in a transaction of its own, or inside an open one as a
    /// savepoint (none while the group commit runs optimistically, see `RequestScope`).
    func atomically<T>(_ body: () throws -> T) throws -> T {
        let outermost = !connection.inTransaction
        // Part of an enclosing savepoint or group commit, `body` rolls back with it, and
        // that forgets; until then what the requests before it left to do (their sets'
        // feed entries, the bests to write) stands: a request that fails before writing
        // leaves the others' as they were.
        let enclosed = connection.isEnclosed
        if outermost { transactionBegan(groupCommit: false) }
        do {
            let result = try connection.transaction {
                let result = try body()
                // A transaction of its own estimates again what the body mass it stored
                // changed, and writes the bests its sets left to write.
                if outermost { try settle() }
                return result
            }
            if outermost { transactionEnded(committed: true, groupCommit: false) }
            return result
        } catch {
            if !enclosed { transactionEnded(committed: false, groupCommit: false) }  // rolled back: what was read may be gone
            throw error
        }
    }

    /// What a request's writes leave to do before it ends (`RequestScope.run`) and
    /// before any COMMIT: the estimates a body mass it stored changes
    /// (`SessionsStore.settleBodyMass`), then the bests its sets left unwritten
    /// (`SessionsStore.writeBests`), then the change feed's entries of the sets it
    /// logged and of the edits and deletions it made (`feedPending`).
    func settle() throws {
        let sessions = SessionsStore(context: self)
        try sessions.settleBodyMass()
        try sessions.writeBests()
        try feedPending()
    }
}
