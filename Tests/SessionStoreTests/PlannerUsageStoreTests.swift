import Testing
import TestSupport
import SessionCore
@testable import SessionStore

/// Planner attempts' tokens on a temporary database file.
@Suite struct PlannerUsageStoreTests {
    let directory = Fixtures.temporaryDirectory("usage")
    var path: String { directory + "/sessiond.db" }

    func attempt(_ run: String, _ number: Int, _ tokens: PlannerTokens?) -> PlannerAttempt {
        PlannerAttempt(run: run, attempt: number, planner: "p", reply: "r", outcome: .refused, tokens: tokens)
    }

    @Test func totalsCountTheAttemptsFromTheStartUpToTheEndAndSumTheirTokens() throws {
        defer { Fixtures.removeTree(directory) }
        let database = try Database(path: path)
        let start: Int64 = 1_798_761_600_000  // 2027-01-01T00:00Z
        let end: Int64 = 1_801_440_000_000    // 2027-02-01T00:00Z
        _ = try database.profile.recordAttempt(attempt("before", 1, PlannerTokens(input: 999, output: 999, source: .usage)), atMs: start - 1)
        _ = try database.profile.recordAttempt(attempt("a", 1, PlannerTokens(input: 800, output: 600, source: .usage)), atMs: start)
        _ = try database.profile.recordAttempt(attempt("a", 2, PlannerTokens(input: 900, output: 100, source: .estimate)), atMs: start + 5)
        _ = try database.profile.recordAttempt(attempt("b", 1, nil), atMs: end - 1)
        _ = try database.profile.recordAttempt(attempt("after", 1, PlannerTokens(input: 7, output: 7, source: .usage)), atMs: end)
        #expect(try database.profile.attemptTotals(fromMs: start, toMs: end)
                == AttemptTotals(attempts: 3, inputTokens: 1700, outputTokens: 700, estimatedAttempts: 1, unrecordedAttempts: 1))
        #expect(try database.profile.attemptTotals(fromMs: end + 1, toMs: end + 2) == AttemptTotals(attempts: 0, inputTokens: 0, outputTokens: 0,
                                                                                          estimatedAttempts: 0, unrecordedAttempts: 0))
        let kept = try database.profile.attempts(run: "a", limit: 10).map(\.attempt.tokens)
        #expect(kept == [PlannerTokens(input: 900, output: 100, source: .estimate), PlannerTokens(input: 800, output: 600, source: .usage)])
    }

    @Test func attemptsKeptBeforeTokensReadAsKeptWithoutThem() throws {
        defer { Fixtures.removeTree(directory) }
        do {
            let tokens = try #require(Migrations.all.first { $0.name == "planner attempts' tokens in and out" })
            let old = try Database(path: path, schemaVersion: tokens.version - 1)
            try old.connection.execute("INSERT INTO plan_attempt (run, attempt, at_ms, planner, reply, outcome) VALUES ('r', 1, 5, 'p', 'x', 'failed')")
        }
        let database = try Database(path: path)
        #expect(try database.profile.attempts(run: nil, limit: 5).map(\.attempt.tokens) == [nil])
        #expect(try database.profile.attemptTotals(fromMs: 0, toMs: 10).unrecordedAttempts == 1)
        // A source without its counts is damage, named.
        try database.connection.execute("UPDATE plan_attempt SET token_source = 'usage'")
        #expect(throws: StorageError.self) { _ = try database.profile.attempts(run: nil, limit: 5) }
    }
}
