/// A strict RFC 8259 parser over UTF-8 bytes. It can parse a whole document or a value
/// at the start of a slice (reporting where the value ended), which the plan importer
/// uses to find a JSON value inside a model's prose.
public struct JSONParser {
    /// Why a text is not JSON, with the byte offset where parsing stopped.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// Offset in bytes from the start of the input.
        public let offset: Int
        /// What was expected or found there.
        public let message: String
        public var description: String { "\(message) at byte \(offset)" }
    }

    /// Nesting deeper than this is refused, so hostile input cannot exhaust the stack.
    public static let maximumDepth = 128

    let bytes: [UInt8]
    var index: Int
    private var depth = 0

    init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        self.index = start
    }

    /// Parses `text` as one JSON document; whitespace may surround the value.
    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses UTF-8 bytes as one JSON document.
    public static func parse(bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: bytes, start: 0)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw Failure(offset: parser.index, message: "unexpected text after the JSON value")
        }
        return value
    }

    /// Parses one value that starts at `start` and returns it with the offset just past it.
    public static func parsePrefix(bytes: [UInt8], start: Int) throws(Failure) -> (JSONValue, end: Int) {
        var parser = JSONParser(bytes: bytes, start: start)
        let value = try parser.parseValue()
        return (value, parser.index)
    }

    /// Inlined with a one-comparison exit: it runs around every key, colon and comma,
    /// and compact JSON (every request line sessionctl sends) has no whitespace there.
    @inline(__always)
    mutating func skipWhitespace() {
        guard index < bytes.count, bytes[index] <= 0x20 else { return }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func fail(_ message: String) -> Failure {
        Failure(offset: index, message: message)
    }

    mutating func parseValue() throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        let matches = literal.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
        guard matches else { throw fail("invalid literal") }
        index += count
    }

    private mutating func enterContainer() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw fail("nesting too deep") }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = []
        try readObject { key, parser throws(Failure) in
            pairs.append((key: JSONParser.decodeString(in: parser.bytes, quotedAt: key.lowerBound - 1), value: try parser.parseValue()))
        }
        return .object(pairs)
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        var items: [JSONValue] = []
        try readArray { parser throws(Failure) in items.append(try parser.parseValue()) }
        return .array(items)
    }

    /// Checks the value that starts here and moves past it, building nothing.
    mutating func skipValue() throws(Failure) {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try readObject { _, parser throws(Failure) in try parser.skipValue() }
        case UInt8(ascii: "["): try readArray { parser throws(Failure) in try parser.skipValue() }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
        default: _ = try parseValue()
        }
    }

    /// Checks the number that starts here and moves past it. A number is only scanned
    /// when it cannot fail to be a finite Double: a plain integer of up to 15 digits
    /// (reps, ids), or any without an exponent and with at most 308 digits before its
    /// point (below 10^308, so below the largest double: weights like `82.5`, the
    /// imports' every row). Any other is read, and must be finite (`1e400` is refused).
    private mutating func skipNumber() throws(Failure) {
        let start = index
        guard try scanPlainInteger() == nil else { return }
        let integerDigits = index - start - (bytes[start] == UInt8(ascii: "-") ? 1 : 0)
        if try scanFractionAndExponent() || integerDigits > 308 { _ = try readNumber(from: start) }
    }

    /// Checks the string that starts here and moves past it. Plain ASCII without
    /// escapes (keys, most values) is only scanned; anything else is decoded to be
    /// checked.
    @inline(__always)
    private mutating func skipString() throws(Failure) {
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20, bytes[end] < 0x80 {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            index = end + 1
        } else {
            _ = try parseString()
        }
    }

    /// The text of the (already checked) string whose opening quote is at `quote`.
    static func decodeString(in bytes: [UInt8], quotedAt quote: Int) -> String {
        var parser = JSONParser(bytes: bytes, start: quote)
        return (try? parser.parseString()) ?? ""
    }

    /// Reads the object that starts here: `member` gets each key (checked, as the
    /// range of its text between the quotes) with the parser at the member's value,
    /// which it must read or skip.
    mutating func readObject(_ member: (Range<Int>, inout JSONParser) throws(Failure) -> Void) throws(Failure) {
        try enterContainer()
        defer { depth -= 1 }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a string key")
            }
            let keyStart = index + 1
            try skipString()
            let key = keyStart..<index - 1
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':'")
            }
            index += 1
            skipWhitespace()
            try member(key, &self)
            guard try endOfItem(UInt8(ascii: "}"), "expected ',' or '}'") else { continue }
            return
        }
    }

    /// Reads the array that starts here: `element` gets the parser at each element,
    /// which it must read or skip.
    mutating func readArray(_ element: (inout JSONParser) throws(Failure) -> Void) throws(Failure) {
        try enterContainer()
        defer { depth -= 1 }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            guard try endOfItem(UInt8(ascii: "]"), "expected ',' or ']'") else { continue }
            return
        }
    }

    /// After a member or element: true at the container's `close` (consumed), false
    /// after a comma (consumed).
    @inline(__always)
    private mutating func endOfItem(_ close: UInt8, _ expected: String) throws(Failure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of input") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return false
        }
        guard bytes[index] == close else { throw fail(expected) }
        index += 1
        return true
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1  // opening quote
        // Fast path: no escape before the closing quote, so the text is the bytes between.
        var end = index
        var ascii = true
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
            ascii = ascii && bytes[end] < 0x80
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            if ascii {  // valid UTF-8 by construction: no validation pass (the common case)
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end + 1
                return text
            }
            guard let text = String(validating: bytes[index..<end], as: UTF8.self) else {
                index = end
                throw fail("invalid UTF-8 in string")
            }
            index = end + 1
            return text
        }
        var output: [UInt8] = []
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                output.append(contentsOf: bytes[runStart..<index])
                index += 1
                guard let text = String(validating: output, as: UTF8.self) else {
                    throw fail("invalid UTF-8 in string")
                }
                return text
            }
            if byte < 0x20 { throw fail("control character in string") }
            if byte == UInt8(ascii: "\\") {
                output.append(contentsOf: bytes[runStart..<index])
                index += 1
                try parseEscape(into: &output)
                runStart = index
                continue
            }
            index += 1
        }
        throw fail("unterminated string")
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(Failure) {
        guard index < bytes.count else { throw fail("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): output.append(0x22)
        case UInt8(ascii: "\\"): output.append(0x5C)
        case UInt8(ascii: "/"): output.append(0x2F)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail("unpaired surrogate") }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail("unpaired surrogate")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid escape") }
            output.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw fail("invalid escape")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("unterminated escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid hex digit")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        // Fast path: a plain integer of up to 15 digits is exact in a Double.
        if let digits = try scanPlainInteger() {
            var value: Int64 = 0
            for byte in bytes[digits] { value = value * 10 + Int64(byte - UInt8(ascii: "0")) }
            return .number(Double(bytes[start] == UInt8(ascii: "-") ? -value : value))
        }
        return .number(try finishNumber(from: start))
    }

    /// Checks a number's sign and integer part and moves past them; the range of its
    /// digits when that is the whole number and 15 digits at most (exact in a Double),
    /// nil when a fraction, an exponent or more digits follow (`finishNumber`).
    private mutating func scanPlainInteger() throws(Failure) -> Range<Int>? {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
        let digitsStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        guard index - digitsStart <= 15, index == bytes.count || !isFractionOrExponent(bytes[index]) else { return nil }
        return digitsStart..<index
    }

    /// Checks the fraction and exponent after a number's integer part, and reads the
    /// whole number (from `start`), which must be a finite Double.
    private mutating func finishNumber(from start: Int) throws(Failure) -> Double {
        try scanFractionAndExponent()
        return try readNumber(from: start)
    }

    /// Checks the fraction and exponent after a number's integer part and moves past
    /// them; true when there is an exponent.
    @discardableResult
    private mutating func scanFractionAndExponent() throws(Failure) -> Bool {
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            skipDigits()
            return true
        }
        return false
    }

    /// The checked number from `start` to here as a Double, which must be finite.
    private func readNumber(from start: Int) throws(Failure) -> Double {
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw Failure(offset: start, message: "number out of range")
        }
        return value
    }

    private func isFractionOrExponent(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
}
