import Glibc
import Foundation
import SessionSystem
import Testing

/// The reply's timestamp is written digit by digit into the string's own storage;
/// printf's reading of the same broken-down time is the reference.
@Suite struct LocalClockTests {
    @Test func rfc3339MatchesPrintfsDigits() {
        let clock = LocalClock()
        var state: UInt64 = 11
        var instants: [Int64] = [0, 999, 1000, -1, -999, -1000, 1_796_000_000_123, 253_402_300_799_999]
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            instants.append(Int64(state >> 22) % 4_000_000_000_000)
        }
        for ms in instants {
            var seconds = time_t(ms >= 0 ? ms / 1000 : (ms - 999) / 1000)
            var parts = tm()
            localtime_r(&seconds, &parts)
            // RFC 3339 writes four digits of year: an instant past 9999-12-31 here (the
            // last one, east of UTC) is none the clock is given.
            guard parts.tm_year + 1900 <= 9999 else { continue }
            let offset = Int(parts.tm_gmtoff)
            let zone = offset == 0 ? "Z" : String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", abs(offset) / 3600, abs(offset) % 3600 / 60)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(((ms % 1000) + 1000) % 1000)) + zone
            #expect(clock.rfc3339(ms: ms) == expected, "\(ms)")
        }
    }
}
