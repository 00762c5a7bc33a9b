import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// session.log's `position`, `match`, `new` and `count`: an exercise is read as a
/// person names it (sessionctl's one round trip is tested against the daemon).
@Suite struct ExerciseMatchTests {
    func log(_ client: some RPCCaller, _ params: JSONValue) throws -> JSONValue {
        try client.request("session.log", params)
    }

    @Test func positionsWordsAndCountsResolveAsAPersonMeansThem() throws {
        let client = try InProcess()
        let plan = try Workout.importMonday(client, exercises: Workout.namesSharingWords)
        let ids = plan["days"]?[0]?["exercises"]?.arrayValue?.map { $0["plannedExerciseId"] } ?? []
        _ = try client.call("session.start", .obj(["date": "2026-11-30"]))
        #expect(try client.call("session.log", .obj(["position": 2, "count": 8]))["plannedExerciseId"] == ids[1])
        let lat = try client.call("session.log", .obj(["match": "lat"]))
        #expect(lat["plannedExerciseId"] == ids[1] && lat["reps"] == 10 && lat["filledFrom"] == "plan",
                "a whole word beats a prefix; no numbers: the plan's set, not the short one just done")
        let plank = try client.call("session.log", .obj(["match": "PLANK", "count": 50]))
        #expect(plank["durationSeconds"] == 50 && plank["reps"] == .null, "a plain count is seconds for what the plan times")
        #expect(try client.call("session.log", .obj(["match": "over", "count": 8]))["reps"] == 8)

        let ambiguous = try log(client, .obj(["match": "la"]))
        #expect(ambiguous["error"]?["code"] == -32017 && ambiguous["error"]?["data"]?["reason"] == "ambiguous_exercise")
        #expect(ambiguous["error"]?["data"]?["matches"]?.arrayValue?.map { $0["position"] } == [2, 3], "\(ambiguous)")
        let typo = try log(client, .obj(["match": "overhed", "count": 5]))
        #expect(typo["error"]?["code"] == -32016 && typo["error"]?["data"]?["suggestions"]?[0] == "Overhead Press", "\(typo)")
        let past = try log(client, .obj(["position": 5]))
        #expect(past["error"]?["data"]?["reason"] == "unknown_exercise" && past["error"]?["data"]?["plannedExercises"] == 4)
        #expect(try client.call("session.current")["sets"] == 4, "refusals store nothing")

        let new = try client.call("session.log", .obj(["match": "Sled  Push", "new": true, "durationSeconds": 20]))
        #expect(new["exercise"] == "Sled Push" && new["offPlan"] == true)
        _ = try client.call("session.finish")
        // A free session: no positions; names of earlier sessions, of the active plan's
        // days and aliases still match.
        _ = try client.call("session.start", .obj(["date": "2026-12-01"]))
        #expect(try log(client, .obj(["position": 1]))["error"]?["data"]?["plannedExercises"] == 0)
        #expect(try client.call("session.log", .obj(["match": "sled", "count": 30]))["exercise"] == "Sled Push")
        let lateral = try client.call("session.log", .obj(["match": "lateral", "count": 12, "weightKg": 8]))
        #expect(lateral["exercise"] == "Lateral Raise" && lateral["offPlan"] == true, "Monday's name, off-plan on Tuesday: \(lateral)")
        let planTypo = try log(client, .obj(["match": "pulldwn", "count": 10]))
        #expect(planTypo["error"]?["data"]?["suggestions"]?[0] == "Lat Pulldown", "the plan's name before the catalog's: \(planTypo)")
        #expect(try client.call("session.log", .obj(["match": "ohp", "count": 5, "weightKg": 40]))["exercise"] == "Overhead Press",
                "the catalog's abbreviation")
    }

    @Test func theExerciseIsNamedOnceAndNewOnlyWithWords() throws {
        let client = try InProcess()
        try Workout.importMonday(client, exercises: Workout.namesSharingWords)
        _ = try client.call("session.start", .obj(["date": "2026-11-30"]))
        let cases: [(JSONValue, String)] = [
            (.obj(["exercise": "Plank", "match": "plank"]), "params.match"),
            (.obj(["position": 1, "plannedExerciseId": 1]), "params.position"),
            (.obj(["exercise": "Plank", "new": true]), "params.new"),
            (.obj(["match": "plank", "count": 5, "reps": 5]), "params.count"),
            (.obj(["match": " "]), "params.match"),
            (.obj(["position": 0]), "params.position"),
        ]
        for (params, path) in cases {
            let reply = try log(client, params)
            let paths = reply["error"]?["data"]?["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
            #expect(reply["error"]?["code"] == -32602 && paths.contains(path), "\(params): \(reply)")
        }
        #expect(try client.call("session.current")["sets"] == 0)
    }
}
