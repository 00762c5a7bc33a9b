import Testing

@testable import JSON

/// A document walked as its bytes come, however they are cut: members stepped into,
/// values captured whole or passed over, errors at their byte offset.
@Suite struct JSONStreamReaderTests {
    private static let text = #"""
        { "skip": {"a": [1, "x]}\"{", {"b": null}], "c": "\\"}, "n": -1.5e3 ,
          "list": [ {"k": "v\"}"}, 7, "s", true, [ ], {} ] , "end": "é\u00e9" }
        """#

    /// A reader fed `count` bytes at a time (the last read may be shorter).
    private static func reader(_ text: String, count: Int) -> JSONStreamReader {
        reader(Array(text.utf8), count: count)
    }

    private static func reader(_ bytes: [UInt8], count: Int) -> JSONStreamReader {
        var position = 0
        return JSONStreamReader(bufferSize: count) { buffer in
            let taken = min(count, buffer.count, bytes.count - position)
            for index in 0..<taken { buffer[index] = bytes[position + index] }
            position += taken
            return taken
        }
    }

    @Test(arguments: [1, 2, 3, 7, 16, 64, 4096])
    func aDocumentReadsTheSameHoweverItsBytesAreCut(count: Int) throws {
        var stream = Self.reader(Self.text, count: count)
        var keys: [String] = []
        var items: [JSONValue] = []
        try stream.beginObject()
        while let key = try stream.nextKey() {
            keys.append(key)
            switch key {
            case "list":
                try stream.beginArray()
                while try stream.nextElement() { items.append(try stream.value()) }
            case "end": #expect(try stream.string() == "éé")
            case "n": #expect(try stream.value() == .number(-1500))
            default: try stream.skipValue()
            }
        }
        try stream.end()
        #expect(keys == ["skip", "n", "list", "end"])
        let whole = try JSONParser.parse(#"[{"k": "v\"}"}, 7, "s", true, [], {}]"#)
        #expect(JSONValue.array(items) == whole)
    }

    /// A byte-order mark before the document is passed over however the reads cut it (a
    /// pipe may bring a byte at a time); part of one is no JSON.
    @Test(arguments: [1, 2, 3, 4096])
    func aByteOrderMarkIsPassedOverHoweverItsBytesCome(count: Int) throws {
        var stream = Self.reader([0xEF, 0xBB, 0xBF] + Array(#" {"a": 1}"#.utf8), count: count)
        try stream.beginObject()
        #expect(try stream.nextKey() == "a")
        #expect(try stream.value() == .number(1))
        #expect(try stream.nextKey() == nil)
        for part in [[0xEF], [0xEF, 0xBB]] as [[UInt8]] {
            var cut = Self.reader(part + Array(#"{"a": 1}"#.utf8), count: count)
            let error = #expect(throws: JSONParser.Failure.self) { try cut.beginObject() }
            #expect(error?.message == "expected JSON, found part of a byte-order mark", "\(String(describing: error))")
        }
    }

    @Test func aDocumentCutShortOrWithMoreAfterItIsRefusedAtItsOffset() throws {
        var cut = Self.reader(#"{"a": [1, 2"#, count: 3)
        try cut.beginObject()
        #expect(try cut.nextKey() == "a")
        #expect(throws: JSONParser.Failure(offset: 11, message: "the document ends inside a value")) { try cut.skipValue() }
        var more = Self.reader(#"{"a": 1} x"#, count: 4)
        try more.skipValue()
        #expect(throws: JSONParser.Failure(offset: 9, message: "unexpected text after the JSON value")) { try more.end() }
        var wrong = Self.reader(#"{"a": 1 "b": 2}"#, count: 5)
        try wrong.beginObject()
        _ = try wrong.nextKey()
        try wrong.skipValue()
        #expect(throws: JSONParser.Failure(offset: 8, message: "expected ',' or '}'")) { _ = try wrong.nextKey() }
    }

    @Test func aCapturedValuePastItsBoundIsRefused() throws {
        var stream = JSONStreamReader(bytes: Array(#"["#.utf8) + Array(repeating: UInt8(ascii: "1"), count: 100) + Array("]".utf8), maximumCapture: 50)
        #expect(throws: JSONParser.Failure.self) { _ = try stream.capture() }
    }
}
