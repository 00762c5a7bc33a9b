import SessionCore
import Testing
import JSON

@testable import SessionRPC

/// The session.log contract, as the daemon decodes it and as sessionctl encodes and
/// reads it: both sides share these types, so a round trip must be the identity.
@Suite struct SessionLogContractTests {
    let context = DecodingContext(nowMs: 1_764_000_000_000)

    func decode(_ value: JSONValue) throws(RPCError) -> SessionLog.Params {
        var params = Params(value)
        return try SessionLog.Params(from: &params, method: SessionLog.name, context: context)
    }

    @Test func paramsSurviveEncodingAndDecoding() throws {
        var sent = SessionLog.Params()
        sent.exercise = "Goblet Squat"
        sent.reps = 10
        sent.weightKg = 24.5
        sent.rpe = 8.5
        sent.kind = .drop
        sent.note = "felt good"
        sent.requestID = "req-1"
        sent.at = Timestamp("2025-11-24T16:05:00+01:00")
        let received = try decode(JSONParser.parse(sent.json.jsonText))
        #expect(received.exercise == "Goblet Squat" && received.reps == 10 && received.weightKg == 24.5 && received.rpe == 8.5)
        #expect(received.kind == .drop && received.note == "felt good" && received.requestID == "req-1")
        #expect(received.at == sent.at && received.at?.ms == 1_763_996_700_000)
    }

    /// The cross-param rules: exactly one way of naming the exercise, `new` only with
    /// `match`, `count` instead of reps and durationSeconds. A param sent with a value
    /// of the wrong kind counts as given (its own error is reported too); null does not.
    @Test func theRulesBetweenParamsHoldWhateverTheValues() {
        func problems(_ value: JSONValue) -> [String] {
            do {
                _ = try decode(value)
                return []
            } catch {
                return (error.data?["errors"]?.arrayValue ?? []).compactMap { problem in
                    guard let path = problem["path"]?.stringValue, let message = problem["message"]?.stringValue else { return nil }
                    return path + ": " + message
                }.sorted()
            }
        }
        let oneOf = "one of plannedExerciseId, position, exercise and match"
        #expect(problems(.obj([:])) == ["params.plannedExerciseId: \(oneOf) is required"])
        #expect(problems(.obj(["position": 2, "exercise": "Squat"])) == ["params.exercise: give \(oneOf), not position and exercise"])
        let wrongKind = problems(.obj(["position": "second", "exercise": "Squat"]))
        #expect(wrongKind.count == 2 && wrongKind[0] == "params.exercise: give \(oneOf), not position and exercise"
                && wrongKind[1].hasPrefix("params.position: must be an integer"))
        #expect(problems(.obj(["plannedExerciseId": .null, "exercise": "Squat"])) == [], "null is not given")
        #expect(problems(.obj(["exercise": "   "])) == ["params.exercise: must not be empty"])
        #expect(problems(.obj(["match": ""])) == ["params.match: must not be empty"])
        #expect(problems(.obj(["exercise": "Squat", "new": true])) == ["params.new: only with match"])
        #expect(problems(.obj(["match": "sq", "new": true])) == [])
        let newOfWrongKind = problems(.obj(["exercise": "Squat", "new": "yes"]))
        #expect(newOfWrongKind.count == 2 && newOfWrongKind.allSatisfy { $0.hasPrefix("params.new: ") } && newOfWrongKind.contains("params.new: only with match"))
        #expect(problems(.obj(["exercise": "Squat", "count": 5, "reps": 5])) == ["params.count: give count or reps and durationSeconds, not both"])
        let durationOfWrongKind = problems(.obj(["exercise": "Squat", "count": 5, "durationSeconds": "x"]))
        #expect(durationOfWrongKind.count == 2 && durationOfWrongKind[0] == "params.count: give count or reps and durationSeconds, not both")
        #expect(problems(.obj(["exercise": "Squat", "count": 5])) == [])
    }

    @Test func everyProblemIsReportedWithItsPath() {
        #expect {
            _ = try decode(.obj(["exercise": "Squat", "plannedExerciseId": 3, "reps": 1001, "rpe": 7.25, "at": "2099-01-01T00:00:00Z"]))
        } throws: { error in
            guard let error = error as? RPCError, error.code == -32602 else { return false }
            let paths = error.data?["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
            return Set(paths) == ["params.exercise", "params.reps", "params.rpe", "params.at"]
        }
        #expect(throws: RPCError.self) { _ = try decode(.obj(["reps": 5])) }
        #expect(throws: RPCError.self) { _ = try decode(.obj(["exercise": "   "])) }
    }

    @Test func boundsComeFromSessionLimits() throws {
        let reps = try #require(SessionLog.Params.specs.first { $0.name == "reps" })
        #expect(reps.schema["maximum"] == JSONValue(SessionLimits.reps.upperBound))
        let edge = try decode(.obj(["exercise": "Squat", "reps": JSONValue(SessionLimits.reps.upperBound)]))
        #expect(edge.reps == SessionLimits.reps.upperBound)
    }

    @Test func theResultIsWrittenWithoutATreeAndReadsBack() throws {
        let result = SessionLog.Result {
            $0.setID = 7
            $0.sessionID = 2
            $0.setNumber = 3
            $0.exercise = "Squat \"high bar\""
            $0.plannedExerciseID = 11
            $0.kind = .normal
            $0.reps = 5
            $0.weightKg = 102.5
            $0.durationSeconds = nil
            $0.loggedAt = "2025-11-24T18:05:00+01:00"
            $0.progress.loggedSets = 3
            $0.progress.plannedSets = 5
            $0.restSeconds = 120
            $0.rpe = nil
            $0.personalRecord = .init { $0.kinds = [.oneRepMax, .weight]; $0.estimatedOneRepMaxKg = 119.58 }
        }
        let parsed = try JSONParser.parse(bytes: result.jsonBytes)
        #expect(parsed["offPlan"] == false && parsed["durationSeconds"] == .null, "absent numbers are null")
        #expect(parsed["rpe"] == .null, "an absent value is null, not left out")
        #expect(parsed["personalRecord"]?["kinds"] == ["oneRepMax", "weight"])
        let read = try SessionLog.Result(json: parsed)
        #expect(read.jsonBytes == result.jsonBytes)
        #expect(read.personalRecord == result.personalRecord && read.exercise == result.exercise)
    }

    @Test func aResultOfAnotherShapeNamesThePath() {
        #expect {
            _ = try SessionLog.Result(json: .obj([
                "setId": 1, "sessionId": 1, "setNumber": 1, "exercise": "x", "plannedExerciseId": .null, "offPlan": true, "kind": "normal",
                "reps": 5, "weightKg": .null, "durationSeconds": .null, "loggedAt": "2025-11-24T18:05:00+01:00", "progress": .obj(["loggedSets": "1"]),
            ]))
        } throws: { error in
            (error as? JSONReadError)?.path == "result.progress.loggedSets"
        }
    }
}
