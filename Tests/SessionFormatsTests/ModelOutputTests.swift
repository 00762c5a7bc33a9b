import JSON
import Testing
@testable import SessionFormats

/// Finding the plan in a model's reply reads each value once: brackets nested deep
/// around numbers, or opening values that break far on, cost a bounded amount of work
/// and still give the answer the text has.
@Suite struct ModelOutputTests {
    static let plan = #"{"planName": "P", "days": [{"day": "Monday", "title": "T", "exercises": [{"name": "Row", "sets": 3, "reps": 10}]}]}"#

    @Test func aPlanInsideAnArrayOfOtherThingsIsFound() throws {
        let extraction = ModelOutput.extract("Here it is: [1, \"two\", \(Self.plan)] — enjoy")
        guard case .embedded(let value) = extraction else {
            Issue.record("\(extraction)")
            return
        }
        #expect(value == (try JSONParser.parse(Self.plan)))
        #expect(ModelOutput.extract("[[\(Self.plan)], [\(Self.plan)]] and prose") == .several(2))
        // A broken value after the plan is prose's (a fragment quoted); one before it may
        // be a piece of it.
        #expect(ModelOutput.extract("\(Self.plan)\nYou could also try {\"sets\": 3") == .embedded(try JSONParser.parse(Self.plan)))
        guard case .syntax = ModelOutput.extract("Try {\"sets\": 3 first, then \(Self.plan)") else {
            Issue.record("a broken value before the plan decides")
            return
        }
    }

    /// 127 arrays deep around a long list of numbers, after prose: every array parses
    /// and none is a plan, so there is none; each is read once, not again from each
    /// of the brackets inside it.
    @Test func deepArraysOfNumbersAreNoPlan() {
        let text = "x" + String(repeating: "[", count: 127) + String(repeating: "1,", count: 20_000) + "1" + String(repeating: "]", count: 127)
        #expect(ModelOutput.extract(text) == .none)
    }

    /// Brackets that each open a value which breaks at the end ("[1,[1,[1,…" cut off)
    /// would read the text again from each one: past the budget the search stops,
    /// said at the bracket where it stopped.
    @Test func bracketsOpeningValuesThatBreakFarOnStopTheSearch() {
        let numbers = String(repeating: "1,", count: 100_000)
        let text = "x" + String(repeating: "[1,", count: 100) + numbers
        let length = text.utf8.count
        #expect(ModelOutput.readBudget(length) < 100 * length, "the old search read the text once per bracket")
        guard case .syntax(let place, let reason) = ModelOutput.extract(text) else {
            Issue.record("expected the search to stop")
            return
        }
        #expect(place.line == 1 && place.column > 1 && reason.contains("too many brackets"), "\(place) \(reason)")
        // One such bracket is read once: no plan, as before.
        #expect(ModelOutput.extract("x[1," + numbers) == .none)
    }
}
