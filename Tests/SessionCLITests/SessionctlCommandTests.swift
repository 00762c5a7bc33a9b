import Foundation
import JSON
import SessionCore
import SessionSystem
import Testing
import TestSupport

/// sessionctl as a person uses it between two sets, against a daemon in the test's process.
@Suite struct SessionctlCommandTests {
    /// Runs sessionctl against `daemon`.
    func ctl(_ daemon: InProcessDaemon, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        try daemon.ctl(arguments, environment: environment)
    }

    /// A week whose plan was replaced on Wednesday shows each day under the plan that
    /// governs it, in full: Monday the first plan's, Wednesday on the second's with its
    /// exercises, and no word of a plan carried over.
    @Test func aWeekWhosePlanChangedShowsEachDayInFull() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try daemon.importBeforeItsWeek("2026-11-30", [Fixtures.dumbbellPlanPath]).status == 0)
        let second = daemon.file("legs.json", #"""
            {"planName": "Legs B", "days": [{"day": "Wednesday", "title": "Heavy Legs",
             "exercises": [{"name": "Back Squat", "sets": 3, "reps": 5, "weightKg": 100}]}]}
            """#)
        let replaced = try daemon.at(ms: Wall.ms("2026-12-02T09:00:00")) { try daemon.ctl(["plan", "import", "--week-start", "2026-11-30", second]) }
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let shown = try daemon.at(ms: Wall.ms("2026-12-02T10:00:00")) { try daemon.ctl(["plan", "show", "--week", "2026-11-30"]) }
        #expect(!shown.stdout.contains("carried over"), "\(shown.stdout)")
        #expect(shown.stdout.contains("Mon 2026-11-30  Upper Push + Core") && shown.stdout.contains("Dumbbell Bench Press"), "the first plan's Monday: \(shown.stdout)")
        #expect(shown.stdout.contains("Wed 2026-12-02  Heavy Legs (plan 2)") && shown.stdout.contains("Back Squat"), "\(shown.stdout)")
        // The week after, carried over: said so.
        let carried = try daemon.at(ms: Wall.ms("2026-12-02T10:00:00")) { try daemon.ctl(["plan", "show", "--week", "2026-12-07"]) }
        #expect(carried.stdout.hasPrefix("carried over from the week of 2026-11-30: no plan was imported for this week"), "\(carried.stdout)")
    }

    /// Next week's plan imported on Friday, then this week's plan edited on Saturday and
    /// imported again on Sunday: each change keeps to this week, and next week trains
    /// next week's plan.
    @Test func thisWeeksPlanChangedAfterNextWeeksCameInKeepsToThisWeek() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let thisWeek = daemon.file("a.json", #"""
            {"planName": "A", "days": [{"day": "Saturday", "title": "Pull",
             "exercises": [{"name": "Deadlift", "sets": 3, "reps": 5, "weightKg": 120}]},
             {"day": "Sunday", "title": "Legs", "exercises": [{"name": "Back Squat", "sets": 3, "reps": 5, "weightKg": 100}]}]}
            """#)
        let nextWeek = daemon.file("b.json", #"""
            {"planName": "B", "days": [{"day": "Tuesday", "title": "B Tue",
             "exercises": [{"name": "Back Squat", "sets": 3, "reps": 5, "weightKg": 105}]}]}
            """#)
        func at<T>(_ time: String, _ body: () throws -> T) throws -> T { try daemon.at(ms: Wall.ms(time), body) }
        #expect(try at("2026-12-02T09:00:00") { try daemon.ctl(["plan", "import", "--week-start", "2026-11-30", thisWeek]) }.status == 0)
        #expect(try at("2026-12-04T09:00:00") { try daemon.ctl(["plan", "import", "--week-start", "2026-12-07", nextWeek]) }.status == 0)
        // Saturday: `plan set` changes today's plan, this week's, though next week's is active.
        let set = try at("2026-12-05T09:00:00") { try daemon.ctl(["plan", "set", "sat", "deadlift", "--weight", "110"]) }
        #expect(set.status == 0, "\(set.stdout) \(set.stderr)")
        let saturday = try at("2026-12-05T09:05:00") { try daemon.ctl(["plan", "show", "--week", "2026-12-05", "--json"]) }
        let document = try JSONParser.parse(saturday.stdout)
        let deadlift = document["days"]?.arrayValue?.first { $0["title"] == "Pull" }?["exercises"]?[0]
        #expect(document["name"] == "A" && deadlift?["weightKg"] == 110, "\(saturday.stdout)")
        // The list marks the active plan, the version just made, and the one governing today.
        func listed(_ time: String) throws -> [String] { try at(time) { try daemon.ctl(["plan", "list"]) }.stdout.split(separator: "\n").map(String.init) }
        let saturdayList = try listed("2026-12-05T09:10:00")
        #expect(saturdayList.contains { $0.hasPrefix("* 3  week of 2026-11-30  A") && $0.hasSuffix("(today)") }, "\(saturdayList)")
        // Saturday, trained: a change governs from Sunday, and says so.
        for (time, words) in [("17:00", ["start"]), ("17:05", ["log", "1"]), ("17:30", ["finish"])] {
            #expect(try at("2026-12-05T\(time):00") { try daemon.ctl(words) }.status == 0, "\(words)")
        }
        let putOff = try at("2026-12-05T18:00:00") { try daemon.ctl(["plan", "set", "sun", "back squat", "--weight", "95"]) }
        #expect(putOff.stdout.contains("it governs from 2026-12-06: today was trained under the plan before, and keeps it"), "\(putOff.stdout)")
        // Sunday, trained, and this week's plan imported again: put off to Monday, it
        // keeps to this week all the same.
        for (time, words) in [("10:00", ["start"]), ("10:05", ["log", "1"]), ("10:30", ["finish"])] {
            #expect(try at("2026-12-06T\(time):00") { try daemon.ctl(words) }.status == 0, "\(words)")
        }
        let again = try at("2026-12-06T11:00:00") { try daemon.ctl(["plan", "import", "--week-start", "2026-11-30", thisWeek]) }
        #expect(again.status == 0 && !again.stdout.contains("it governs from"), "\(again.stdout)")
        // Next week is next week's plan, not this week's carried over.
        let tuesday = try at("2026-12-08T08:00:00") { () throws -> (shown: ProcessResult, started: ProcessResult) in
            (try daemon.ctl(["plan", "show", "--week", "2026-12-08"]), try daemon.ctl(["start"]))
        }
        #expect(!tuesday.shown.stdout.contains("carried over") && tuesday.shown.stdout.contains("B Tue"), "\(tuesday.shown.stdout)")
        #expect(tuesday.started.status == 0 && tuesday.started.stdout.contains("B Tue"), "\(tuesday.started.stdout) \(tuesday.started.stderr)")
        // And the week after, next week's plan carries over.
        let later = try at("2026-12-08T09:00:00") { try daemon.ctl(["plan", "show", "--week", "2026-12-15", "--json"]) }
        #expect(try JSONParser.parse(later.stdout)["name"] == "B", "\(later.stdout)")
        // Next week's plan governs, though this week's, imported on Sunday, is the active one.
        let tuesdayList = try listed("2026-12-08T09:10:00")
        #expect(tuesdayList.contains { $0.hasPrefix("  2  week of 2026-12-07  B") && $0.hasSuffix("(today)") }, "\(tuesdayList)")
        #expect(tuesdayList.first?.hasPrefix("* ") == true && tuesdayList.first?.hasSuffix("(today)") == false, "\(tuesdayList)")
    }

    /// A plan asked for the current week mid-week: the prompt reads this week's sessions
    /// to today, not the record as of last Sunday; next week's reads this week too.
    @Test func thePromptForTheCurrentWeekReadsItsDaysSoFar() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        func at<T>(_ time: String, _ body: () throws -> T) throws -> T { try daemon.at(ms: Wall.ms(time), body) }
        // Last week's Friday and this week's Tuesday (2026-12-01) trained.
        for (day, weight) in [("2026-11-27", "80"), ("2026-12-01", "90")] {
            #expect(try at("\(day)T20:00:00") { try daemon.ctl(["track", day, "18:00-18:45", "bench", "3x5@\(weight)"]) }.status == 0)
        }
        func request(_ week: String) throws -> String {
            let printed = try at("2026-12-03T09:00:00") { try daemon.ctl(["plan", "next", "--week", week, "--print-request"]) }
            #expect(printed.status == 0, "\(printed.stderr)")
            return (try JSONParser.parse(printed.stdout)["messages"]?.arrayValue ?? []).compactMap { $0["content"]?.stringValue }.joined(separator: "\n")
        }
        for (week, monday) in [("today", "2026-11-30"), ("2026-12-07", "2026-12-07")] {
            let text = try request(week)
            #expect(text.contains("Week starts Monday \(monday)."), "\(week): the week planned: \(text)")
            #expect(text.contains("Last training: 2026-12-01, 2 days ago."), "\(week): \(text)")
            #expect(text.contains("90 kg x 5"), "\(week): the week's best set so far: \(text)")
        }
    }

    /// One session's volume and one lift's e1RM read the same wherever they are shown:
    /// volumes to the whole unit, estimates to 0.1, in kilograms and in pounds.
    @Test func aFigureReadsTheSameInEveryCommand() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        func at(_ time: String, _ arguments: [String], units: String = "kg") throws -> String {
            let result = try daemon.at(ms: Wall.ms(time)) { try daemon.ctl(arguments, environment: ["SESSIOND_UNITS": units]) }
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result.stdout
        }
        let sets: [(name: String, sets: Int, reps: Int, kg: Double)] = [
            ("row", 4, 10, 25), ("goblet squat", 4, 10, 24), ("hammer curl", 3, 12, 12.5), ("deadlift", 1, 3, 62.5), ("reverse fly", 2, 10, 7.25),
        ]
        let words = sets.enumerated().flatMap { index, set in
            [set.name, "\(set.sets)x\(set.reps)@\(NumberText.format(set.kg))" + (index < sets.count - 1 ? "," : "")]
        }
        _ = try at("2026-12-04T20:00:00", ["track", "2026-12-04", "18:00-18:50"] + words)
        // The test's figures: 2,742.5 kg shown as 2,743 kg; 62.5 × (1 + 3/30) = 68.75 kg as 68.8 kg.
        let volume = sets.reduce(0.0) { $0 + Double($1.sets * $1.reps) * $1.kg }
        let volumeText = NumberText.grouped(Int(volume.rounded())) + " kg"
        let e1rm = ((62.5 * (1 + 3.0 / 30)) * 10).rounded() / 10
        for (command, shown) in [("history", try at("2026-12-05T09:00:00", ["history"])),
                                 ("summary", try at("2026-12-05T09:00:00", ["summary", "--week", "2026-12-04"])),
                                 ("prompt", try at("2026-12-05T09:00:00", ["summary", "--week", "2026-12-04", "--prompt"]))] {
            #expect(shown.contains(volumeText) && !shown.contains("2,742.5"), "\(command): \(shown)")
        }
        // The week's active time is kept in minutes, and said so.
        #expect(try at("2026-12-05T09:00:00", ["summary", "--week", "2026-12-04"]).contains(" · 50 min active"))
        for (command, shown) in [("exercise show", try at("2026-12-05T09:00:00", ["exercise", "show", "deadlift"])),
                                 ("history deadlift", try at("2026-12-05T09:00:00", ["history", "deadlift"]))] {
            #expect(shown.contains("e1RM \(NumberText.format(e1rm)) kg"), "\(command): \(shown)")
        }
        // In pounds: 4 × 8 at 135 lb is 4,320 lb, though kept as 61.23 kg a set.
        _ = try at("2026-11-27T20:00:00", ["track", "2026-11-27", "18:00-18:30", "bench", "4x8@135"], units: "lb")
        for arguments in [["history"], ["summary", "--week", "2026-11-27"], ["exercise", "show", "bench"], ["progress", "bench"]] {
            let shown = try at("2026-12-05T09:00:00", arguments, units: "lb")
            #expect(shown.contains("4,320 lb") && !shown.contains("4,319"), "\(arguments): \(shown)")
        }
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func aWorkoutFromTheCommandLine() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let plans = Fixtures.examplesDirectory + "/plans/"
        // Imported the day before its week, as a planner run on Sunday would.
        let imported = try daemon.importBeforeItsWeek("2026-11-30", [plans + "messy-model-output.txt"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported plan 1: Hypertrophy Split · week of 2026-11-30 · active"))
        #expect(imported.stdout.contains("days[0].exercises[2].weight: \"50 lb\" converted to 22.7 kg"))
        let shown = try ctl(daemon, ["plan", "show", "--week", "2026-12-03"])
        #expect(shown.stdout.contains("Wed 2026-12-02  Pull"))
        let carried = try ctl(daemon, ["plan", "show", "--week", "2026-12-16"])
        #expect(carried.stdout.hasPrefix("carried over from the week of 2026-11-30: no plan was imported for this week\n"), "\(carried.stdout)")
        #expect(carried.stdout.contains("week of 2026-12-14") && carried.stdout.contains("Wed 2026-12-16  Pull"))
        let carriedJSON = try JSONParser.parse(try ctl(daemon, ["plan", "show", "--week", "2026-12-16", "--json"]).stdout)
        #expect(carriedJSON["carriedOverTo"] == "2026-12-14" && carriedJSON["weekStart"] == "2026-11-30")
        // A stored plan by its id, active or not.
        #expect(try ctl(daemon, ["plan", "import", "--week-start", "2026-12-07", "--no-activate", Fixtures.dumbbellPlanPath]).status == 0)
        let byID = try ctl(daemon, ["plan", "show", "2"])
        #expect(byID.status == 0 && byID.stdout.hasPrefix("Dumbbell Strength, 3 days · week of 2026-12-07"), "\(byID.stdout) \(byID.stderr)")
        #expect(try ctl(daemon, ["plan", "show", "9"]).stderr.contains("No plan with id 9"))
        let before = try ctl(daemon, ["plan", "show", "--week", "2026-11-23"])
        #expect(before.status == 1 && before.stderr.contains("No plan governs 2026-11-23"), "a plan never carries back")
        let started = try ctl(daemon, ["start", "2026-11-30"])
        #expect(started.status == 0)
        #expect(started.stdout.contains("Push · started 2026-11-30"))
        let planned = try ctl(daemon, ["log", "bench"])
        #expect(planned.stdout.hasPrefix("Bench Press · set 1/4 · 8 × 60 kg as planned · rest 2:00 · next: set 2 of 4"), "\(planned.stdout)")
        let resting = try ctl(daemon, ["status"]).stdout
        #expect(resting.contains("resting: 2:00 left after Bench Press") || resting.contains("resting: 1:59 left after Bench Press"), "\(resting)")
        let restJSON = try JSONParser.parse(try ctl(daemon, ["status", "--json"]).stdout)
        #expect(restJSON["rest"]?["exercise"] == "Bench Press" && (restJSON["rest"]?["secondsLeft"]?.intValue ?? 0) > 100, "\(restJSON)")
        let byNumber = try ctl(daemon, ["log", "2", "10", "24"])
        #expect(byNumber.stdout.hasPrefix("Incline Dumbbell Press · set 1/3 · 10 × 24 kg · next: set 2 of 3"))
        let pounds = try ctl(daemon, ["log", "incline", "8", "55lb", "--rpe", "8"])
        #expect(pounds.stdout.contains("8 × 25 kg"), "55 lb is 24.95 kg, shown to 0.1")
        #expect(pounds.stdout.contains("★ personal record"))
        let timed = try ctl(daemon, ["log", "plank", "45s"])
        #expect(timed.stdout.hasPrefix("Plank · set 1/3 · 45s"))
        let offPlan = try ctl(daemon, ["log", "--new", "sandbag", "carry", "40s"])
        #expect(offPlan.stdout.hasPrefix("sandbag carry (off-plan) · set 1 · 40s"))
        let status = try ctl(daemon, ["status"])
        #expect(status.stdout.contains(" 2  Incline Dumbbell Press  2/3"))
        #expect(status.stdout.contains("sandbag carry (off-plan) · 1 set"))
        let undone = try ctl(daemon, ["undo"])
        #expect(undone.stdout.contains("removed sandbag carry"))
        #expect(try ctl(daemon, ["pause"]).stdout.contains("paused"))
        #expect(try ctl(daemon, ["resume"]).stdout.contains("running"))
        let finished = try ctl(daemon, ["finish", "--rpe", "8"])
        #expect(finished.stdout.contains("Push finished"))
        #expect(finished.stdout.contains("4 sets"))
        #expect(finished.stdout.hasSuffix("% of plan\n"), "a planned session says how much of it was done")
        let list = try ctl(daemon, ["call", "session.list", #"{"limit": 1}"#])
        #expect(try JSONParser.parse(list.stdout)[0]?["sets"] == 4)
    }

    @Test func setsAsLiftersWriteThemAndCompletedNames() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try daemon.importBeforeItsWeek("2026-11-30", [Fixtures.dumbbellPlanPath]).status == 0)
        #expect(try ctl(daemon, ["start", "2026-11-30"]).status == 0)
        // What tab completion offers is what the name matches.
        let completions = try ctl(daemon, ["__complete-exercises"]).stdout.split(separator: "\n").map(String.init)
        #expect(completions.contains("dumbbell-fly"))
        let fly = try ctl(daemon, ["log", "dumbbell-fly", "12", "10", "--json"])
        #expect(try JSONParser.parse(fly.stdout)["exercise"] == "Dumbbell Fly", "\(fly.stdout) \(fly.stderr)")
        // 3x5@20: three sets of five at 20 kg, each a set of its own.
        let three = try ctl(daemon, ["log", "dumbbell bench", "3x5@20"])
        #expect(three.status == 0, "\(three.stderr)")
        #expect(three.stdout.split(separator: "\n").filter { $0.hasPrefix("Dumbbell Bench Press · set") }.count == 3, "\(three.stdout)")
        let current = try daemon.client().call("session.current")
        #expect(current["sets"] == 4)
        // Unreadable words are usage errors that store nothing.
        for words in [["deadlift", "five", "140"], ["deadlift", "1m30s"], ["deadlift", "x5"], ["squat", "3x5x100x2"]] {
            let run = try ctl(daemon, ["log"] + words)
            #expect(run.status == 2 && run.stderr.contains("cannot read"), "\(words): \(run.stderr)")
        }
        #expect(try daemon.client().call("session.current")["sets"] == 4, "nothing more was stored")

        // A typo is no new exercise: the closest names are offered and nothing is stored;
        // --new logs it; a name from an earlier session matches as planned names do.
        let typo = try ctl(daemon, ["log", "dumbell", "fyl", "12", "10"])
        #expect(typo.status == 1 && typo.stderr.contains("did you mean Dumbbell Fly?") && typo.stderr.contains("--new"), "\(typo.stderr)")
        #expect(typo.stderr.contains("no exercise \"dumbell fyl\" in the plan or your history"), "\(typo.stderr)")
        #expect(try ctl(daemon, ["log", "--new", "sled", "drag", "uphill", "20s"]).status == 0)
        #expect(try ctl(daemon, ["finish"]).status == 0)
        #expect(try ctl(daemon, ["start"]).status == 0)
        let earlier = try JSONParser.parse(try ctl(daemon, ["log", "sled", "30s", "--json"]).stdout)
        #expect(earlier["exercise"] == "sled drag uphill", "a name logged in an earlier session matches")
        #expect(try daemon.client().call("session.current")["sets"] == 1)
        // A rest day's free session completes the week's planned names, each once.
        #expect(try ctl(daemon, ["abort", "--yes"]).status == 0)
        #expect(try ctl(daemon, ["start", "2026-12-01"]).stdout.contains("Free session"))
        let week = try ctl(daemon, ["__complete-exercises"]).stdout.split(separator: "\n").map(String.init)
        #expect(week.contains("goblet-squat") && week.contains("dumbbell-fly") && Set(week).count == week.count, "\(week)")
        let goblet = try JSONParser.parse(try ctl(daemon, ["log", "goblet-squat", "10", "24", "--json"]).stdout)
        #expect(goblet["exercise"] == "Goblet Squat" && goblet["offPlan"] == true, "what it completed is what it logs: \(goblet)")
    }

    /// The words plan set, swap and remove complete to are the active plan's exercises,
    /// every day's, each once, as the plan file names them; show's SESSION the latest
    /// sessions' ids, newest first.
    @Test func completionAsksThePlansNamesAndTheLatestSessions() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try daemon.importBeforeItsWeek("2026-11-30", [Fixtures.dumbbellPlanPath]).status == 0)
        let file = try JSONParser.parse(Fixtures.dumbbellPlan)
        var expected: [String] = []
        for day in file["days"]?.arrayValue ?? [] {
            for exercise in day["exercises"]?.arrayValue ?? [] {
                let word = (exercise["name"]?.stringValue ?? "").lowercased().replacingOccurrences(of: " ", with: "-")
                if !expected.contains(word) { expected.append(word) }
            }
        }
        #expect(expected.count == 15)
        let planned = try ctl(daemon, ["__complete-exercises", "--planned"])
        #expect(planned.status == 0 && planned.stdout.split(separator: "\n").map(String.init) == expected, "\(planned.stdout)")

        var started: [Int64] = []
        for date in ["2026-11-30", "2026-12-02", "2026-12-04"] {
            let start = try JSONParser.parse(try ctl(daemon, ["start", date, "--json"]).stdout)
            started.append(Int64(try #require(start["sessionId"]?.intValue)))
            #expect(try ctl(daemon, ["finish", "--yes"]).status == 0, "a session with no set, finished as it is")
        }
        let sessions = try ctl(daemon, ["__complete-sessions"])
        #expect(sessions.status == 0 && sessions.stdout == started.reversed().map { "\($0)\n" }.joined(), "\(sessions.stdout)")

        // Carried over to the next week, no session running: today's names are those of
        // the plan's day of today's weekday, as the file names them.
        let wednesday = (file["days"]?.arrayValue ?? []).first { $0["day"] == "Wednesday" }?["exercises"]?.arrayValue ?? []
        let today = try daemon.at(ms: Wall.ms("2026-12-09T08:00:00")) { try ctl(daemon, ["__complete-exercises"]) }
        func words(_ exercises: [JSONValue]) -> String {
            exercises.map { ($0["name"]?.stringValue ?? "").lowercased().replacingOccurrences(of: " ", with: "-") + "\n" }.joined()
        }
        #expect(!wednesday.isEmpty && today.stdout == words(wednesday), "\(today.stdout)")
        // Friday's training moved to today: Friday's names.
        let friday = (file["days"]?.arrayValue ?? []).first { $0["day"] == "Friday" }?["exercises"]?.arrayValue ?? []
        let moved = try daemon.at(ms: Wall.ms("2026-12-09T08:05:00")) { () throws -> ProcessResult in
            #expect(try ctl(daemon, ["plan", "move", "wed", "fri"]).status == 0)
            return try ctl(daemon, ["__complete-exercises"])
        }
        #expect(!friday.isEmpty && moved.stdout == words(friday), "\(moved.stdout)")
    }

    /// A finished session counts as its plan day trained: one with no set logged (a
    /// start by mistake) is finished only with --yes, and nothing changes without it.
    @Test func anEmptySessionIsFinishedOnlyWithYes() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try ctl(daemon, ["start"]).status == 0)
        let refused = try ctl(daemon, ["finish"])
        #expect(refused.status == 1 && refused.stderr.contains("has no set logged; finished, it counts as a session trained. Run again with --yes"),
                "\(refused.stderr)")
        #expect(try daemon.client().call("session.current")["state"] == "running", "still running")
        let json = try ctl(daemon, ["finish", "--json"])
        #expect(json.status == 1 && (try? JSONParser.parse(json.stdout))?["error"]?["data"]?["reason"] == "confirmation_required", "\(json.stdout)")
        // With a set, a warm-up too, a finish needs nothing more.
        #expect(try ctl(daemon, ["log", "--new", "row", "8", "30", "--warmup"]).status == 0)
        #expect(try ctl(daemon, ["finish"]).status == 0)
        #expect(try ctl(daemon, ["start", "--yes"]).status == 0)
        #expect(try ctl(daemon, ["finish", "--yes"]).status == 0, "finished as it is")
        #expect(try daemon.client().call("session.current") == .null)
    }

    /// A finished session entered by mistake is discarded by its id, with --yes (the
    /// daemon's confirm); it leaves the history and the week's figures.
    @Test func aFinishedSessionIsDiscardedByItsID() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try ctl(daemon, ["track", "yesterday", "18:00-19:00", "row", "2x8@50"]).status == 0)
        let id = try #require(try daemon.client().call("session.list").arrayValue?.first?["sessionId"]?.intValue)
        let refused = try ctl(daemon, ["abort", "--session", String(id)])
        #expect(refused.status == 1 && refused.stderr.contains("Session \(id) of ") && refused.stderr.contains("is finished (2 sets): discarding it removes it")
                && !refused.stderr.contains("finish it"), "\(refused.stderr)")
        // The daemon asks for the same confirmation of any program.
        let unconfirmed = try daemon.client().request("session.abort", .obj(["sessionId": JSONValue(id)]))
        #expect(unconfirmed["error"]?["data"]?["reason"] == "confirmation_required", "\(unconfirmed)")
        #expect(try daemon.client().call("session.list").arrayValue?.count == 1, "kept without --yes")
        let discarded = try ctl(daemon, ["abort", "--session", String(id), "--yes"])
        #expect(discarded.status == 0 && discarded.stdout == "session \(id) discarded\n", "\(discarded.stdout) \(discarded.stderr)")
        #expect(try daemon.client().call("session.list").arrayValue == [])
        let missing = try ctl(daemon, ["abort", "--session", String(id), "--yes"])
        #expect(missing.status == 1, "\(missing.stderr)")
    }

    @Test func showReadsBackAPastSessionsSetsWithIdsKindsAndNotes() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try ctl(daemon, ["start"]).status == 0)
        #expect(try ctl(daemon, ["log", "--new", "squat", "5", "60", "--warmup", "--note", "easy, slow"]).status == 0)
        #expect(try ctl(daemon, ["log", "squat", "2x5@100", "--rpe", "8"]).status == 0)
        #expect(try ctl(daemon, ["finish", "--rpe", "8.5", "--note", "good day"]).status == 0)
        #expect(try ctl(daemon, ["start", "--yes"]).status == 0, "a second session today, asked for")
        let shown = try ctl(daemon, ["show", "1"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let lines = shown.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("session 1 · ") == true && lines.first?.contains("finished") == true && lines.first?.hasSuffix("RPE 8.5") == true)
        #expect(lines.contains("note: good day"))
        #expect(lines.dropFirst(2).first == "  #1  Back Squat  set 1  5 × 60 kg  warm-up · \"easy, slow\"", "the catalog's name: \(shown.stdout)")
        #expect(lines.count == 5 && lines.last?.contains("RPE 8") == true)
        let json = try JSONParser.parse(try ctl(daemon, ["show", "1", "--json"]).stdout)
        #expect(json["sets"]?.arrayValue?.map { $0["kind"] } == ["warmup", "normal", "normal"])
        #expect(json["sets"]?[0]?["note"] == "easy, slow" && json["note"] == "good day" && json["rpe"] == 8.5)
        let current = try JSONParser.parse(try ctl(daemon, ["show", "--json"]).stdout)
        #expect(current["sessionId"] == 2 && current["state"] == "running", "without SESSION: the active session")
        let missing = try ctl(daemon, ["show", "99"])
        #expect(missing.status == 1 && missing.stderr.contains("No session with id 99"))
        #expect(try ctl(daemon, ["show", "latest"]).status == 2)
    }

    @Test func anExercisesHistoryAndProgressOverWeeks() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        // Three sessions: weeks 1 and 3 with squats, week 2 without.
        for (day, weight) in [("2026-11-02", 100.0), ("2026-11-09", 0), ("2026-11-16", 105)] {
            #expect(try ctl(daemon, ["start", day, "--at", Wall.at(day + "T09:00:00")]).status == 0)
            if weight > 0 {
                #expect(try ctl(daemon, ["log", "--new", "back squat", "5", "60", "--warmup", "--at", Wall.at(day + "T09:05:00")]).status == 0)
                #expect(try ctl(daemon, ["log", "--new", "back squat", "5", String(weight), "--at", Wall.at(day + "T09:10:00")]).status == 0)
                #expect(try ctl(daemon, ["log", "--new", "back squat", "3", String(weight + 5), "--at", Wall.at(day + "T09:15:00")]).status == 0)
            } else {
                #expect(try ctl(daemon, ["log", "--new", "row", "10", "50", "--at", Wall.at(day + "T09:10:00")]).status == 0)
            }
            #expect(try ctl(daemon, ["finish", "--at", Wall.at(day + "T10:00:00")]).status == 0)
        }
        let json = try JSONParser.parse(try ctl(daemon, ["history", "squat", "--json"]).stdout)
        #expect(json["name"] == "Back Squat", "as the catalog names it")
        let sessions = json["sessions"]?.arrayValue ?? []
        #expect(sessions.map { $0["date"] } == ["2026-11-02", "2026-11-16"])
        // Epley, counted sets only: the best of 5 × W and 3 × (W + 5).
        func epley(_ weight: Double, _ reps: Double) -> Double { weight * (1 + reps / 30) }
        let expected = max(epley(105, 5), epley(110, 3))
        #expect(abs((sessions.last?["bestOneRepMaxKg"]?.numberValue ?? 0) - expected) < 0.06, "\(sessions.last ?? .null)")
        #expect(sessions.first?["volumeKg"]?.numberValue == Double(5 * 100 + 3 * 105), "warm-ups add no volume")
        let weeks = json["weeks"]?.arrayValue ?? []
        #expect(weeks.map { $0["weekStart"] } == ["2026-11-02", "2026-11-09", "2026-11-16"] && weeks[1]["bestOneRepMaxKg"] == .null)
        let chart = try ctl(daemon, ["progress", "back", "--all"]).stdout.split(separator: "\n")
        #expect(chart.count == 4 && chart[2].hasSuffix("·") && chart[3].contains("█"), "\(chart)")
        let listed = try ctl(daemon, ["history", "back squat"]).stdout
        #expect(listed.contains("2026-11-16  e1RM") && listed.contains("W 5 × 60 kg"))
        let unknown = try ctl(daemon, ["progress", "sqaut"])
        #expect(unknown.status == 1 && unknown.stderr.contains("did you mean Back Squat?"), "\(unknown.stderr)")
        // A break of months is one line, not a line a week.
        #expect(try ctl(daemon, ["start", "2026-08-03", "--at", Wall.at("2026-08-03T09:00:00")]).status == 0)
        #expect(try ctl(daemon, ["log", "back squat", "5", "90", "--at", Wall.at("2026-08-03T09:10:00")]).status == 0)
        #expect(try ctl(daemon, ["finish", "--at", Wall.at("2026-08-03T10:00:00")]).status == 0)
        let long = try ctl(daemon, ["progress", "back", "--all"]).stdout.split(separator: "\n")
        #expect(long.count == 6 && long[2] == "2026-08-10  · 12 weeks without it, to 2026-10-26" && long[4] == "2026-11-09  ·", "\(long)")
    }

    /// progress shows the last 52 weeks unless asked; over years it goes by month.
    /// progress shows the last 52 weeks unless asked; over years it goes by month.
    @Test func progressShowsTheLastYearByDefaultAndMonthsOverYears() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let today = LocalClock().today()
        let days = [today.adding(days: -730), today.adding(days: -700), today.adding(days: -90), today.adding(days: -7)]
        for (index, day) in days.enumerated() {
            #expect(try ctl(daemon, ["track", day.description, "18:00-19:00", "--new", "squat", "5x5@\(100 + index * 5)"]).status == 0)
        }
        let yearAgo = today.mondayOfWeek.adding(days: -7 * 51)
        let recent = try ctl(daemon, ["progress", "squat"]).stdout.split(separator: "\n").map(String.init)
        #expect(recent.first?.hasSuffix("best e1RM and volume by week") == true, "\(recent)")
        let dates = recent.dropFirst().compactMap { LocalDate(String($0.prefix(10))) }
        #expect(dates.count == recent.count - 1 && dates.allSatisfy { $0 >= yearAgo }, "only the last 52 weeks: \(recent)")
        #expect(recent.last?.contains("█") == true)
        let all = try ctl(daemon, ["progress", "squat", "--all"]).stdout.split(separator: "\n").map(String.init)
        #expect(all.first?.hasSuffix("best e1RM and volume by month") == true, "\(all)")
        let first = String(days[0].description.prefix(7))
        #expect(all.dropFirst().first?.hasPrefix(first) == true && all.contains { $0.contains("months without it") }, "\(all)")
        // From the first month to the last, a line each, runs of three or more gaps as one.
        #expect(all.count < 30, "two years fit a screen: \(all.count) lines")
        #expect(try ctl(daemon, ["progress", "squat", "--all", "--from", days[0].description]).status == 2, "--all or a range")
    }

    @Test func plateMathUsesTheProfilesPlates() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try ctl(daemon, ["plates", "100"]).stdout.hasPrefix("100 kg: 20 kg bar + each side 25 + 15 (standard plates)"))
        #expect(try ctl(daemon, ["profile", "--weights", "20,10,5,2.5,32"]).status == 0)
        let own = try ctl(daemon, ["plates", "100"])
        #expect(own.stdout.hasPrefix("100 kg: 20 kg bar + each side 20 + 20 (the profile's weights)"), "\(own.stdout)")
        let json = try JSONParser.parse(try ctl(daemon, ["plates", "57.5", "--bar", "15", "--plates", "10,5,1.25", "--json"]).stdout)
        #expect(json["perSideKg"] == [10, 10, 1.25] && json["totalKg"] == 57.5)
        #expect(try ctl(daemon, ["plates", "heavy"]).status == 2)
        #expect(try ctl(daemon, ["plates", "100", "--plates", "10,,5"]).status == 2)
        #expect(try ctl(daemon, ["plates", "72.5", "--plates", "25,1.25"]).stdout == "72.5 kg: 20 kg bar + each side 25 + 1.25 (your plates)\n")
    }

    /// A day the plan does not list is a rest day: plan add gives it training and plan
    /// move --every-week trades with it, as with a rest day the plan lists; a date
    /// outside the plan's week is refused.
    @Test func aDayThePlanDoesNotListIsARestDayEditsCanTrain() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let plan = #"{"planName": "Two Days", "days": [{"day": "Tuesday", "title": "Pull", "exercises": [{"name": "Barbell Row", "sets": 3, "reps": 8}]},"#
            + #" {"day": "Thursday", "title": "Legs", "exercises": [{"name": "Goblet Squat", "sets": 3, "reps": 10}]}]}"#
        Fixtures.write(plan, to: daemon.directory + "/two.json")
        #expect(try daemon.importBeforeItsWeek("2026-11-30", [daemon.directory + "/two.json"]).status == 0)
        func days() throws -> [String: [String]] {
            var found: [String: [String]] = [:]
            for day in try daemon.client().call("plan.get")["days"]?.arrayValue ?? [] {
                found[day["date"]?.stringValue ?? "?"] = (day["exercises"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
            }
            return found
        }
        for (day, date) in [("wed", "2026-12-02"), ("2026-12-05", "2026-12-05")] {
            let added = try ctl(daemon, ["plan", "add", day, "Hammer Curl", "3x10"])
            #expect(added.status == 0, "\(day): \(added.stderr)")
            #expect(try days()[date] == ["Hammer Curl"], "\(day)")
        }
        let moved = try ctl(daemon, ["plan", "move", "tue", "sun", "--every-week"])
        #expect(moved.status == 0, "\(moved.stderr)")
        let week = try days()
        #expect(week["2026-12-06"] == ["Barbell Row"] && week["2026-12-01"]?.isEmpty != false, "\(week)")
        #expect(week["2026-12-03"] == ["Goblet Squat"] && week["2026-12-02"] == ["Hammer Curl"], "\(week)")
        let outside = try ctl(daemon, ["plan", "add", "2026-12-07", "Hammer Curl", "3x10"])
        #expect(outside.status == 2 && outside.stderr.contains("2026-11-30 to 2026-12-06"), "\(outside.stderr)")
    }

    /// A command missing a required word names the words it needs, not the pieces of
    /// its options' brackets; a negative duration is no duration.
    @Test func aMissingWordIsNamedAndANegativeDurationRefused() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let set = try ctl(daemon, ["plan", "set", "mon"])
        #expect(set.status == 2 && set.stderr.hasPrefix("sessionctl: plan set needs DAY EXERCISE\n"), "\(set.stderr)")
        let add = try ctl(daemon, ["plan", "add", "mon"])
        #expect(add.stderr.hasPrefix("sessionctl: plan add needs DAY NAME SETSxREPS|SETSxTIME\n"), "\(add.stderr)")
        for words in [["log", "squat", "5", "--at", "-100000000000000h"], ["finish", "--at", "-9999999999999999h"], ["start", "--at", "-99999999h"]] {
            let ago = try ctl(daemon, words)
            #expect(ago.status == 2 && ago.stderr.contains("--at must be a time such as") && ago.stderr.contains(words.last ?? ""), "\(words): \(ago.stderr)")
        }
        for words in [["backup", ""], ["export", ""], ["import", ""], ["plan", "check", ""], ["health", "import", ""]] {
            let empty = try ctl(daemon, words)
            #expect(empty.status == 2 && empty.stderr.hasPrefix("sessionctl: FILE is empty"), "\(words): \(empty.stderr)")
        }
        for option in ["--duration", "--remind"] {
            let negative = try ctl(daemon, ["plan", "export", option, "-5m", daemon.directory + "/plan.ics"])
            #expect(negative.status == 2 && negative.stderr.contains("\(option) must be"), "\(option): \(negative.stderr)")
        }
    }

    /// No command is a usage error, its help on standard error; an option no command
    /// takes before the command is named as an option, not as a command.
    @Test func noCommandOrAnUnknownOptionBeforeItIsAUsageError() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let bare = try ctl(daemon, [])
        #expect(bare.status == 2 && bare.stdout.isEmpty && bare.stderr.contains("Commands:"), "\(bare.stdout)")
        let bogus = try ctl(daemon, ["--bogus", "status"])
        #expect(bogus.status == 2 && bogus.stderr.contains("unknown option \"--bogus\"") && bogus.stderr.contains("Usage: sessionctl "), "\(bogus.stderr)")
    }

    /// edit reads a set's load as log does: -20 assisted, +5 added, bw.
    @Test func editTakesASetsLoadAsLogWritesIt() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("health.record", .obj(["type": "bodyMassKg", "value": 80, "date": "2026-11-01"]))
        _ = try client.call("session.start")
        let id = try #require(try client.call("session.log", .obj(["exercise": "Pull-Up", "reps": 6]))["setId"]?.intValue)
        for (words, kilograms) in [(["6", "-20"], -20.0), (["--weight", "+5"], 5), (["6", "bw"], 0)] {
            let run = try ctl(daemon, ["edit", String(id)] + words)
            #expect(run.status == 0, "\(words): \(run.stderr)")
            // Said as it was typed: assistance taken off, a load added, the body alone.
            let said = kilograms < 0 ? "6 reps, 20 kg assisted" : kilograms > 0 ? "6 reps, +5 kg" : "6 reps ·"
            #expect(run.stdout.contains(said), "\(words): \(run.stdout)")
            let set = try client.call("session.get", .obj(["sessionId": 1]))["sets"]?[0]
            #expect((set?["weightKg"]?.numberValue ?? 0) == kilograms, "\(words): \(String(describing: set))")
        }
    }

    /// "log 1 5" is five reps at the plan's weight, and says that the weight was the plan's.
    @Test func repsAloneTakeThePlansWeightAndSaySo() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        // A Monday: the plan's Back Squat, 3 × 5 at 100 kg.
        try daemon.on(LocalClock().today().mondayOfWeek.adding(days: -7)) { () throws -> Void in
            try daemon.importPlan(TrackPlanDayTests.plan)
            #expect(try ctl(daemon, ["start"]).status == 0)
            let logged = try ctl(daemon, ["log", "1", "5"])
            #expect(logged.status == 0 && logged.stdout.contains("5 × 100 kg (the weight as planned)"), "\(logged.stdout) \(logged.stderr)")
        }
    }

    /// An edit is read as a set typed in is: a weight over twice the heaviest logged is
    /// asked about, nothing changed, until --yes.
    @Test func anEditThatLooksMistypedIsAskedAboutAsLogAsks() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        let heaviest = 100.0
        let id = try #require(try client.call("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": .number(heaviest)]))["setId"]?.intValue)
        let typo = String(Int(heaviest * 2 + 50))
        let asked = try ctl(daemon, ["edit", String(id), "5", typo])
        #expect(asked.status == 1 && asked.stderr.contains("is more than twice the heaviest") && asked.stderr.contains("--yes"), "\(asked.stderr)")
        #expect(try client.call("session.get", .obj(["sessionId": 1]))["sets"]?[0]?["weightKg"] == .number(heaviest), "nothing was changed")
        #expect(try ctl(daemon, ["edit", String(id), "5", typo, "--yes"]).status == 0)
        #expect(try client.call("session.get", .obj(["sessionId": 1]))["sets"]?[0]?["weightKg"]?.numberValue == Double(typo))
    }

    /// A directory where a file is read or written is said once, as the data error it
    /// is (exit 1), --force or not.
    @Test func aDirectoryIsNoFileToReadOrWrite() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let directory = daemon.directory + "/a-directory"
        #expect(mkdir(directory, 0o700) == 0)
        let read = try ctl(daemon, ["import", directory])
        #expect(read.status == 1 && read.stderr == "sessionctl: cannot read \(directory): Is a directory\n", "\(read.stderr)")
        for force in [[], ["--force"]] {
            let written = try ctl(daemon, ["export", directory] + force)
            #expect(written.status == 1 && written.stderr == "sessionctl: cannot write \(directory): Is a directory\n", "\(force): \(written.stderr)")
        }
    }

    /// A value out of bounds is named as the command names it (an option, a word of
    /// the synopsis), never by its param.
    @Test func aValueOutOfBoundsIsNamedAsTheCommandNamesIt() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        for option in ["-H", "--socket"] {
            let bare = try ctl(daemon, [option])
            #expect(bare.status == 2 && bare.stderr.hasPrefix("sessionctl: \(option) needs a value (") && bare.stderr.contains("Usage: sessionctl [--socket PATH]"), "\(bare.stderr)")
        }
        // A week whose Sunday would be past 9999-12-31 is no week to answer about.
        for words in [["summary", "--week", "9999-12-31"], ["plan", "show", "--week", "9999-12-31"]] {
            let late = try ctl(daemon, words)
            #expect(late.status == 2 && late.stderr.hasPrefix("sessionctl: --week: 9999-12-31 lies in a week that ends past 9999-12-31"), "\(words): \(late.stderr)")
        }
        // A bad option is said before a planner is looked for.
        for (option, value) in [("--timeout", "abc"), ("--repairs", "99")] {
            let next = try ctl(daemon, ["plan", "next", option, value], environment: ["XDG_CONFIG_HOME": daemon.directory])
            #expect(next.status == 2 && next.stderr.hasPrefix("sessionctl: \(option) "), "\(option): \(next.stderr)")
        }
        let rest = try ctl(daemon, ["rest", "-99999"])
        #expect(rest.status == 2 && rest.stderr.hasPrefix("sessionctl: SECONDS: must be an integer from -3600 to 3600"), "\(rest.stderr)")
        for (option, value) in [("--start", Wall.at("2099-01-01T00:00:00")), ("--end", Wall.at("2099-01-01T00:00:00"))] {
            let edit = try ctl(daemon, ["edit", "--session", "1", option, value])
            #expect(edit.status == 2 && edit.stderr.hasPrefix("sessionctl: \(option): is in the future"), "\(option): \(edit.stderr)")
        }
    }

    @Test func aPoundLifterGetsPoundPlates() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let pounds = ["SESSIOND_UNITS": "lb"]
        let standard = try ctl(daemon, ["plates", "225"], environment: pounds)
        #expect(standard.stdout == "225 lb: 45 lb bar + each side 45 + 45 (standard plates)\n", "\(standard.stdout)")
        let metric = try ctl(daemon, ["plates", "100kg"], environment: pounds)
        #expect(metric.stdout.hasPrefix("220 lb: 45 lb bar + each side 45 + 35 + 5 + 2.5 (standard plates)\n0.46 lb short of 220.46 lb"), "\(metric.stdout)")
        #expect(try ctl(daemon, ["plates", "135", "--bar", "35", "--plates", "25,10"], environment: pounds).stdout == "135 lb: 35 lb bar + each side 25 + 25 (your plates)\n")
        let mixed = try ctl(daemon, ["plates", "225", "--plates", "20kg,2.5"], environment: pounds)
        #expect(mixed.stdout.hasPrefix("221.36 lb: 45 lb bar + each side 44.09 + 44.09 (your plates)"), "20 kg is 44.09 lb: \(mixed.stdout)")
        let json = try JSONParser.parse(try ctl(daemon, ["plates", "225", "--json"], environment: pounds).stdout)
        #expect(json["perSideKg"] == [20.41, 20.41] && json["barKg"] == 20.41 && json["targetKg"] == 102.06, "kilograms in JSON: \(json)")
        #expect(try ctl(daemon, ["plates", "40"], environment: pounds).stderr.contains("40 lb is lighter than the 45 lb bar"))
    }

    @Test func anAmbiguousPrefixListsCandidatesAndStoresNothing() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        try Workout.importPlan(try daemon.client(), weekStart: "2026-11-23")
        _ = try ctl(daemon, ["start", "2026-11-25"])
        // "squat" is the catalog's Back Squat; "sq" starts a word of two of the day's.
        let ambiguous = try ctl(daemon, ["log", "sq", "10"])
        #expect(ambiguous.status == 1 && !ambiguous.stderr.contains("Usage:"), "a refusal of what the words name, not of how they were typed")
        #expect(ambiguous.stderr.contains("\"sq\" matches several exercises; nothing was logged"))
        #expect(ambiguous.stderr.contains("1  Goblet Squat"))
        #expect(ambiguous.stderr.contains("3  Bulgarian Split Squat"))
        #expect(try daemon.client().call("session.current")["sets"] == 0)
        // A number past the day's exercises is refused the same way.
        let planned = try #require(try daemon.client().call("session.current")["exercises"]?.arrayValue?.count)
        let past = try ctl(daemon, ["log", String(planned + 1), "10"])
        #expect(past.status == 1 && past.stderr == "sessionctl: the session's plan has exercises 1 to \(planned), not \(planned + 1)\n", "\(past.stderr)")
        #expect(try daemon.client().call("session.current")["sets"] == 0)
        let unique = try ctl(daemon, ["log", "gob"])
        #expect(unique.stdout.hasPrefix("Goblet Squat · set 1/4 · 10 × 24 kg"))
    }

    /// "log plank 45" on a plank planned by time stores 45 s, and "24 kg" may be two words.
    /// "log plank 45" on a plank planned by time stores 45 s, and "24 kg" may be two words.
    @Test func plainNumbersFollowWhatThePlanMeasures() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let plan = Fixtures.dumbbellPlanPath
        #expect(try daemon.importBeforeItsWeek("2026-11-30", [plan]).status == 0)
        #expect(try ctl(daemon, ["start", "2026-11-30"]).status == 0)
        let plank = try JSONParser.parse(try ctl(daemon, ["log", "plank", "50", "--json"]).stdout)
        #expect(plank["durationSeconds"] == 50 && plank["reps"] == .null, "\(plank.jsonText)")
        let timed = try ctl(daemon, ["log", "plank", "1:05"])
        #expect(timed.stdout.hasPrefix("Plank · set 2/3 · 1:05 min"), "\(timed.stdout)")
        let bench = try JSONParser.parse(try ctl(daemon, ["log", "1", "10", "24", "kg", "--json"]).stdout)
        #expect(bench["reps"] == 10 && bench["weightKg"] == 24 && bench["durationSeconds"] == .null, "\(bench.jsonText)")
        let offPlan = try JSONParser.parse(try ctl(daemon, ["log", "--new", "bear crawl", "45", "--json"]).stdout)
        #expect(offPlan["reps"] == 45, "an off-plan exercise has no measure to follow: a count is reps")
    }

    /// In a free session "log push 15" continues the "push-up" logged before, and the
    /// finish line claims no plan.
    /// In a free session "log push 15" continues the "push-up" logged before, and the
    /// finish line claims no plan.
    @Test func aFreeSessionContinuesItsOwnExercises() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try ctl(daemon, ["start"]).status == 0)
        #expect(try ctl(daemon, ["log", "--new", "push-up", "20"]).stdout.hasPrefix("Push-Up (off-plan) · set 1 · 20 reps"), "as the catalog names it")
        let again = try ctl(daemon, ["log", "PUSH", "15"])
        #expect(again.stdout.hasPrefix("Push-Up (off-plan) · set 2 · 15 reps"), "\(again.stdout)")
        #expect(try ctl(daemon, ["log", "--new", "pull-up", "8"]).status == 0)
        let ambiguous = try ctl(daemon, ["log", "pu", "5"])
        #expect(ambiguous.status == 1 && ambiguous.stderr.contains("  -  Push-Up") && ambiguous.stderr.contains("Use more of the name"))
        let finished = try ctl(daemon, ["finish"])
        #expect(finished.stdout.hasPrefix("Free session finished · ") && !finished.stdout.contains("of plan"), "\(finished.stdout)")
    }

    @Test func jsonOutputParsesBack() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        try Workout.importPlan(try daemon.client())
        let started = try JSONParser.parse(try ctl(daemon, ["start", "2026-11-30", "--json"]).stdout)
        #expect(started["title"] == "Upper Push + Core")
        let logged = try JSONParser.parse(try ctl(daemon, ["log", "1", "8", "22.5", "--json"]).stdout)
        #expect(logged["progress"] == .obj(["loggedSets": 1, "plannedSets": 4]))
        let status = try JSONParser.parse(try ctl(daemon, ["status", "--json"]).stdout)
        #expect(status["sets"] == 1)
        let refused = try ctl(daemon, ["start", "--json"])
        #expect(refused.status == 1)
        #expect(try JSONParser.parse(refused.stdout)["error"]?["data"]?["reason"] == "session_already_active")
        let plans = try JSONParser.parse(try ctl(daemon, ["plan", "list", "--json"]).stdout)
        #expect(plans.arrayValue?.count == 1)
    }

    @Test func historyListsSessionsNewestFirst() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try ctl(daemon, ["history"]).stdout == "no sessions yet\n")
        #expect(try ctl(daemon, ["start", "2026-11-28", "--at", Wall.at("2026-11-28T09:00:00")]).status == 0)
        #expect(try ctl(daemon, ["log", "--new", "row", "10", "50", "--at", Wall.at("2026-11-28T09:10:00")]).status == 0)
        #expect(try ctl(daemon, ["finish", "--at", Wall.at("2026-11-28T10:05:00")]).status == 0)
        #expect(try ctl(daemon, ["start", "2026-11-29", "--at", Wall.at("2026-11-29T09:00:00")]).status == 0)
        #expect(try ctl(daemon, ["log", "--new", "squat", "5", "100", "--at", Wall.at("2026-11-29T09:05:00")]).status == 0)
        #expect(try ctl(daemon, ["log", "squat", "5", "100", "--at", Wall.at("2026-11-29T09:08:00")]).status == 0)
        #expect(try ctl(daemon, ["finish", "--at", Wall.at("2026-11-29T09:30:00")]).status == 0)
        let listed = try ctl(daemon, ["history"])
        let ids = try JSONParser.parse(try ctl(daemon, ["history", "--json"]).stdout).arrayValue?.compactMap { $0["sessionId"]?.intValue } ?? []
        #expect(ids.count == 2)
        #expect(listed.stdout == """
            \(ids[0])  2026-11-29  Free session    30:00    2 sets    1,000 kg
            \(ids[1])  2026-11-28  Free session  1:05:00     1 set      500 kg

            """, "\(listed.stdout)")
        // The id each line starts with is what show, log --session and edit --session take.
        let listedID = try #require(listed.stdout.split(separator: " ").first.map(String.init))
        let shown = try ctl(daemon, ["show", listedID])
        #expect(shown.status == 0 && shown.stdout.hasPrefix("session \(listedID) · 2026-11-29"), "\(shown.stdout)")
        let added = try ctl(daemon, ["log", "squat", "3", "100", "--session", listedID])
        #expect(added.status == 0 && added.stdout.contains("added to session \(listedID) of 2026-11-29"), "\(added.stdout) \(added.stderr)")
        let limited = try JSONParser.parse(try ctl(daemon, ["history", "--limit", "1", "--json"]).stdout)
        #expect(limited.arrayValue?.count == 1 && limited[0]?["date"] == "2026-11-29")
        #expect(try ctl(daemon, ["history", "--from", "2026-11-29", "--to", "2026-11-29"]).stdout.split(separator: "\n").count == 1)
        // Sessions there are, none on these dates: said so, not "no sessions yet".
        #expect(try ctl(daemon, ["history", "--from", "2026-11-30", "--to", "2026-11-30"]).stdout == "no sessions on those dates\n")
        let wrong = try ctl(daemon, ["history", "--limit", "0"])
        #expect(wrong.status == 2 && wrong.stderr.contains("--limit needs a number from 1 to 1000"))
        #expect(try ctl(daemon, ["start"]).status == 0)
        let page = try ctl(daemon, ["history", "--limit", "1"]).stdout.split(separator: "\n")
        #expect(page.first?.hasSuffix("running") == true, "the active session is marked: \(page)")
        #expect(page.count == 2 && page[1].hasPrefix("older: sessionctl history --limit 1 --before "), "a full page says how to go on: \(page)")
        // Against the daemon it was asked: the socket (or -H HOST) given comes along.
        let named = try ctl(daemon, ["--socket", daemon.socketPath, "history", "--limit", "1"]).stdout.split(separator: "\n")
        #expect(named.last?.hasPrefix("older: sessionctl history --socket \(daemon.socketPath) --limit 1 --before ") == true, "\(named)")
    }

    /// a weighted pull-up's estimate counts the lifter, not just the belt.
    @Test func bodyweightExercisesCountBodyMassPlusTheAddedLoad() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try ctl(daemon, ["start"]).status == 0)
        #expect(try ctl(daemon, ["log", "--new", "pull-up", "10"]).status == 0)
        // No body mass yet: no estimate, so six at +10 kg does not outrank ten at body weight.
        let unknown = try JSONParser.parse(try ctl(daemon, ["--json", "log", "pull-up", "6", "10"]).stdout)
        #expect(unknown["personalRecord"] == .null)
        #expect(try ctl(daemon, ["health", "mass", "80"]).status == 0)
        let light = try JSONParser.parse(try ctl(daemon, ["--json", "log", "pull-up", "12"]).stdout)
        #expect(light["personalRecord"]?["estimatedOneRepMaxKg"] == 112, "80 kg × (1 + 12/30)")
        let heavy = try ctl(daemon, ["log", "pull-up", "6", "20"])
        #expect(heavy.stdout.contains("— e1RM 120 kg"), "(80 + 20) × 1.2: \(heavy.stdout)")
        #expect(try ctl(daemon, ["finish"]).status == 0)
        let history = try JSONParser.parse(try ctl(daemon, ["history", "pull-up", "--json"]).stdout)
        #expect(history["sessions"]?[0]?["bestOneRepMaxKg"] == 120)
    }

    /// fixing sets and sessions afterwards, and confirming what discards history.
    /// fixing sets and sessions afterwards, and confirming what discards history.
    @Test func setsAndSessionsAreFixedAfterwardsAndDiscardingAsksForYes() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try ctl(daemon, ["start", "--at", "-40m"]).status == 0)
        #expect(try ctl(daemon, ["log", "--new", "squat", "5", "100", "--at", "-30m"]).status == 0)
        #expect(try ctl(daemon, ["log", "squat", "5", "120", "--at", "-20m"]).status == 0)
        #expect(try ctl(daemon, ["finish", "--at", "-10m"]).status == 0)

        // A typo in a finished session's set: the bests follow the fix.
        let fixed = try ctl(daemon, ["edit", "2", "5", "110", "--note", "belt"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stdout.contains("#2 · Back Squat · set 2 · 5 × 110 kg · session 1"), "the set id as show lists it: \(fixed.stdout)")
        let history = try JSONParser.parse(try ctl(daemon, ["history", "squat", "--json"]).stdout)
        #expect(history["sessions"]?[0]?["bestOneRepMaxKg"] == 128.3, "110 × (1 + 5/30), not the 140 of 120 kg")
        #expect(try ctl(daemon, ["edit", "1", "--warmup"]).status == 0)
        let shown = try JSONParser.parse(try ctl(daemon, ["show", "1", "--json"]).stdout)
        #expect(shown["sets"]?[0]?["kind"] == "warmup" && shown["sets"]?[1]?["note"] == "belt")

        // A forgotten set goes into the finished session, within its times only.
        let added = try ctl(daemon, ["log", "--session", "1", "squat", "3", "100", "--at", "-15m"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("added to session 1 of "))
        let late = try ctl(daemon, ["log", "--session", "1", "squat", "3", "100", "--at", "-5m"])
        #expect(late.status == 1 && late.stderr.contains("lies after session 1 ended"))

        // Its times move only as far as its sets allow.
        let moved = try ctl(daemon, ["edit", "--session", "1", "--start", "-35m", "--title", "Legs", "--rpe", "8"])
        #expect(moved.status == 0, "\(moved.stderr)")
        let detail = try JSONParser.parse(try ctl(daemon, ["show", "1", "--json"]).stdout)
        // Its times as a person reads them, not as the protocol writes them.
        let wall = { (text: String) in text.prefix(10) + " " + text.dropFirst(11).prefix(5) }
        let startedAt = detail["startedAt"]?.stringValue ?? "", endedAt = detail["endedAt"]?.stringValue ?? ""
        #expect(moved.stdout.contains(" · \(wall(startedAt))") && moved.stdout.contains(" to \(wall(endedAt))") && !moved.stdout.contains("T"),
                "\(moved.stdout) against \(startedAt), \(endedAt)")
        #expect(detail["title"] == "Legs" && detail["rpe"] == 8)
        #expect((1495...1500).contains(detail["durationSeconds"]?.intValue ?? 0), "-35m to -10m, each read when its command ran")
        let tooLate = try ctl(daemon, ["edit", "--session", "1", "--start", "-25m"])
        #expect(tooLate.status == 1 && tooLate.stderr.contains("before the new start"))

        // Removing a finished session's set asks for --yes.
        let undo = try ctl(daemon, ["undo", "3"])
        #expect(undo.status == 1 && undo.stderr.contains("which is finished") && undo.stderr.contains("Run again with --yes to go ahead.")
                && !undo.stderr.contains("\"confirm\""), "in sessionctl's words, not the protocol's: \(undo.stderr)")
        #expect(try ctl(daemon, ["undo", "3", "--yes"]).status == 0)

        // Aborting a session of several sets asks for --yes.
        #expect(try ctl(daemon, ["start", "--yes"]).status == 0)
        #expect(try ctl(daemon, ["log", "squat", "5", "100"]).status == 0)
        #expect(try ctl(daemon, ["log", "squat", "5", "100"]).status == 0)
        let abort = try ctl(daemon, ["abort"])
        #expect(abort.status == 1 && abort.stderr.contains("has 2 sets; aborting discards them all"))
        #expect(try ctl(daemon, ["status"]).stdout.contains("Back Squat"), "nothing was discarded")
        #expect(try ctl(daemon, ["abort", "--yes"]).status == 0)
        // A warm-up is a set logged too; one set alone goes without asking.
        #expect(try ctl(daemon, ["start", "--yes"]).status == 0)
        #expect(try ctl(daemon, ["log", "squat", "5", "60", "--warmup"]).status == 0)
        #expect(try ctl(daemon, ["log", "squat", "5", "100"]).status == 0)
        #expect(try ctl(daemon, ["abort"]).stderr.contains("has 2 sets; aborting discards them all"))
        #expect(try ctl(daemon, ["undo"]).status == 0)
        #expect(try ctl(daemon, ["abort"]).status == 0)
    }

    /// a lifter in pounds reads and types pounds; the daemon keeps kilograms.
    /// a lifter in pounds reads and types pounds; the daemon keeps kilograms.
    @Test func weightsInThePreferredUnit() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let pounds = ["SESSIOND_UNITS": "lb"]
        #expect(try ctl(daemon, ["start"]).status == 0)
        let logged = try ctl(daemon, ["log", "--new", "squat", "5", "225"], environment: pounds)
        #expect(logged.stdout.contains("5 × 225 lb"), "\(logged.stdout)\(logged.stderr)")
        let json = try JSONParser.parse(try ctl(daemon, ["--json", "log", "squat", "5", "100kg"], environment: pounds).stdout)
        #expect(json["weightKg"] == 100, "--json keeps kilograms")
        let stored = try JSONParser.parse(try ctl(daemon, ["show", "--json"]).stdout)
        #expect(stored["sets"]?[0]?["weightKg"] == 102.06)
        let health = try ctl(daemon, ["health", "weight", "180"], environment: pounds)
        #expect(health.stdout.contains("recorded body mass 180 lb"))
        #expect(try ctl(daemon, ["health", "weight", "80kg"]).stdout.contains("80 kg"))
        let empty = try ctl(daemon, ["profile"], environment: pounds)
        #expect(empty.stdout == "goals:     (none)\nequipment: (none)\nweights:   (none)\n", "nothing set yet: \(empty.stdout)")
        let profile = try ctl(daemon, ["profile", "--weights", "45,25lb,10kg"], environment: pounds)
        #expect(profile.stdout.contains("weights:   22, 25, 45 lb"), "\(profile.stdout)")
        // The config file's units when the environment says nothing; a bad file falls back to kg, said once.
        let config = Fixtures.temporaryDirectory("config")
        defer { Fixtures.removeTree(config) }
        mkdir(config + "/sessiond", 0o700)
        Fixtures.write("units = lb\n", to: config + "/sessiond/config")
        #expect(try ctl(daemon, ["show"], environment: ["XDG_CONFIG_HOME": config]).stdout.contains("5 × 225 lb"))
        Fixtures.write("units = stone\n", to: config + "/sessiond/config")
        let bad = try ctl(daemon, ["show"], environment: ["XDG_CONFIG_HOME": config])
        #expect(bad.status == 0 && bad.stdout.contains("5 × 102.1 kg") && bad.stderr.contains("units must be kg or lb"))
        #expect(try ctl(daemon, ["show"], environment: ["SESSIOND_UNITS": "stone"]).status == 2)
    }

    /// a watch started during a rest shows it, and a rest's end is told
    /// (the bell on a terminal; with --notify, notify-send).
    /// a whole past session in one command, as timew track.
    @Test func aWholePastSessionIsTrackedInOneCommand() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let tracked = try ctl(daemon, ["track", "2026-11-30", "18:00-19:05", "--new", "--rpe", "8", "squat", "3x5@100,", "row", "8", "60,", "plank", "45s"])
        #expect(tracked.status == 0, "\(tracked.stderr)")
        #expect(tracked.stdout.contains("tracked Workout · 2026-11-30 18:00 · 1:05:00 · 3 exercises · 5 sets"))
        let listed = try JSONParser.parse(try ctl(daemon, ["history", "--json"]).stdout)
        #expect(listed[0]?["date"] == "2026-11-30" && listed[0]?["durationSeconds"] == 3900 && listed[0]?["sets"] == 5)
        let shown = try JSONParser.parse(try ctl(daemon, ["show", "--json", "\(listed[0]?["sessionId"]?.intValue ?? 0)"]).stdout)
        #expect(shown["rpe"] == 8 && shown["sets"]?[4]?["durationSeconds"] == 45 && shown["sets"]?[3]?["weightKg"] == 60)
        // The same start and title again adds nothing; a later session across midnight.
        #expect(try ctl(daemon, ["track", "2026-11-30", "18:00-19:05", "squat", "5", "100"]).stdout.contains("already tracked"))
        let late = try ctl(daemon, ["track", "2026-11-30", "23:30-00:40", "--title", "Late", "squat", "5", "100"])
        #expect(late.stdout.contains("tracked Late · 2026-11-30 23:30 · 1:10:00"))
        // A typo or a set without numbers stores nothing.
        let typo = try ctl(daemon, ["track", "2026-11-29", "07:00-08:00", "sqaut", "5", "100"])
        #expect(typo.status == 1 && typo.stderr.contains("no exercise \"sqaut\" in the plan or your history; did you mean Back Squat?"), "\(typo.stderr)")
        #expect(try ctl(daemon, ["track", "2026-11-29", "07:00-08:00", "squat"]).status == 2)
        #expect(try ctl(daemon, ["track", "2026-11-29", "squat", "5"]).status == 2)
        #expect(try JSONParser.parse(try ctl(daemon, ["history", "--json"]).stdout).arrayValue?.count == 2)
        // The active plan's names match too: Wednesday's workout entered on Thursday.
        #expect(try daemon.importBeforeItsWeek("2026-11-30", [Fixtures.dumbbellPlanPath]).status == 0)
        let planned = try ctl(daemon, ["track", "2026-12-02", "18:00-19:00", "goblet", "4x10@24,", "split", "3x8@12.5,", "squat", "5", "100"])
        #expect(planned.status == 0, "\(planned.stderr)")
        let names = try JSONParser.parse(try ctl(daemon, ["show", "--json"]).stdout)["sets"]?.arrayValue?.compactMap { $0["exercise"]?.stringValue }
        #expect(names.map(Set.init) == ["Goblet Squat", "Bulgarian Split Squat", "Back Squat"], "the catalog's name for squat: \(names ?? [])")
        let plannedTypo = try ctl(daemon, ["track", "2026-12-03", "18:00-19:00", "calf raze", "3x15@20"])
        #expect(plannedTypo.status == 1 && plannedTypo.stderr.contains("did you mean Dumbbell Calf Raise?"), "\(plannedTypo.stderr)")
    }

    /// The catalog gives one lift one history under every name it knows; aliases do the
    /// same for a person's own names, and hide nothing when removed.
    /// The catalog gives one lift one history under every name it knows; aliases do the
    /// same for a person's own names, and hide nothing when removed.
    @Test func aliasesGiveOneLiftOneHistory() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try ctl(daemon, ["track", "2026-11-30", "18:00-19:00", "--new", "barbell", "bench", "press", "5", "80,",
                                 "heavy", "bulgarians", "8", "30,", "overhead", "press", "5", "50"]).status == 0)
        // The catalog's names are no aliases: ohp is Overhead Press already.
        let taken = try ctl(daemon, ["alias", "ohp", "Overhead Press"])
        #expect(taken.status == 1 && taken.stderr.contains("\"ohp\" is a name of Overhead Press in the exercise catalog already"), "\(taken.stderr)")
        // An alias names a known exercise: a typo makes no ghost exercise.
        let ghost = try ctl(daemon, ["alias", "bss2", "bulgarain"])
        #expect(ghost.status == 1 && ghost.stderr.contains("did you mean Bulgarian Split Squat?"), "\(ghost.stderr)")
        let merged = try ctl(daemon, ["alias", "heavy bulgarians", "Bulgarian Split Squat"])
        #expect(merged.stdout.contains("heavy bulgarians → Bulgarian Split Squat · 1 set moved to it"), "\(merged.stdout)\(merged.stderr)")
        #expect(try ctl(daemon, ["alias"]).stdout.contains("heavy bulgarians → Bulgarian Split Squat"))
        #expect(try ctl(daemon, ["start"]).status == 0)
        let logged = try ctl(daemon, ["log", "ohp", "5", "52.5"])
        #expect(logged.stdout.hasPrefix("Overhead Press") && logged.stdout.contains("personal record"), "\(logged.stdout)\(logged.stderr)")
        let bench = try ctl(daemon, ["log", "bench", "press", "5", "85"])
        #expect(bench.stdout.contains("personal record"), "the tracked \"barbell bench press\" is the history beaten: \(bench.stdout)\(bench.stderr)")
        let split = try ctl(daemon, ["log", "rfess", "8", "32"])
        #expect(split.stdout.hasPrefix("Bulgarian Split Squat") && split.stdout.contains("personal record"), "\(split.stdout)\(split.stderr)")
        #expect(try ctl(daemon, ["finish"]).status == 0)
        let history = try JSONParser.parse(try ctl(daemon, ["history", "ohp", "--json"]).stdout)
        #expect(history["sessions"]?.arrayValue?.count == 2, "a catalog name finds the exercise's whole history")
        let listed = try JSONParser.parse(try ctl(daemon, ["call", "history.exercises"]).stdout).arrayValue ?? []
        #expect(Set(listed.compactMap { $0["name"]?.stringValue }) == ["Overhead Press", "Bench Press", "Bulgarian Split Squat"])
        // Without counts: the same names in the same order, no set counted.
        let names = try JSONParser.parse(try ctl(daemon, ["call", "history.exercises", #"{"counts": false}"#]).stdout).arrayValue ?? []
        #expect(names.map { $0["name"] } == listed.map { $0["name"] } && names.allSatisfy { $0["sets"] == .null } && listed.allSatisfy { $0["sets"] != .null })
        #expect(try ctl(daemon, ["alias", "heavy bulgarians", "Heavy Bulgarians"]).status == 2, "an alias of itself")
        // Removed, the alias hides nothing: what was logged under its name is its own again.
        let removed = try ctl(daemon, ["alias", "--remove", "heavy bulgarians"])
        #expect(removed.status == 0 && removed.stdout.contains("1 set logged as heavy bulgarians are its own again"), "\(removed.stdout)")
        let own = try JSONParser.parse(try ctl(daemon, ["history", "heavy", "bulgarians", "--json"]).stdout)
        #expect(own["sessions"]?.arrayValue?.count == 1, "\(own)")
        let again = try ctl(daemon, ["alias", "--remove", "heavy bulgarians"])
        #expect(again.status == 1 && again.stderr.contains("no alias \"heavy bulgarians\"") && !again.stderr.contains("Usage:"),
                "an alias no longer there is a data error: \(again.stderr)")
    }
}
