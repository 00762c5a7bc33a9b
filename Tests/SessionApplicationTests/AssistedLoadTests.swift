import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// A load below zero is assistance taken off the body mass: taken for an exercise that
/// counts body mass (an assisted pull-up), refused for any other, logged or imported.
@Suite struct AssistedLoadTests {
    let bodyMass = 80.0

    /// Volume is reps times the load lifted beyond the body: an assisted set's is none,
    /// not less than none, wherever a volume is given (the session, its listing, the
    /// exercise's history, the week). The test's own sum: weighted sets only.
    @Test func anAssistedSetAddsNoVolume() throws {
        let client = try InProcess()
        _ = try client.call("health.record", .obj(["type": "bodyMassKg", "value": JSONValue(bodyMass), "date": "2026-11-01"]))
        try client.at(ms: Wall.ms("2026-11-30T10:00")) {
            _ = try client.call("session.start")
            let sets: [(reps: Int, kg: Double?)] = [(6, -20), (5, 5), (8, nil), (4, -40), (5, 7.5)]
            for set in sets {
                _ = try client.call("session.log", .obj(["exercise": "Pull-Up", "reps": JSONValue(set.reps), "weightKg": set.kg.map { JSONValue($0) } ?? .null]))
            }
            let expected = sets.reduce(0.0) { $0 + Double($1.reps) * max($1.kg ?? 0, 0) }
            #expect(expected == 62.5)
            #expect(try client.call("session.current")["volumeKg"]?.numberValue == expected)
            _ = try client.call("session.finish")
            #expect(try client.call("session.list")[0]?["volumeKg"]?.numberValue == expected)
            #expect(try client.call("exercise.history", .obj(["exercise": "Pull-Up"]))["sessions"]?[0]?["volumeKg"]?.numberValue == expected)
            #expect(try client.call("summary.weekly")["volumeKg"]?.numberValue == expected)
        }
    }

    /// A set is fixed as it is logged: an assisted pull-up's assistance can be given,
    /// changed and taken off by session.editSet, its estimate decided again over the body
    /// mass; assistance on another exercise is refused at its param, the set unchanged.
    @Test func anAssistedSetIsFixedAsItIsLogged() throws {
        let client = try InProcess()
        _ = try client.call("health.record", .obj(["type": "bodyMassKg", "value": JSONValue(bodyMass), "date": "2026-11-01"]))
        _ = try client.call("session.start", .obj(["at": .string(Wall.at("2026-11-30T09:00:00"))]))
        let pullUp = try client.call("session.log", .obj(["exercise": "Pull-Up", "reps": 6]))
        let row = try client.call("session.log", .obj(["exercise": "Barbell Row", "reps": 8, "weightKg": 60]))
        let assisted = try client.call("session.editSet", .obj(["setId": pullUp["setId"] ?? .null, "weightKg": -20]))
        #expect(assisted["weightKg"] == -20, "\(assisted)")
        let history = try client.call("exercise.history", .obj(["exercise": "Pull-Up"]))
        let estimate = try #require(history["sessions"]?[0]?["bestOneRepMaxKg"]?.numberValue)
        #expect(abs(estimate - (bodyMass - 20) * (1 + 6.0 / 30)) < 0.06, "Epley over the body less the assistance: \(history)")
        let refused = try client.request("session.editSet", .obj(["setId": row["setId"] ?? .null, "weightKg": -20]))
        #expect(refused["error"]?["data"]?["errors"]?[0]?["path"] == "params.weightKg", "\(refused)")
        let current = try client.call("session.get", .obj(["sessionId": pullUp["sessionId"] ?? .null]))
        #expect(current["sets"]?.arrayValue?.first { $0["setId"] == row["setId"] }?["weightKg"] == 60, "unchanged: \(current)")
    }

    /// The estimate is Epley over the body mass less the assistance; less assistance
    /// is a heavier load (a weight record); an assisted set is no record of reps
    /// without a load.
    @Test func anAssistedSetCountsTheBodyMassLessTheAssistance() throws {
        let client = try InProcess()
        _ = try client.call("health.record", .obj(["type": "bodyMassKg", "value": JSONValue(bodyMass), "date": "2026-11-01"]))
        _ = try client.call("session.start", .obj(["at": .string(Wall.at("2026-11-30T09:00:00"))]))
        func log(_ reps: Int, _ weight: Double?) throws -> JSONValue {
            let params: JSONValue = weight.map { .obj(["exercise": "Pull-Up", "reps": JSONValue(reps), "weightKg": JSONValue($0)]) }
                ?? .obj(["exercise": "Pull-Up", "reps": JSONValue(reps)])
            return try client.call("session.log", params)
        }
        _ = try log(8, nil)  // the body alone: a baseline of reps
        let first = try log(8, -20)
        #expect(first["weightKg"] == -20 && first["personalRecord"] == .null, "\(first)")
        let lighter = try log(8, -10)
        #expect(lighter["personalRecord"]?["kinds"]?.arrayValue?.contains("weight") == true, "less assistance is a heavier load: \(lighter)")
        let estimate = try #require(lighter["personalRecord"]?["estimatedOneRepMaxKg"]?.numberValue)
        #expect(abs(estimate - (bodyMass - 10) * (1 + 8.0 / 30)) < 0.06, "\(estimate)")
        let assistedReps = try log(12, -30)
        let kinds = assistedReps["personalRecord"]?["kinds"]?.arrayValue ?? []
        #expect(!kinds.contains("reps"), "12 assisted reps beat no 8 at body weight: \(assistedReps)")
        let unassisted = try log(10, 0)
        #expect(unassisted["personalRecord"]?["kinds"]?.arrayValue?.contains("reps") == true, "\(unassisted)")
        _ = try client.call("session.finish")
        let history = try client.call("exercise.history", .obj(["exercise": "Pull-Up"]))
        let best = try #require(history["sessions"]?[0]?["bestOneRepMaxKg"]?.numberValue)
        let sets: [(reps: Double, weight: Double)] = [(8, 0), (8, -20), (8, -10), (12, -30), (10, 0)]
        let estimates: [Double] = sets.map { set in (bodyMass + set.weight) * (1 + set.reps / 30) }
        let expected = estimates.max() ?? 0
        #expect(abs(best - expected) < 0.06, "\(history)")
    }

    @Test func assistanceIsRefusedForAnExerciseThatDoesNotCountBodyMass() throws {
        let client = try InProcess()
        _ = try client.call("session.start", .obj(["at": .string(Wall.at("2026-11-30T09:00:00"))]))
        let refused = try client.request("session.log", .obj(["exercise": "Back Squat", "reps": 5, "weightKg": -20]))
        #expect(refused["error"]?["code"] == -32602, "\(refused)")
        #expect(refused["error"]?["data"]?["errors"]?[0]?["path"] == "params.weightKg")
        #expect(refused["error"]?["data"]?["errors"]?[0]?["message"]?.stringValue?.contains("counts body mass") == true, "\(refused)")
        #expect(try client.call("session.current")["sets"] == 0, "nothing stored")
        let beyond = try client.request("session.log", .obj(["exercise": "Dips", "reps": 5, "weightKg": -501]))
        #expect(beyond["error"]?["data"]?["errors"]?[0]?["path"] == "params.weightKg", "\(beyond)")
    }

    @Test func anImportTakesAssistanceForBodyWeightExercisesOnly() throws {
        let client = try InProcess()
        func workout(_ exercise: String, _ start: String) -> JSONValue {
            .obj(["start": .string(start), "title": "Pull", "sets": [.obj(["exercise": .string(exercise), "reps": 6, "weightKg": -15])]])
        }
        _ = try client.call("history.import", .obj(["importId": "a", "chunk": 0, "workouts": [workout("Dips", "2026-01-05T18:00:00"), workout("Row", "2026-01-06T18:00:00")]]))
        let refused = try client.request("history.import", .obj(["importId": "a", "done": true]))
        #expect(refused["error"]?["code"] == -32602, "\(refused)")
        let message = refused["error"]?["data"]?["errors"]?[0]?["message"]?.stringValue ?? ""
        #expect(message.contains("Row on 2026-01-06"), "\(message)")
        #expect(try client.call("session.list").arrayValue?.isEmpty == true, "all or nothing")
        _ = try client.call("history.import", .obj(["importId": "b", "chunk": 0, "workouts": [workout("Dips", "2026-01-05T18:00:00")], "done": true]))
        let dips = try client.call("exercise.history", .obj(["exercise": "Dips"]))
        #expect(dips["sessions"]?[0]?["sets"]?[0]?["weightKg"] == -15, "\(dips)")
    }
}
