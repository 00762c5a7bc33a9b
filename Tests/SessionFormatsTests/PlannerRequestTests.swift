import JSON
import SessionCore
import SessionFormats
import Testing

@Suite struct PlannerRequestTests {
    let monday = LocalDate("2027-01-04")!

    @Test func theFirstRequestIsTheSystemAndUserMessagesWithTheSchema() {
        let request = PlannerRequest(system: "S", user: "U", schema: .obj(["type": "object"]), weekStart: monday)
        #expect(request.json == .obj([
            "messages": [.obj(["role": "system", "content": "S"]), .obj(["role": "user", "content": "U"])],
            "schema": .obj(["type": "object"]), "weekStart": "2027-01-04", "attempt": 1,
        ]))
    }

    @Test func aRepairAppendsTheReplyAndItsErrors() {
        let first = PlannerRequest(system: "S", user: "U", schema: .obj([:]), weekStart: monday)
        let errors = (0..<35).map { PathMessage(path: "days[\($0)].sets", message: "must be an integer from 1 to 20, got 0") }
        let second = first.repairing(reply: "{\"planName\": \"X\"}", errors: errors)
        #expect(second.attempt == 2)
        #expect(second.messages.count == 4)
        #expect(second.messages[2] == PlannerRequest.Message(role: "assistant", content: "{\"planName\": \"X\"}"))
        let repair = second.messages[3].content
        #expect(second.messages[3].role == "user")
        #expect(repair.contains("- days[0].sets: must be an integer from 1 to 20, got 0"))
        #expect(repair.contains("- days[29].sets") && !repair.contains("- days[30].sets"))
        #expect(repair.contains("- … and 5 more"))
        #expect(repair.hasSuffix("Reply with the whole corrected plan as one JSON object matching the schema, and nothing else."))
        // A huge reply is echoed cut, not whole.
        let third = second.repairing(reply: String(repeating: "x", count: 100_000), errors: [])
        #expect(third.attempt == 3)
        #expect(third.messages[4].content.utf8.count == PlannerRequest.echoedReplyBytes)
    }
}
