import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// summary.weekly, health.record, profile.* and prompt.render over the socket, on weeks
/// entered with backfilled sessions and checked by hand.
@Suite struct SummaryTests {
    /// Logs a finished session at fixed times: sets of (exercise, reps, kg).
    func backfill(_ client: RPCClient, start: String, end: String, sets: [(String, Int, Double?)], rpe: Double? = nil, abort: Bool = false) throws {
        _ = try client.call("session.start", .obj(["at": .string(start)]))
        for (name, reps, weight) in sets {
            var params: [(key: String, value: JSONValue)] = [(key: "exercise", value: .string(name)), (key: "reps", value: JSONValue(reps)), (key: "at", value: .string(start))]
            if let weight { params.append((key: "weightKg", value: .number(weight))) }
            _ = try client.call("session.log", .object(params))
        }
        if abort {
            _ = try client.call("session.abort")
        } else {
            _ = try client.call("session.finish", rpe.map { .obj(["rpe": .number($0), "at": .string(end)]) } ?? .obj(["at": .string(end)]))
        }
    }

    @Test func aWeekComputedByHand() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try Workout.importPlan(client, weekStart: "2026-11-16")
        // Week before: a baseline for Goblet Squat.
        try backfill(client, start: "2026-11-18T18:00:00Z", end: "2026-11-18T19:00:00Z", sets: [("Goblet Squat", 10, 24)])
        // The week of 2026-11-23 (the plan carries over): Monday done, Wednesday missed,
        // Friday done; an aborted session counts for nothing.
        try backfill(client, start: "2026-11-23T18:00:00Z", end: "2026-11-23T18:45:00Z",
                     sets: [("Dumbbell Bench Press", 8, 22.5), ("Dumbbell Bench Press", 8, 22.5), ("Plank", 0, nil)], rpe: 8)
        try backfill(client, start: "2026-11-25T18:00:00Z", end: "2026-11-25T18:30:00Z", sets: [("Goblet Squat", 10, 30)], abort: true)
        try backfill(client, start: "2026-11-27T18:00:00Z", end: "2026-11-27T19:15:00Z",
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

    /// Sets per muscle, named as trackers and people name the lifts, against a count made
    /// here from the catalog file; warm-ups count for nothing.
    @Test func setsPerMuscleFollowTheCatalog() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try backfill(client, start: "2026-11-18T18:00:00Z", end: "2026-11-18T19:00:00Z", sets: [("Squat (Barbell)", 5, 100), ("Squat (Barbell)", 5, 100)])
        try backfill(client, start: "2026-11-23T18:00:00Z", end: "2026-11-23T19:00:00Z",
                     sets: [("squat", 5, 100), ("Barbell Back Squat", 5, 100), ("Bench Press", 8, 60), ("bench", 8, 60), ("Pull Up", 6, nil), ("rdl", 8, 80)])
        _ = try client.call("session.start", .obj(["at": "2026-11-24T18:00:00Z"]))
        _ = try client.call("session.log", .obj(["exercise": "Bench Press", "reps": 10, "weightKg": 40, "kind": "warmup", "at": "2026-11-24T18:00:00Z"]))
        _ = try client.call("session.finish", .obj(["at": "2026-11-24T18:30:00Z"]))
        let summary = try client.call("summary.weekly", .obj(["weekStart": "2026-11-23"]))
        let file = CatalogFile()
        let now = file.muscleSets(["Squat": 2, "Bench Press": 2, "Pull Up": 1, "rdl": 1])
        let before = file.muscleSets(["Squat": 2])
        let muscles = summary["muscles"]?.arrayValue ?? []
        #expect(Set(muscles.compactMap { $0["muscle"]?.stringValue }) == Set(now.keys).union(before.keys), "\(muscles)")
        for item in muscles {
            let muscle = item["muscle"]?.stringValue ?? ""
            #expect(item["sets"]?.numberValue == now[muscle] ?? 0 && item["previousSets"]?.numberValue == before[muscle] ?? 0, "\(item)")
        }
        #expect(summary["promptContext"]?.stringValue?.contains("Sets per muscle: ") == true)
        let text = try daemon.ctl(["summary", "--week", "2026-11-23"]).stdout
        #expect(text.contains("muscle ") && text.contains("before"), "\(text)")
        let quads = text.split(separator: "\n").first { $0.hasPrefix("quads") }.map { $0.split(separator: " ").map(String.init) }
        #expect(quads == ["quads", PromptText.number(now["quads"] ?? 0), PromptText.number(before["quads"] ?? 0)], "\(text)")
    }

    @Test func aWeekOfOnlyAbortedSessionsIsEmpty() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try backfill(client, start: "2026-11-24T07:00:00Z", end: "2026-11-24T08:00:00Z", sets: [("Row", 10, 50)], abort: true)
        try backfill(client, start: "2026-11-26T07:00:00Z", end: "2026-11-26T08:00:00Z", sets: [("Row", 10, 50)], abort: true)
        let summary = try client.call("summary.weekly", .obj(["weekStart": "2026-11-23"]))
        #expect(summary["sessions"] == 0 && summary["sets"] == 0 && summary["volumeKg"] == 0)
        #expect(summary["exercises"] == [])
        #expect(summary["promptContext"] == "Week of 2026-11-23: no training planned, no sessions logged.")
    }

    @Test func aWeekAcrossTheDaylightSavingChange() throws {
        let daemon = try DaemonProcess(extraArguments: ["--timezone", "Europe/Berlin"])
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        // Clocks go back at 03:00 on Sunday 2026-10-25: 00:30+02:00 to 03:30+01:00 is 4 hours.
        try backfill(client, start: "2026-10-25T00:30:00+02:00", end: "2026-10-25T03:30:00+01:00", sets: [("Row", 10, 40)])
        // 23:30 local on Sunday is still that week; 00:30 on Monday is the next.
        try backfill(client, start: "2026-10-25T23:30:00+01:00", end: "2026-10-25T23:50:00+01:00", sets: [("Row", 10, 40)])
        try backfill(client, start: "2026-10-26T00:30:00+01:00", end: "2026-10-26T00:50:00+01:00", sets: [("Row", 10, 40)])
        let week = try client.call("summary.weekly", .obj(["weekStart": "2026-10-19"]))
        #expect(week["sessions"] == 2)
        #expect(week["activeMinutes"] == 260, "240 + 20 real minutes, not wall-clock differences")
        #expect(week["volumePerDayKg"]?[6] == 800)
        let next = try client.call("summary.weekly", .obj(["weekStart": "2026-10-26"]))
        #expect(next["sessions"] == 1)
        let sessions = try client.call("session.list", .obj(["from": "2026-10-25", "to": "2026-10-25"]))
        #expect(sessions.arrayValue?.count == 2)
        #expect(sessions[1]?["startedAt"] == "2026-10-25T00:30:00.000+02:00")
    }

    @Test func healthSamplesAreBoundedAndTheProfileFeedsThePrompt() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let tooFast = try client.request("health.record", .obj(["type": "restingHeartRate", "value": 500]))
        #expect(tooFast["error"]?["code"] == -32602)
        #expect(tooFast["error"]?["data"]?["errors"]?[0]?["path"] == "params.value")
        let unknown = try client.request("health.record", .obj(["type": "mood", "value": 5]))
        #expect(unknown["error"]?["data"]?["errors"]?[0]?["path"] == "params.type")
        #expect(try client.call("health.record", .obj(["type": "steps", "value": 12000, "time": "2026-11-29T20:00:00Z"]))["date"] == "2026-11-29")
        let future = try client.request("health.record", .obj(["type": "steps", "value": 1, "time": "2099-01-01T00:00:00Z"]))
        #expect(future["error"]?["data"]?["errors"]?[0]?["path"] == "params.time")
        let longGoals = try client.request("profile.set", .obj(["goals": .string(String(repeating: "g", count: 301))]))
        #expect(longGoals["error"]?["code"] == -32602)
        let profile = try client.call("profile.set", .obj(["goals": "Stronger legs", "equipment": ["dumbbells", "bench"], "weightsKg": [12.5, 10]]))
        #expect(profile == .obj(["goals": "Stronger legs", "equipment": ["dumbbells", "bench"], "weightsKg": [10, 12.5]]))
        #expect(try client.call("profile.get") == profile)
        let prompt = try client.call("prompt.render")
        let user = try #require(prompt["user"]?.stringValue)
        #expect(user.hasPrefix("Goals: Stronger legs\nEquipment: dumbbells, bench\nAvailable weights (kg): 10, 12.5\n"))
        #expect(user.contains("\nLast week:\nWeek of "))
        #expect((prompt["estimatedTokens"]?.intValue ?? 999) < 800)
        #expect(prompt["schema"]?["required"] == ["planName", "days"])
        let schemaTokens = try #require(prompt["schemaTokens"]?.intValue)
        #expect(schemaTokens == (try #require(prompt["schema"]).jsonText.utf8.count + 3) / 4)
        let system = try #require(prompt["system"]?.stringValue)
        #expect(prompt["estimatedTokens"]?.intValue == (system.utf8.count + 3) / 4 + (user.utf8.count + 3) / 4 + schemaTokens, "the schema counts")
    }

    @Test func sessionctlPrintsTheReport() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try backfill(client, start: "2026-11-30T07:00:00Z", end: "2026-11-30T08:00:00Z", sets: [("Row", 10, 50), ("Row", 10, 52.5)], rpe: 8)
        let environment = ["SESSIOND_SOCKET": daemon.socketPath]
        let health = try runProcess(Binaries.sessionctl, ["health", "sleep", "7.5", "--date", "2026-11-30"], environment: environment)
        #expect(health.stdout == "recorded sleepHours 7.5 for 2026-11-30\n")
        #expect(try runProcess(Binaries.sessionctl, ["health", "mood", "5"], environment: environment).status == 2)
        let report = try runProcess(Binaries.sessionctl, ["summary", "--week", "2026-12-02"], environment: environment)
        #expect(report.status == 0)
        #expect(report.stdout.hasPrefix("Week of 2026-11-30 · nothing planned · 1 logged\n"))
        #expect(report.stdout.contains("2 sets · 20 reps · 1,025 kg · 60 min · RPE 8"))
        #expect(report.stdout.contains("volume  M T W T F S S\n        █ · · · · · ·"))
        #expect(report.stdout.contains("★ Row"))
        #expect(report.stdout.contains("health (change against the four weeks before; body mass and measurements: the week before):\n  sleep 7.5 h\n"),
                "\(report.stdout)")
        let prompt = try runProcess(Binaries.sessionctl, ["summary", "--week", "2026-11-30", "--prompt"], environment: environment)
        #expect(prompt.stdout.hasPrefix("Week of 2026-11-30: no plan; 1 session logged."))
        let profile = try runProcess(Binaries.sessionctl, ["profile", "--goals", "Run a 5k", "--weights", "5,10"], environment: environment)
        #expect(profile.stdout.contains("goals:     Run a 5k"))
        let rendered = try runProcess(Binaries.sessionctl, ["prompt", "--json"], environment: environment)
        #expect(try JSONParser.parse(rendered.stdout)["user"]?.stringValue?.hasPrefix("Goals: Run a 5k") == true)
    }
}
