extension JSONValue {
    /// Compact JSON text on one line (no newline inside, as the wire framing needs).
    public var jsonText: String {
        String(decoding: jsonBytes, as: UTF8.self)
    }

    /// Compact JSON as UTF-8 bytes: what the daemon writes to a socket, without a
    /// String in between.
    public var jsonBytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output, indent: nil, level: 0)
        return output
    }

    /// Indented JSON text for people, two spaces per level.
    public var prettyText: String {
        var output: [UInt8] = []
        write(to: &output, indent: 2, level: 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends this value's JSON to `output`; `indent` spaces per level, or one line.
    @usableFromInline
    func write(to output: inout [UInt8], indent: Int?, level: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let value): Self.write(number: value, to: &output)
        case .string(let text): Self.write(string: text, to: &output)
        case .array(let items):
            guard !items.isEmpty else { output.append(contentsOf: "[]".utf8); return }
            output.append(UInt8(ascii: "["))
            for (offset, item) in items.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(&output, indent: indent, level: level + 1)
                item.write(to: &output, indent: indent, level: level + 1)
            }
            Self.newline(&output, indent: indent, level: level)
            output.append(UInt8(ascii: "]"))
        case .object(let pairs):
            guard !pairs.isEmpty else { output.append(contentsOf: "{}".utf8); return }
            output.append(UInt8(ascii: "{"))
            for (offset, pair) in pairs.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(&output, indent: indent, level: level + 1)
                Self.write(string: pair.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                pair.value.write(to: &output, indent: indent, level: level + 1)
            }
            Self.newline(&output, indent: indent, level: level)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ output: inout [UInt8], indent: Int?, level: Int) {
        guard let indent else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    /// The largest magnitude below which every integer is exact in a Double (2^53).
    private static let exactIntegers: Double = 9_007_199_254_740_992

    /// Integral values within ±2^53 print without a fraction; others use Swift's
    /// shortest round-tripping form, which is valid JSON for finite numbers.
    public static func format(number value: Double) -> String {
        var output: [UInt8] = []
        write(number: value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    @usableFromInline
    static func write(number value: Double, to output: inout [UInt8]) {
        guard value.rounded() == value, abs(value) < exactIntegers else {
            output.append(contentsOf: value.description.utf8)
            return
        }
        write(integer: Int64(value), to: &output)
    }

    /// An integer in decimal digits.
    @usableFromInline
    static func write(integer: Int64, to output: inout [UInt8]) {
        if integer < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        // Digits least significant first into a fixed buffer (a UInt64 has at most 20).
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var count = 0
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { output.append(buffer[index]) }
        }
    }

    /// A JSON string literal: quotes, backslashes, control characters, DEL and U+2028/
    /// U+2029 (which some JavaScript parsers take for line ends) escaped.
    @usableFromInline
    static func write(string text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Fast path: nothing to escape (0xE2 starts U+2028/2029), append the bytes whole.
        let appendedWhole = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: needsEscape) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if appendedWhole != true { writeEscaped(Array(text.utf8), to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private static func writeEscaped(_ bytes: [UInt8], to output: inout [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x22: output.append(contentsOf: #"\""#.utf8)
            case 0x5C: output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                output.append(contentsOf: (bytes[index + 1] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                index += 2
            case 0..<0x20, 0x7F:
                output.append(contentsOf: #"\u00"#.utf8)
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            default: output.append(byte)
            }
        }
    }
}
