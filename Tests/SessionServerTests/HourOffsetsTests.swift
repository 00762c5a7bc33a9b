import Testing

@testable import SessionSystem

/// The hour's remembered offset against the zone itself, second by second, through
/// changes on the hour, inside an hour, and in a zone whose fields are not UTC plus an
/// offset (nil: the system's fields are used, and nothing is remembered).
@Suite struct HourOffsetsTests {
    /// A made-up zone: +1 h until a change at 02:00 on day 1 (on the hour) to +2 h, a
    /// change at 02:30 on day 2 (inside an hour) back to +1 h, and no usable offset on
    /// day 3.
    static func zone(_ second: Int64) -> Int? {
        let day: Int64 = 86_400
        if second < day + 2 * 3600 { return 3600 }
        if second < 2 * day + 2 * 3600 + 1800 { return 7200 }
        if second < 3 * day { return 3600 }
        return nil
    }

    @Test func anHourIsRememberedOnlyWhenItsOffsetHoldsThroughIt() {
        let offsets = HourOffsets()
        var lookups = 0
        for second in stride(from: Int64(0), to: 4 * 86_400, by: 7) {
            let found = offsets.offset(atSecond: second) { probe in
                lookups += 1
                return Self.zone(probe)
            }
            #expect(found == Self.zone(second), "second \(second)")
        }
        // Two look-ups for each hour remembered, one for each hour of system times, and
        // three for each second asked inside the hour with a change.
        #expect(lookups <= 3 * 24 * 2 + 24 + 3 * (3600 / 7 + 1), "\(lookups) look-ups")
    }

    @Test func forgettingStartsOver() {
        let offsets = HourOffsets()
        #expect(offsets.offset(atSecond: 100) { _ in 3600 } == 3600)
        #expect(offsets.offset(atSecond: 200) { _ in 0 } == 3600, "the hour is remembered")
        offsets.forget()
        #expect(offsets.offset(atSecond: 200) { _ in 0 } == 0)
    }
}
