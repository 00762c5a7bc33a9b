import JSON
import SessionCore
import Testing
import TestSupport

/// Planner attempts' tokens through the daemon's own decoding: kept with `plan.attempt`
/// and `plan.import`, listed by `plan.attempts`, totalled by `plan.usage`.
@Suite struct PlannerUsageTests {
    let plan = JSONValue.string(Fixtures.dumbbellPlan)

    @Test func tokensAreKeptWithTheAttemptAndTotalledForTheMonth() throws {
        let app = try InProcess()
        _ = try app.call("plan.attempt", .obj(["run": "r", "attempt": 1, "planner": "p", "reply": "no", "outcome": "refused",
                                               "inputTokens": 812, "outputTokens": 95, "tokenSource": "usage"]))
        _ = try app.call("plan.import", .obj(["plan": plan, "run": "r", "attempt": 2, "planner": "p",
                                              "inputTokens": 1020, "outputTokens": 540, "tokenSource": "estimate"]))
        // Kept without tokens, as a client from before them keeps it.
        _ = try app.call("plan.attempt", .obj(["run": "old", "attempt": 1, "planner": "p", "reply": "", "outcome": "failed"]))
        let attempts = try app.call("plan.attempts").arrayValue ?? []
        #expect(attempts.map { [$0["inputTokens"], $0["outputTokens"], $0["tokenSource"]] } == [
            [.null, .null, .null], [1020, 540, "estimate"], [812, 95, "usage"],
        ])
        let usage = try app.call("plan.usage")
        #expect(usage["attempts"] == 3 && usage["inputTokens"] == 1832 && usage["outputTokens"] == 635)
        #expect(usage["estimatedAttempts"] == 1 && usage["unrecordedAttempts"] == 1)
        let today = app.application.clock.today()
        #expect(usage["since"]?.stringValue == LocalDate(year: today.year, month: today.month, day: 1)?.description)
        #expect(usage["month"]?.stringValue == usage["since"]?.stringValue.map { String($0.prefix(7)) })
    }

    @Test func tokensComeAllThreeTogetherAndOnlyWithAnAttempt() throws {
        let app = try InProcess()
        let partial = try app.request("plan.attempt", .obj(["run": "r", "attempt": 1, "planner": "p", "reply": "", "outcome": "failed", "inputTokens": 5]))
        #expect(partial["error"]?["code"] == -32602)
        #expect(partial["error"]?["data"]?["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["params.outputTokens", "params.tokenSource"])
        let negative = try app.request("plan.attempt", .obj(["run": "r", "attempt": 1, "planner": "p", "reply": "", "outcome": "failed",
                                                             "inputTokens": -1, "outputTokens": 0, "tokenSource": "guess"]))
        #expect(negative["error"]?["data"]?["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["params.inputTokens", "params.tokenSource"])
        let alone = try app.request("plan.import", .obj(["plan": plan, "inputTokens": 1, "outputTokens": 2, "tokenSource": "usage"]))
        #expect(alone["error"]?["data"]?["errors"]?[0]?["path"] == "params.inputTokens")
        #expect(alone["error"]?["data"]?["errors"]?[0]?["message"]?.stringValue?.contains("give run, attempt and planner too") == true)
        #expect(try app.call("plan.attempts").arrayValue?.isEmpty == true)
    }
}
