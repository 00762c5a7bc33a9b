import Foundation
import JSON
import SessionCore
import SessionSystem
import Testing
import TestSupport

/// Times clients give: a start a little in the future (another device's clock) must not
/// block plain calls, and absurd years are refused with the range.
@Suite struct TimeTests {
    @Test func aStartAFewMinutesAheadDoesNotBlockPlainCalls() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let clock = LocalClock()
        let ahead = clock.rfc3339(ms: clock.nowMs() + 3 * 60 * 1000)
        let started = try client.call("session.start", .obj(["at": .string(ahead)]))
        let set = try client.call("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": 60]))
        #expect(set["setId"] != nil, "a set without at is logged at the session's start at the earliest")
        let loggedAt = try #require(set["loggedAt"]?.stringValue.flatMap(RFC3339.parse))
        let startedAt = try #require(started["startedAt"]?.stringValue.flatMap(RFC3339.parse))
        #expect(loggedAt == startedAt)
        let finished = try client.call("session.finish")
        #expect(finished["endedAt"] == started["startedAt"])
    }

    @Test func yearOneIsRefusedWithTheRange() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let reply = try daemon.client().request("session.start", .obj(["at": "0001-01-01T00:00:00Z"]))
        #expect(reply["error"]?["code"] == -32602)
        let message = reply["error"]?["data"]?["errors"]?.arrayValue?.first?["message"]?.stringValue ?? ""
        #expect(message.contains("between 1970-01-01 and now"), "\(message)")
    }

    @Test func aTimeWithoutAnOffsetIsReadInTheDaemonsZone() throws {
        let daemon = try DaemonProcess(extraArguments: ["--timezone", "Europe/Paris"])
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let started = try client.call("session.start", .obj(["at": "2026-11-30T18:05"]))
        #expect(started["startedAt"] == "2026-11-30T18:05:00.000+01:00" && started["date"] == "2026-11-30", "\(started)")
        let bad = try client.request("session.log", .obj(["exercise": "Row", "reps": 5, "at": "2026-11-30 six"]))
        #expect(bad["error"]?["data"]?["errors"]?[0]?["path"] == "params.at")
    }
}
