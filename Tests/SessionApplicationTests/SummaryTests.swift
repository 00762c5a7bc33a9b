import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// summary.weekly, health.record, profile.* and prompt.render on weeks entered with
/// backfilled sessions and checked by hand.
@Suite struct SummaryTests {
    @Test func aWeekComputedByHand() throws {
        let client = try InProcess()
        try Workout.importPlan(client, weekStart: "2026-11-16")
        // Week before: a baseline for Goblet Squat.
        try Workout.backfill(client, start: Wall.at("2026-11-18T18:00:00"), end: Wall.at("2026-11-18T19:00:00"), sets: [("Goblet Squat", 10, 24)])
        // The week of 2026-11-23 (the plan carries over): Monday done, Wednesday missed,
        // Friday done; an aborted session counts for nothing.
        try Workout.backfill(client, start: Wall.at("2026-11-23T18:00:00"), end: Wall.at("2026-11-23T18:45:00"),
                     sets: [("Dumbbell Bench Press", 8, 22.5), ("Dumbbell Bench Press", 8, 22.5), ("Plank", 0, nil)], rpe: 8)
        try Workout.backfill(client, start: Wall.at("2026-11-25T18:00:00"), end: Wall.at("2026-11-25T18:30:00"), sets: [("Goblet Squat", 10, 30)], abort: true)
        try Workout.backfill(client, start: Wall.at("2026-11-27T18:00:00"), end: Wall.at("2026-11-27T19:15:00"),
                     sets: [("One-Arm Dumbbell Row", 10, 25), ("Pull-Up", 6, nil)], rpe: 9)
        _ = try client.call("health.record", .obj(["type": "sleepHours", "value": 6, "date": "2026-11-24"]))
        _ = try client.call("health.record", .obj(["type": "sleepHours", "value": 7, "date": "2026-11-25"]))
        _ = try client.call("health.record", .obj(["type": "sleepHours", "value": 8, "date": "2026-11-17"]))
        let summary = try client.call("summary.weekly", .obj(["weekStart": "2026-11-26"]))
        #expect(summary["weekStart"] == "2026-11-23")
        #expect(summary["plannedDays"] == ["2026-11-23", "2026-11-25", "2026-11-27"])
        #expect(summary["missedDays"] == ["2026-11-25"])
        #expect(summary["sessions"] == 2)
        #expect(summary["adherence"] == 0.667)
        #expect(summary["sets"] == 5)
        #expect(summary["volumeKg"] == 610, "2 × 8 × 22.5 + 10 × 25; bodyweight adds none")
        #expect(summary["activeMinutes"] == 120)
        #expect(summary["averageRpe"] == 8.5)
        #expect(summary["volumePerDayKg"] == [360, 0, 0, 0, 250, 0, 0])
        let exercises = try #require(summary["exercises"]?.arrayValue)
        #expect(exercises.first?["name"] == "Dumbbell Bench Press")
        #expect(exercises.first { $0["name"] == "Goblet Squat" } == nil, "the aborted session is excluded")
        #expect(summary["health"]?[0] == .obj(["type": "sleepHours", "value": 6.5, "samples": 2, "aggregate": "average", "previous": 8, "change": -1.5]))
        let skipped = try #require(summary["skipped"]?.arrayValue)
        #expect(skipped.contains { $0["name"] == "Dumbbell Fly" && $0["setsDone"] == 0 })
        let context = try #require(summary["promptContext"]?.stringValue)
        #expect(context.hasPrefix("Week of 2026-11-23: 2 of 3 planned sessions done (67% adherence); missed Wed."))
        #expect(context.count <= 700)
    }

    /// A lift with no best in the 4 weeks before is returning when it was trained
    /// earlier (in July here), and new only when it never was; one trained in the 4
    /// weeks before has its trend against that best.
    @Test func aLiftTrainedMonthsAgoIsReturningNotNew() throws {
        let client = try InProcess()
        try Workout.backfill(client, start: Wall.at("2026-07-01T18:00:00"), end: Wall.at("2026-07-01T19:00:00"), sets: [("Bench Press", 10, 30)])
        try Workout.backfill(client, start: Wall.at("2026-11-18T18:00:00"), end: Wall.at("2026-11-18T19:00:00"), sets: [("Back Squat", 5, 100)])
        try Workout.backfill(client, start: Wall.at("2026-11-25T18:00:00"), end: Wall.at("2026-11-25T19:00:00"),
                             sets: [("Bench Press", 10, 30), ("Back Squat", 5, 110), ("Goblet Squat", 10, 24)])
        let summary = try client.at(ms: Wall.ms("2026-11-30T08:00:00")) { try client.call("summary.weekly", .obj(["weekStart": "2026-11-23"])) }
        let trends = Dictionary(uniqueKeysWithValues: (summary["exercises"]?.arrayValue ?? []).map { ($0["name"]?.stringValue ?? "?", $0["trend"]?.stringValue ?? "?") })
        #expect(trends == ["Bench Press": "returning", "Back Squat": "progressing", "Goblet Squat": "new"], "\(summary)")
        let context = try #require(summary["promptContext"]?.stringValue)
        #expect(context.contains("Back after 4 weeks or more without: \"Bench Press\"") && context.contains("New: \"Goblet Squat\""), "\(context)")
        // Trained last week too, with reps alone: nothing to hold this week's estimate
        // against, but not back after weeks without it either.
        try Workout.backfill(client, start: Wall.at("2026-11-24T18:00:00"), end: Wall.at("2026-11-24T19:00:00"), sets: [("Front Squat", 10, nil)])
        try Workout.backfill(client, start: Wall.at("2026-12-01T18:00:00"), end: Wall.at("2026-12-01T19:00:00"), sets: [("Front Squat", 5, 60)])
        let next = try client.at(ms: Wall.ms("2026-12-07T08:00:00")) { try client.call("summary.weekly", .obj(["weekStart": "2026-11-30"])) }
        let front = next["exercises"]?.arrayValue?.first { $0["name"] == "Front Squat" }
        #expect(front?["trend"] == "new" && front?["previousBest"] == .null, "\(next)")
    }

    /// Wednesday's session started at 23:30 and still running at Thursday 00:10: its
    /// day is not missed while it runs, and counts once it is finished.
    @Test func aSessionRunningPastMidnightLeavesItsDayNotMissed() throws {
        let client = try InProcess()
        try Workout.importPlan(client, weekStart: "2026-11-23")
        let week = JSONValue.obj(["weekStart": "2026-11-23"])
        _ = try client.call("session.start", .obj(["date": "2026-11-25", "at": .string(Wall.at("2026-11-25T23:30:00"))]))
        _ = try client.call("session.log", .obj(["position": 1, "at": .string(Wall.at("2026-11-25T23:35:00"))]))
        let running = try client.at(ms: Wall.ms("2026-11-26T00:10:00")) { try client.call("summary.weekly", week) }
        #expect(running["dueDays"] == ["2026-11-23"] && running["missedDays"] == ["2026-11-23"], "Monday missed, Wednesday running: \(running)")
        // The calendar marks the same days: Wednesday still to do, Monday missed.
        let month = try client.at(ms: Wall.ms("2026-11-26T00:10:00")) { try client.call("calendar.month", .obj(["month": "2026-11"])) }
        let marks = Dictionary(uniqueKeysWithValues: (month["days"]?.arrayValue ?? []).map { ($0["date"]?.stringValue ?? "", $0["mark"]?.stringValue ?? "") })
        #expect(marks["2026-11-25"] == "planned" && marks["2026-11-23"] == "missed", "\(marks)")
        _ = try client.call("session.finish", .obj(["at": .string(Wall.at("2026-11-26T00:20:00"))]))
        let finished = try client.at(ms: Wall.ms("2026-11-26T00:30:00")) { try client.call("summary.weekly", week) }
        #expect(finished["completedPlannedDays"] == ["2026-11-25"] && finished["missedDays"] == ["2026-11-23"], "\(finished)")
    }

    /// The week's moves and the day another plan took over reach summary.weekly and
    /// the prompt: Friday moved to Saturday, and a plan imported on Thursday.
    @Test func aWeeksMovesAndNewPlansReachTheSummary() throws {
        let client = try InProcess()
        try Workout.importPlan(client, weekStart: "2026-11-23")
        try client.at(ms: Wall.ms("2026-11-25T20:00:00")) {
            _ = try client.call("plan.move", .obj(["from": "2026-11-27", "to": "2026-11-28"]))
        }
        try client.at(ms: Wall.ms("2026-11-26T08:00:00")) {
            _ = try client.call("plan.import", .obj(["plan": .string(Fixtures.dumbbellPlan), "weekStart": "2026-11-23"]))
        }
        let summary = try client.at(ms: Wall.ms("2026-11-30T08:00:00")) { try client.call("summary.weekly", .obj(["weekStart": "2026-11-23"])) }
        #expect(summary["planChanges"] == ["2026-11-26"], "\(summary)")
        let prompt = try client.at(ms: Wall.ms("2026-11-30T08:00:00")) { try client.call("prompt.render", .obj(["weekStart": "2026-11-23"])) }
        #expect(prompt["user"]?.stringValue?.contains("new plan from Thu") == true, "\(prompt["user"] ?? .null)")
        // The move was made under the plan replaced since: it no longer holds. Under
        // the same plan, it does.
        #expect(summary["moves"] == [], "\(summary)")
        let kept = try InProcess()
        try Workout.importPlan(kept, weekStart: "2026-11-23")
        try kept.at(ms: Wall.ms("2026-11-25T20:00:00")) { _ = try kept.call("plan.move", .obj(["from": "2026-11-27", "to": "2026-11-28"])) }
        let moved = try kept.at(ms: Wall.ms("2026-11-30T08:00:00")) { try kept.call("summary.weekly", .obj(["weekStart": "2026-11-23"])) }
        #expect(moved["moves"] == [.obj(["from": "2026-11-27", "to": "2026-11-28"])] && moved["planChanges"] == [], "\(moved)")
    }

    /// A health sample pushed again with the same requestId (a reply lost, a client
    /// retrying) is stored once and answered with the first sample.
    @Test func aHealthSampleRetriedWithItsRequestIdIsStoredOnce() throws {
        let client = try InProcess()
        let params = JSONValue.obj(["type": "bodyMassKg", "value": 81.4, "time": .string(Wall.at("2026-11-24T07:00:00")), "requestId": "scale-7"])
        let first = try client.call("health.record", params)
        let again = try client.call("health.record", .obj(["type": "bodyMassKg", "value": 90, "date": "2026-11-25", "requestId": "scale-7"]))
        #expect(again == first && first["value"] == 81.4 && first["date"] == "2026-11-24", "\(first) \(again)")
        let other = try client.call("health.record", .obj(["type": "bodyMassKg", "value": 81.6, "time": .string(Wall.at("2026-11-24T07:05:00")), "requestId": "scale-8"]))
        #expect(other["sampleId"] != first["sampleId"])
        let days = try client.call("health.list", .obj(["type": "bodyMassKg"])).arrayValue ?? []
        #expect(days.count == 1 && days.first?["samples"] == 2 && days.first?["value"] == 81.6, "\(days)")
    }

    @Test func aWeekOfOnlyAbortedSessionsIsEmpty() throws {
        let client = try InProcess()
        try Workout.backfill(client, start: Wall.at("2026-11-24T07:00:00"), end: Wall.at("2026-11-24T08:00:00"), sets: [("Row", 10, 50)], abort: true)
        try Workout.backfill(client, start: Wall.at("2026-11-26T07:00:00"), end: Wall.at("2026-11-26T08:00:00"), sets: [("Row", 10, 50)], abort: true)
        let summary = try client.call("summary.weekly", .obj(["weekStart": "2026-11-23"]))
        #expect(summary["sessions"] == 0 && summary["sets"] == 0 && summary["volumeKg"] == 0)
        #expect(summary["exercises"] == [])
        #expect(summary["promptContext"] == "Week of 2026-11-23: no training planned, no sessions logged.")
    }

    @Test func healthSamplesAreBoundedAndTheProfileFeedsThePrompt() throws {
        let client = try InProcess()
        let tooFast = try client.request("health.record", .obj(["type": "restingHeartRate", "value": 500]))
        #expect(tooFast["error"]?["code"] == -32602)
        #expect(tooFast["error"]?["data"]?["errors"]?[0]?["path"] == "params.value")
        let unknown = try client.request("health.record", .obj(["type": "mood", "value": 5]))
        #expect(unknown["error"]?["data"]?["errors"]?[0]?["path"] == "params.type")
        #expect(try client.call("health.record", .obj(["type": "steps", "value": 12000, "time": .string(Wall.at("2026-11-29T20:00:00"))]))["date"] == "2026-11-29")
        let future = try client.request("health.record", .obj(["type": "steps", "value": 1, "time": .string(Wall.at("2099-01-01T00:00:00"))]))
        #expect(future["error"]?["data"]?["errors"]?[0]?["path"] == "params.time")
        let longGoals = try client.request("profile.set", .obj(["goals": .string(String(repeating: "g", count: 301))]))
        #expect(longGoals["error"]?["code"] == -32602)
        let profile = try client.call("profile.set", .obj(["goals": "Stronger legs", "equipment": ["dumbbells", "bench"], "weightsKg": [12.5, 10]]))
        #expect(profile == .obj(["goals": "Stronger legs", "equipment": ["dumbbells", "bench"], "weightsKg": [10, 12.5]]))
        #expect(try client.call("profile.get") == profile)
        let prompt = try client.call("prompt.render")
        let user = try #require(prompt["user"]?.stringValue)
        #expect(user.hasPrefix("Goals: Stronger legs\nEquipment: dumbbells, bench\nAvailable weights (kg): 10, 12.5\n"))
        #expect(user.contains("\nWeek starts Monday ") && user.contains("\nPlanned sessions done by week: "), "the record follows: \(user)")
        #expect((prompt["estimatedTokens"]?.intValue ?? 999) < 800)
        #expect(prompt["schema"]?["required"] == ["planName", "days"])
        let schemaTokens = try #require(prompt["schemaTokens"]?.intValue)
        #expect(schemaTokens == (try #require(prompt["schema"]).jsonText.utf8.count + 3) / 4)
        let system = try #require(prompt["system"]?.stringValue)
        #expect(prompt["estimatedTokens"]?.intValue == (system.utf8.count + 3) / 4 + (user.utf8.count + 3) / 4 + schemaTokens, "the schema counts")
    }
}
