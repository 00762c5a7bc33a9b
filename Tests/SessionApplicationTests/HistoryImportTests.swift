import Foundation
import JSON
import SessionCore
import TestSupport
import Testing
@testable import SessionStore

@testable import SessionApplication

/// `history.import` on the wire: chunks staged until done, sets filed under their
/// exercise with numbers and bests, nothing stored by a cancelled import.
@Suite struct HistoryImportTests {
    /// Under a catalog name ("ohp", Strong's "Overhead Press (Barbell)") or an alias.
    @Test func importedSetsOfOneLiftGoUnderItsExerciseWithNumbersAndBests() throws {
        let client = try InProcess()
        _ = try client.call("exercise.alias", .obj(["alias": "MP", "name": "Overhead Press"]))
        func set(_ exercise: String, _ reps: Int, _ kind: String = "normal") -> JSONValue {
            .obj(["exercise": .string(exercise), "reps": JSONValue(reps), "weightKg": 50, "kind": .string(kind)])
        }
        // The sets of one name follow each other, then another name, then the first again.
        let workout: JSONValue = .obj(["start": "2026-01-05T18:00:00", "title": "Push", "sets": [
            set("ohp", 5, "warmup"), set("Overhead Press (Barbell)", 5), set("mp", 8), set("Dips", 10), set("OHP", 3),
        ]])
        _ = try client.call("history.import", .obj(["importId": "a", "chunk": 0, "workouts": [workout]]))
        _ = try client.call("history.import", .obj(["importId": "a", "done": true]))
        let history = try client.call("exercise.history", .obj(["exercise": "Overhead Press"]))
        let sets = history["sessions"]?[0]?["sets"]?.arrayValue ?? []
        #expect(sets.map { $0["setNumber"] } == [1, 2, 3, 4] && sets.map { $0["reps"] } == [5, 5, 8, 3], "\(history)")
        #expect(history["sessions"]?[0]?["bestOneRepMaxKg"] == JSONValue(63.3), "Epley of 8 × 50 kg, the best of its sets: \(history)")
        #expect(try client.call("exercise.history", .obj(["exercise": "Dips"]))["sessions"]?.arrayValue?.count == 1)
    }

    /// A set a file logged before its workout began (a watch's clock set back) is
    /// stored at the workout's start: a set never lies outside its session. One
    /// within it keeps its time.
    @Test func aSetLoggedBeforeItsWorkoutBeganIsStoredAtTheStart() throws {
        let client = try InProcess()
        let startedAt = Wall.at("2026-01-05T18:00:00")
        let later = Wall.at("2026-01-05T18:10:00")
        let workout: JSONValue = .obj(["start": "2026-01-05T18:00:00", "startedAt": .string(startedAt), "durationSeconds": 3600, "title": "Push", "sets": [
            .obj(["exercise": "Dips", "reps": 10, "loggedAt": .string(Wall.at("2025-12-31T08:00:00"))]),
            .obj(["exercise": "Dips", "reps": 8, "loggedAt": .string(later)]),
        ]])
        _ = try client.call("history.import", .obj(["importId": "a", "chunk": 0, "workouts": [workout]]))
        _ = try client.call("history.import", .obj(["importId": "a", "done": true]))
        let session = try #require(try client.call("session.list").arrayValue?.first?["sessionId"])
        let sets = try client.call("session.get", .obj(["sessionId": session]))["sets"]?.arrayValue ?? []
        let times = sets.compactMap { $0["loggedAt"]?.stringValue.flatMap(RFC3339.parse) }
        #expect(times == [RFC3339.parse(startedAt), RFC3339.parse(later)].compactMap { $0 }, "\(sets)")
    }

    /// What a `done` stores is every chunk sent, or nothing: chunks dropped (an import
    /// untouched for 60 seconds, or a daemon that restarted) are said, and the import is
    /// sent again from chunk 0. A chunk after them is refused as it arrives; a `done`
    /// whose chunks before it are not all staged, or that leave a gap, stores nothing.
    @Test func anImportMissingAChunkStoresNothingAndSaysWhich() throws {
        let client = try InProcess()
        func chunk(_ id: String, _ number: Int, done: Bool = false) throws -> JSONValue {
            let workout: JSONValue = .obj(["start": .string("2026-01-0\(number + 1)T18:00:00"), "title": "Legs", "sets": [.obj(["exercise": "Squat", "reps": 5, "weightKg": 100])]])
            return try client.request("history.import", .obj(["importId": .string(id), "chunk": JSONValue(number), "workouts": [workout], "done": .bool(done)]))
        }
        func refusal(_ reply: JSONValue) -> String { reply["error"]?["data"]?["reason"] == "import_refused" ? reply["error"]?["message"]?.stringValue ?? "" : "" }
        let origin = Int64(LocalDate("2026-02-01")!.daysSinceEpoch) * 86_400_000
        try client.at(ms: origin) {
            // Chunks 0 to 3 went, then 60 seconds without a call dropped them.
            for number in 0..<4 {
                let staged = try chunk("late", number)
                #expect(staged["result"]?["staged"] == JSONValue(number + 1), "\(staged)")
            }
        }
        try client.at(ms: origin + 61_000) {
            let after = try chunk("late", 4)
            #expect(refusal(after).contains("chunks 0 to 3 are not staged"), "the chunk after them: \(after)")
            let done = try client.request("history.import", .obj(["importId": "late", "chunk": 5, "done": true]))
            #expect(refusal(done).contains("chunks 0 to 4 are not staged"), "\(done)")
            // A gap: chunk 1 never came.
            _ = try chunk("gap", 0)
            _ = try chunk("gap", 2)
            let gap = try chunk("gap", 3, done: true)
            #expect(refusal(gap).contains("chunk 1 is not staged"), "\(gap)")
            // Refused, it is dropped with what it staged (its place given back): a chunk
            // after 0 finds no import.
            #expect(refusal(try chunk("gap", 2)).contains("chunks 0 to 1 are not staged"))
            #expect(try client.call("session.list").arrayValue == [], "nothing stored")
            // Sent again whole: stored, each chunk once.
            for number in 0..<3 { _ = try chunk("again", number) }
            let stored = try chunk("again", 3, done: true)
            #expect(stored["result"]?["imported"]?["workouts"] == 4, "\(stored)")
            #expect(try client.call("session.list").arrayValue?.count == 4)
        }
    }

    /// Two `done`s of one import in one batch (one group commit): the first stores, the
    /// second finds it stored; a `done` sent again later answers what the first stored.
    @Test func aDoneSentAgainAnswersTheFirstEvenFromOneBatch() throws {
        let client = try InProcess()
        let workouts = JSONValue.array((1...3).map { .obj(["start": .string("2026-01-0\($0)T18:00:00"), "title": "Legs", "sets": [.obj(["exercise": "Squat", "reps": 5])]]) })
        let line = JSONValue.array([
            .obj(["jsonrpc": "2.0", "id": 1, "method": "history.import", "params": .obj(["importId": "twice", "chunk": 0, "workouts": workouts])]),
            .obj(["jsonrpc": "2.0", "id": 2, "method": "history.import", "params": .obj(["importId": "twice", "chunk": 1, "done": true])]),
            .obj(["jsonrpc": "2.0", "id": 3, "method": "history.import", "params": .obj(["importId": "twice", "chunk": 1, "done": true])]),
        ])
        let replies = try JSONParser.parse(try #require(client.send(line: line.jsonText))).arrayValue ?? []
        #expect(replies.count == 3 && replies[1]["result"]?["imported"]?["workouts"] == 3, "\(replies)")
        #expect(replies[2]["result"] == replies[1]["result"], "the second is answered with the first's result: \(replies)")
        let again = try client.call("history.import", .obj(["importId": "twice", "chunk": 1, "done": true]))
        #expect(again["imported"]?["workouts"] == 3, "what the first done stored: \(again)")
        #expect(try client.call("session.list").arrayValue?.count == 3)

        // A chunk more for the stored import is refused, not staged for nothing.
        let late = try client.request("history.import", .obj(["importId": "twice", "chunk": 0, "workouts": workouts]))
        #expect(late["error"]?["message"]?.stringValue?.contains("stored by its done already") == true, "\(late)")
    }

    /// A `done` whose request fails alone, in a group commit run again with each request
    /// in its own savepoint (another request of its batch failed after writing), keeps
    /// no answer: its writes were undone, and the `done` sent again stores them. Here
    /// the faults are SQLite triggers: the other request's set, and the feed of the
    /// tracked session the watch's recording measures.
    @Test func aDoneThatFailedAloneIsDoneAgainNotAnsweredFromBefore() throws {
        let client = try InProcess()
        _ = try client.call("session.start", .obj(["at": "2026-01-05T18:00:00"]))
        _ = try client.call("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": 100, "at": "2026-01-05T18:10:00"]))
        let tracked = try client.call("session.finish", .obj(["at": "2026-01-05T19:00:00"]))["sessionId"] ?? .null
        _ = try client.call("session.start")
        _ = try client.call("session.pause")
        let recording: JSONValue = .obj(["start": "2026-01-05T18:02:00", "durationSeconds": 3300, "title": "Strength", "averageHeartRate": 121,
                                         "sets": [.obj(["exercise": "Squat", "reps": 5, "weightKg": 100])]])
        _ = try client.call("history.import", .obj(["importId": "watch", "chunk": 0, "source": "fit", "workouts": [recording]]))
        let faults = try Database(path: client.databasePath)
        try faults.connection.execute("""
            CREATE TRIGGER test_fault_set BEFORE INSERT ON logged_set WHEN NEW.note = 'fail here' BEGIN SELECT RAISE(ABORT, 'injected fault'); END;
            CREATE TRIGGER test_fault_feed BEFORE INSERT ON change_feed WHEN EXISTS (SELECT 1 FROM feed_pending) BEGIN SELECT RAISE(ABORT, 'feed fault'); END;
            """)
        let line = JSONValue.array([
            .obj(["jsonrpc": "2.0", "id": 1, "method": "history.import", "params": .obj(["importId": "watch", "chunk": 1, "done": true])]),
            .obj(["jsonrpc": "2.0", "id": 2, "method": "session.log", "params": .obj(["exercise": "Squat", "reps": 5, "weightKg": 120, "note": "fail here"])]),
        ])
        let replies = try JSONParser.parse(try #require(client.send(line: line.jsonText))).arrayValue ?? []
        #expect(replies.count == 2 && replies[0]["error"] != nil && replies[1]["error"] != nil, "\(replies)")
        try faults.connection.execute("DROP TRIGGER test_fault_set; DROP TRIGGER test_fault_feed;")

        let again = try client.call("history.import", .obj(["importId": "watch", "chunk": 1, "done": true]))
        #expect(again["measured"] == [tracked], "\(again)")
        let session = try client.call("session.get", .obj(["sessionId": tracked]))
        #expect(session["averageHeartRate"] == 121, "the recording's heart rate is the tracked session's: \(session)")
    }

    /// A dry run's `done` stores nothing, keeps no answer, and lets its chunks go: a
    /// `done` after it finds none (refused, naming them), and the import under the same
    /// id, sent again, is stored. Its place among a user's four imports is free at once.
    @Test func aDryRunsDoneLetsItsImportGo() throws {
        let client = try InProcess()
        let workout: JSONValue = .obj(["start": "2026-01-05T18:00:00", "title": "Legs", "sets": [.obj(["exercise": "Squat", "reps": 5, "weightKg": 100])]])
        for id in ["d", "e", "f", "g", "h"] {
            _ = try client.call("history.import", .obj(["importId": .string(id), "chunk": 0, "workouts": [workout]]))
            let dry = try client.call("history.import", .obj(["importId": .string(id), "chunk": 1, "done": true, "dryRun": true]))
            #expect(dry["dryRun"] == true && dry["imported"]?["workouts"] == 1)
        }
        #expect(try client.call("session.list").arrayValue?.isEmpty == true)
        let after = try client.request("history.import", .obj(["importId": "d", "chunk": 1, "done": true]))
        #expect(after["error"]?["message"]?.stringValue?.contains("chunk 0 is not staged") == true, "\(after)")
        _ = try client.call("history.import", .obj(["importId": "d", "chunk": 0, "workouts": [workout]]))
        let stored = try client.call("history.import", .obj(["importId": "d", "chunk": 1, "done": true]))
        #expect(stored["dryRun"] == false && stored["imported"]?["workouts"] == 1, "\(stored)")
        #expect(try client.call("session.list").arrayValue?.count == 1)

        let sample: JSONValue = .obj(["type": "steps", "value": 9000, "date": "2026-01-05", "recordedAt": "2026-01-05T20:00:00Z"])
        _ = try client.call("health.import", .obj(["importId": "h", "chunk": 0, "samples": [sample]]))
        #expect(try client.call("health.import", .obj(["importId": "h", "chunk": 1, "done": true, "dryRun": true]))["stored"] == 1)
        #expect(try client.call("health.list", .obj(["type": "steps", "from": "2026-01-01", "to": "2026-01-31"])).arrayValue?.isEmpty == true)
        let refused = try client.request("health.import", .obj(["importId": "h", "chunk": 1, "done": true]))
        #expect(refused["error"] != nil, "its values went with the dry run: \(refused)")
    }

    /// An imported body-weight set counts the body mass of its day: the latest sample on
    /// or before it (the last of that day), none before the first sample.
    @Test func importedBodyweightSetsCountTheBodyMassOfTheirDay() throws {
        let client = try InProcess()
        for (date, hour, kg) in [("2026-01-10", 9, 70), ("2026-01-20", 20, 76), ("2026-01-20", 8, 74), ("2026-02-01", 9, 80)] {
            let time = JSONValue.string("\(date)T\(hour < 10 ? "0" : "")\(hour):00:00Z")
            _ = try client.call("health.record", .obj(["type": "bodyMassKg", "value": JSONValue(kg), "date": .string(date), "time": time]))
        }
        let days = ["2026-01-05", "2026-01-10", "2026-01-15", "2026-01-20", "2026-01-25", "2026-02-03"]
        let workouts = days.map { day -> JSONValue in
            .obj(["start": .string(day + "T18:00:00"), "title": "Pull", "sets": [.obj(["exercise": "Pull-Up", "reps": 6, "weightKg": 10])]])
        }
        _ = try client.call("history.import", .obj(["importId": "b", "chunk": 0, "workouts": .array(workouts)]))
        _ = try client.call("history.import", .obj(["importId": "b", "done": true]))
        let history = try client.call("exercise.history", .obj(["exercise": "Pull-Up"]))
        let best = (history["sessions"]?.arrayValue ?? []).map { ($0["date"]?.stringValue ?? "", $0["bestOneRepMaxKg"]?.numberValue) }
        // (mass + 10) × (1 + 6/30); no mass before the first sample: no estimate.
        #expect(best.map(\.0) == days, "\(history)")
        #expect(best.map(\.1) == [nil, 96, 96, 103.2, 103.2, 108], "\(history)")
    }

    @Test func aCancelledImportStoresNothing() throws {
        let client = try InProcess()
        let workout: JSONValue = .obj(["start": "2026-01-05T18:00:00", "title": "Legs", "sets": [.obj(["exercise": "Squat", "reps": 5, "weightKg": 100])]])
        #expect(try client.call("history.import", .obj(["importId": "c", "chunk": 0, "workouts": [workout]]))["staged"] == 1)
        let both = try client.request("history.import", .obj(["importId": "c", "cancel": true, "done": true]))
        #expect(both["error"]?["data"]?["errors"]?[0]?["path"] == "params.cancel", "cancel goes alone: \(both)")
        let cancelled = try client.call("history.import", .obj(["importId": "c", "cancel": true]))
        #expect(cancelled["staged"] == 0 && cancelled["done"] == false)
        let done = try client.call("history.import", .obj(["importId": "c", "done": true]))
        #expect(done["imported"]?["workouts"] == 0, "what was staged before the cancel is gone: \(done)")
        #expect(try client.call("session.list").arrayValue?.isEmpty == true)
    }

    @Test func chunksAreStagedUntilDoneAndARetriedChunkCountsOnce() throws {
        let client = try InProcess()
        func workout(_ day: Int, reps: JSONValue = 5) -> JSONValue {
            .obj(["start": .string("2026-01-0\(day)T18:00:00"), "durationSeconds": 3600, "title": "Legs",
                  "sets": [.obj(["exercise": "Squat", "reps": reps, "weightKg": 100]), .obj(["exercise": "Squat", "kind": "warmup", "reps": 10, "weightKg": 40])]])
        }
        let first = try client.call("history.import", .obj(["importId": "a", "chunk": 0, "workouts": [workout(5)]]))
        let again = try client.call("history.import", .obj(["importId": "a", "chunk": 0, "workouts": [workout(5)]]))
        #expect(first["staged"] == 1 && again["staged"] == 1, "a chunk sent again replaces itself")
        _ = try client.call("history.import", .obj(["importId": "a", "chunk": 1, "workouts": [workout(6)]]))
        #expect(try client.call("session.list").arrayValue?.isEmpty == true, "nothing is stored before done")

        let bad = try client.request("history.import", .obj(["importId": "a", "chunk": 2, "workouts": [workout(7, reps: 5000)]]))
        #expect(bad["error"]?["code"] == -32602)
        #expect(bad["error"]?["data"]?["errors"]?[0]?["path"] == "params.workouts[0].sets[0].reps", "\(bad)")

        let done = try client.call("history.import", .obj(["importId": "a", "done": true]))
        #expect(done["imported"]?["workouts"] == 2 && done["imported"]?["sets"] == 4 && done["imported"]?["warmups"] == 2)
        let retried = try client.call("history.import", .obj(["importId": "a", "done": true]))
        #expect(retried == done, "done sent again (a lost reply) answers what the first stored, and stores nothing")
        let sessions = try client.call("session.list").arrayValue ?? []
        #expect(sessions.count == 2 && sessions.allSatisfy { $0["state"] == "finished" })
    }
}
