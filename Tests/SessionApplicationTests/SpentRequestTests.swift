import Foundation
import JSON
import TestSupport
import Testing

@testable import SessionApplication

/// A session.log retried after its reply was lost answers what the first call did:
/// the set it logged, or, when that set was removed since (undone, its session aborted),
/// a refusal that logs nothing. Logging it again would undo the undo.
@Suite struct SpentRequestTests {
    func sets(_ client: InProcess) throws -> Int {
        try client.call("session.current")["sets"]?.intValue ?? 0
    }

    @Test func aRetryOfAnUndoneSetLogsNothing() throws {
        let client = try InProcess()
        _ = try client.call("session.start")
        let params = JSONValue.obj(["exercise": "Barbell Curl", "reps": 5, "weightKg": 20, "requestId": "u1"])
        let first = try client.call("session.log", params)
        #expect(try client.call("session.log", params)["setId"] == first["setId"], "a retry answers the first call")
        _ = try client.call("session.undo")
        #expect(try sets(client) == 0)
        let retried = try client.request("session.log", params)
        #expect(retried["error"]?["data"]?["reason"] == "set_not_found" && retried["error"]?["data"]?["setId"] == first["setId"]
                && (retried["error"]?["message"]?.stringValue ?? "").contains("was removed since"), "\(retried)")
        #expect(try sets(client) == 0, "the undone set stays undone")
        // Another request id logs as ever.
        #expect(try client.call("session.log", .obj(["exercise": "Barbell Curl", "reps": 5, "requestId": "u2"]))["setId"] != nil)
    }

    @Test func aRetryIntoAnAbortedSessionLogsNothing() throws {
        let client = try InProcess()
        _ = try client.call("session.start")
        let params = JSONValue.obj(["exercise": "Squat", "reps": 5, "weightKg": 100, "requestId": "a1"])
        _ = try client.call("session.log", params)
        _ = try client.call("session.abort")
        _ = try client.call("session.start")
        let retried = try client.request("session.log", params)
        #expect(retried["error"]?["data"]?["reason"] == "set_not_found", "\(retried)")
        #expect(try sets(client) == 0)
    }
}
