import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication
@testable import SessionStore

/// The change feed and `changes.apply` between two devices in the test's process: what
/// sessiond-sync carries through PostgreSQL, carried here by hand.
@Suite struct ChangeFeedTests {
    /// One device's side of the exchange: where its feed was read up to.
    final class Device {
        let app: InProcess
        var readUpTo = 0

        init() throws { app = try InProcess() }

        /// The changes after the last read.
        func take() throws -> [JSONValue] {
            var changes: [JSONValue] = []
            while true {
                let page = try app.call("changes.since", .obj(["after": JSONValue(readUpTo), "limit": 2]))
                changes += page["changes"]?.arrayValue ?? []
                readUpTo = page["next"]?.intValue ?? readUpTo
                if page["more"] != true { return changes }
            }
        }

        /// Applies another device's changes.
        @discardableResult
        func apply(_ changes: [JSONValue]) throws -> JSONValue {
            try app.call("changes.apply", .obj(["changes": .array(changes)]))
        }
    }

    /// An alias set on the phone before the laptop's sets of that name reached it: the
    /// laptop moves its own sets when the alias arrives, and the phone counts the
    /// laptop's sets for the aliased exercise when they arrive, so both hold the same
    /// history and records of it.
    @Test func setsOfAnAliasedNameCountForItsExerciseWhicheverArrivesFirst() throws {
        let phone = try Device()
        let laptop = try Device()
        _ = try laptop.app.call("session.start")
        _ = try laptop.app.call("session.log", .obj(["exercise": "zotts", "reps": 8, "weightKg": 20]))
        _ = try laptop.app.call("session.log", .obj(["exercise": "Hammer Curl", "reps": 8, "weightKg": 12]))
        _ = try laptop.app.call("session.finish")
        _ = try phone.app.call("exercise.alias", .obj(["alias": "zotts", "name": "Hammer Curl"]))
        let fromPhone = try phone.take()
        let fromLaptop = try laptop.take()
        try laptop.apply(fromPhone)
        try phone.apply(fromLaptop)
        // 8 × 20 kg is the heavier set, logged as zotts: Epley's estimate of it.
        let best = 20 * (1 + 8.0 / 30)
        for device in [phone, laptop] {
            let curl = try device.app.call("exercise.get", .obj(["exercise": "Hammer Curl"]))
            #expect(curl["sets"] == 2 && curl["sessions"] == 1, "\(curl)")
            #expect(abs((curl["bestOneRepMaxKg"]?.numberValue ?? 0) - best) < 0.05 && curl["heaviestKg"] == 20, "\(curl)")
        }
    }

    /// A request of a group commit that fails at the first statement it writes (a
    /// trigger the test adds refuses a set of 13 reps) leaves the requests before it
    /// whole: their sets are stored, fed to the change feed and counted, as the four
    /// acknowledgements say. Its failure forgot the others' sets left to feed.
    @Test func aRequestFailingBeforeItWritesLeavesItsBatchFedAndCounted() throws {
        let phone = try Device()
        _ = try phone.app.call("session.start")
        try Database(path: phone.app.databasePath).connection.execute("""
            CREATE TRIGGER test_fault BEFORE INSERT ON logged_set WHEN NEW.reps = 13
            BEGIN SELECT RAISE(ABORT, 'injected fault'); END;
            """)
        let reps = [5, 6, 13, 7, 8]
        let batch = reps.enumerated().map { #"{"jsonrpc":"2.0","id":\#($0.offset),"method":"session.log","params":{"exercise":"Squat","reps":\#($0.element),"weightKg":100}}"# }
        let line = try #require(phone.app.send(line: "[" + batch.joined(separator: ",") + "]"))
        let replies = try JSONParser.parse(line).arrayValue ?? []
        let acknowledged = replies.compactMap { $0["result"]?["setId"]?.intValue }
        #expect(acknowledged.count == reps.filter { $0 != 13 }.count && replies.filter { $0["error"] != nil }.count == 1, "\(replies)")
        let fed = try phone.take().filter { $0["entity"] == "set" }
        #expect(fed.count == acknowledged.count, "\(fed)")
        let squat = try phone.app.call("exercise.get", .obj(["exercise": "Squat"]))
        #expect(squat["sets"]?.intValue == acknowledged.count && squat["sessions"] == 1, "\(squat)")
    }

    @Test func twoDevicesThatWorkedApartConverge() throws {
        let phone = try Device()
        let laptop = try Device()
        _ = try phone.app.call("session.start")
        let first = try phone.app.call("session.log", Workout.set("Squat", 5, 100))
        let second = try phone.app.call("session.log", Workout.set("Squat", 5, 100))
        let shared = try phone.take()
        #expect(shared.count == 3, "the session and its two sets")
        #expect(try laptop.apply(shared)["applied"] == 3)
        #expect(try laptop.app.call("session.current")["sets"] == 2, "the session reached the laptop, active")

        // Apart: the phone logs and edits, the laptop logs and undoes one of the phone's sets.
        _ = try phone.app.call("session.log", Workout.set("Squat", 5, 105))
        _ = try phone.app.call("session.editSet", .obj(["setId": first["setId"] ?? .null, "reps": 6]))
        _ = try laptop.app.call("session.log", Workout.set("Bench Press", 8, 60))
        let laptopSets = try laptop.app.call("session.get", .obj(["sessionId": try laptop.app.call("session.current")["sessionId"] ?? .null]))
        let secondHere = laptopSets["sets"]?.arrayValue?.first { $0["reps"] == 5 && $0["setNumber"] == second["setNumber"] }
        _ = try laptop.app.call("session.undo", .obj(["setId": secondHere?["setId"] ?? .null]))
        let fromPhone = try phone.take()
        let fromLaptop = try laptop.take()
        try laptop.apply(fromPhone)
        try phone.apply(fromLaptop)
        _ = try phone.app.call("session.finish")
        try laptop.apply(try phone.take())

        // The phone's first set edited, its second undone on the laptop, one more on each.
        let expected = ["Back Squat 5x105.0", "Back Squat 6x100.0", "Bench Press 8x60.0"]
        for device in [phone, laptop] {
            let record = try Workout.record(device.app)
            #expect(record.count == 1)
            let sets = (record.first?["sets"]?.arrayValue ?? []).map {
                "\($0["exercise"]?.stringValue ?? "?") \($0["reps"]?.intValue ?? 0)x\($0["weightKg"]?.numberValue ?? 0)"
            }
            #expect(sets.sorted() == expected)
        }
        #expect(try Workout.record(phone.app) == Workout.record(laptop.app))
        #expect(try laptop.app.call("session.current")["active"] != true, "the finish reached the laptop")
    }

    /// The phone finishes the session while the laptop, which has not heard of it yet,
    /// renames it: the later edit does not bring the session back to running, and the
    /// finish's effort and note stay, whichever device hears of the other first.
    @Test func aFinishHoldsAgainstAnEditMadeElsewhereWithoutIt() throws {
        let phone = try Device()
        let laptop = try Device()
        _ = try phone.app.call("session.start")
        _ = try phone.app.call("session.log", Workout.set("Squat", 5, 100))
        try laptop.apply(try phone.take())
        let sessionID = try #require(try laptop.app.call("session.current")["sessionId"])

        _ = try phone.app.call("session.finish", .obj(["rpe": 8, "note": "heavy"]))
        _ = try laptop.app.call("session.edit", .obj(["sessionId": sessionID, "title": "Leg day"]))
        let finish = try phone.take()
        let rename = try laptop.take()
        #expect(finish.first?["session"]?["endHlc"] == finish.first?["hlc"], "the finish gives the end its reading")
        #expect(rename.first?["session"]?["endedAtMs"] == .null)
        try laptop.apply(finish)
        try phone.apply(rename)
        // The record is the later version's (by the readings, which the wall clocks of a
        // loaded machine may order either way); the end the finish's whatever the order.
        let (finishHLC, renameHLC) = (finish.first?["hlc"]?.stringValue ?? "", rename.first?["hlc"]?.stringValue ?? "")
        let title = renameHLC > finishHLC ? "Leg day" : "Free session"

        for device in [phone, laptop] {
            let session = try device.app.call("session.get", .obj(["sessionId": try #require(try device.app.call("session.list").arrayValue?.first?["sessionId"])]))
            #expect(session["state"] == "finished" && session["title"]?.stringValue == title, "\(session), finish \(finishHLC), rename \(renameHLC)")
            #expect(session["rpe"] == 8 && session["note"] == "heavy")
            #expect(try device.app.call("session.current")["active"] != true)
        }
        #expect(try Workout.record(phone.app) == Workout.record(laptop.app))
        // Again, in either direction: nothing new.
        #expect(try laptop.apply(finish)["ignored"] == 1 && phone.apply(rename)["ignored"] == 1)

        // After the finish, an edit of its note (the end's) on one device and of its
        // title on the other: the note is the latest end's, the title the later edit's.
        let phoneSession = try #require(try phone.app.call("session.list").arrayValue?.first?["sessionId"])
        _ = try phone.app.call("session.edit", .obj(["sessionId": phoneSession, "note": "heavy, but fine"]))
        _ = try laptop.app.call("session.edit", .obj(["sessionId": sessionID, "title": "Legs"]))
        let noteEdit = try phone.take()
        let titleEdit = try laptop.take()
        try laptop.apply(noteEdit)
        try phone.apply(titleEdit)
        let later = (titleEdit.first?["hlc"]?.stringValue ?? "") > (noteEdit.first?["hlc"]?.stringValue ?? "") ? "Legs" : title
        for device in [phone, laptop] {
            let session = try device.app.call("session.get", .obj(["sessionId": try #require(try device.app.call("session.list").arrayValue?.first?["sessionId"])]))
            #expect(session["title"]?.stringValue == later && session["note"] == "heavy, but fine" && session["state"] == "finished", "\(session)")
        }
        #expect(try Workout.record(phone.app) == Workout.record(laptop.app))
    }

    /// A session stored finished (an import's), whose end no change gave since: the
    /// laptop edits its note (the end's), the phone its title (the record's), apart. The
    /// note is the laptop's on both, whichever edit reads later: the phone's reading is
    /// its record's, not its end's; the title is the later edit's.
    @Test func anEndEditedElsewhereHoldsAgainstALaterEditOfTheRestOfTheRecord() throws {
        let phone = try Device()
        let laptop = try Device()
        let now = Wall.ms(Fixtures.monday, hour: 20)
        phone.app.setClock(toMs: now)
        laptop.app.setClock(toMs: now)
        let workout: JSONValue = .obj(["start": .string(Fixtures.monday.description + "T18:00:00"), "title": "Legs", "durationSeconds": 3000,
                                       "note": "imported", "sets": [.obj(["exercise": "Squat", "reps": 5, "weightKg": 100])]])
        _ = try phone.app.call("history.import", .obj(["importId": "w", "chunk": 0, "workouts": [workout], "done": true]))
        try laptop.apply(try phone.take())
        func sessionID(_ device: Device) throws -> JSONValue { try #require(try device.app.call("session.list").arrayValue?.first?["sessionId"]) }

        laptop.app.setClock(toMs: now + 60_000)
        _ = try laptop.app.call("session.edit", .obj(["sessionId": try sessionID(laptop), "note": "from the laptop"]))
        phone.app.setClock(toMs: now + 120_000)
        _ = try phone.app.call("session.edit", .obj(["sessionId": try sessionID(phone), "title": "Leg day"]))
        let noteEdit = try laptop.take()
        let titleEdit = try phone.take()
        try phone.apply(noteEdit)
        try laptop.apply(titleEdit)
        let title = (titleEdit.first?["hlc"]?.stringValue ?? "") > (noteEdit.first?["hlc"]?.stringValue ?? "") ? "Leg day" : "Legs"
        for device in [phone, laptop] {
            let session = try device.app.call("session.get", .obj(["sessionId": try sessionID(device)]))
            #expect(session["note"] == "from the laptop" && session["title"]?.stringValue == title, "\(session)")
        }
    }

    /// A finished session discarded by its id (one entered by mistake) leaves every
    /// device that pulled it: its deletion is a change like any other.
    @Test func aFinishedSessionDiscardedLeavesTheOtherDevices() throws {
        let phone = try Device()
        let laptop = try Device()
        let started = try phone.app.call("session.start")
        for reps in [5, 6] { _ = try phone.app.call("session.log", Workout.set("Bench Press", reps, 80)) }
        _ = try phone.app.call("session.finish")
        try laptop.apply(try phone.take())
        #expect(try laptop.app.call("session.list").arrayValue?.count == 1)
        let discarded = try phone.app.call("session.abort", .obj(["sessionId": started["sessionId"] ?? .null, "confirm": true]))
        #expect(discarded["discarded"] == true)
        let deletion = try phone.take()
        #expect(deletion.contains { $0["entity"] == "session" && $0["deleted"] == true }, "\(deletion)")
        try laptop.apply(deletion)
        #expect(try laptop.app.call("session.list").arrayValue == [], "gone from the laptop too")
        #expect(try laptop.app.call("summary.weekly")["sets"] == 0)
    }

    /// The session running here finished on another device: the change that brings the
    /// finish ends its rest timer here, as a finish here does; a change of anything else
    /// leaves the timer.
    @Test func aSessionFinishedElsewhereEndsItsRestHere() throws {
        let phone = try Device()
        let laptop = try Device()
        _ = try phone.app.call("session.start")
        _ = try phone.app.call("session.log", Workout.set("Bench Press", 5, 80))
        guard case .start = phone.app.restChanges.last else { Issue.record("a set starts a rest: \(phone.app.restChanges)"); return }
        try laptop.apply(try phone.take())
        _ = try laptop.app.call("health.record", .obj(["type": "sleepHours", "value": 7]))
        let unrelated = try laptop.take()
        #expect(unrelated.count == 1)
        try phone.apply(unrelated)
        guard case .keep = phone.app.restChanges.last else { Issue.record("a sleep value leaves the rest: \(phone.app.restChanges)"); return }
        _ = try laptop.app.call("session.finish")
        try phone.apply(try laptop.take())
        guard case .cancel = phone.app.restChanges.last else { Issue.record("the finish applied ends the rest: \(phone.app.restChanges)"); return }
        #expect(try phone.app.call("session.current") == .null)
    }

    @Test func applyingTwiceChangesNothingAndTombstonesAreFinal() throws {
        let phone = try Device()
        let laptop = try Device()
        _ = try phone.app.call("session.start")
        let logged = try phone.app.call("session.log", Workout.set("Bench Press", 5, 80))
        let changes = try phone.take()
        #expect(try laptop.apply(changes)["applied"] == 2)
        let again = try laptop.apply(changes)
        #expect(again["applied"] == 0 && again["ignored"] == 2)
        #expect(try laptop.take().isEmpty, "applied changes are not the laptop's to push")

        // The phone edits the set (a later reading), then deletes it; the laptop gets the
        // deletion first and the edit after: the set stays deleted.
        _ = try phone.app.call("session.editSet", .obj(["setId": logged["setId"] ?? .null, "reps": 6]))
        let edit = try phone.take()
        _ = try phone.app.call("session.undo", .obj(["setId": logged["setId"] ?? .null]))
        let deletion = try phone.take()
        #expect(deletion.first?["deleted"] == true)
        try laptop.apply(deletion)
        #expect(try laptop.apply(edit)["ignored"] == 1)
        #expect(try laptop.app.call("session.current")["sets"] == 0)

        // An older state of a record than the one held is turned down.
        let old = changes.filter { $0["entity"] == "session" }
        #expect(try phone.apply(old)["ignored"] == 1)
    }

    @Test func aSetWhoseSessionIsMissingWaitsAndKeepsThePullCursor() throws {
        let phone = try Device()
        let laptop = try Device()
        _ = try phone.app.call("session.start")
        _ = try phone.app.call("session.log", Workout.set("Deadlift", 3, 140))
        let changes = try phone.take()
        let sets = changes.filter { $0["entity"] == "set" }
        let early = try laptop.app.call("changes.apply", .obj(["changes": .array(sets), "pulled": "7"]))
        #expect(early["unresolved"]?.arrayValue?.count == 1)
        #expect(early["pulled"] == .null, "the cursor stays until every change was stored")
        let later = try laptop.app.call("changes.apply", .obj(["changes": .array(changes), "pulled": "7"]))
        #expect(later["applied"] == 2 && later["pulled"] == "7")
        #expect(try laptop.app.call("changes.since")["pulled"] == "7")
    }

    /// Another device's numbers are held to the bounds a set, a session and a health
    /// sample are logged within: one past them refuses the call at its place and stores
    /// nothing (a weight of 1e308 had been stored, and the weekly summary trapped on it
    /// at every start); the changes as sent apply, and the week sums them.
    @Test func numbersPastTheBoundsOfWhatIsLoggedAreRefusedAtTheirPlace() throws {
        let phone = try Device()
        let laptop = try Device()
        _ = try phone.app.call("session.start")
        _ = try phone.app.call("session.log", Workout.set("Curl", 10, 15))
        _ = try phone.app.call("session.finish")
        _ = try phone.app.call("health.record", .obj(["type": "steps", "value": 9000]))
        let changes = try phone.take()
        let entities = changes.map { $0["entity"]?.stringValue ?? "?" }
        // The record's member `key` in change `index` given `value`.
        func changed(_ index: Int, _ key: String, _ value: JSONValue) -> [JSONValue] {
            var copy = changes
            guard case .object(var members) = copy[index], let slot = members.firstIndex(where: { $0.key == entities[index] }),
                case .object(var record) = members[slot].value, let at = record.firstIndex(where: { $0.key == key }) else { return copy }
            record[at].value = value
            members[slot].value = .object(record)
            copy[index] = .object(members)
            return copy
        }
        let set = try #require(entities.firstIndex(of: "set"))
        let session = try #require(entities.firstIndex(of: "session"))
        let health = try #require(entities.firstIndex(of: "health"))
        let past: [(Int, String, JSONValue)] = [
            (set, "weightKg", 1e308), (set, "weightKg", 5e18), (set, "reps", -5), (set, "reps", 1_000_000), (set, "durationSeconds", -1),
            (set, "setNumber", -1), (set, "e1rmKg", 1e308), (set, "recordWeightKg", -1e308), (set, "distanceM", 1e308), (set, "loggedAtMs", -1),
            (session, "startedAtMs", -9_000_000_000_000_000_000), (session, "pausedTotalMs", -1), (session, "energyKcal", 1e308),
            (health, "value", 1e308), (health, "value", -1e308), (health, "recordedAtMs", 9_000_000_000_000_000_000),
        ]
        for (index, key, value) in past {
            let refused = try laptop.app.request("changes.apply", .obj(["changes": .array(changed(index, key, value))]), id: 1)
            #expect(refused["error"]?["code"] == -32602, "\(key) \(value): \(refused)")
            #expect(refused["error"]?["data"]?["errors"]?[0]?["path"] == .string("params.changes[\(index)].\(entities[index]).\(key)"), "\(refused)")
        }
        #expect(try laptop.app.call("session.list").arrayValue?.isEmpty == true, "nothing was stored")
        // The session's start is turned down beside its finish, the later change of it.
        let applied = try laptop.apply(changes)
        #expect(applied["applied"] == JSONValue(changes.count - 1) && applied["ignored"] == 1, "\(entities): \(applied)")
        let week = try laptop.app.call("summary.weekly")
        #expect(week["volumeKg"] == 150 && week["sets"] == 1, "\(week)")
        #expect(try laptop.app.call("prompt.render")["user"]?.stringValue?.contains("150 kg volume") == true)
    }

    @Test func thePushCursorIsStoredAndTheBacklogFollowsIt() throws {
        let phone = try Device()
        _ = try phone.app.call("session.start")
        _ = try phone.app.call("session.log", Workout.set("Curl", 10, 15))
        let first = try phone.app.call("changes.since", .obj(["limit": 1]))
        #expect(first["pushed"] == 0 && first["backlog"] == 2 && first["more"] == true)
        let second = try phone.app.call("changes.since", .obj(["pushed": first["next"] ?? .null]))
        #expect(second["pushed"] == first["next"] && second["backlog"] == 1)
        #expect(second["changes"]?.arrayValue?.map { $0["entity"] } == ["set"])
        // A cursor past the feed's end would hide what is fed up to it: refused, the
        // stored one kept.
        let past = try phone.app.request("changes.since", .obj(["pushed": 1_000_000]), id: 1)
        #expect(past["error"]?["data"]?["errors"]?[0]?["path"] == "params.pushed", "\(past)")
        _ = try phone.app.call("health.record", .obj(["type": "steps", "value": 9000]))
        let after = try phone.app.call("changes.since")
        #expect(after["pushed"] == second["pushed"] && after["backlog"] == 2, "\(after)")
    }

    @Test func healthSamplesReachTheOtherDevice() throws {
        let phone = try Device()
        let laptop = try Device()
        _ = try phone.app.call("health.record", .obj(["type": "bodyMassKg", "value": 81.5, "date": "2026-11-20"]))
        _ = try phone.app.call("health.record", .obj(["type": "steps", "value": 9000, "date": "2026-11-20"]))
        let changes = try phone.take()
        #expect(changes.map { $0["entity"] } == ["health", "health"])
        #expect(try laptop.apply(changes)["applied"] == 2)
        for type in ["bodyMassKg", "steps"] {
            let list = JSONValue.obj(["type": .string(type), "from": "2026-11-01", "to": "2026-11-30"])
            #expect(try laptop.app.call("health.list", list) == phone.app.call("health.list", list))
        }
        let mass = JSONValue.obj(["type": "bodyMassKg", "from": "2026-11-01", "to": "2026-11-30"])
        #expect(try laptop.app.call("health.list", mass).jsonText.contains("81.5"))
        #expect(try laptop.take().isEmpty)
    }

    @Test func anImportsSessionsAndSetsReachTheOtherDevice() throws {
        let phone = try Device()
        let laptop = try Device()
        func workout(_ start: String, _ reps: [Int]) -> JSONValue {
            .obj(["start": .string(start), "title": "Legs", "sets": .array(reps.map { .obj(["exercise": "Squat", "reps": JSONValue($0), "weightKg": 100]) })])
        }
        let workouts: [JSONValue] = [workout("2026-01-05T18:00:00", [5, 5, 4]), workout("2026-01-07T18:00:00", [6, 5])]
        _ = try phone.app.call("history.import", .obj(["importId": "a", "chunk": 0, "workouts": .array(workouts), "done": true]))
        let changes = try phone.take()
        #expect(changes.map { $0["entity"] } == ["session", "session", "set", "set", "set", "set", "set"], "sessions first")
        #expect(try laptop.apply(changes)["applied"] == 7)
        #expect(try Workout.record(laptop.app) == Workout.record(phone.app))
        #expect(try Workout.record(laptop.app).flatMap { $0["sets"]?.arrayValue ?? [] }.compactMap { $0["reps"]?.intValue }.sorted() == [4, 5, 5, 5, 6])
    }

    @Test func settingsReachTheOtherDeviceAndTheLaterSettingWinsEvenOverARemoval() throws {
        let phone = try Device()
        let laptop = try Device()
        let profile: JSONValue = .obj(["goals": "Squat 140 kg by spring", "equipment": ["barbell", "rack"], "weightsKg": [20, 10, 5]])
        _ = try phone.app.call("profile.set", profile)
        _ = try phone.app.call("exercise.alias", .obj(["alias": "press", "name": "Overhead Press"]))
        _ = try phone.app.call("exercise.define", .obj(["exercise": "Tire Flip Drag", "equipment": "machine", "primaryMuscles": ["quads"]]))
        _ = try phone.app.call("exercise.rest", .obj(["exercise": "Back Squat", "seconds": 240]))
        let changes = try phone.take()
        #expect(changes.map { $0["entity"] } == ["profile", "alias", "exercise", "rest"])
        #expect(try laptop.apply(changes)["applied"] == 4)
        for method in ["profile.get", "exercise.aliases", "exercise.rests"] {
            #expect(try laptop.app.call(method) == phone.app.call(method), "\(method)")
        }
        let sled = JSONValue.obj(["exercise": "Tire Flip Drag"])
        let defined = try laptop.app.call("exercise.get", sled)
        #expect(defined.jsonText.contains("quads") && defined.jsonText.contains("machine"), "\(defined)")
        #expect(try laptop.take().isEmpty, "applied, not this device's to push")

        // Apart: the laptop removes the rest while the phone sets another. Neither saw
        // the other's change: the clock orders them, and both devices keep the same one.
        _ = try laptop.app.call("exercise.rest", .obj(["exercise": "Back Squat"]))
        _ = try phone.app.call("exercise.rest", .obj(["exercise": "Back Squat", "seconds": 90]))
        let restFromLaptop = try laptop.take()
        let restFromPhone = try phone.take()
        #expect(restFromLaptop.count == 1 && restFromLaptop.first?["deleted"] == true)
        try laptop.apply(restFromPhone)
        try phone.apply(restFromLaptop)
        #expect(try laptop.app.call("exercise.rests") == phone.app.call("exercise.rests"))

        // The laptop removes the alias; the phone, having heard of it, sets it again: the
        // removal is no tombstone, and the later setting is back on both.
        _ = try laptop.app.call("exercise.alias", .obj(["alias": "press"]))
        let removal = try laptop.take()
        try phone.apply(removal)
        #expect(try phone.app.call("exercise.aliases").arrayValue?.isEmpty == true)
        _ = try phone.app.call("exercise.alias", .obj(["alias": "press", "name": "Push Press"]))
        let fromPhone = try phone.take()
        try laptop.apply(fromPhone)
        try phone.apply(removal)
        for device in [phone, laptop] {
            let aliases = try device.app.call("exercise.aliases").arrayValue ?? []
            #expect(aliases.map { "\($0["alias"]?.stringValue ?? "")=\($0["name"]?.stringValue ?? "")" } == ["press=Push Press"])
        }
        // Applying the same changes again changes nothing.
        #expect(try laptop.apply(fromPhone)["applied"] == 0)
    }
}
