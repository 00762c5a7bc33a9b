import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// What today asks for: a set logged without numbers takes the plan before last time,
/// the suggested weight starts from the plan and today's sets, and a session's end never
/// leaves a set outside it.
@Suite struct PrescriptionTests {
    /// Monday's plan, 3 × 5 @ 100 kg of squats, against a session a year before that
    /// ramped up from 5 × 60 kg and had curls off-plan.
    func planAfterAYearOldSession(_ client: InProcess) throws -> (squat: JSONValue, yearAgo: [(reps: Int, kg: Double)]) {
        let yearAgo: [(reps: Int, kg: Double)] = [(5, 60), (5, 80), (3, 90)]
        try Workout.backfill(client, start: Wall.at("2025-12-01T18:00:00"), end: Wall.at("2025-12-01T19:00:00"),
                             sets: yearAgo.map { ("Squat", $0.reps, $0.kg) } + [("Barbell Curl", 10, 30)])
        let plan = try Workout.importMonday(client, exercises: #"{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 100}"#)
        _ = try client.call("session.start", .obj(["date": "2026-11-30", "at": .string(Wall.at("2026-11-30T18:00:00"))]))
        return (plan["days"]?[0]?["exercises"]?[0] ?? .null, yearAgo)
    }

    /// "As planned" is the plan's set: before last time, and before a set of today's
    /// that fell short of it (a short set is not repeated). Off-plan, last time's first
    /// set, then this session's.
    @Test func thePlanWinsOverLastTimeAndTodaysSets() throws {
        let client = try InProcess()
        let (squat, yearAgo) = try planAfterAYearOldSession(client)
        let first = try client.call("session.log", .obj(["position": 1, "lastTime": true, "at": .string(Wall.at("2026-11-30T18:05:00"))]))
        #expect(first["reps"] == squat["reps"] && first["weightKg"] == squat["weightKg"] && first["filledFrom"] == "plan", "\(first)")
        // Last time's first set is shown beside, not used.
        #expect(first["lastTime"]?["reps"] == JSONValue(yearAgo[0].reps) && first["lastTime"]?["weightKg"] == .number(yearAgo[0].kg)
                && first["lastTime"]?["date"] == "2025-12-01", "\(first)")
        let second = try client.call("session.log", .obj(["position": 1, "at": .string(Wall.at("2026-11-30T18:08:00"))]))
        #expect(second["reps"] == squat["reps"] && second["weightKg"] == squat["weightKg"] && second["filledFrom"] == "plan", "\(second)")
        let typed = (reps: 4, kg: 102.5)
        _ = try client.call("session.log", .obj(["position": 1, "reps": JSONValue(typed.reps), "weightKg": .number(typed.kg), "at": .string(Wall.at("2026-11-30T18:11:00"))]))
        let fourth = try client.call("session.log", .obj(["exercise": "squat", "at": .string(Wall.at("2026-11-30T18:14:00"))]))
        #expect(fourth["reps"] == squat["reps"] && fourth["weightKg"] == squat["weightKg"] && fourth["filledFrom"] == "plan",
                "the plan's set, not the short one just done: \(fourth)")
        // Off-plan, nothing given: last time's first set, then this session's.
        let curl = try client.call("session.log", .obj(["exercise": "Barbell Curl", "at": .string(Wall.at("2026-11-30T18:20:00"))]))
        #expect(curl["offPlan"] == true && curl["reps"] == 10 && curl["weightKg"] == 30 && curl["filledFrom"] == "lastTime", "\(curl)")
        let again = try client.call("session.log", .obj(["exercise": "Barbell Curl", "at": .string(Wall.at("2026-11-30T18:22:00"))]))
        #expect(again["filledFrom"] == "lastSet")
        // An exercise with no plan and no history needs its numbers.
        let nothing = try client.request("session.log", .obj(["exercise": "Sandbag Carry"]))
        #expect(nothing["error"]?["code"] == -32602 && nothing["error"]?["data"]?["errors"]?[0]?["path"] == "params.reps", "\(nothing)")
    }

    /// Reps without a weight take the weight by the same rule: today's plan on a planned
    /// lift, whatever the sets before; off-plan, this session's last set once there is
    /// one, else last time; a lift that counts body mass given none is the body alone,
    /// and a weight given is kept, 0 too.
    @Test func repsWithoutAWeightTakeThePlansWeightThenTheSetsBefore() throws {
        let client = try InProcess()
        let (squat, _) = try planAfterAYearOldSession(client)
        func log(_ params: [(key: String, value: JSONValue)], at minute: Int) throws -> JSONValue {
            try client.call("session.log", .object(params + [(key: "at", value: .string(Wall.at("2026-11-30T18:\(10 + minute):00")))]))
        }
        let warmup = try log([("position", 1), ("reps", 8), ("kind", "warmup")], at: -5)
        #expect(warmup["weightKg"] == .null && warmup["filledFrom"] == .null, "a warm-up is not at the working weight: \(warmup)")
        let first = try log([("position", 1), ("reps", 4)], at: 0)
        #expect(first["reps"] == 4 && first["weightKg"] == squat["weightKg"] && first["filledFrom"] == "plan", "\(first)")
        _ = try log([("position", 1), ("reps", 5), ("weightKg", 95)], at: 3)
        let third = try log([("position", 1), ("reps", 6)], at: 6)
        #expect(third["reps"] == 6 && third["weightKg"] == squat["weightKg"] && third["filledFrom"] == "plan", "\(third)")
        let unloaded = try log([("position", 1), ("reps", 10), ("weightKg", 0)], at: 9)
        #expect(unloaded["weightKg"] == 0 && unloaded["filledFrom"] == .null, "\(unloaded)")
        // Off-plan: last time's first set of the curl was 10 × 30 kg.
        let curl = try log([("exercise", "Barbell Curl"), ("reps", 12)], at: 12)
        #expect(curl["reps"] == 12 && curl["weightKg"] == 30 && curl["filledFrom"] == "lastTime", "\(curl)")
        _ = try log([("exercise", "Barbell Curl"), ("reps", 10), ("weightKg", 35)], at: 13)
        let curlAgain = try log([("exercise", "Barbell Curl"), ("reps", 8)], at: 14)
        #expect(curlAgain["weightKg"] == 35 && curlAgain["filledFrom"] == "lastSet", "off-plan, this session's set: \(curlAgain)")
        _ = try log([("exercise", "Pull-Up"), ("reps", 5), ("weightKg", 10)], at: 15)
        let pullUp = try log([("exercise", "Pull-Up"), ("reps", 8)], at: 18)
        #expect(pullUp["reps"] == 8 && pullUp["weightKg"] == .null && pullUp["filledFrom"] == .null, "the body alone: \(pullUp)")
        let timed = try log([("exercise", "Plank"), ("durationSeconds", 45)], at: 21)
        #expect(timed["durationSeconds"] == 45 && timed["weightKg"] == .null, "nothing to take a weight from: \(timed)")
    }

    /// A set added to a finished session counts toward that session's volume: the best
    /// session volume a later session is measured against includes it.
    @Test func aSetAddedToAFinishedSessionRaisesItsExercisesBestSessionVolume() throws {
        let client = try InProcess()
        let first: [(reps: Int, kg: Double)] = [(10, 20)], added: [(reps: Int, kg: Double)] = [(10, 20)], later: [(reps: Int, kg: Double)] = [(15, 20)]
        func volume(_ sets: [(reps: Int, kg: Double)]) -> Double { sets.reduce(0) { $0 + Double($1.reps) * $1.kg } }
        let session = try client.call("session.start", .obj(["date": "2026-11-30", "at": .string(Wall.at("2026-11-30T18:00:00"))]))["sessionId"]
        for set in first {
            _ = try client.call("session.log", .obj(["exercise": "Barbell Curl", "reps": JSONValue(set.reps), "weightKg": .number(set.kg),
                                                     "at": .string(Wall.at("2026-11-30T18:01:00"))]))
        }
        _ = try client.call("session.finish", .obj(["at": .string(Wall.at("2026-11-30T18:10:00"))]))
        for set in added {
            _ = try client.call("session.log", .obj(["sessionId": session ?? .null, "exercise": "Barbell Curl", "reps": JSONValue(set.reps),
                                                     "weightKg": .number(set.kg), "at": .string(Wall.at("2026-11-30T18:05:00"))]))
        }
        let best = volume(first + added)
        #expect(try client.call("exercise.get", .obj(["exercise": "Barbell Curl"]))["bestSessionVolumeKg"] == .number(best))
        _ = try client.call("session.start", .obj(["date": "2026-12-01", "at": .string(Wall.at("2026-12-01T18:00:00"))]))
        for set in later {
            _ = try client.call("session.log", .obj(["exercise": "Barbell Curl", "reps": JSONValue(set.reps), "weightKg": .number(set.kg),
                                                     "at": .string(Wall.at("2026-12-01T18:01:00"))]))
        }
        let finished = try client.call("session.finish", .obj(["at": .string(Wall.at("2026-12-01T18:10:00"))]))
        #expect(volume(later) < best && finished["records"]?.arrayValue?.isEmpty == true, "no record below \(best) kg: \(finished)")
        #expect(try client.call("exercise.get", .obj(["exercise": "Barbell Curl"]))["bestSessionVolumeKg"] == .number(best))
    }

    /// A session started on an earlier day and a set logged at today's clock time: the
    /// finish on the session's day is refused, naming that set, and nothing changes.
    @Test func aFinishBeforeALoggedSetIsRefusedNamingIt() throws {
        let client = try InProcess()
        let started = try client.call("session.start", .obj(["date": "2026-11-27", "at": .string(Wall.at("2026-11-27T07:00:00"))]))
        let inside = try client.call("session.log", .obj(["exercise": "Row", "reps": 8, "weightKg": 60, "at": .string(Wall.at("2026-11-27T07:05:00"))]))
        let stray = try client.call("session.log", .obj(["exercise": "Row", "reps": 8, "weightKg": 60, "at": .string(Wall.at("2026-12-01T07:05:00"))]))
        let refused = try client.request("session.finish", .obj(["at": .string(Wall.at("2026-11-27T08:00:00"))]))
        let error = try #require(refused["error"], "\(refused)")
        #expect(error["code"] == -32007 && error["data"]?["reason"] == "time_outside_session", "\(error)")
        #expect(error["data"]?["setId"] == stray["setId"] && error["data"]?["exercise"] == stray["exercise"] && error["data"]?["setNumber"] == 2
                && error["data"]?["loggedAt"] == stray["loggedAt"], "\(error)")
        let message = error["message"]?.stringValue ?? ""
        // Its time as a person reads it (the data keeps RFC 3339).
        #expect(message.contains("\(stray["exercise"]?.stringValue ?? "?") set 2") && message.contains("logged 2026-12-01 07:05)")
                && message.contains("cannot end at 2026-11-27 08:00:"), "\(message)")
        #expect(try client.call("session.current")["sessionId"] == started["sessionId"], "still active")
        // Without the stray set the same finish is taken; the session stays editable.
        _ = try client.call("session.undo", .obj(["setId": stray["setId"] ?? .null]))
        let finished = try client.call("session.finish", .obj(["at": .string(Wall.at("2026-11-27T08:00:00"))]))
        #expect(finished["endedAt"]?.stringValue.map { RFC3339.parse($0) } == RFC3339.parse(Wall.at("2026-11-27T08:00:00")))
        // An end moved before the set left is refused the same way, naming it.
        let edit = try client.request("session.edit", .obj(["sessionId": started["sessionId"] ?? .null, "endedAt": .string(Wall.at("2026-11-27T07:03:00"))]))
        #expect(edit["error"]?["data"]?["setId"] == inside["setId"] && edit["error"]?["data"]?["setNumber"] == 1, "\(edit)")
        let start = try client.request("session.edit", .obj(["sessionId": started["sessionId"] ?? .null, "startedAt": .string(Wall.at("2026-11-27T07:06:00"))]))
        #expect(start["error"]?["data"]?["setId"] == inside["setId"], "\(start)")
        let moved = try client.call("session.edit", .obj(["sessionId": started["sessionId"] ?? .null, "endedAt": .string(Wall.at("2026-11-27T07:45:00"))]))
        #expect(moved["endedAt"]?.stringValue.map { RFC3339.parse($0) } == RFC3339.parse(Wall.at("2026-11-27T07:45:00")))
        // A forgotten set goes in only within it.
        let late = try client.request("session.log", .obj(["sessionId": started["sessionId"] ?? .null, "exercise": "Row", "reps": 8, "at": .string(Wall.at("2026-11-27T07:50:00"))]))
        #expect(late["error"]?["data"]?["reason"] == "time_outside_session", "\(late)")
    }

    /// Last time's sets missed reps at a lighter weight; today's plan asks 4 × 10 @ 25 kg.
    /// Before a set the suggestion is the plan's weight; after four sets at the
    /// prescription it is never lighter: every set reached the top, so the next step.
    @Test func theSuggestionStartsFromThePlanAndTodaysSets() throws {
        let client = try InProcess()
        let lastTime: [(reps: Int, kg: Double)] = [(10, 17), (9, 17), (8, 17)]
        try Workout.backfill(client, start: Wall.at("2026-11-23T18:00:00"), end: Wall.at("2026-11-23T19:00:00"),
                             sets: lastTime.map { ("Dumbbell Bench Press", $0.reps, $0.kg) })
        let plan = (sets: 4, reps: 10, kg: 25.0)
        try Workout.importMonday(client, exercises: #"{"name": "Dumbbell Bench Press", "sets": \#(plan.sets), "reps": \#(plan.reps), "weightKg": \#(plan.kg)}"#)
        _ = try client.call("session.start", .obj(["date": "2026-11-30", "at": .string(Wall.at("2026-11-30T18:00:00"))]))
        #expect(try client.call("exercise.get", .obj(["exercise": "Dumbbell Bench Press"]))["exercise"]?["equipment"] == "dumbbell")
        let before = try client.call("session.current")["previous"]?[0]?["suggestion"]
        #expect(before?["weightKg"] == .number(plan.kg) && before?["change"] == "plan" && before?["from"] == "lastTime", "\(before ?? .null)")
        for minute in 1...plan.sets {
            let set = try client.call("session.log", .obj(["position": 1, "at": .string(Wall.at("2026-11-30T18:0\(minute):00"))]))
            #expect(set["reps"] == JSONValue(plan.reps) && set["weightKg"] == .number(plan.kg))
            let suggestion = try client.call("session.current")["previous"]?[0]?["suggestion"]
            let weight = try #require(suggestion?["weightKg"]?.numberValue, "\(suggestion ?? .null)")
            #expect(weight >= plan.kg, "never lighter than the sets done at the prescription: \(suggestion ?? .null)")
            #expect(suggestion?["from"] == "today")
            // Fewer sets than planned: the same weight; all of them at the top: the next
            // step, a dumbbell's 2.5 kg without a profile's list.
            #expect(minute < plan.sets ? suggestion?["change"] == "setsLeft" && weight == plan.kg : suggestion?["change"] == "up" && weight == plan.kg + 2.5,
                    "\(minute): \(suggestion ?? .null)")
        }
        // exercise show gives the same rule's answer.
        let shown = try client.call("exercise.get", .obj(["exercise": "dumbbell bench press"]))
        let status = try client.call("session.current")["previous"]?[0]?["suggestion"]
        #expect(shown["suggestion"] == status, "\(shown)")
    }
}
