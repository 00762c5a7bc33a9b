import SessionCore
import Testing
import TestSupport

@testable import SessionStore

/// The group commit's retry, against a real temporary database: a request that fails
/// after writing rolls the optimistic attempt back, and the retry, each request in a
/// savepoint, keeps every other request's writes and none of the failed one's.
@Suite struct GroupCommitTests {
    let directory = Fixtures.temporaryDirectory("group-commit")
    var path: String { directory + "/sessiond.db" }

    struct Refused: Error {}

    private func titles(_ database: Database) throws -> [String] {
        try database.connection.prepare("SELECT title FROM session ORDER BY id").rows([]) { $0.text("title") }
    }

    private func insert(_ database: Database, _ title: String) throws {
        _ = try database.sessions.insertSession(planDayID: nil, date: Fixtures.monday, title: title, carriedOver: false, startedAtMs: 1)
        try database.sessions.finishSession(database.connection.lastInsertRowID, endedAtMs: 2, pausedTotalMs: 0, rpe: nil, note: nil)
    }

    @Test func aRequestThatFailsAfterWritingIsUndoneAloneOnTheRetry() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        var attempts: [Bool] = []
        var retries = 0
        let results = try database.groupCommit(onRetry: { retries += 1 }) { scope in
            attempts.append(scope.isolated)
            return [
                try scope.run { try insert(database, "first") },
                try scope.run { try insert(database, "refused"); throw Refused() },
                try scope.run { try insert(database, "third") },
            ]
        }
        #expect(attempts == [false, true], "optimistic first, then each request isolated")
        #expect(retries == 1)
        #expect(results.map { (try? $0.get()) != nil } == [true, false, true])
        #expect(try titles(database) == ["first", "third"], "the refused request's session is gone, the others are committed")
    }

    @Test func aRequestThatFailsBeforeWritingNeedsNoRetry() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        var attempts = 0
        let results = try database.groupCommit(onRetry: { Issue.record("no retry expected") }) { scope in
            attempts += 1
            return [
                try scope.run { try insert(database, "first") },
                try scope.run { () throws -> Void in throw Refused() },
            ]
        }
        #expect(attempts == 1)
        #expect(results.map { (try? $0.get()) != nil } == [true, false])
        #expect(try titles(database) == ["first"])
    }

    @Test func aBodyThatThrowsCommitsNothing() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        #expect(throws: Refused.self) {
            try database.groupCommit { scope in
                _ = try scope.run { try insert(database, "lost") }
                throw Refused()
            }
        }
        #expect(try titles(database).isEmpty)
        #expect(!database.connection.inTransaction)
    }
}
