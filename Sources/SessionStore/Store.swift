/// What every store is: a view of its database's shared connection and transaction
/// context (`StoreContext`), with the helpers its statements run through and its
/// sibling stores, which some of its invariants reach into (a set logged through the
/// sessions store reads the exercises store's aliases; an alias made moves sets).
protocol Store {
    /// The connection and transaction state the database's stores share.
    var context: StoreContext { get }
}

extension Store {
    /// The shared connection.
    var connection: Connection { context.connection }

    /// What the open transaction remembers (`TransactionMemo`): read and kept up to date
    /// by the stores, forgotten only by the observer (`StoreContext+Observer.swift`).
    var memo: TransactionMemo {
        // Yielded in place, never copied: logging a set reads and changes it several times.
        _read { yield context.memo }
        nonmutating _modify { yield &context.memo }
    }

    /// Runs `body`, turning SQLite's errors into storage errors (`StoreContext.wrap`).
    func wrap<T>(_ body: () throws -> T) throws(StorageError) -> T {
        try context.wrap(body)
    }

    /// One atomic write that changes `change` (`StoreContext.write`): the observer hears
    /// of it before and after.
    func write<T>(_ change: StoreChange, _ body: () throws -> T) throws(StorageError) -> T {
        try context.write(change, body)
    }

    /// The sibling stores over the same context: sessions and sets,
    var sessionsStore: SessionsStore { SessionsStore(context: context) }
    /// health samples,
    var healthStore: HealthStore { HealthStore(context: context) }
    /// plans,
    var plansStore: PlansStore { PlansStore(context: context) }
    /// the profile and the planner's ledger.
    var profileStore: ProfileStore { ProfileStore(context: context) }
    /// the history as a whole,
    var historyStore: HistoryStore { HistoryStore(context: context) }
    /// exercises,
    var exercisesStore: ExercisesStore { ExercisesStore(context: context) }
}
