import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// What a lifter sees between two sets: last time's numbers, and a bare `log` that
/// repeats what they mean.
@Suite struct BetweenSetsTests {
    /// Monday's plan carried over to the next week: the same day trained twice.
    func twoMondays(_ daemon: InProcessDaemon) throws {
        let client = try daemon.client()
        try Workout.importMonday(client, exercises: #"{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 80}, {"name": "Plank", "sets": 2, "durationSeconds": 45}"#,
                                 weekStart: "2026-11-23")
        #expect(try daemon.ctl(["start", "2026-11-23", "--at", Wall.at("2026-11-23T18:00:00")]).status == 0)
        for (reps, kg) in [(5, 82.5), (5, 82.5), (4, 82.5)] {
            #expect(try daemon.ctl(["log", "squat", String(reps), String(kg), "--at", Wall.at("2026-11-23T18:10:00")]).status == 0)
        }
        #expect(try daemon.ctl(["log", "squat", "10", "40", "--warmup", "--at", Wall.at("2026-11-23T18:11:00")]).status == 0)
        #expect(try daemon.ctl(["finish", "--at", Wall.at("2026-11-23T19:00:00")]).status == 0)
        #expect(try daemon.ctl(["start", "2026-11-30", "--at", Wall.at("2026-11-30T18:00:00")]).status == 0)
    }

    @Test func statusShowsLastTimeAndTheRepliesNameTheMatchingSet() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        try twoMondays(daemon)
        let status = try daemon.ctl(["status"]).stdout
        #expect(status.contains("prev 5×82.5kg 5×82.5kg 4×82.5kg (2026-11-23)"), "counted sets, warm-ups left out: \(status)")
        // A chart's summary (SQLite's sums) gives each session the figures its sets give.
        let full = try JSONParser.parse(try daemon.ctl(["call", "exercise.history", #"{"exercise": "squat"}"#]).stdout)
        let figures = try JSONParser.parse(try daemon.ctl(["call", "exercise.history", #"{"exercise": "squat", "sets": false}"#]).stdout)
        #expect(figures["weeks"] == full["weeks"] && figures["name"] == full["name"], "\(figures) against \(full)")
        for (summary, session) in zip(figures["sessions"]?.arrayValue ?? [], full["sessions"]?.arrayValue ?? []) {
            #expect(summary["bestOneRepMaxKg"] == session["bestOneRepMaxKg"] && summary["volumeKg"] == session["volumeKg"]
                    && summary["countedSets"] == 3 && summary["sets"] == [], "\(summary) against \(session)")
        }
        let current = try JSONParser.parse(try daemon.ctl(["call", "session.current"]).stdout)
        let previous = current["previous"]?.arrayValue ?? []
        #expect(previous.count == 1 && previous[0]["exercise"] == "Squat" && previous[0]["date"] == "2026-11-23", "\(previous)")
        #expect(previous[0]["sets"]?.arrayValue?.map { $0["reps"] } == [5, 5, 4, 10] && previous[0]["sets"]?[3]?["kind"] == "warmup")
        let first = try daemon.ctl(["log", "squat", "5", "85", "--at", Wall.at("2026-11-30T18:10:00")]).stdout
        #expect(first.hasPrefix("Squat · set 1/3 · 5 × 85 kg · last time 5 × 82.5 kg"), "\(first)")
        _ = try daemon.ctl(["log", "squat", "5", "85", "--at", Wall.at("2026-11-30T18:12:00")])
        let third = try daemon.ctl(["log", "squat", "4", "85", "--at", Wall.at("2026-11-30T18:14:00")]).stdout
        #expect(third.contains("set 3/3 · 4 × 85 kg · last time 4 × 82.5 kg"), "the third counted set of last time: \(third)")
    }

    /// Double progression: every set at the top of the range last time → the next step
    /// up (a pair of 1.25 kg plates on a bar; the next dumbbell the profile lists);
    /// reps missed → the same weight. The steps are worked out here from the inputs.
    @Test func statusSuggestsTodaysWeightFromLastTime() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let dumbbells = [14.0, 16, 18, 20]
        #expect(try daemon.ctl(["profile", "--weights", dumbbells.map { String($0) }.joined(separator: ",")]).status == 0)
        try Workout.importMonday(
            client,
            exercises: #"{"name": "Bench Press", "sets": 3, "reps": 8, "repsMax": 12, "weightKg": 60}, {"name": "Dumbbell Curl", "sets": 3, "reps": 8, "repsMax": 12}, {"name": "Squat", "sets": 3, "reps": 5, "weightKg": 80}"#,
            weekStart: "2026-11-23")
        #expect(try daemon.ctl(["start", "2026-11-23", "--at", Wall.at("2026-11-23T18:00:00")]).status == 0)
        let lastTime: [(name: String, sets: [(reps: Int, kg: Double)])] = [
            ("bench press", [(12, 60), (12, 60), (12, 60)]), ("dumbbell curl", [(12, 16), (12, 16), (12, 16)]), ("squat", [(5, 90), (5, 90), (4, 90)]),
        ]
        for exercise in lastTime {
            #expect(try daemon.ctl(["log", exercise.name, "10", "20", "--warmup", "--at", Wall.at("2026-11-23T18:05:00")]).status == 0)
            for set in exercise.sets {
                #expect(try daemon.ctl(["log", exercise.name, String(set.reps), String(set.kg), "--yes", "--at", Wall.at("2026-11-23T18:10:00")]).status == 0)
            }
        }
        #expect(try daemon.ctl(["finish", "--at", Wall.at("2026-11-23T19:00:00")]).status == 0)
        #expect(try daemon.ctl(["start", "2026-11-30", "--at", Wall.at("2026-11-30T18:00:00")]).status == 0)
        let smallestPlate = min(1.25, try #require(dumbbells.min()))  // standard plates: the profile lists dumbbells
        let expected: [String: (kg: Double, change: String)] = [
            "Bench Press": (60 + 2 * smallestPlate, "up"),  // 12 reps each: the top of 8-12
            "Dumbbell Curl": (try #require(dumbbells.first { $0 > 16 }), "up"),
            "Squat": (90, "same"),  // 4 of 5 reps in the third set
        ]
        let current = try JSONParser.parse(try daemon.ctl(["call", "session.current"]).stdout)
        for previous in current["previous"]?.arrayValue ?? [] {
            let name = try #require(previous["exercise"]?.stringValue)
            let want = try #require(expected[name], "\(name)")
            #expect(previous["suggestion"]?["weightKg"]?.numberValue == want.kg && previous["suggestion"]?["change"]?.stringValue == want.change,
                    "\(name): \(previous)")
        }
        #expect(current["previous"]?.arrayValue?.count == 3)
        let status = try daemon.ctl(["status"]).stdout
        #expect(status.contains("today 62.5 kg (up: every set reached the top)") && status.contains("today 90 kg (same: reps missed)"), "\(status)")
        let shown = try daemon.ctl(["exercise", "show", "curl (dumbbell)"]).stdout
        #expect(shown.contains("next, for the plan's 3 × 8-12: today 18 kg (up: every set reached the top)"), "\(shown)")
        let got = try JSONParser.parse(try daemon.ctl(["call", "exercise.get", #"{"exercise": "squat"}"#]).stdout)
        #expect(got["suggestion"]?["weightKg"] == 90 && got["suggestion"]?["sets"] == 3 && got["suggestion"]?["reps"] == 5 && got["suggestion"]?["repsMax"] == .null,
                "\(got)")
        // The plan is not changed by it.
        #expect(try client.call("session.current")["exercises"]?[0]?["weightKg"] == 60)
    }

    /// Last time's sets of a lift that counts body mass show their added load as
    /// added: "prev 6×+10kg", as the log's reply says "6 reps, +10 kg".
    @Test func statusShowsAnAddedLoadAsAdded() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try Workout.importMonday(client, exercises: #"{"name": "Pull-Up", "sets": 3, "reps": 6, "weightKg": 10}"#, weekStart: "2026-11-23")
        #expect(try daemon.ctl(["start", "2026-11-23", "--at", Wall.at("2026-11-23T18:00:00")]).status == 0)
        #expect(try daemon.ctl(["log", "pull-up", "6", "10", "--at", Wall.at("2026-11-23T18:05:00")]).stdout.contains("6 reps, +10 kg"))
        #expect(try daemon.ctl(["finish", "--at", Wall.at("2026-11-23T19:00:00")]).status == 0)
        #expect(try daemon.ctl(["start", "2026-11-30", "--at", Wall.at("2026-11-30T18:00:00")]).status == 0)
        let status = try daemon.ctl(["status"]).stdout
        #expect(status.contains("prev 6×+10kg (2026-11-23)"), "\(status)")
        let history = try daemon.ctl(["history", "pull-up"]).stdout
        #expect(history.contains("2026-11-23") && history.contains("6 reps, +10 kg"), "\(history)")
    }

    /// The log's reply names the set a bare `log` then logs, and `status` shows: after a
    /// plank out of the plan's order, the plank's second set, not the first squat.
    @Test func theRepliesNextIsWhatABareLogLogs() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        try twoMondays(daemon)
        let plank = try daemon.ctl(["log", "2", "--at", Wall.at("2026-11-30T18:05:00")]).stdout
        #expect(plank.hasPrefix("Plank · set 1/2") && plank.contains("next: set 2 of 2"), "\(plank)")
        #expect(try daemon.ctl(["status"]).stdout.contains("next: Plank, set 2 of 2"))
        let bare = try daemon.ctl(["log", "--at", Wall.at("2026-11-30T18:07:00")]).stdout
        #expect(bare.hasPrefix("Plank · set 2/2") && bare.contains("next: Squat (1 of 3)"), "\(bare)")
        #expect(try daemon.ctl(["log", "--at", Wall.at("2026-11-30T18:10:00")]).stdout.hasPrefix("Squat · set 1/3"))
        // Several sets in one log: each line names the set after it.
        let lines = try daemon.ctl(["log", "squat", "2x5@80", "--at", Wall.at("2026-11-30T18:14:00")]).stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("set 2/3") && lines[0].contains("next: set 3 of 3")
                && lines[1].contains("set 3/3") && lines[1].contains("all planned sets done"), "\(lines)")
    }

    /// A forgotten set added afterwards with its earlier time is not the latest: what
    /// comes next follows the set done last (the squat at 18:10), not the plank put in
    /// before it.
    @Test func whatComesNextFollowsTheSetDoneLast() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        try twoMondays(daemon)
        #expect(try daemon.ctl(["log", "squat", "5", "80", "--at", Wall.at("2026-11-30T18:10:00")]).status == 0)
        let forgotten = try daemon.ctl(["log", "plank", "--at", Wall.at("2026-11-30T18:05:00")]).stdout
        #expect(forgotten.hasPrefix("Plank · set 1/2") && forgotten.contains("next: Squat (2 of 3)"), "\(forgotten)")
        #expect(try daemon.ctl(["status"]).stdout.contains("next: Squat, set 2 of 3"))
    }

    /// A log without numbers is the plan's set, whatever the sets before it were; what
    /// the plan does not prescribe repeats the set just done.
    @Test func aBareLogIsThePlansSetElseTheSetJustDone() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        try twoMondays(daemon)
        // No set of squats yet today: the plan's 5 × 80, last time's 5 × 82.5 beside it.
        let asPlanned = try daemon.ctl(["log", "squat", "--at", Wall.at("2026-11-30T18:10:00")]).stdout
        #expect(asPlanned.hasPrefix("Squat · set 1/3 · 5 × 80 kg as planned · last time 5 × 82.5 kg"), "\(asPlanned)")
        #expect(try daemon.ctl(["log", "squat", "5", "85", "--at", Wall.at("2026-11-30T18:12:00")]).status == 0)
        let json = try JSONParser.parse(try daemon.ctl(["log", "squat", "--json", "--at", Wall.at("2026-11-30T18:14:00")]).stdout)
        #expect(json["reps"] == 5 && json["weightKg"] == 80 && json["filledFrom"] == "plan", "the plan's set, not the one just done: \(json)")
        // Plank has no history: as planned. And log alone logs the next planned set.
        let next = try daemon.ctl(["log", "--at", Wall.at("2026-11-30T18:16:00")]).stdout
        #expect(next.hasPrefix("Plank · set 1/2 · 45s as planned"), "squats are done: the next planned set is the plank's: \(next)")
        #expect(try daemon.ctl(["log", "--at", Wall.at("2026-11-30T18:17:00")]).stdout.hasPrefix("Plank · set 2/2 · 45s as planned"))
        // Off-plan, the set just done again.
        #expect(try daemon.ctl(["log", "barbell curl", "12", "20", "--at", Wall.at("2026-11-30T18:18:00")]).status == 0)
        let curl = try daemon.ctl(["log", "barbell curl", "--at", Wall.at("2026-11-30T18:19:00")]).stdout
        #expect(curl.contains("12 × 20 kg as your last set"), "\(curl)")
        let done = try daemon.ctl(["log"])
        #expect(done.status == 1 && done.stderr.contains("every planned set is done: name the EXERCISE") && !done.stderr.contains("Usage:"),
                "what the session holds, not the words, is why: \(done.stderr)")
        // An exercise with nothing to repeat needs its numbers.
        let nothing = try daemon.ctl(["log", "--new", "sandbag", "carry"])
        #expect(nothing.status == 2 && nothing.stderr.contains("sandbag carry has no earlier set to repeat and no plan to follow"), "\(nothing.stderr)")
        #expect(try daemon.client().call("session.current")["sets"] == 7)
    }
}

/// The rest between sets belongs to the session: finishing it ends the timer, so no bell
/// rings after the workout and no rest is left to change.
@Suite struct RestEndsWithTheSessionTests {
    @Test func finishingTheSessionEndsItsRest() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["start"]).status == 0)
        #expect(try daemon.ctl(["log", "--new", "squat", "5", "100"]).status == 0)
        let resting = try daemon.ctl(["rest"])
        #expect(resting.status == 0 && resting.stdout.hasPrefix("rest ") && resting.stdout.contains("left · Back Squat"), "\(resting.stdout)")
        #expect(try daemon.ctl(["finish"]).status == 0)
        let after = try daemon.ctl(["rest"])
        #expect(after.status == 0 && after.stdout == "no rest timer running\n", "\(after.stdout)")
        let changed = try daemon.ctl(["rest", "+30"])
        #expect(changed.status == 1 && changed.stderr.contains("No rest timer is running"), "\(changed.stdout) \(changed.stderr)")
    }
}

/// A number mistyped as 0 (`3x0` for `3x10`): nothing done, which would count towards
/// the plan as sets done, so sessionctl asks before it sends anything; a failed attempt
/// is 0 reps by nature, and a set given no numbers after it repeats what was done.
@Suite struct NothingDoneTests {
    @Test func zeroRepsAreAskedAboutButForAFailedAttempt() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try Workout.importMonday(client, exercises: #"{"name": "Squat", "sets": 3, "reps": 10, "weightKg": 60}, {"name": "Plank", "sets": 2, "durationSeconds": 45}"#,
                                 weekStart: "2026-11-23")
        #expect(try daemon.ctl(["start", "2026-11-23", "--at", Wall.at("2026-11-23T18:00:00")]).status == 0)
        func sets() throws -> [JSONValue] { try JSONParser.parse(try daemon.ctl(["call", "session.get"]).stdout)["sets"]?.arrayValue ?? [] }
        for typed in [["1", "3x0"], ["plank", "0s"], ["1", "0", "--json"]] {
            let refused = try daemon.ctl(["log"] + typed)
            let words = typed.filter { $0 != "--json" }.joined(separator: " ")
            #expect(refused.status == 1 && !refused.stderr.contains("Usage:") && refused.stderr.contains(
                "sessionctl: \"\(words)\": 0 reps and no time is nothing done (3x0 for 3x10?); nothing was logged. To store it as typed, add --yes; a failed attempt, add --kind failure"),
                "\(typed): \(refused.stderr)")
        }
        let tracked = try daemon.ctl(["track", "2026-11-22", "10:00-11:00", "squat", "3x5@60,", "row", "3x0"])
        #expect(tracked.status == 1 && tracked.stderr.contains("\"row 3x0\": 0 reps and no time is nothing done (3x0 for 3x10?); nothing was tracked. To store it as typed, add --yes\n"),
                "\(tracked.stderr)")
        #expect(try sets().isEmpty, "nothing was stored")

        // A failed attempt at 0 reps, and a set confirmed as typed, are stored.
        #expect(try daemon.ctl(["log", "squat", "0", "100", "--kind", "failure"]).status == 0)
        #expect(try daemon.ctl(["log", "1", "0", "--yes"]).status == 0)
        #expect(try daemon.ctl(["log", "1", "0", "--warmup"]).status == 0, "a warm-up counts towards nothing")
        // An off-plan set given no numbers repeats what was done, not the failed attempt.
        #expect(try daemon.ctl(["log", "barbell curl", "8", "30"]).status == 0)
        #expect(try daemon.ctl(["log", "barbell curl", "0", "40", "--kind", "failure"]).status == 0)
        #expect(try daemon.ctl(["log", "barbell curl"]).status == 0)
        let last = try #require(try sets().last)
        #expect(last["reps"] == 8 && last["weightKg"] == 30 && last["kind"] == "normal", "\(last)")
        // An edit of a known set is not asked about: 0 reps may be what it was (a
        // failed attempt), and a time given alone keeps the set's reps.
        let id = try #require(last["setId"]?.intValue)
        #expect(try daemon.ctl(["edit", String(id), "--duration", "0"]).status == 0)
        #expect(try sets().last?["reps"] == 8)
    }
}
