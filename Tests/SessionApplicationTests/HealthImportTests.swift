import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// `health.import` on the wire: chunks staged and stored together, idempotent.
@Suite struct HealthImportTests {
    /// The health values stored, as the archive gives them.
    func stored(_ client: some RPCCaller) throws -> [JSONValue] {
        try client.call("history.archive", .obj(["part": "health"]))["health"]?.arrayValue ?? []
    }

    /// `health.import` on the wire: chunks staged under an id (a chunk sent again
    /// replaces itself), stored together by `done` (sent again: the same answer), a
    /// value stored before counted, not stored twice; a refused chunk stores nothing;
    /// `cancel` drops what was staged.
    @Test func healthImportChunksAreStoredTogetherByDone() throws {
        let client = try InProcess()
        func sample(_ day: Int, _ value: Int) -> JSONValue {
            .obj(["type": "steps", "value": JSONValue(value), "date": .string("2026-11-2\(day)"), "recordedAt": .string("2026-11-2\(day)T21:00:00Z"), "source": "Watch"])
        }
        _ = try client.call("health.import", .obj(["importId": "a", "chunk": 0, "samples": [sample(1, 100), sample(2, 200)]]))
        _ = try client.call("health.import", .obj(["importId": "a", "chunk": 0, "samples": [sample(1, 1000), sample(2, 2000)]]))  // replaces chunk 0
        let staged = try client.call("health.import", .obj(["importId": "a", "chunk": 1, "samples": [sample(3, 3000)]]))
        let before = try stored(client)
        #expect(staged["staged"] == 3 && staged["done"] == false && before.isEmpty, "nothing stored before done: \(staged)")
        let done = try client.call("health.import", .obj(["importId": "a", "chunk": 2, "done": true]))
        #expect(done["stored"] == 3 && done["skipped"] == 0, "\(done)")
        #expect(try client.call("health.import", .obj(["importId": "a", "chunk": 2, "done": true])) == done, "done again: the same answer")
        #expect(Set(try stored(client).compactMap { $0["value"]?.intValue }) == [1000, 2000, 3000])
        // The same values again: counted as stored before.
        _ = try client.call("health.import", .obj(["importId": "b", "chunk": 0, "samples": [sample(1, 1000), sample(4, 4000)]]))
        let again = try client.call("health.import", .obj(["importId": "b", "chunk": 1, "done": true]))
        #expect(again["stored"] == 1 && again["skipped"] == 1, "\(again)")
        // A value twice in one import is one value, in a dry run as in the real one.
        for (id, dryRun) in [("d", true), ("e", false)] {
            _ = try client.call("health.import", .obj(["importId": .string(id), "chunk": 0, "dryRun": .bool(dryRun), "samples": [sample(7, 700), sample(7, 700)]]))
            let twice = try client.call("health.import", .obj(["importId": .string(id), "chunk": 1, "dryRun": .bool(dryRun), "done": true]))
            #expect(twice["stored"] == 1 && twice["skipped"] == 1, "dry run \(dryRun): \(twice)")
        }
        // A chunk with a value that is no steps count is refused with its path; cancel drops the rest.
        let bad = try client.request("health.import", .obj(["importId": "c", "chunk": 0, "samples": [sample(5, 500), .obj(["type": "steps", "value": "many"])]]))
        #expect(bad["error"]?["code"] == -32602 && bad["error"]?.jsonText.contains("params.samples[1]") == true, "\(bad)")
        // The chunk after it follows a chunk not staged: refused too, as a done would be.
        let next = try client.request("health.import", .obj(["importId": "c", "chunk": 1, "samples": [sample(6, 600)]]))
        #expect(next["error"]?["data"]?["reason"] == "import_refused" && next["error"]?["message"]?.stringValue?.contains("chunk 0 is not staged") == true, "\(next)")
        _ = try client.call("health.import", .obj(["importId": "c", "cancel": true]))
        let after = try client.request("health.import", .obj(["importId": "c", "chunk": 2, "done": true]))
        #expect(after["error"]?["message"]?.stringValue?.contains("chunks 0 to 1 are not staged") == true, "\(after)")
        #expect(try stored(client).count == 5)
    }

    /// An archive's steps are restored whole, as health.record takes them: an archive
    /// of a build that stored fractions (0.1, 9000.4) still restores, rounded.
    @Test func anArchivesStepsAreRestoredWhole() throws {
        let app = try InProcess()
        let samples: [JSONValue] = [("2024-03-01", 9000.4), ("2024-03-02", Double.leastNonzeroMagnitude)].map { date, value in
            .obj(["type": "steps", "value": .number(value), "date": .string(date), "recordedAt": .string(date + "T20:00:00Z"), "source": "Watch"])
        }
        _ = try app.call("history.import", .obj(["importId": "h", "chunk": 0, "done": true, "health": .array(samples)]))
        let stored = try app.call("health.list", .obj(["type": "steps"])).arrayValue ?? []
        #expect(stored.map { $0["value"] } == [9000, 0], "\(stored)")
    }
}
