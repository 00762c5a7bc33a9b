import Foundation
import JSON
import SessionCore
import SessionRPC
import TestSupport
import Testing

@testable import SessionApplication

/// What is acknowledged can always be taken out and put back: one bound on a session's
/// sets at logging, import and export; an export in pages of a bounded size whatever a
/// session holds; a restore of the export gives the same history.
@Suite struct RestorePathTests {
    /// `count` session.log calls for the active session, sent in batch lines of the most
    /// a line takes; the replies in order.
    private func log(_ client: InProcess, count: Int) throws -> [JSONValue] {
        var replies: [JSONValue] = []
        var sent = 0
        while sent < count {
            let batch = min(JSONRPC.maximumBatch, count - sent)
            let line = "[" + (0..<batch).map { index in
                #"{"jsonrpc":"2.0","id":\#(sent + index + 1),"method":"session.log","params":{"exercise":"Squat","reps":5,"weightKg":60}}"#
            }.joined(separator: ",") + "]"
            let reply = try JSONParser.parse(try #require(client.send(line: line)))
            replies += reply.arrayValue ?? []
            sent += batch
        }
        return replies
    }

    @Test func aSessionTakesSetsUpToTheBoundAndRefusesTheNextClearly() throws {
        let client = try InProcess()
        let session = try client.call("session.start")["sessionId"] ?? .null
        let limit = SessionLimits.setsPerSession
        let accepted = try log(client, count: limit)
        #expect(accepted.allSatisfy { $0["result"]?["setId"] != nil }, "every set up to the bound is stored: \(accepted.first { $0["error"] != nil } ?? .null)")
        let refused = try client.request("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": 60]))
        #expect(refused["error"]?["code"] == -32023, "\(refused)")
        let error = try #require(refused["error"])
        let rpcError = RPCError(code: error["code"]?.intValue ?? 0, message: error["message"]?.stringValue ?? "", data: error["data"])
        #expect(rpcError.is(.sessionFull))
        #expect(rpcError.data(as: ErrorData.SessionFull.self) == ErrorData.SessionFull {
            $0.sessionID = session.intValue.map(Int64.init) ?? 0
            $0.maximumSets = limit
        })
        #expect(rpcError.message.contains("\(limit) sets"), "\(rpcError.message)")
        // Nothing was stored: the session holds exactly the bound.
        let sets = try client.call("session.get", .obj(["sessionId": session]))["sets"]?.arrayValue?.count
        #expect(sets == limit)
        // Another session takes sets again.
        _ = try client.call("session.finish")
        _ = try client.call("session.start")
        #expect(try client.call("session.log", .obj(["exercise": "Squat", "reps": 5]))["setNumber"] == 1)
    }

    /// A history's export pages: each decoded as sessionctl decodes it, followed to the
    /// end; each page within its bounds.
    private func exportPages(_ client: InProcess) throws -> [HistoryExport.Result] {
        var pages: [HistoryExport.Result] = []
        var params: JSONValue = .obj([:])
        repeat {
            let page = try HistoryExport.Result(json: try client.call("history.export", params))
            pages.append(page)
            params = .obj(["after": page.next.map { JSONValue(Int($0)) } ?? .null, "afterSet": page.nextSet.map { JSONValue(Int($0)) } ?? .null])
        } while pages.last?.next != nil && pages.count < 100
        return pages
    }

    /// A session stored with more sets than a session may now hold (its parts imported
    /// together, as before the bound) is exported, over pages of a bounded size, as
    /// consecutive workouts of its start and title, which a restore joins again.
    @Test func aSessionOfMoreSetsThanAPageExportsInPartsAndRestoresWhole() throws {
        let client = try InProcess()
        let big = HistoryLimits.pageSets + HistoryLimits.setsPerWorkout - 500
        func workout(_ start: String, _ title: String, sets: Range<Int>) -> JSONValue {
            .obj(["start": .string(start), "durationSeconds": 3600, "title": .string(title),
                  "sets": .array(sets.map { .obj(["exercise": "Squat", "reps": JSONValue($0 % 10 + 1), "weightKg": JSONValue(40 + $0 % 50)]) })])
        }
        // The big session as parts of at most a workout's sets, joined by the import.
        var parts: [JSONValue] = []
        for start in stride(from: 0, to: big, by: HistoryLimits.setsPerWorkout) {
            parts.append(workout("2026-01-05T18:00:00", "Marathon", sets: start..<min(start + HistoryLimits.setsPerWorkout, big)))
        }
        let others = [workout("2026-01-06T18:00:00", "Legs", sets: 0..<10), workout("2026-01-07T18:00:00", "Legs", sets: 0..<3)]
        for (chunk, workouts) in [parts, others].enumerated() {
            _ = try client.call("history.import", .obj(["importId": "a", "chunk": JSONValue(chunk), "workouts": .array(workouts)]))
        }
        _ = try client.call("history.import", .obj(["importId": "a", "done": true]))
        let sessions = try client.call("session.list").arrayValue ?? []
        #expect(sessions.count == 3)
        let first = try #require(sessions.last?["sessionId"])
        var count = 0
        var after = JSONValue.null
        repeat {
            let page = try client.call("session.get", .obj(["sessionId": first, "after": after]))
            count += page["sets"]?.arrayValue?.count ?? 0
            after = page["next"] ?? .null
        } while !after.isNull
        #expect(count == big, "one session of every part's sets, over session.get's pages")

        let pages = try exportPages(client)
        #expect(pages.count == 2, "\(pages.map { $0.workouts.map(\.sets.count) })")
        for page in pages {
            #expect(page.workouts.reduce(0) { $0 + $1.sets.count } <= HistoryLimits.pageSets)
            #expect(page.workouts.allSatisfy { $0.sets.count <= HistoryLimits.setsPerWorkout })
        }
        let exported = pages.flatMap(\.workouts)
        let marathon = exported.filter { $0.title == "Marathon" }
        #expect(marathon.reduce(0) { $0 + $1.sets.count } == big && Set(marathon.map(\.start)).count == 1)
        #expect(exported.filter { $0.title == "Legs" }.map(\.sets.count) == [10, 3])

        // Restored from its own export: the same sessions, and the same export.
        let restored = try InProcess()
        var upload = HistoryImport.Params { $0.importID = "r"; $0.chunk = 0; $0.workouts = []; $0.done = false; $0.source = "json" }
        for (chunk, start) in stride(from: 0, to: exported.count, by: 2).enumerated() {
            upload.chunk = chunk
            upload.workouts = Array(exported[start..<min(start + 2, exported.count)])
            var writer = JSONWriter()
            writer.omitsAbsentMembers = true
            upload.encoded.encode(to: &writer)
            _ = try restored.call("history.import", JSONParser.parse(bytes: writer.bytes))
        }
        _ = try restored.call("history.import", .obj(["importId": "r", "done": true]))
        #expect(try restored.call("session.list").arrayValue?.count == 3)
        #expect(try exportPages(restored).flatMap(\.workouts) == exported)
    }

    /// A plan event's day travels with it, and a day far from its time (a damaged or
    /// made-up archive) is refused by its place, nothing stored: it would give the plan
    /// days that had ended before it.
    @Test func aPlanEventsDayIsKeptAndADayFarFromItsTimeRefused() throws {
        let source = try InProcess()
        try Workout.importPlan(source, weekStart: "2026-11-23")
        let plans = try source.call("history.archive", .obj(["part": "plans"]))["plans"] ?? []
        let events = try source.call("history.archive", .obj(["part": "events"]))["events"]?.arrayValue ?? []
        let event = try #require(events.first)
        #expect(event["date"] == "2026-11-22", "imported on the Sunday before its week: \(event)")
        let target = try InProcess()
        var moved = event.objectPairs ?? []
        moved = moved.map { $0.key == "date" ? (key: "date", value: "2026-11-02") : $0 }
        _ = try target.call("history.import", .obj(["importId": "r", "chunk": 0, "source": "json", "plans": plans, "events": [.object(moved)]]))
        let refused = try target.request("history.import", .obj(["importId": "r", "done": true]))
        #expect(refused["error"]?["data"]?["errors"]?[0]?["path"] == "params.events[0].date", "\(refused)")
        #expect(try target.call("plan.list").arrayValue?.isEmpty == true, "nothing stored")
        // An activation may be dated the day after its own (made on a day trained): in a
        // zone ahead of UTC that is two days past its time's UTC day. Three are refused.
        let atMs = try #require(event["at"]?.stringValue.flatMap(RFC3339.parse))
        let utcDay = LocalDate(daysSinceEpoch: Int(atMs / 86_400_000))
        for (days, restores) in [(2, true), (3, false)] {
            let later = try InProcess()
            let dated = (event.objectPairs ?? []).map { $0.key == "date" ? (key: "date", value: JSONValue.string(utcDay.adding(days: days).description)) : $0 }
            _ = try later.call("history.import", .obj(["importId": "r", "chunk": 0, "source": "json", "plans": plans, "events": [.object(dated)]]))
            let done = try later.request("history.import", .obj(["importId": "r", "done": true]))
            #expect((done["error"] == nil) == restores, "\(days) days: \(done)")
        }
    }

    /// A restore of sessiond's own export of a history of 1,000,000 sets fits what the
    /// imports under way may stage: its sets, workouts and bytes (each set as an export
    /// writes it, with its time; the archive's daily health samples besides).
    @Test func aMillionSetHistorysExportFitsTheStagingBounds() {
        var set = HistorySet(exercise: "Barbell Back Squat", kind: .normal, reps: 8, weightKg: 102.5, rpe: 8.5)
        set.loggedAt = "2026-01-05T18:03:17+01:00"
        let sets = 1_000_000
        let perWorkout = 25
        var workout = HistoryWorkout(start: LocalDateTime(date: LocalDate(daysSinceEpoch: 20_000), secondOfDay: 64_800), durationSeconds: 3600,
                                     title: "Lower body", note: "felt strong", rpe: 8, sets: Array(repeating: set, count: perWorkout))
        workout.startedAt = "2026-01-05T18:00:00+01:00"
        let workouts = sets / perWorkout
        // Ten years of daily samples of three kinds.
        let healthSamples = 3 * 3_650
        #expect(sets + healthSamples <= HistoryLimits.stagedSets)
        #expect(workouts <= HistoryLimits.workoutsPerImport)
        let bytes = workouts * workout.encodedByteBound + healthSamples * 400
        #expect(bytes <= HistoryLimits.stagedBytes, "\(bytes >> 20) MiB")
        // Twice that fits too: the bound leaves room.
        #expect(2 * bytes <= HistoryLimits.stagedBytes)
    }
}
