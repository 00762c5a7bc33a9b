/// Reads a plain decimal number — an optional minus, digits and at most one decimal
/// separator, 15 digits at the most, no exponent — exactly as strtod reads it, without
/// building a C string: the digits as an integer below 2^53 divided by a power of ten up
/// to 10^15, both exact doubles, so the one division rounds as strtod does (Clinger's
/// fast path). Anything else is nil, for strtod. JSON numbers (the request line's) and
/// the exports' CSV fields (where `,` may be the separator) come through here.
public enum PlainDecimal {
    @inlinable
    public static func value(_ text: some Collection<UInt8>, commaSeparates: Bool = false) -> Double? {
        var digits: UInt64 = 0
        var count = 0
        var fraction = -1  // digits after the separator; -1 before one is seen
        var negative = false
        var first = true
        for byte in text {
            defer { first = false }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                count += 1
                guard count <= 15 else { return nil }
                digits = digits * 10 + UInt64(byte - UInt8(ascii: "0"))
                if fraction >= 0 { fraction += 1 }
            // A point always separates; a comma only where asked.
            case UInt8(ascii: "."),
                 UInt8(ascii: ",") where commaSeparates:
                guard fraction < 0 else { return nil }
                fraction = 0
            case UInt8(ascii: "-") where first:
                negative = true
            default:
                return nil
            }
        }
        guard count > 0 else { return nil }
        let value = Double(digits) / powersOfTen[max(fraction, 0)]
        return negative ? -value : value
    }

    @usableFromInline
    static let powersOfTen: [Double] = (0...15).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }
}
