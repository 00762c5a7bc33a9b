import Foundation
import JSON
import SessionCore
import SessionSystem
import TestSupport
import Testing

@testable import SessionApplication

/// Times clients give: a start a little in the future (another device's clock) must not
/// block plain calls, and absurd years are refused with the range.
@Suite struct TimeTests {
    @Test func aStartAFewMinutesAheadDoesNotBlockPlainCalls() throws {
        let client = try InProcess()
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
        let daemon = try InProcess()
        let reply = try daemon.request("session.start", .obj(["at": "0001-01-01T00:00:00Z"]))
        #expect(reply["error"]?["code"] == -32602)
        let message = reply["error"]?["data"]?["errors"]?.arrayValue?.first?["message"]?.stringValue ?? ""
        #expect(message.contains("between 1970-01-01 and now"), "\(message)")
    }
}
