import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// Whole workouts driven through the application, request lines in and replies out, as
/// a watch face or a script sends them.
@Suite struct SessionWorkflowTests {
    @Test func aWholeWorkout() throws {
        let client = try InProcess()
        let plan = try Workout.importPlan(client, weekStart: "2026-11-23")
        #expect(plan["days"]?.arrayValue?.count == 7)
        let start = try client.call("session.start", .obj(["date": "2026-11-25"]))
        #expect(start["title"] == "Lower Body")
        #expect(start["exercises"]?.arrayValue?.count == 5)
        #expect(start["next"]?["name"] == "Goblet Squat")
        let squat = Workout.exerciseID(plan, day: 2, position: 0)
        let warmup = try client.call("session.log", .obj(["plannedExerciseId": squat, "reps": 10, "weightKg": 12, "kind": "warmup"]))
        #expect(warmup["progress"]?["loggedSets"] == 0)
        let first = try client.call("session.log", .obj(["plannedExerciseId": squat]))
        #expect(first["reps"] == 10 && first["weightKg"] == 24, "no reps or weight: as planned")
        #expect(first["setNumber"] == 2)
        #expect(first["progress"] == .obj(["loggedSets": 1, "plannedSets": 4]))
        _ = try client.call("session.log", .obj(["exercise": "goblet squat", "reps": 8, "weightKg": 26, "rpe": 8.5]))
        let offPlan = try client.call("session.log", .obj(["exercise": "  Sandbag   Carry ", "durationSeconds": 60]))
        #expect(offPlan["offPlan"] == true)
        #expect(offPlan["exercise"] == "Sandbag Carry")
        let undone = try client.call("session.undo")
        #expect(undone["setId"] == offPlan["setId"])
        let paused = try client.call("session.pause")
        #expect(paused["state"] == "paused")
        #expect(try client.call("session.pause")["state"] == "paused", "pausing twice is harmless")
        let current = try client.call("session.current")
        #expect(current["sets"] == 2)
        #expect(current["offPlan"]?.arrayValue?.isEmpty == true)
        let finished = try client.call("session.finish", .obj(["rpe": 8, "note": "good\u{1}day\nfelt strong"]))
        #expect(finished["sets"] == 2)
        #expect(finished["volumeKg"] == 448)
        #expect(finished["completion"] == .number((2.0 / 17.0 * 1000).rounded() / 1000))
        #expect(try client.call("session.current") == .null)
        let list = try client.call("session.list")
        #expect(list[0]?["sets"] == 2 && list[0]?["title"] == "Lower Body")
        let status = try client.call("daemon.status")
        #expect(status["activeSessionId"] == .null)
        #expect(status["database"] == .string(client.databasePath))
    }

    @Test func oneActiveSessionAndClearRefusals() throws {
        let client = try InProcess()
        let noSession = try client.request("session.log", .obj(["exercise": "Row", "reps": 5]))
        #expect(noSession["error"]?["code"] == -32001)
        #expect(noSession["error"]?["data"]?["reason"] == "no_active_session")
        let plan = try Workout.importPlan(client)
        let started = try client.call("session.start", .obj(["date": "2026-11-30"]))
        let second = try client.request("session.start")
        #expect(second["error"]?["data"]?["reason"] == "session_already_active")
        #expect(second["error"]?["data"]?["sessionId"] == started["sessionId"])
        let otherDay = try client.request("session.log", .obj(["plannedExerciseId": Workout.exerciseID(plan, day: 2, position: 0), "reps": 5]))
        #expect(otherDay["error"]?["data"]?["reason"] == "exercise_not_in_session")
        let missing = try client.request("session.log", .obj(["plannedExerciseId": 99999]))
        #expect(missing["error"]?["data"]?["reason"] == "planned_exercise_not_found")
        #expect(try client.call("session.current")["sets"] == 0, "refused logs stored nothing")
        let aborted = try client.call("session.abort")
        #expect(aborted["sessionId"] == started["sessionId"])
        #expect(try client.call("session.list").arrayValue?.isEmpty == true, "an aborted session is kept nowhere")
    }

    @Test func carriesThePlanOverAndStartsFreeSessions() throws {
        let client = try InProcess()
        try Workout.importPlan(client, weekStart: "2026-11-16")
        let carried = try client.call("session.start", .obj(["date": "2026-11-25"]))
        #expect(carried["carriedOver"] == true)
        #expect(carried["title"] == "Lower Body")
        _ = try client.call("session.abort")
        let restDay = try client.call("session.start", .obj(["date": "2026-12-01"]))
        #expect(restDay["planDayId"] == .null)
        #expect(restDay["title"] == "Free session")
        let logged = try client.call("session.log", .obj(["exercise": "Easy Run", "durationSeconds": 1800]))
        #expect(logged["offPlan"] == true)
        #expect(logged["progress"]?["plannedSets"] == 0)
        let done = try client.call("session.finish")
        #expect(done["completion"] == 1)
        let before = try client.call("session.start", .obj(["date": "2026-11-09"]))
        #expect(before["planDayId"] == .null, "a week before the plan has no plan day")
    }

    @Test func recordsRequestIdsOnceAndCelebratesRecords() throws {
        let client = try InProcess()
        try Workout.importMonday(client, exercises: #"{"name": "Bench Press", "sets": 3, "reps": 5, "weightKg": 60}"#)
        _ = try client.call("session.start", .obj(["date": "2026-11-30"]))
        let params: JSONValue = .obj(["exercise": "Bench Press", "reps": 5, "weightKg": 60, "requestId": "watch-1"])
        let first = try client.call("session.log", params)
        let retry = try client.call("session.log", params)
        #expect(retry == first)
        #expect(first["personalRecord"] == .null, "the first set of an exercise is a baseline")
        let heavier = try client.call("session.log", .obj(["exercise": "bench press", "reps": 5, "weightKg": 62.5]))
        #expect(heavier["personalRecord"]?["kinds"] == ["oneRepMax", "weight", "setVolume"], "5 × 62.5 kg: 312.5 kg against 300")
        let moreReps = try client.call("session.log", .obj(["exercise": "bench press", "reps": 8, "weightKg": 60]))
        #expect(moreReps["personalRecord"]?["kinds"] == ["oneRepMax", "setVolume", "repsAtWeight"], "8 at 60 kg: 5 were the most at 60 kg or more")
        let fewer = try client.call("session.log", .obj(["exercise": "bench press", "reps": 6, "weightKg": 60]))
        #expect(fewer["personalRecord"] == .null, "6 at 60 kg beats nothing")
        let warm = try client.call("session.log", .obj(["exercise": "bench press", "reps": 1, "weightKg": 100, "kind": "warmup"]))
        #expect(warm["personalRecord"] == .null, "warm-up sets are never records")
        #expect(try client.call("session.current")["sets"] == 4)
    }

    @Test func pausedTimeIsExcludedAndALogResumes() throws {
        let client = try InProcess()
        let wallStart = Date()
        _ = try client.call("session.start")
        _ = try client.call("session.pause")
        client.setClock(toMs: Int64(Date().timeIntervalSince1970 * 1000) + 1_500)  // 1.5 s paused
        let resumed = try client.call("session.log", .obj(["exercise": "Push-Up", "reps": 20]))
        #expect(resumed["setId"] != nil)
        #expect(try client.call("session.current")["state"] == "running", "a set logged while paused resumes")
        #expect(try client.call("session.resume")["state"] == "running", "resuming twice is harmless")
        let finished = try client.call("session.finish")
        let wall = Date().timeIntervalSince(wallStart) + 1.5
        let duration = try #require(finished["durationSeconds"]?.intValue)
        #expect(Double(duration) <= wall - 1.4)
    }

    /// A session started today for an earlier day, its start given again to the minute
    /// it is shown with: the start and the day it counts for stay; a start in another
    /// minute dates it anew.
    @Test func aStartRetypedToTheMinuteLeavesTheSessionsDay() throws {
        let client = try InProcess()
        let now = Int64(1_796_637_623_000)  // 2026-12-07T10:00:23Z
        client.setClock(toMs: now)
        let started = try client.call("session.start", .obj(["date": "2026-12-04"]))
        let id = try #require(started["sessionId"])
        _ = try client.call("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": 100]))
        client.setClock(toMs: now + 600_000)
        _ = try client.call("session.finish")
        let retyped = try client.call("session.edit", .obj(["sessionId": id, "startedAt": "2026-12-07T10:00:00Z"]))
        #expect(retyped["date"] == "2026-12-04" && retyped["startedAt"]?.stringValue?.hasPrefix("2026-12-07T10:00:23") == true, "\(retyped) \(started)")
        let moved = try client.call("session.edit", .obj(["sessionId": id, "startedAt": "2026-12-07T09:59:00Z"]))
        #expect(moved["date"] == "2026-12-07", "a start in another minute dates it anew: \(moved)")
    }

    @Test func backfillsAWorkoutDoneEarlier() throws {
        let client = try InProcess()
        let start = try client.call("session.start", .obj(["at": "2026-11-29T09:00:00Z"]))
        // The day the instant falls on in the daemon's zone (the test process's here), by
        // Foundation's calendar.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let day = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: 1_795_942_800))  // 2026-11-29T09:00:00Z
        #expect(start["date"] == .string(String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0)))
        _ = try client.call("session.log", .obj(["exercise": "Row", "reps": 10, "weightKg": 40, "at": "2026-11-29T09:10:00Z"]))
        let before = try client.request("session.log", .obj(["exercise": "Row", "reps": 10, "at": "2026-11-29T08:00:00Z"]))
        #expect(before["error"]?["data"]?["reason"] == "time_before_session_start")
        let early = try client.request("session.finish", .obj(["at": "2026-11-29T10:00:00+01:00"]))
        #expect(early["error"]?["data"]?["reason"] == "time_outside_session" && early["error"]?["data"]?["exercise"] == "Row",
                "10:00+01:00 is 09:00Z, before the row at 09:10Z: \(early)")
        let done = try client.call("session.finish", .obj(["at": "2026-11-29T10:10:00+01:00"]))
        #expect(done["durationSeconds"] == 600, "09:00Z to 10:10+01:00 is ten minutes")
        let future = try client.request("session.start", .obj(["at": "2099-01-01T00:00:00Z"]))
        #expect(future["error"]?["code"] == -32602)
        #expect(future["error"]?["data"]?["errors"]?[0]?["path"] == "params.at")
    }
}
