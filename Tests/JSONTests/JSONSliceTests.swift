import Testing

@testable import JSON

/// A slice checks the whole text once and parses only what is read.
@Suite struct JSONSliceTests {
    @Test func refusesWhatTheParserRefuses() {
        for text in ["{", "[1,]", #"{"a" 1}"#, "01", "1e400", #""\ud800""#, "[1] x", "", "nul"] {
            #expect(throws: JSONParser.Failure.self, "\(text)") { try JSONSlice.document(Array(text.utf8)) }
            #expect(throws: JSONParser.Failure.self, "\(text)") { try JSONParser.parse(text) }
        }
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(throws: JSONParser.Failure.self) { try JSONSlice.document(Array(deep.utf8)) }
    }

    @Test func membersAndElementsKeepTheirTextAndOrder() throws {
        let text = #" {"b": [1, 2.50, {"x":null}], "a" : "é\n", "n": 12345678901234567890} "#
        let document = try JSONSlice.document(Array(text.utf8))
        let members = try #require(document.members)
        #expect(members.map(\.key) == ["b", "a", "n"])
        #expect(members[0].value.elements?.map { String($0.text) } == ["1", "2.50", #"{"x":null}"#])
        #expect(members[1].value.value == .string("é\n"))
        #expect(members[2].value.text == "12345678901234567890")
        #expect(document.value == (try JSONParser.parse(text)))
        #expect(document.elements == nil && members[0].value.members == nil)
    }

    @Test func exactIntegersComeFromTheText() throws {
        func integer(_ text: String) throws -> Int? { try JSONSlice.document(Array(text.utf8)).exactInteger }
        #expect(try integer("9007199254740991") == 9_007_199_254_740_991)
        #expect(try integer("-9007199254740991") == -9_007_199_254_740_991)
        #expect(try integer("9007199254740992") == nil)
        #expect(try integer("120e-1") == 12)
        #expect(try integer("0.0001e4") == 1)
        #expect(try integer("1.2") == nil)
        #expect(try integer("1e-1000000000000") == nil)
        #expect(try integer("0.000e999999999999") == 0)
        #expect(try integer(#""5""#) == nil)
    }
}
