import JSON
import SessionCore
import SessionFormats
import Testing

@Suite struct PlannerTokensTests {
    @Test func aUsageFileGivesBothCountsAndAnEmptyOneGivesNone() throws {
        #expect(try PlannerTokens(usageFile: "{\"inputTokens\": 812, \"outputTokens\": 540, \"model\": \"m\"}\n")
                == PlannerTokens(input: 812, output: 540, source: .usage))
        #expect(try PlannerTokens(usageFile: "") == nil)
        #expect(try PlannerTokens(usageFile: " \n") == nil)
        func refused(_ text: String, saying words: String) {
            #expect(throws: PlannerTokens.UsageError.self) { _ = try PlannerTokens(usageFile: text) }
            do { _ = try PlannerTokens(usageFile: text) } catch { #expect(error.description.contains(words), "\(error)") }
        }
        refused("{\"inputTokens\": 812}", saying: "outputTokens is missing")
        refused("{\"inputTokens\": 1.5, \"outputTokens\": 2}", saying: "inputTokens must be a whole number from 0 to 100000000, got 1.5")
        refused("{\"inputTokens\": -3, \"outputTokens\": 2}", saying: "inputTokens must be a whole number")
        refused("[812, 540]", saying: "expected an object with inputTokens and outputTokens, got an array")
        refused("812 540", saying: "not JSON")
    }

    @Test func theEstimateIsFourBytesATokenOfEveryMessageTheSchemaAndTheReply() {
        let schema: JSONValue = .obj(["type": "object"])  // {"type":"object"}: 17 bytes
        let first = PlannerRequest(system: "abcd", user: "héllo", schema: schema, weekStart: LocalDate("2027-01-04")!)
        // 4 bytes: 1; "héllo" is 6 bytes: 2; the schema: 5.
        #expect(PlannerTokens.estimate(request: first, reply: "12345678") == PlannerTokens(input: 8, output: 2, source: .estimate))
        // A repair's request carries the refused reply and the errors too.
        let second = first.repairing(reply: "x", errors: [])
        let repair = PlannerRequest.repairMessage([])
        #expect(PlannerTokens.estimate(request: second, reply: "").input == 8 + 1 + (repair.utf8.count + 3) / 4)
        #expect(PlannerTokens.estimate(request: second, reply: "").output == 0)
    }

    @Test func theMonthRunsFromItsFirstDayToTheFirstOfTheNext() {
        func month(_ date: String) -> [String] {
            let (first, next) = PlannerBudget.month(holding: LocalDate(date)!)
            return [first.description, next.description]
        }
        #expect(month("2027-01-31") == ["2027-01-01", "2027-02-01"])
        #expect(month("2027-01-01") == ["2027-01-01", "2027-02-01"])
        #expect(month("2026-12-15") == ["2026-12-01", "2027-01-01"])
        #expect(month("2028-02-29") == ["2028-02-01", "2028-03-01"])
        #expect(month("2027-02-10") == ["2027-02-01", "2027-03-01"])
    }

    @Test func theLimitAllowsAttemptsBelowIt() {
        #expect(PlannerBudget.allows(used: 9, limit: 10))
        #expect(!PlannerBudget.allows(used: 10, limit: 10))
        #expect(!PlannerBudget.allows(used: 12, limit: 10))
        #expect(PlannerBudget.allows(used: 1000, limit: nil))
    }
}
