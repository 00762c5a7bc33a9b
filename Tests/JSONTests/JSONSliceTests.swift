import Testing

@testable import JSON

/// A slice checks the whole text once and parses only what is read.
@Suite struct JSONSliceTests {
    @Test func refusesWhatTheParserRefuses() {
        let numbers = ["[01]", "[-]", "[1.]", "[1e]", "[1e400]", "[-01]", #"{"a":-}"#, "[-1e999]", "[" + String(repeating: "9", count: 400) + "]"]
        for text in ["{", "[1,]", #"{"a" 1}"#, "01", "1e400", #""\ud800""#, "[1] x", "", "nul"] + numbers {
            #expect(throws: JSONParser.Failure.self, "\(text)") { try JSONSlice.document(Array(text.utf8)) }
            #expect(throws: JSONParser.Failure.self, "\(text)") { try JSONParser.parse(text) }
        }
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(throws: JSONParser.Failure.self) { try JSONSlice.document(Array(deep.utf8)) }
    }

    /// Numbers without an exponent are only scanned up to 308 digits before the point
    /// (below the largest double); past that, and with any exponent, they are read:
    /// either way the slice takes exactly the numbers the parser takes.
    @Test func takesTheNumbersTheParserTakes() throws {
        let nines = { (count: Int) in String(repeating: "9", count: count) }
        let accepted = ["82.5", "-0.125", nines(308), nines(308) + ".99", "1" + String(repeating: "0", count: 308) + ".5", "-" + nines(308) + ".5", "0." + nines(500), "1e308", "1.5E-400"]
        let refused = [nines(309), nines(309) + ".5", "-" + nines(309), "2" + String(repeating: "0", count: 308) + ".0", "1e309", "-2E+400"]
        for text in accepted {
            #expect((try? JSONParser.parse(text)) != nil, "\(text.prefix(20))")
            #expect((try? JSONSlice.document(Array("[\(text)]".utf8))) != nil, "\(text.prefix(20))")
        }
        for text in refused {
            #expect(throws: JSONParser.Failure.self, "\(text.prefix(20))") { try JSONParser.parse(text) }
            #expect(throws: JSONParser.Failure.self, "\(text.prefix(20))") { try JSONSlice.document(Array("[\(text)]".utf8)) }
        }
    }

    /// The tape of a large line is reserved at once from a bound on its values: the
    /// bound must hold for any document, commas in strings and empty containers too.
    @Test func theNodeBoundHoldsEveryValue() throws {
        let documents = [
            "1", "[]", "{}", #""a,b[c{""#, "[1,2,3]", "[[],[],[[[]]]]", #"{"a":[1,{"b":{}},[]],"c":"x,y"}"#,
            "[" + Array(repeating: "0", count: 600).joined(separator: ",") + "]",
            "[" + Array(repeating: "[]", count: 600).joined(separator: ",") + "]",
            "{" + (0..<300).map { #""k\#($0)":{"v":[\#($0),null,true]}"# }.joined(separator: ",") + "}",
        ]
        for text in documents {
            let document = try JSONSlice.document(Array(text.utf8))
            #expect(JSONSlice.nodeBound(Array(text.utf8)) >= document.documentValueCount, "\(text.prefix(60))")
        }
        // Single digits between commas: the bound is exact.
        let digits = Array(documents[7].utf8)
        #expect(JSONSlice.nodeBound(digits) == (try JSONSlice.document(digits)).documentValueCount)
        // Counted eight bytes at a time: the same count as byte by byte, whatever the
        // bytes around the marks and wherever the end falls.
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000] {
            for _ in 0..<20 {
                let alphabet: [UInt8] = [0x2C, 0x5B, 0x7B, 0x2B, 0x2D, 0x5A, 0x5C, 0x7A, 0x7C, 0xAC, 0xDB, 0xFB, 0x00, 0xFF, 0x20, 0x22]
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                let marks = bytes.filter { $0 == 0x2C || $0 == 0x5B || $0 == 0x7B }.count
                #expect(JSONSlice.nodeBound(bytes) == min(1 + marks, bytes.count / 2 + 1), "\(bytes)")
            }
        }
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

    @Test func aMemberIsFoundByItsKeyBytes() throws {
        let text = #"{"reps": 5, "repsMax": 8, "n\u0061me": "Row", "rpe": null, "done": true, "kg": 72.5}"#
        let document = try JSONSlice.document(Array(text.utf8))
        #expect(document.member("reps")?.exactInteger == 5 && document.member("repsMax")?.exactInteger == 8, "a key that starts another is not it")
        #expect(document.member("name")?.string == "Row", "an escaped key is compared decoded")
        #expect(document.member("rpe") == nil && document.member("missing") == nil, "null reads as absent")
        #expect(document.member("done")?.boolValue == true && document.member("kg")?.numberValue == 72.5)
        #expect(document.member("reps")?.member("x") == nil, "not an object")
    }

    /// Numbers read from their bytes are what strtod makes of their text.
    @Test func numbersReadAsStrtodReadsThem() throws {
        var state: UInt64 = 53
        var generator = AnyRandom { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 11 }
        for _ in 0..<20_000 {
            var text = generator.next() % 4 == 0 ? "-" : ""
            text += String(generator.next() % 1_000_000_000_000)
            if generator.next() % 2 == 0 { text += "." + String(generator.next() % 100_000_000) }
            if generator.next() % 8 == 0 { text += "e" + String(Int(generator.next() % 40) - 20) }
            let slice = try JSONSlice.document(Array(text.utf8))
            #expect(slice.numberValue == Double(text), "\(text)")
        }
        for text in ["0", "-0", "72.5", "0.1", "65.181223569", "74.99999999999999", "123456789012345", "1234567890123456789", "1e3", "2.5E-3", "-0.0"] {
            #expect(try JSONSlice.document(Array(text.utf8)).numberValue == Double(text), "\(text)")
        }
        #expect(try JSONSlice.document(Array("-0".utf8)).numberValue?.sign == .minus, "negative zero keeps its sign")
    }

    @Test func positionsCountsAndDuplicateKeysComeFromTheTape() throws {
        let text = #"{"reps": 5, "rpe": null, "n\u0061me": "Row"}"#
        let document = try JSONSlice.document(Array(text.utf8))
        #expect(document.members?.count == 3 && document.duplicateKey == nil)
        #expect(document.position(of: "rpe")?.index == 1 && document.position(of: "rpe")?.value.isNull == true, "null is a member here")
        #expect(document.position(of: "name")?.index == 2 && document.position(of: "missing") == nil)
        let twice = try JSONSlice.document(Array(#"{"a": 1, "b": 2, "a": 3}"#.utf8))
        #expect(twice.duplicateKey == "a")
        let escaped = try JSONSlice.document(Array(#"{"name": 1, "n\u0061me": 2}"#.utf8))
        #expect(escaped.duplicateKey == "name", "keys are compared as they read, escapes decoded")
        let many = "{" + (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ",") + ", \"k7\": 0}"
        #expect(try JSONSlice.document(Array(many.utf8)).duplicateKey == "k7", "past 16 members, by hashing")
        #expect(try JSONSlice.document(Array("[1, 1]".utf8)).duplicateKey == nil && document.member("reps")?.duplicateKey == nil)
        // Keys of one length are compared whole: past the first 8 bytes, and past 63
        // bytes (where lengths share one mark).
        let long = String(repeating: "x", count: 70)
        for (text, duplicate) in [
            (#"{"exercise": 1, "weightKg": 2, "reps": 3}"#, nil), (#"{"exerciseA": 1, "exerciseB": 2}"#, nil),
            (#"{"exerciseA": 1, "b": 0, "exerciseA": 2}"#, "exerciseA"), ("{\"\(long)a\": 1, \"\(long)\": 2, \"\(long)b\": 3}", nil),
            ("{\"\(long)\": 1, \"\(long)\": 2}", long), (#"{"a": {"b": 1, "b": 2}}"#, nil),
        ] as [(String, String?)] {
            #expect(try JSONSlice.document(Array(text.utf8)).duplicateKey == duplicate, "\(text)")
        }
    }

    /// A reader over a slice reads what a reader over the tree reads, and names the
    /// same path in an error.
    @Test func aReaderOverASliceReadsAsOverTheTree() throws {
        let text = #"{"workouts": [{"title": "A", "sets": [{"reps": 5}, {"reps": "five"}]}]}"#
        let slice = try JSONSlice.document(Array(text.utf8))
        let tree = try JSONParser.parse(text)
        for reader in [try JSONReader(slice, path: "params"), try JSONReader(tree, path: "params")] {
            let workout = try reader.objects("workouts")[0]
            #expect(try workout.string("title") == "A")
            let sets = try workout.objects("sets")
            #expect(try sets[0].int("reps") == 5)
            #expect(throws: JSONReadError(path: "params.workouts[0].sets[1].reps", expected: "an integer")) { try sets[1].int("reps") }
        }
    }

    /// A string compared with a literal as its bytes stand, or, escaped, as it spells.
    @Test func aStringIsComparedWithALiteralAsItSpells() throws {
        func isTwo(_ json: String) throws -> Bool { try JSONSlice.document(Array(json.utf8)).isString("2.0") }
        #expect(try isTwo(#""2.0""#))
        #expect(try isTwo(#""2\u002e0""#) && (try isTwo(#""\u0032.0""#)), "an escape spelling the same text")
        #expect(try !isTwo(#""2.00""#) && !isTwo(#""2.""#) && !isTwo("2.0") && !isTwo(#""2\n0""#) && !isTwo(#"["2.0"]"#))
    }

    /// What a reader compares with the value it read before: the same bytes, unescaped.
    @Test func aStringMatchesAnEarlierTextOnlyAsItsOwnBytes() throws {
        func matches(_ json: String, _ text: String) throws -> Bool { try JSONSlice.document(Array(json.utf8)).isUnescapedString(text) }
        #expect(try matches(#""Bench Press (Barbell)""#, "Bench Press (Barbell)"))
        #expect(try matches(#""Überkopfdrücken""#, "Überkopfdrücken") && (try matches(#""""#, "")))
        #expect(try !matches(#""Bench Press""#, "Bench Press (Barbell)") && !matches(#""Bench Press (Barbell) ""#, "Bench Press (Barbell)"))
        // An escaped spelling is not the same bytes: the reader makes its String then.
        #expect(try !matches(#""\u0042ench""#, "Bench") && !matches(#""a\\b""#, #"a\b"#))
        // A backslash in the bytes is an escape, whatever the text before held.
        #expect(try !matches(#""a\b""#, #"a\b"#))
        #expect(try !matches("12", "12") && !matches(#"["x"]"#, "x") && !matches("null", "null"))
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

    /// Plain digits take a short way; it must agree with the general reading for every
    /// length and sign, up to where the short way hands over (16 digits and more).
    @Test func plainDigitsReadAsTheGeneralReadingDoes() {
        var state: UInt64 = 7
        for length in 1...19 {
            for _ in 0..<200 {
                var text = ""
                for place in 0..<length {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let digit = Int(state >> 33) % 10
                    text += String(place == 0 && length > 1 ? max(digit, 1) : digit)
                }
                for signed in [text, "-" + text] {
                    let bytes = ArraySlice(Array(signed.utf8))
                    #expect(JSONSlice.exactInteger(bytes) == JSONSlice.exactInteger(general: bytes), "\(signed)")
                }
            }
        }
        #expect(JSONSlice.exactInteger(ArraySlice(Array("-0".utf8))) == 0)
        #expect(JSONSlice.exactInteger(ArraySlice(Array("5.0".utf8))) == 5)
    }
}

/// A small deterministic generator for the tests of this module (no dependencies).
struct AnyRandom {
    let nextValue: () -> UInt64
    init(_ next: @escaping () -> UInt64) { nextValue = next }
    mutating func next() -> UInt64 { nextValue() }
}
