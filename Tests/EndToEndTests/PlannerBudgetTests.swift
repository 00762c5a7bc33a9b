import Glibc
import Testing
import TestSupport
import SessionCore
import JSON

/// What planner attempts cost and the monthly limit, through `sessionctl plan next` with
/// the fake planners of Tests/Planners: the built binaries, a real daemon (in UTC), real
/// child processes.
@Suite struct PlannerBudgetTests {
    typealias Bench = PlannerLinkTests.Bench
    static let planners = PlannerLinkTests.planners

    /// Today in the daemon's zone (UTC), this month as YYYY-MM, its first day and the
    /// first day of the next month, worked out here from the calendar.
    static func thisMonth() -> (month: String, first: String, next: String) {
        let today = LocalDate(daysSinceEpoch: Int(time(nil) / 86_400))
        func text(_ year: Int, _ month: Int) -> String { String(year) + (month < 10 ? "-0" : "-") + String(month) }
        let month = text(today.year, today.month)
        let next = today.month == 12 ? text(today.year + 1, 1) : text(today.year, today.month + 1)
        return (month, month + "-01", next + "-01")
    }

    /// The rough estimate the project documents: 4 bytes of UTF-8 a token, rounded up.
    static func estimate(_ text: String) -> Int { (text.utf8.count + 3) / 4 }

    func writeConfig(_ bench: Bench, _ text: String) -> String {
        mkdir(bench.log + "/config", 0o700)
        mkdir(bench.log + "/config/sessiond", 0o700)
        let config = bench.log + "/config/sessiond/config"
        Fixtures.write(text, to: config)
        return config
    }

    @Test func eachAttemptKeepsItsTokensFromTheUsageItPassedBackElseTheEstimateAndTheMonthIsTotalled() throws {
        let bench = try Bench()
        // A planner that passes nothing back (messy.sh): estimated from what it read and printed.
        let messy = try bench.ctl(["plan", "next", "--week", "2027-01-11", "--planner", Self.planners + "messy.sh"])
        #expect(messy.status == 0, "\(messy.stderr)")
        let request = try bench.request(1)
        let messages = request["messages"]?.arrayValue ?? []
        let schema = try #require(request["schema"])
        let estimatedIn = messages.reduce(Self.estimate(schema.jsonText)) { $0 + Self.estimate($1["content"]?.stringValue ?? "") }
        let messyReply = try #require(try bench.attempts().first?["reply"]?.stringValue)
        let estimatedOut = Self.estimate(messyReply)

        // A planner that passes usage back on both of its attempts (refused, then imported).
        let counted = try bench.next("usage.sh")
        #expect(counted.status == 0, "\(counted.stderr)")
        #expect(!counted.stderr.contains("not taken"))
        let usage = try (1...2).map { try JSONParser.parse(Fixtures.read(bench.log + "/usage-\($0).json")) }
        let reported = usage.map { [$0["inputTokens"], $0["outputTokens"]] }

        let attempts = try bench.attempts()
        #expect(attempts.map { $0["outcome"] } == ["imported", "refused", "imported"])
        #expect(attempts.map { $0["tokenSource"] } == ["usage", "usage", "estimate"])
        #expect([attempts[1]["inputTokens"], attempts[1]["outputTokens"]] == reported[0])
        #expect([attempts[0]["inputTokens"], attempts[0]["outputTokens"]] == reported[1])
        #expect(attempts[2]["inputTokens"] == .number(Double(estimatedIn)) && attempts[2]["outputTokens"] == .number(Double(estimatedOut)))

        // Each line shows its tokens, the estimate marked; then the month's totals.
        let listed = try bench.ctl(["plan", "attempts"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        func count(_ value: JSONValue?) -> Int { Int(value?.numberValue ?? -1) }
        #expect(lines[0].hasSuffix("attempt 2  imported as plan 2  \(count(reported[1][0])) in / \(count(reported[1][1])) out tokens"), "\(lines)")
        #expect(lines[1].hasSuffix("attempt 1  refused  \(count(reported[0][0])) in / \(count(reported[0][1])) out tokens"), "\(lines)")
        #expect(lines[2].hasSuffix("attempt 1  imported as plan 1  ~\(estimatedIn) in / ~\(estimatedOut) out tokens (estimated)"), "\(lines)")
        let totalIn = estimatedIn + count(reported[0][0]) + count(reported[1][0])
        let totalOut = estimatedOut + count(reported[0][1]) + count(reported[1][1])
        let month = Self.thisMonth()
        #expect(lines.last == "this month (\(month.month)): 3 attempts, \(totalIn) tokens in, \(totalOut) out (1 attempt estimated); " +
                "the count starts again on \(month.next)", "\(lines)")
        // The same figures on the wire.
        let totals = try JSONParser.parse(try bench.ctl(["call", "plan.usage"]).stdout)
        #expect(totals == .obj(["month": .string(month.month), "since": .string(month.first), "resetsOn": .string(month.next), "attempts": 3,
                                "inputTokens": .number(Double(totalIn)), "outputTokens": .number(Double(totalOut)),
                                "estimatedAttempts": 1, "unrecordedAttempts": 0]))
    }

    @Test func usageThatDoesNotReadIsSaidAndTheTokensAreEstimated() throws {
        let bench = try Bench()
        let result = try bench.ctl(["plan", "next", "--week", "2027-01-06", "--repairs", "0", "--planner", Self.planners + "usage.sh"],
                                   environment: ["PLANNER_USAGE": "{\"inputTokens\": \"lots\", \"outputTokens\": 3}"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the usage the planner passed back (SESSIOND_USAGE_FILE) was not taken: inputTokens must be a whole number"),
                "\(result.stderr)")
        let attempt = try #require(try bench.attempts().first)
        #expect(attempt["tokenSource"] == "estimate")
        #expect(attempt["outputTokens"] == .number(Double(Self.estimate(attempt["reply"]?.stringValue ?? ""))))
    }

    @Test func theMonthlyLimitStopsThePlannerBeforeItRunsAndSaysWhenTheMonthResets() throws {
        let bench = try Bench()
        let config = writeConfig(bench, "planner-monthly-limit = 3\n")
        #expect(try bench.next("repairs.sh").status == 0)   // 2 attempts
        #expect(try bench.next("counts.sh").status == 0)    // the third
        #expect(Fixtures.read(bench.log + "/runs") == "attempt 1\n")

        let month = Self.thisMonth()
        let refused = try bench.next("counts.sh")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the planner's monthly limit is reached: 3 attempts of 3 made since \(month.first) " +
                                        "(planner-monthly-limit = 3 in \(config)), so the planner was not run; the month resets on \(month.next)"),
                "\(refused.stderr)")
        #expect(Fixtures.read(bench.log + "/runs") == "attempt 1\n", "the planner did not run")
        let redo = try bench.ctl(["plan", "redo", "monday", "--planner", Self.planners + "counts.sh"])
        #expect(redo.status == 1 && redo.stderr.contains("so the planner was not run"), "\(redo.stderr)")
        #expect(Fixtures.read(bench.log + "/runs") == "attempt 1\n")
        #expect(try bench.attempts().count == 3)
        let listed = try bench.ctl(["plan", "attempts"])
        #expect(listed.stdout.contains("this month (\(month.month)): 3 of 3 attempts (planner-monthly-limit), "), "\(listed.stdout)")

        // A repair counts: with room for one more attempt, the refused reply is not sent back.
        Fixtures.write("planner-monthly-limit = 4\n", to: config)
        let repair = try bench.next("invalid.sh")
        #expect(repair.status == 1)
        #expect(repair.stderr.contains("4 attempts of 4 made since \(month.first)") && repair.stderr.contains("so attempt 2 was not made and nothing was imported"),
                "\(repair.stderr)")
        #expect(try bench.attempts().map { $0["outcome"] } == ["refused", "imported", "imported", "refused"])

        Fixtures.write("planner = x\nplanner-monthly-limit = 0\n", to: config)
        let zero = try bench.next("counts.sh")
        #expect(zero.status == 2 && zero.stderr.contains("config:2: planner-monthly-limit needs a number of attempts from 1 to 100000, got \"0\""),
                "\(zero.stderr)")
    }
}
