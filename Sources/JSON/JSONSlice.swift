/// A JSON value left where it stands in the input: checked once, parsed only as far as
/// it is read. A request line is read this way, so its envelope and params build no
/// `JSONValue` tree, and a number keeps its text: an id comes back exactly as sent
/// and an integer param sees the digits, not a rounded `Double`.
public struct JSONSlice: Sendable {
    /// The whole input the value lies in (shared, not copied).
    public let bytes: [UInt8]
    /// Where the value lies in `bytes`, without surrounding whitespace.
    public let range: Range<Int>

    /// Checks `bytes` as one JSON document (whitespace may surround the value) and
    /// returns its value, parsed no further.
    public static func document(_ bytes: [UInt8]) throws(JSONParser.Failure) -> JSONSlice {
        var parser = JSONParser(bytes: bytes, start: 0)
        parser.skipWhitespace()
        let start = parser.index
        try parser.skipValue()
        let end = parser.index
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw JSONParser.Failure(offset: parser.index, message: "unexpected text after the JSON value")
        }
        return JSONSlice(bytes: bytes, range: start..<end)
    }

    private var first: UInt8 { bytes[range.lowerBound] }

    /// True for `null`.
    public var isNull: Bool { first == UInt8(ascii: "n") }
    /// True for an object.
    public var isObject: Bool { first == UInt8(ascii: "{") }
    /// True for an array.
    public var isArray: Bool { first == UInt8(ascii: "[") }
    /// True for a string.
    public var isString: Bool { first == UInt8(ascii: "\"") }
    /// True for a number.
    public var isNumber: Bool { first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) }

    /// The value as a tree. The text was checked when the slice was made, so this
    /// cannot fail.
    public var value: JSONValue {
        var parser = JSONParser(bytes: bytes, start: range.lowerBound)
        return (try? parser.parseValue()) ?? .null
    }

    /// The JSON text exactly as it stands in the input.
    public var text: Substring { Substring(decoding: bytes[range], as: UTF8.self) }

    /// An object's members in document order, each value a slice; nil when this is
    /// not an object.
    public var members: [(key: String, value: JSONSlice)]? {
        guard isObject else { return nil }
        var members: [(key: String, value: JSONSlice)] = []
        var parser = JSONParser(bytes: bytes, start: range.lowerBound)
        try? parser.readObject { key, parser throws(JSONParser.Failure) in
            let start = parser.index
            try parser.skipValue()
            members.append((key: key, value: JSONSlice(bytes: bytes, range: start..<parser.index)))
        }
        return members
    }

    /// An array's elements, each a slice; nil when this is not an array.
    public var elements: [JSONSlice]? {
        guard isArray else { return nil }
        var elements: [JSONSlice] = []
        var parser = JSONParser(bytes: bytes, start: range.lowerBound)
        try? parser.readArray { parser throws(JSONParser.Failure) in
            let start = parser.index
            try parser.skipValue()
            elements.append(JSONSlice(bytes: bytes, range: start..<parser.index))
        }
        return elements
    }

    /// The integer a number's text denotes exactly (`5`, `5.0`, `5e2`, `-0`), nil when
    /// this is not a number, the text is not a whole number (`5.0000000000000000001`,
    /// `1e-400`) or its magnitude is 2^53 or more, where doubles stop being exact.
    public var exactInteger: Int? {
        guard isNumber else { return nil }
        return JSONSlice.exactInteger(bytes[range])
    }

    static func exactInteger(_ text: ArraySlice<UInt8>) -> Int? {
        var digits: [UInt8] = []
        var exponent = 0
        var negative = false
        var index = text.startIndex
        if text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var inFraction = false
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                break
            } else {
                // Leading zeros add nothing; fraction digits lower the exponent.
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte - UInt8(ascii: "0")) }
                if inFraction { exponent -= 1 }
            }
            index += 1
        }
        if index < text.endIndex {  // the exponent, clamped: beyond ±10^6 the answer is known
            index += 1
            var exponentNegative = false
            if text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var value = 0
            for byte in text[index...] { value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000) }
            exponent += exponentNegative ? -value : value
        }
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        guard !digits.isEmpty else { return 0 }
        guard exponent >= 0, digits.count + exponent <= 16 else { return nil }
        var value = 0
        for digit in digits { value = value * 10 + Int(digit) }
        for _ in 0..<exponent { value *= 10 }
        guard value < 1 << 53 else { return nil }
        return negative ? -value : value
    }
}
