import SessionSystem
import Testing
@testable import SessionServer

/// The "ready" line's start-up time: milliseconds from main(), to the hundredth.
@Suite struct StartupTimeTests {
    @Test func startupTimeIsWrittenInMillisecondsToTheHundredth() {
        let text = Daemon.millisecondsSince(MonotonicClock.nowNs() - 1_234_567_890)
        let parts = text.split(separator: ".")
        #expect(parts.count == 2 && parts[1].count == 2, "\(text)")
        // 1,234.57 ms had passed when it was asked, and a little more by the reading.
        #expect(Double(text).map { $0 >= 1234.56 && $0 < 1300 } == true, "\(text)")
        #expect(Daemon.millisecondsSince(MonotonicClock.nowNs() - 50_000_000).hasPrefix("50."), "a fraction under ten keeps its zero")
        #expect(Daemon.millisecondsSince(MonotonicClock.nowNs() + 1_000_000) == "0.00", "never negative")
    }
}
