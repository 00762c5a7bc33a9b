import Testing

@testable import SessionCore

/// `Checked`: what a file's number may become as an integer or a time, without the
/// trap of `Int(x)`.
@Suite struct CheckedTests {
    /// The values no reader may trap on.
    static let hostile: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, -5, 9_223_372_036_854_775_808, -9_223_372_036_854_775_808, 18_446_744_073_709_551_616]

    @Test func valuesThatAreNoWholeNumberInTheRangeAreNone() {
        for value in Self.hostile where value != -5 {
            #expect(Checked.int(value, in: Int.min...Int.max) == nil || value == -9_223_372_036_854_775_808, "\(value)")
            #expect(Checked.seconds(value) == nil, "\(value)")
        }
        // -2^63 is an Int64, exactly; 2^63 is not.
        #expect(Checked.int64(-9_223_372_036_854_775_808, in: Int64.min...Int64.max) == Int64.min)
        #expect(Checked.int64(9_223_372_036_854_775_808, in: Int64.min...Int64.max) == nil)
        #expect(Checked.int(-5, in: 0...10) == nil && Checked.int(-5, in: -10...10) == -5)
        #expect(Checked.seconds(-5) == nil, "no length of time is negative")
    }

    @Test func roundingIsChosenAndUnitsScale() {
        #expect(Checked.int(2.5, in: 0...10) == 3 && Checked.int(-2.5, in: -10...10) == -3)
        #expect(Checked.int(2.9, in: 0...10, rounding: .towardZero) == 2)
        #expect(Checked.seconds(1.5, unitSeconds: 60) == 90 && Checked.seconds(2, unitSeconds: 3600) == 7200)
        #expect(Checked.seconds(90_000, in: 0...86_400) == nil)
    }

    @Test func arithmeticThatOverflowsIsNone() {
        #expect(Checked.sum(Int64.max, 1) == nil && Checked.sum(Int64.max - 1, 1) == Int64.max)
        #expect(Checked.sum(UInt64.max, 1) == nil && Checked.difference(Int64.min, 1) == nil)
        #expect(Checked.product(Int64.max / 2, 3) == nil && Checked.product(Int64(7), 6) == 42)
    }

    @Test func instantsLieBetween1900And9999() {
        #expect(Checked.unixMs(seconds: 1_760_982_246) == 1_760_982_246_000)
        #expect(Checked.unixMs(seconds: 9_200_000_000_000_000_000) == nil, "its milliseconds overflow")
        #expect(Checked.unixMs(seconds: -9_200_000_000_000_000_000) == nil)
        #expect(Checked.unixMs(seconds: 300_000_000_000) == nil, "past 9999")
        #expect(Checked.instant(ms: Int64.min) == nil && Checked.instant(ms: 0) == 0)
        let last = Checked.instantsMs.upperBound / 1000
        #expect(LocalDateTime(unixSeconds: last, offsetSeconds: 0).description == "9999-12-31T23:59:59")
        #expect(LocalDateTime(unixSeconds: Checked.instantsMs.lowerBound / 1000, offsetSeconds: 0).description == "1900-01-01T00:00:00")
    }

    @Test func textNamesTheValuesAMessageShows() {
        #expect(Checked.text(.nan) == "NaN" && Checked.text(.infinity) == "inf" && Checked.text(-.infinity) == "-inf")
        #expect(Checked.text(1e300) == "1e+300" && Checked.text(-5) == "-5.0")
    }
}
