/// Whole numbers made from the numbers a file holds, without trapping. Swift's
/// `Int(x)`, `Int64(x)` and `UInt32(x)` stop the process (SIGILL, no message) on NaN,
/// an infinity or a value past the type, and `+` and `*` do on an overflow: a reader
/// turns every number of a file it did not write through these instead, and a nil is a
/// value it cannot take — refused with its place, or left out where the format says a
/// value may be absent.
public enum Checked {
    /// `value` rounded by `rule` (to the nearest, halves away from zero, by default)
    /// when it is finite and the whole number lies in `range`; else nil.
    public static func int(_ value: Double, in range: ClosedRange<Int>,
                           rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int? {
        guard let whole = int64(value, in: Int64(range.lowerBound)...Int64(range.upperBound), rounding: rule) else { return nil }
        return Int(whole)
    }

    /// `value` rounded by `rule` when it is finite and the whole number lies in `range`;
    /// else nil (2^63 and beyond, which `Double` holds and `Int64` does not, included).
    public static func int64(_ value: Double, in range: ClosedRange<Int64>,
                             rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int64? {
        guard value.isFinite, let whole = Int64(exactly: value.rounded(rule)), range.contains(whole) else { return nil }
        return whole
    }

    /// A length of time of `value` units of `unitSeconds` seconds each (60: minutes,
    /// 0.001: milliseconds) in whole seconds, when it lies in `range`; else nil.
    public static func seconds(_ value: Double, unitSeconds: Double = 1, in range: ClosedRange<Int> = 0...Int(Int32.max)) -> Int? {
        int(value * unitSeconds, in: range)
    }

    /// The instants a file's time may name, in Unix milliseconds: from 1900 to the end of
    /// 9999. Within them the calendar's arithmetic cannot overflow, and any time a
    /// person trained lies inside.
    public static let instantsMs: ClosedRange<Int64> = -2_208_988_800_000...253_402_300_799_999

    /// Unix seconds `seconds` as milliseconds, when they name an instant within
    /// `instantsMs`; else nil (a timestamp near ±2^63 included).
    public static func unixMs(seconds: Int64) -> Int64? {
        guard let ms = product(seconds, 1000), instantsMs.contains(ms) else { return nil }
        return ms
    }

    /// Unix milliseconds as they stand, when within `instantsMs`; else nil.
    public static func instant(ms: Int64) -> Int64? { instantsMs.contains(ms) ? ms : nil }

    /// `a + b`, nil when it overflows.
    public static func sum<Number: FixedWidthInteger>(_ a: Number, _ b: Number) -> Number? {
        let (result, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : result
    }

    /// `a - b`, nil when it overflows.
    public static func difference<Number: FixedWidthInteger>(_ a: Number, _ b: Number) -> Number? {
        let (result, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? nil : result
    }

    /// `a * b`, nil when it overflows.
    public static func product<Number: FixedWidthInteger>(_ a: Number, _ b: Number) -> Number? {
        let (result, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : result
    }

    /// `value` as text for a message: "NaN", "inf", "-inf" or the number as Swift
    /// writes it ("1e+300").
    public static func text(_ value: Double) -> String {
        value.isNaN ? "NaN" : value.isInfinite ? (value < 0 ? "-inf" : "inf") : "\(value)"
    }
}
