/// One group commit's way of running a request (see `Database.groupCommit`): each
/// request is atomic, its writes landing with the group or not at all, and a request
/// that fails is reported without disturbing the others.
public struct RequestScope {
    /// Why an attempt at a group commit stops; `Database.groupCommit` handles both, so
    /// a body only lets them pass (`try`).
    public enum Aborted: Error {
        /// A request failed after writing, with no savepoint to undo it alone: the
        /// attempt is rolled back and run again, each request isolated.
        case failedAfterWriting
        /// SQLite rolled the transaction back by itself; the request's error says why.
        case transactionLost(Error)
    }

    let database: Database
    /// True when each request runs in a savepoint of its own.
    public let isolated: Bool

    /// Runs one request. What it throws is returned as its failure, with its writes
    /// undone; it throws `Aborted` only when the attempt cannot go on.
    public func run<T>(_ request: () throws -> T) throws(Aborted) -> Result<T, Error> {
        let context = database.context
        let connection = context.connection
        guard isolated else {
            // Requests change rows only through INSERT, UPDATE and DELETE, all of which
            // the change counter sees (cascades follow a counted DELETE).
            let changes = connection.totalChanges
            do {
                let result = try request()
                // What a body mass it stored changed, before the next request reads it.
                try database.sessions.settleBodyMass()
                return .success(result)
            } catch {
                if connection.totalChanges != changes || !connection.inTransaction { throw .failedAfterWriting }
                return .failure(error)
            }
        }
        do {
            // Each request's bests are written inside its savepoint: a later request's
            // rollback forgets what is remembered, and must not take them with it.
            return .success(try context.atomically {
                let result = try request()
                try context.settle()
                return result
            })
        } catch {
            // SQLite ends the transaction itself on a full disk or an I/O error: the
            // requests after this one must not run outside it.
            if !connection.inTransaction { throw .transactionLost(error) }
            return .failure(error)
        }
    }
}
