import Testing
@testable import JSON

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5e1, true, false, null], "b": "x\"\u00e9\n", "c": {}} "#)
        #expect(value["a"] == [1, -25, true, false, nil])
        #expect(value["b"] == "x\"é\n")
        #expect(value["c"] == .object([]))
    }

    @Test func keepsKeyOrder() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": 2, "m": 3}"#)
        #expect(value.objectPairs?.map(\.key) == ["z", "a", "m"])
    }

    @Test func decodesSurrogatePairs() throws {
        #expect(try JSONParser.parse(#""\ud83d\udcaa""#) == "💪")
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(#""\ud83d""#) }
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"a", "[1] x", "{'a': 1}", "\"\u{01}\"", "NaN"])
    func rejectsInvalidText(_ text: String) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
    }

    @Test func refusesDeepNesting() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? JSONParser.parse(fine)) != nil)
    }

    @Test func reportsWhereAPrefixValueEnds() throws {
        let bytes = Array(#"xx {"a": 1} tail"#.utf8)
        let (value, end) = try JSONParser.parsePrefix(bytes: bytes, start: 3)
        #expect(value == .obj(["a": 1]))
        #expect(end == 11)
    }

    @Test func encodesCompactlyAndRoundTrips() throws {
        let value: JSONValue = .obj(["n": 3, "f": 2.5, "s": "a\"b\\c\n\u{1}", "l": [true, nil]])
        #expect(value.jsonText == #"{"n":3,"f":2.5,"s":"a\"b\\c\n\u0001","l":[true,null]}"#)
        #expect(try JSONParser.parse(value.jsonText) == value)
        #expect(try JSONParser.parse(value.prettyText) == value)
        #expect(!value.jsonText.contains("\n"))
    }

    @Test(arguments: [
        ("0", 0.0, "0"), ("-0", 0.0, "0"), ("42", 42, "42"), ("-17", -17, "-17"), ("123456789012345", 123_456_789_012_345, "123456789012345"),
        ("1234567890123456", 1_234_567_890_123_456, "1234567890123456"), ("9007199254740993", 9_007_199_254_740_992, "9007199254740992.0"),
        ("2.5", 2.5, "2.5"), ("-0.125", -0.125, "-0.125"), ("1e3", 1000, "1000"), ("12E-1", 1.2, "1.2"), ("5.0", 5, "5"),
    ])
    func parsesAndFormatsNumbers(text: String, value: Double, formatted: String) throws {
        #expect(try JSONParser.parse(text) == .number(value), "\(text)")
        #expect(JSONValue.number(value).jsonText == formatted, "\(text)")
    }

    @Test func refusesInvalidUTF8InStringsAndKeepsValidText() throws {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x28, 0x22], [0x22, 0x61, 0xFF, 0x22], [0x22, 0x5C, 0x6E, 0xED, 0xA0, 0x80, 0x22]] {
            #expect(throws: JSONParser.Failure.self, "\(bytes)") { try JSONParser.parse(bytes: bytes) }
        }
        #expect(try JSONParser.parse(bytes: Array(#""Übung ✓ plain""#.utf8)) == .string("Übung ✓ plain"))
        #expect(try JSONParser.parse(bytes: Array(#"{"k":"ascii only"}"#.utf8)) == .obj(["k": "ascii only"]))
    }

    @Test func refusesMalformedNumbers() {
        for text in ["01", "-", "1.", ".5", "1e", "--1", "1e400"] {
            #expect(throws: JSONParser.Failure.self, "\(text)") { try JSONParser.parse(text) }
        }
    }

    @Test func escapesControlCharactersAsUnicodeEscapes() {
        #expect(JSONValue.string("\u{0}\u{1F}\u{7F}\t\r").jsonText == #""\u0000\u001f\u007f\t\r""#)
        #expect(JSONValue.string("a\u{2028}b\u{2029}").jsonText == #""a\u2028b\u2029""#)
        #expect(JSONValue.string("\u{E2}\u{20AC}").jsonText == "\"\u{E2}\u{20AC}\"", "other characters starting with 0xE2 pass through")
    }

    @Test func intValueOnlyForIntegralNumbers() {
        #expect(JSONValue.number(3).intValue == 3)
        #expect(JSONValue.number(3.5).intValue == nil)
        #expect(JSONValue.string("3").intValue == nil)
    }
}

@Suite struct JSONEscapingTests {
    @Test func escapesEveryCharacterJSONNeeds() throws {
        for text in ["plain", "quote \" and \\ backslash", "line\nbreak", "del\u{7F}", "sep\u{2028}arator", "€ and ✓", ""] {
            let encoded = JSONValue.string(text).jsonText
            #expect(try JSONParser.parse(encoded) == .string(text), "\(text)")
            #expect(!encoded.contains("\n") && !encoded.contains("\u{2028}"))
        }
    }
}

/// The writer's members and integers as the tree writes them.
@Suite struct JSONWriterTests {
    @Test func membersAndIntegersReadBackAsWritten() throws {
        let integers: [Int64] = [0, 7, -7, 10, -10, 1_234_567_890, Int64.max, Int64.min, -1]
        var writer = JSONWriter()
        writer.object {
            for (index, number) in integers.enumerated() {
                $0.key(index % 2 == 0 ? "even" : "odd")
                $0.value(number)
            }
            $0.member("flag", true)
            $0.member("none", Int?.none)
            $0.member("list", "x")
        }
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == #"{"even":0,"odd":7,"even":-7,"odd":10,"even":-10,"odd":1234567890,"even":9223372036854775807,"odd":-9223372036854775808,"even":-1,"flag":true,"none":null,"list":"x"}"#)
        for number in integers { #expect(JSONValue.format(number: Double(number)) == (abs(Double(number)) < 9_007_199_254_740_992 ? String(number) : Double(number).description)) }
    }

    /// Numbers of up to three decimals are written from their digits, without a
    /// String: the same text as Swift's shortest form, for every kind of value near
    /// the fast path's edges (and the shortest form itself past them).
    @Test func decimalNumbersAreWrittenAsTheirShortestForm() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0.5, -0.5, 0.001, -0.001, 0.1, 0.2, 0.3, 72.5, 82.1, 999_999_999.999, -999_999_999.5, 1e9 + 0.5, 1e-4, 1.0005,
                                0.1 + 0.2, 1 / 3, 100.125, 7.75, 2.675, 1.005]
        for _ in 0..<20_000 {
            let scale = [1.0, 10, 100, 1000, 10_000][Int.random(in: 0..<5, using: &generator)]
            values.append(Double(Int64.random(in: -2_000_000_000_000...2_000_000_000_000, using: &generator)) / scale)
            values.append(Double.random(in: -1e10...1e10, using: &generator))
            values.append(Double.random(in: -2...2, using: &generator))
        }
        for value in values where value.rounded() != value {
            #expect(JSONValue.format(number: value) == value.description, "\(value)")
        }
    }

    /// JSON has no infinity nor NaN: they are written as null, so a reply always parses.
    @Test func aNumberThatIsNoneIsWrittenAsNull() throws {
        var writer = JSONWriter()
        writer.object {
            for (key, value) in [("up", Double.infinity), ("down", -Double.infinity), ("none", Double.nan), ("big", 1e308)] {
                $0.key(escaping: key)
                $0.value(value)
            }
        }
        let text = String(decoding: writer.bytes, as: UTF8.self)
        #expect(text == #"{"up":null,"down":null,"none":null,"big":1e+308}"#)
        #expect(try JSONParser.parse(text)["big"] == 1e308)
    }

    /// The writer's buffer starts small and grows while members are written into it:
    /// every integer's digits (each length from 1 to 19), strings that need escaping
    /// and numbers with fractions read back as written.
    @Test func aSmallBufferGrowsAndKeepsEveryByte() throws {
        var integers: [Int64] = [0, -1, Int64.max, Int64.min]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            integers += [power - 1, power, -power, -(power - 1)]
        }
        let strings = ["", "plain", "quote \" and \\ back", "tab\tline\ncr\r", "\u{01}\u{1F}\u{7F}", "sep \u{2028} \u{2029} é ✓", String(repeating: "x", count: 300)]
        let doubles = [0.5, -2.25, 1e300, 123.456, 72.5]
        var writer = JSONWriter(capacity: 1)
        writer.object {
            $0.key("integers")
            $0.array { for number in integers { $0.value(number) } }
            $0.key("strings")
            $0.array { for text in strings { $0.value(text) } }
            $0.key(escaping: "key \"quoted\"")
            $0.array { for number in doubles { $0.value(number) } }
        }
        let parsed = try JSONParser.parse(String(decoding: writer.bytes, as: UTF8.self))
        #expect(writer.byteCount == writer.bytes.count)
        #expect(parsed["integers"]?.arrayValue?.compactMap { $0.numberValue }.map { Int64(exactly: $0) ?? 0 }.count == integers.count)
        #expect(parsed["strings"]?.arrayValue?.compactMap(\.stringValue) == strings)
        #expect(parsed["key \"quoted\""]?.arrayValue?.compactMap(\.numberValue) == doubles)
        let text = String(decoding: writer.bytes, as: UTF8.self)
        for number in integers { #expect(text.contains(String(number))) }
        #expect(text.contains(#""sep \u2028 \u2029 é ✓""#))
    }
}
