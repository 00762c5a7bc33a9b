extension JSONValue {
    /// Compact JSON text on one line (no newline inside, as the wire framing needs).
    public var jsonText: String {
        var output = ""
        write(to: &output, indent: nil, level: 0)
        return output
    }

    /// Indented JSON text for people, two spaces per level.
    public var prettyText: String {
        var output = ""
        write(to: &output, indent: "  ", level: 0)
        return output
    }

    private func write(to output: inout String, indent: String?, level: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let value): output += Self.format(number: value)
        case .string(let text): Self.writeString(text, to: &output)
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "["
            for (offset, item) in items.enumerated() {
                if offset > 0 { output += "," }
                newline(&output, indent: indent, level: level + 1)
                item.write(to: &output, indent: indent, level: level + 1)
            }
            newline(&output, indent: indent, level: level)
            output += "]"
        case .object(let pairs):
            guard !pairs.isEmpty else { output += "{}"; return }
            output += "{"
            for (offset, pair) in pairs.enumerated() {
                if offset > 0 { output += "," }
                newline(&output, indent: indent, level: level + 1)
                Self.writeString(pair.key, to: &output)
                output += indent == nil ? ":" : ": "
                pair.value.write(to: &output, indent: indent, level: level + 1)
            }
            newline(&output, indent: indent, level: level)
            output += "}"
        }
    }

    private func newline(_ output: inout String, indent: String?, level: Int) {
        guard let indent else { return }
        output += "\n"
        for _ in 0..<level { output += indent }
    }

    /// Integral values within ±2^53 print without a fraction; others use Swift's
    /// shortest round-tripping form, which is valid JSON for finite numbers.
    public static func format(number value: Double) -> String {
        if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return value.description
    }

    static func writeString(_ text: String, to output: inout String) {
        // Fast path: nothing to escape (no control characters, quotes, backslashes,
        // DEL, or U+2028/2029, whose UTF-8 starts with 0xE2): append the text whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            output += "\""
            output += text
            output += "\""
            return
        }
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
