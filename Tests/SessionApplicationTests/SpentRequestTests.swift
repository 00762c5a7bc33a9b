import Foundation
import JSON
import SessionCore
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

/// health.record's request id stays spent once its sample is deleted (a deletion
/// another device synced): a retry answers the first call and records nothing again.
@Suite struct SpentHealthRequestTests {
    @Test func aRetryOfADeletedSampleRecordsNothing() throws {
        let client = try InProcess()
        let params = JSONValue.obj(["type": "bodyMassKg", "value": 81.5, "date": "2026-11-20", "requestId": "scale-1"])
        let first = try client.call("health.record", params)
        func stored() throws -> [JSONValue] { try client.call("health.list", .obj(["type": "bodyMassKg"])).arrayValue ?? [] }
        #expect(try stored().count == 1)
        let changes = try client.call("changes.since", .obj(["after": 0]))["changes"]?.arrayValue ?? []
        let sample = try #require(changes.first { $0["entity"] == "health" })
        // Another device deleted it: its tombstone, one millisecond later by its clock.
        let reading = try #require(HybridTimestamp(text: sample["hlc"]?.stringValue ?? ""))
        let later = HybridTimestamp(wallMs: reading.wallMs + 1, counter: 0, device: "0123456789abcdef")
        let tombstone = JSONValue.obj(["entity": "health", "uid": sample["uid"] ?? .null, "hlc": .string(later.text), "deleted": true])
        #expect(try client.call("changes.apply", .obj(["changes": [tombstone]]))["applied"] == 1)
        #expect(try stored().isEmpty, "deleted")

        let retried = try client.call("health.record", params)
        #expect(retried == first, "the first call's answer: \(retried) against \(first)")
        #expect(try stored().isEmpty, "the deleted value is not recorded again")
        // Another request id records as ever.
        #expect(try client.call("health.record", .obj(["type": "bodyMassKg", "value": 82, "date": "2026-11-21", "requestId": "scale-2"]))["value"] == 82)
        #expect(try stored().count == 1)
    }
}
