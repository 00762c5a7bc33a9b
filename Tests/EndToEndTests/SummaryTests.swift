import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// summary.weekly, health.record, profile.* and prompt.render over the socket, on weeks
/// entered with backfilled sessions and checked by hand.
@Suite struct SummaryTests {
    /// Sets per muscle, named as trackers and people name the lifts, against a count made
    /// here from the catalog file; warm-ups count for nothing.
    @Test func setsPerMuscleFollowTheCatalog() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try Workout.backfill(client, start: "2026-11-18T18:00:00Z", end: "2026-11-18T19:00:00Z", sets: [("Squat (Barbell)", 5, 100), ("Squat (Barbell)", 5, 100)])
        try Workout.backfill(client, start: "2026-11-23T18:00:00Z", end: "2026-11-23T19:00:00Z",
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

    @Test func aWeekAcrossTheDaylightSavingChange() throws {
        let daemon = try DaemonProcess(extraArguments: ["--timezone", "Europe/Berlin"])
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        // Clocks go back at 03:00 on Sunday 2026-10-25: 00:30+02:00 to 03:30+01:00 is 4 hours.
        try Workout.backfill(client, start: "2026-10-25T00:30:00+02:00", end: "2026-10-25T03:30:00+01:00", sets: [("Row", 10, 40)])
        // 23:30 local on Sunday is still that week; 00:30 on Monday is the next.
        try Workout.backfill(client, start: "2026-10-25T23:30:00+01:00", end: "2026-10-25T23:50:00+01:00", sets: [("Row", 10, 40)])
        try Workout.backfill(client, start: "2026-10-26T00:30:00+01:00", end: "2026-10-26T00:50:00+01:00", sets: [("Row", 10, 40)])
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

    @Test func sessionctlPrintsTheReport() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try Workout.backfill(client, start: "2026-11-30T07:00:00Z", end: "2026-11-30T08:00:00Z", sets: [("Row", 10, 50), ("Row", 10, 52.5)], rpe: 8)
        let environment = ["SESSIOND_SOCKET": daemon.socketPath]
        let health = try runProcess(Binaries.sessionctl, ["health", "sleep", "7.5", "--date", "2026-11-30"], environment: environment)
        #expect(health.stdout == "recorded sleep 7.5 h for 2026-11-30\n")
        #expect(try runProcess(Binaries.sessionctl, ["health", "mood", "5"], environment: environment).status == 2)
        let report = try runProcess(Binaries.sessionctl, ["summary", "--week", "2026-12-02"], environment: environment)
        #expect(report.status == 0)
        #expect(report.stdout.hasPrefix("Week of 2026-11-30 · nothing planned · 1 logged\n"))
        #expect(report.stdout.contains("2 sets · 20 reps · 1,025 kg · 1 h active · RPE 8"))
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
