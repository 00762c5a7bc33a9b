import Foundation
import JSON
import SessionCore
import SessionRPC
import Testing
import TestSupport

@testable import SessionApplication

/// What one user's imports under way may make the daemon hold, and for how long.
@Suite struct StagingBoundsTests {
    private func workouts(_ count: Int, setsEach: Int) -> [HistoryWorkout] {
        (0..<count).map { day in
            HistoryWorkout(start: LocalDateTime(date: LocalDate(daysSinceEpoch: 20_000 + day), secondOfDay: 64_800), durationSeconds: 3600,
                           title: "Legs", note: nil, sets: Array(repeating: HistorySet(exercise: "Squat", reps: 5, weightKg: 100), count: setsEach))
        }
    }

    @Test func oneUsersImportsHoldAtMostTheirBoundOfBytesTogether() throws {
        let chunk = workouts(10, setsEach: 10)
        let chunkBytes = chunk.reduce(0) { $0 + $1.encodedByteBound }
        let own: UInt32 = 1_000
        let other: UInt32 = 65_534
        // Room for three chunks of one's own, three quarters of a chunk of another user's.
        var staging = ImportStaging(maximumBytesPerUser: 3 * chunkBytes + chunkBytes / 2, ownUID: own)
        for (index, id) in ["a", "b", "c"].enumerated() {
            _ = try staging.add(chunk, chunk: 0, to: .init(owner: own, id: id), source: nil, nowMs: Int64(index))
        }
        #expect(throws: HistoryImportError.tooManyBytesForUser(3 * chunkBytes + chunkBytes / 2), "a fourth chunk, under another id, passes the user's bound") {
            _ = try staging.add(chunk, chunk: 1, to: .init(owner: own, id: "a"), source: nil, nowMs: 5)
        }
        #expect(staging.imports[.init(owner: own, id: "a")]?.bytes == chunkBytes, "the refused chunk left the import as it was")
        // The refusal says how an import left part-way frees its room, as no command cancels it.
        #expect(HistoryImportError.tooManyBytesForUser(chunkBytes).description.hasSuffix(
            "store (done) or cancel one first; one left unfinished (a sessionctl stopped part-way) is dropped \(HistoryLimits.stagedExpirySeconds) s after its last chunk"))
        #expect(throws: HistoryImportError.tooManyBytesForUser((3 * chunkBytes + chunkBytes / 2) / 4), "another user's bound is a quarter") {
            _ = try staging.add(chunk, chunk: 0, to: .init(owner: other, id: "a"), source: nil, nowMs: 5)
        }
        // Root's bound is its own: the daemon's user's imports take none of it.
        #expect(try staging.add(chunk, chunk: 0, to: .init(owner: 0, id: "a"), source: nil, nowMs: 5).bytes == chunkBytes)
    }

    @Test func aChunkPastTheUsersBoundIsRefusedWithItsCodeAndTheBound() throws {
        let app = try InProcess()
        let bound = 64 << 10
        app.application.service.staging = ImportStaging(maximumBytesPerUser: bound)
        func chunk(_ number: Int) -> JSONValue {
            let workouts = (0..<20).map { day in
                JSONValue.obj(["start": .string("2024-03-\(String(format: "%02d", day + 1))T18:00:00"), "title": "Legs",
                               "sets": .array(Array(repeating: .obj(["exercise": "Squat", "reps": 5, "weightKg": 100, "note": .string(String(repeating: "n", count: 200))]), count: 10))])
            }
            return .obj(["importId": "big", "chunk": JSONValue(number), "workouts": .array(workouts)])
        }
        var refusal: JSONValue?
        for number in 0..<20 {
            let reply = try app.request("history.import", chunk(number))
            if let error = reply["error"] {
                refusal = error
                break
            }
        }
        let error = try #require(refusal, "20 chunks of 20 workouts of ten 200-byte notes pass 64 KiB")
        #expect(error["code"] == JSONValue(ApplicationError.stagingFull.code) && error["data"]?["reason"] == "staging_full", "\(error)")
        #expect(error["data"]?["budgetBytes"] == JSONValue(bound))
        #expect(error["message"]?.stringValue?.contains("64 KiB") == true, "the bound is named: \(error)")
        #expect(HistoryImport.method.errors.contains(.stagingFull) && HealthImport.method.errors.contains(.stagingFull), "declared in the contracts")
    }

    @Test func anImportWithNoCallForAMinuteIsDroppedWithoutAnotherRequest() throws {
        let app = try InProcess()
        let start = Int64(1_780_000_000_000)
        app.setClock(toMs: start)
        func stage(_ id: String) throws {
            _ = try app.call("history.import", .obj(["importId": .string(id), "chunk": 0,
                                                     "workouts": [.obj(["start": "2024-03-01T18:00:00", "title": "Legs", "sets": [.obj(["exercise": "Squat", "reps": 5])]])]]))
        }
        try stage("old")
        app.setClock(toMs: start + 30_000)
        try stage("recent")
        #expect(app.application.nextStagingExpiryMs.map { abs($0 - (start + ImportStaging.expiryMs)) < 1_000 } == true,
                "the database thread wakes when the first expires")
        app.setClock(toMs: start + ImportStaging.expiryMs + 1_000)
        #expect(app.application.expireStaged(), "the one untouched for a minute went, with no request")
        #expect(app.application.service.staging.imports.keys.map(\.id) == ["recent"])
        let late = try app.call("history.import", .obj(["importId": "old", "done": true]))
        #expect(late["staged"] == 0, "its workouts are gone: \(late)")
        let kept = try app.call("history.import", .obj(["importId": "recent", "done": true]))
        #expect(kept["staged"] == 1, "\(kept)")
        // A stored import's answer stays for a lost reply's retry, longer than a minute.
        app.setClock(toMs: start + 5 * ImportStaging.expiryMs)
        #expect(!app.application.expireStaged())
        #expect(try app.call("history.import", .obj(["importId": "recent", "done": true]))["staged"] == 1)
    }

    /// An import refused at `done` for what it holds lets go of what it staged: five
    /// refusals in a row leave every place free, and a good import goes in at once. A
    /// dry run reads an archive's plans as the import would.
    @Test func anImportRefusedAtDoneLetsGoOfWhatItStaged() throws {
        let app = try InProcess()
        let negative = JSONValue.obj(["start": "2024-03-01T18:00:00", "title": "Push", "sets": [.obj(["exercise": "Bench Press", "reps": 5, "weightKg": -5])]])
        for attempt in 0..<5 {
            let refused = try app.request("history.import", .obj(["importId": .string("bad-\(attempt)"), "chunk": 0, "done": true, "workouts": [negative]]))
            #expect(refused["error"]?["message"]?.stringValue?.contains("a load below zero") == true, "\(refused)")
        }
        #expect(app.application.service.staging.imports.isEmpty, "\(app.application.service.staging.imports.keys)")
        let good = JSONValue.obj(["start": "2024-03-02T18:00:00", "title": "Legs", "sets": [.obj(["exercise": "Squat", "reps": 5, "weightKg": 100])]])
        let stored = try app.call("history.import", .obj(["importId": "good", "chunk": 0, "done": true, "workouts": [good]]))
        #expect(stored["imported"]?["workouts"] == 1, "\(stored)")

        let plans = JSONValue.array([.obj(["planId": 7, "importedAt": "2024-03-01T08:00:00Z", "active": true, "revises": .null, "source": "",
                                           "plan": try JSONParser.parse(#"{"planName": "X", "days": [{"day": "Monday", "title": "A", "exercises": [{"name": "Squat", "sets": 0, "reps": 5}]}]}"#)])])
        let dry = try app.request("history.import", .obj(["importId": "dry", "chunk": 0, "done": true, "dryRun": true, "plans": plans]))
        let errors = dry["error"]?["data"]?["errors"]?.arrayValue ?? []
        #expect(errors.first?["path"]?.stringValue?.hasPrefix("params.plans[0].plan.days[0].exercises[0].sets") == true, "\(dry.jsonText)")
        #expect(app.application.service.staging.imports.keys.map(\.id) == ["good"], "the stored import's answer stays for a retry; nothing else")
    }

    /// A dry run of an archive refuses what the restore would, at the same place: an
    /// event naming a plan the archive does not hold, one alias more than there is room
    /// for; and it stores nothing of what it checked.
    @Test func aDryRunOfAnArchiveRefusesWhatTheRestoreWould() throws {
        let app = try InProcess()
        let event = JSONValue.array([.obj(["at": "2024-03-01T08:00:00Z", "kind": "activate", "planId": 9])])
        let aliases = JSONValue.array((0...SessionLimits.aliases).map { JSONValue.obj(["alias": .string("lift \($0)"), "name": "Back Squat"]) })
        for (part, value, path) in [("events", event, "params.events[0].planId"), ("aliases", aliases, "params.aliases[\(SessionLimits.aliases)]")] {
            for dryRun in [true, false] {
                let answer = try app.request("history.import", .obj(["importId": .string("\(part)-\(dryRun)"), "chunk": 0, "done": true, "dryRun": .bool(dryRun), part: value]))
                #expect(answer["error"]?["data"]?["errors"]?[0]?["path"] == .string(path), "\(part), dry run \(dryRun): \(answer.jsonText.prefix(300))")
            }
        }
        let kept = try app.call("exercise.aliases")
        #expect(kept.arrayValue?.isEmpty == true, "nothing stored: \(kept.jsonText.prefix(200))")
    }
}
