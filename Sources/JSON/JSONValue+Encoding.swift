extension JSONValue {
    /// Compact JSON text on one line (no newline inside, as the wire framing needs).
    public var jsonText: String {
        String(decoding: jsonBytes, as: UTF8.self)
    }

    /// Compact JSON as UTF-8 bytes: what the daemon writes to a socket, without a
    /// String in between.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer, indent: nil, level: 0)
        return writer.bytes
    }

    /// Indented JSON text for people, two spaces per level.
    public var prettyText: String {
        var writer = JSONWriter()
        write(to: &writer, indent: 2, level: 0)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Writes this value's JSON as it is (the writer's commas are the caller's);
    /// `indent` spaces per level, or one line.
    @usableFromInline
    func write(to writer: inout JSONWriter, indent: Int?, level: Int) {
        switch self {
        case .null: writer.append("null")
        case .bool(let flag): writer.append(flag ? "true" : "false")
        case .number(let value): writer.writeNumber(value)
        case .string(let text): writer.writeString(text)
        case .array(let items):
            guard !items.isEmpty else { writer.append("[]"); return }
            writer.append(UInt8(ascii: "["))
            for (offset, item) in items.enumerated() {
                if offset > 0 { writer.append(UInt8(ascii: ",")) }
                Self.newline(&writer, indent: indent, level: level + 1)
                item.write(to: &writer, indent: indent, level: level + 1)
            }
            Self.newline(&writer, indent: indent, level: level)
            writer.append(UInt8(ascii: "]"))
        case .object(let pairs):
            guard !pairs.isEmpty else { writer.append("{}"); return }
            writer.append(UInt8(ascii: "{"))
            for (offset, pair) in pairs.enumerated() {
                if offset > 0 { writer.append(UInt8(ascii: ",")) }
                Self.newline(&writer, indent: indent, level: level + 1)
                writer.writeString(pair.key)
                writer.append(UInt8(ascii: ":"))
                if indent != nil { writer.append(UInt8(ascii: " ")) }
                pair.value.write(to: &writer, indent: indent, level: level + 1)
            }
            Self.newline(&writer, indent: indent, level: level)
            writer.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ writer: inout JSONWriter, indent: Int?, level: Int) {
        guard let indent else { return }
        writer.append(0x0A)
        for _ in 0..<(indent * level) { writer.append(UInt8(ascii: " ")) }
    }

    /// Integral values within ±2^53 print without a fraction; others use Swift's
    /// shortest round-tripping form, which is valid JSON for finite numbers.
    public static func format(number value: Double) -> String {
        var writer = JSONWriter(capacity: 32)
        writer.writeNumber(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

extension JSONWriter {
    /// The largest magnitude below which every integer is exact in a Double (2^53).
    @usableFromInline static let exactIntegers: Double = 9_007_199_254_740_992

    /// A number: integral values within ±2^53 without a fraction, others in Swift's
    /// shortest round-tripping form; JSON has no infinity nor NaN, so those are `null`
    /// (as JavaScript's `JSON.stringify` writes them), never a reply no parser reads.
    @usableFromInline
    mutating func writeNumber(_ value: Double) {
        guard value.rounded() == value, abs(value) < Self.exactIntegers else {
            if writeThousandths(value) { return }
            guard value.isFinite else { return append("null") }
            var text = value.description
            text.withUTF8 { append($0) }
            return
        }
        writeInteger(Int64(value))
    }

    /// A number of at most three decimals below 10^9 in magnitude (weights, RPE: most
    /// numbers written), in the digits Swift's `description` gives it, without building
    /// a String; false, writing nothing, for any other. The digits are those of
    /// round(value × 1000): they stand for `value` exactly when reading them back (one
    /// correctly rounded division, as `PlainDecimal` reads) gives `value` again, and
    /// below 10^9 no shorter decimal reads as the same double.
    @usableFromInline
    mutating func writeThousandths(_ value: Double) -> Bool {
        guard abs(value) < 1e9 else { return false }
        let scaled = (value * 1000).rounded()
        guard scaled / 1000 == value else { return false }
        var thousandths = Int64(scaled)
        var decimals = 3
        while decimals > 0, thousandths % 10 == 0 {
            thousandths /= 10
            decimals -= 1
        }
        let negative = thousandths < 0
        let magnitude = thousandths.magnitude
        var divisor: UInt64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        if negative { append(UInt8(ascii: "-")) }
        writeInteger(Int64(magnitude / divisor))
        append(UInt8(ascii: "."))
        var fraction = magnitude % divisor
        for _ in 0..<decimals {
            divisor /= 10
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / divisor))
            fraction %= divisor
        }
        return true
    }

    /// An integer in decimal digits, written from the end of the room it needs.
    @usableFromInline
    mutating func writeInteger(_ integer: Int64) {
        var magnitude = integer.magnitude
        var digits = 1
        var bound: UInt64 = 10
        while digits < 20, magnitude >= bound {
            digits &+= 1
            bound = bound &* 10
        }
        let sign = integer < 0 ? 1 : 0
        reserve(digits &+ sign)
        if sign == 1 { base[count] = UInt8(ascii: "-") }
        var index = count &+ sign &+ digits
        repeat {
            index &-= 1
            base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count &+= digits &+ sign
    }

    /// A JSON string literal: quotes, backslashes, control characters, DEL and U+2028/
    /// U+2029 (which some JavaScript parsers take for line ends) escaped.
    @usableFromInline
    mutating func writeString(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            // Fast path: nothing to escape (0xE2 starts U+2028/2029): the bytes whole.
            guard bytes.contains(where: Self.needsEscape) else {
                reserve(bytes.count &+ 2)
                appendQuotedInReservedRoom(bytes)
                return
            }
            append(UInt8(ascii: "\""))
            writeEscaped(bytes)
            append(UInt8(ascii: "\""))
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x22: append(#"\""#)
            case 0x5C: append(#"\\"#)
            case 0x0A: append(#"\n"#)
            case 0x0D: append(#"\r"#)
            case 0x09: append(#"\t"#)
            case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                append(bytes[index + 1] == 0xA8 ? #"\u2028"# : #"\u2029"#)
                index += 2
            case 0..<0x20, 0x7F:
                append(#"\u00"#)
                append(Self.hexDigit(byte >> 4))
                append(Self.hexDigit(byte & 0x0F))
            default: append(byte)
            }
        }
    }
}
