/// A number as sessiond writes it wherever a person or a program reads it: a whole
/// number within ±2^53 without a fraction ("80"), any other in Swift's shortest
/// round-tripping form ("7.5", "0.001", "1e-05"). The same digits as the daemon's
/// replies (SessionRPC's tests compare them), so a weight reads the same in a reply and
/// on the terminal.
public enum NumberText {
    /// The largest magnitude below which every integer is exact in a Double (2^53).
    static let exactIntegers: Double = 9_007_199_254_740_992

    /// `value`'s text: "80", "22.5", "-0.25".
    public static func format(_ value: Double) -> String {
        guard value.rounded() == value, abs(value) < exactIntegers else { return value.description }
        return String(Int64(value))
    }

    /// `value` rounded to a whole number with its thousands grouped: "12,340"; one too
    /// large for a whole number (or not finite) as `format` writes it, never a trap.
    public static func grouped(_ value: Double) -> String {
        guard value.isFinite, abs(value) < exactIntegers else { return format(value) }
        return grouped(Int(value.rounded()))
    }

    /// A whole number with its thousands grouped: "12,340".
    public static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (offset, digit) in digits.reversed().enumerated() {
            if offset > 0, offset % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + String(result.reversed())
    }
}
