import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// Times as a client of the daemon process reads them (the rest of a workout is
/// driven in-process: SessionApplicationTests).
@Suite struct SessionWorkflowTests {
    /// Times are written in the daemon's zone with its offset, half hours and negative
    /// offsets included (St. John's is UTC-03:30), milliseconds kept.
    @Test func writesTimesInTheDaemonsZone() throws {
        let daemon = try DaemonProcess(extraArguments: ["--timezone", "America/St_Johns"])
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let start = try client.call("session.start", .obj(["at": "2026-11-30T03:00:00.250Z"]))
        #expect(start["startedAt"] == "2026-11-29T23:30:00.250-03:30")
        #expect(start["date"] == "2026-11-29", "the local date, not the UTC one")
        let set = try client.call("session.log", .obj(["exercise": "Row", "reps": 10, "at": "2026-11-30T03:09:05.007-03:30"]))
        #expect(set["loggedAt"] == "2026-11-30T03:09:05.007-03:30")
    }
}
