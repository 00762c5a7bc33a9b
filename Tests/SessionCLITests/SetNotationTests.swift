import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// Sets as people type them, through `sessionctl log`, `track` and `plan add`: the
/// same words store the same numbers whichever command reads them.
@Suite struct SetNotationCommandTests {
    /// The sets of session `id` as (exercise, reps, weightKg, durationSeconds).
    func sets(_ daemon: InProcessDaemon, session id: JSONValue) throws -> [String] {
        let session = try daemon.client().call("session.get", .obj(["sessionId": id]))
        return (session["sets"]?.arrayValue ?? []).map { set in
            [set["exercise"], set["reps"], set["weightKg"], set["durationSeconds"]].map { $0.map { $0 == .null ? "-" : $0.jsonText } ?? "?" }.joined(separator: " ")
        }
    }

    @Test func logAndTrackReadTheSameForms() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let today = try #require(try daemon.client().call("daemon.status")["today"]?.stringValue)
        _ = try daemon.client().call("health.record", .obj(["type": "bodyMassKg", "value": 80, "date": .string(today)]))
        #expect(try daemon.ctl(["start"]).status == 0)
        for words in [["plank", "3x45s"], ["reverse fly", "12", "7,5"], ["pull-up", "6", "+5"], ["pull-up", "8", "-20"], ["pull-up", "5", "bw"]] {
            let run = try daemon.ctl(["log", "--new"] + words)
            #expect(run.status == 0, "\(words): \(run.stderr)")
        }
        let assisted = try daemon.ctl(["log", "pull-up", "8", "-25kg"])
        #expect(assisted.stdout.contains("8 reps, 25 kg assisted"), "\(assisted.stdout)")
        let squat = try daemon.ctl(["log", "--new", "squat", "5", "-20"])
        #expect(squat.status == 2 && squat.stderr.contains("WEIGHT") && squat.stderr.contains("counts body mass"), "\(squat.stderr)")
        let current = try daemon.client().call("session.current")
        let logged = try sets(daemon, session: current["sessionId"] ?? .null)
        #expect(logged == [
            "\"Plank\" - - 45", "\"Plank\" - - 45", "\"Plank\" - - 45", "\"Reverse Fly\" 12 7.5 -",
            "\"Pull-Up\" 6 5 -", "\"Pull-Up\" 8 -20 -", "\"Pull-Up\" 5 0 -", "\"Pull-Up\" 8 -25 -",
        ], "\(logged)")
        #expect(try daemon.ctl(["finish"]).status == 0)

        // track takes the same words, a decimal comma being no separator of exercises.
        let tracked = try daemon.ctl(["track", "yesterday", "18:00-19:00", "plank", "3x45s,", "dips", "8", "-15,", "reverse", "fly", "12", "7,5"])
        #expect(tracked.status == 0, "\(tracked.stderr)")
        let yesterday = try #require(try daemon.client().call("session.list").arrayValue?.first { $0["date"]?.stringValue != today })
        let trackedSets = try sets(daemon, session: yesterday["sessionId"] ?? .null)
        #expect(trackedSets == [
            "\"Plank\" - - 45", "\"Plank\" - - 45", "\"Plank\" - - 45", "\"Dip\" 8 -15 -", "\"Reverse Fly\" 12 7.5 -",
        ], "\(trackedSets)")
        let refused = try daemon.ctl(["track", "yesterday", "10:00-11:00", "squat", "5", "-20"])
        #expect(refused.status != 0 && refused.stderr.contains("counts body mass"), "\(refused.stderr)")
    }

    @Test func planAddReadsSetsAsLogDoes() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["plan", "import", Fixtures.dumbbellPlanPath]).status == 0)
        let plan = try daemon.client().call("plan.get")
        let restDay = try #require(plan["days"]?.arrayValue?.first { $0["rest"] == true }?["day"]?.stringValue)
        // Each under the catalog's name ("Dips" is its Dip, "squat" its Back Squat); a
        // name it does not know as typed.
        for (name, words) in [("Plank", "3x45s"), ("Dips", "3x8@+10"), ("Reverse Fly", "3x12@7,5"), ("Dead Hang", "2x1:30"), ("squat", "3x5@100"),
                              ("Tyre Flip Uphill", "3x5"), ("Barbell Row", "3x8-12@60")] {
            let run = try daemon.ctl(["plan", "add", restDay, name, words])
            #expect(run.status == 0, "\(words): \(run.stderr)")
        }
        let day = try #require(try daemon.client().call("plan.get")["days"]?.arrayValue?.first { $0["day"]?.stringValue == restDay })
        let added = (day["exercises"]?.arrayValue ?? []).map { exercise in
            [exercise["name"], exercise["sets"], exercise["reps"], exercise["weightKg"], exercise["durationSeconds"]].map { $0?.jsonText ?? "-" }.joined(separator: " ")
                + (exercise["repsMax"].map { " to \($0.jsonText)" } ?? "")
        }
        #expect(added == ["\"Plank\" 3 - - 45", "\"Dip\" 3 8 10 -", "\"Reverse Fly\" 3 12 7.5 -", "\"Dead Hang\" 2 - - 90", "\"Back Squat\" 3 5 100 -",
                          "\"Tyre Flip Uphill\" 3 5 - -", "\"Barbell Row\" 3 8 60 - to 12"], "\(added)")
        // A weight below zero reads as one (the plan's own bounds refuse it), not as a range.
        let assisted = try daemon.ctl(["plan", "add", restDay, "pull-up", "3x8@-20"])
        #expect(assisted.status == 1 && assisted.stderr.contains("weightKg: must be from 0"), "\(assisted.stderr)")
        let backwards = try daemon.ctl(["plan", "add", restDay, "row", "3x12-8@60"])
        #expect(backwards.status == 2 && backwards.stderr.contains("the sets must read as"), "\(backwards.stderr)")
        let set = try daemon.ctl(["plan", "set", restDay, "plank", "--reps", "1:00", "--weight", "bw"])
        #expect(set.status == 0, "\(set.stderr)")
        let plank = try daemon.client().call("plan.get")["days"]?.arrayValue?.first { $0["day"]?.stringValue == restDay }?["exercises"]?[0]
        #expect(plank?["durationSeconds"] == 60 && plank?["reps"] == nil, "\(plank ?? .null)")
    }
}
