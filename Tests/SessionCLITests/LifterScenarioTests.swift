import Foundation
import SessionSystem
import Testing
import TestSupport
import SessionCore
import JSON

/// Four weeks of a lifter's use, through sessionctl as a person types it: a plan carried
/// over for weeks, live, back-dated and tracked sessions, an undo, an edit and an
/// aborted session, `plan next`, a second plan, and the JSON export restored into an
/// empty daemon. Every week's summary is checked against a count the test makes itself
/// from what it logged and the plan's rows, before and after next week's plan arrives
/// and after the restore; the weeks' prompt text is kept readable in
/// Tests/Scenarios/lifter-weeks.txt.
@Suite struct LifterScenarioTests {
    /// The plan's rows (Tests/Fixtures/plans/dumbbell-3day.json): weekday offset, and
    /// each exercise's name and planned sets.
    static let planDays: [(offset: Int, name: String, exercises: [(name: String, sets: Int)])] = [
        (0, "Mon", [("Dumbbell Bench Press", 4), ("Seated Dumbbell Shoulder Press", 3), ("Dumbbell Fly", 3), ("Overhead Triceps Extension", 3), ("Plank", 3)]),
        (2, "Wed", [("Goblet Squat", 4), ("Dumbbell Romanian Deadlift", 4), ("Bulgarian Split Squat", 3), ("Dumbbell Calf Raise", 3), ("Dead Bug", 3)]),
        (4, "Fri", [("One-Arm Dumbbell Row", 4), ("Pull-Up", 3), ("Dumbbell Reverse Fly", 3), ("Hammer Curl", 3), ("Side Plank", 2)]),
    ]

    /// What the test logged, by week: each session's day offset and its counted sets as
    /// (exercise, reps, kg).
    struct Logged {
        var sessions: [(day: Int, sets: [(exercise: String, reps: Int?, kg: Double?)])] = []
    }

    /// The summary the test expects of a week, counted from `logged` and the plan.
    static func expected(_ logged: Logged, monday: LocalDate, today: LocalDate) -> (sessions: Int, sets: Int, volume: Double, completed: [String], missed: [String], skipped: [String]) {
        var completed: [String] = []
        var missed: [String] = []
        var skipped: [String] = []
        for day in planDays {
            let date = monday.adding(days: day.offset)
            let done = logged.sessions.filter { $0.day == day.offset }
            guard date < today || (date == today && !done.isEmpty) else { continue }
            if done.isEmpty {
                missed.append(date.description)
                continue
            }
            completed.append(date.description)
            for exercise in day.exercises {
                let count = done.flatMap(\.sets).filter { $0.exercise == exercise.name }.count
                // Named as every output names it: the catalog's name.
                let name = ExerciseCatalog.builtIn.exercise(named: exercise.name)?.name ?? exercise.name
                if count < exercise.sets { skipped.append("\(date) \(name) \(count)/\(exercise.sets)") }
            }
        }
        let sets = logged.sessions.flatMap(\.sets)
        let volume = sets.reduce(0.0) { $0 + Double($1.reps ?? 0) * ($1.kg ?? 0) }
        return (logged.sessions.count, sets.count, volume, completed, missed, skipped)
    }

    /// The week's summary as the daemon gives it, in the same terms.
    static func summary(_ daemon: InProcessDaemon, _ monday: LocalDate) throws -> (sessions: Int, sets: Int, volume: Double, completed: [String], missed: [String], skipped: [String]) {
        let json = try JSONParser.parse(try daemon.ctl(["summary", "--week", monday.description, "--json"]).stdout)
        func dates(_ key: String) -> [String] { (json[key]?.arrayValue ?? []).compactMap(\.stringValue) }
        let skipped = (json["skipped"]?.arrayValue ?? []).map {
            "\($0["date"]?.stringValue ?? "?") \($0["name"]?.stringValue ?? "?") \($0["setsDone"]?.intValue ?? -1)/\($0["setsPlanned"]?.intValue ?? -1)"
        }
        return (json["sessions"]?.intValue ?? -1, json["sets"]?.intValue ?? -1, json["volumeKg"]?.numberValue ?? -1,
                dates("completedPlannedDays"), dates("missedDays"), skipped)
    }

    static func check(_ daemon: InProcessDaemon, weeks: [(monday: LocalDate, logged: Logged)], today: LocalDate, _ when: String) throws {
        for (monday, logged) in weeks {
            let want = expected(logged, monday: monday, today: today)
            let got = try summary(daemon, monday)
            #expect(got.sessions == want.sessions && got.sets == want.sets, "\(when), week of \(monday): \(got) vs \(want)")
            #expect(abs(got.volume - want.volume) < 0.5, "\(when), week of \(monday): volume \(got.volume) vs \(want.volume)")
            #expect(got.completed == want.completed && got.missed == want.missed, "\(when), week of \(monday): \(got) vs \(want)")
            #expect(got.skipped == want.skipped, "\(when), week of \(monday): \(got.skipped) vs \(want.skipped)")
        }
    }

    @Test func fourWeeksOfALifterAddUpBeforeAndAfterNextWeeksPlanAndARestore() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let today = LocalClock().today()
        let current = today.mondayOfWeek
        let (w3, w2, w1) = (current.adding(days: -21), current.adding(days: -14), current.adding(days: -7))
        func ctl(_ arguments: [String]) throws {
            let run = try daemon.ctl(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stdout) \(run.stderr)")
        }
        func at(_ date: LocalDate, _ time: String) -> String { Wall.at("\(date)T\(time)") }

        // The plan, imported the day before three weeks ago; it carries over to every week since.
        let imported = try daemon.importBeforeItsWeek(w3.description, [Fixtures.dumbbellPlanPath])
        #expect(imported.status == 0, "\(imported.stderr)")
        var logged: [LocalDate: Logged] = [w3: Logged(), w2: Logged(), w1: Logged(), current: Logged()]

        // Week 1, Monday: a live session entered with its times; a set undone in the
        // middle and logged again; a set edited after the session ended.
        try ctl(["start", "--at", at(w3, "18:00")])
        for minute in ["05", "08", "11"] { try ctl(["log", "1", "8", "22.5", "--at", at(w3, "18:" + minute)]) }
        let shown = try JSONParser.parse(try daemon.ctl(["show", "--json"]).stdout)
        let second = try #require(shown["sets"]?[1]?["setId"]?.intValue)
        try ctl(["undo", "\(second)"])
        // "bench" alone is the catalog's (barbell) Bench Press: the lifter says which.
        for minute in ["14", "16"] { try ctl(["log", "dumbbell", "bench", "8", "22.5", "--at", at(w3, "18:" + minute)]) }
        for minute in ["20", "23", "26"] { try ctl(["log", "shoulder", "10", "15", "--at", at(w3, "18:" + minute)]) }
        try ctl(["finish", "--at", at(w3, "19:00"), "--rpe", "8"])
        let monday = try JSONParser.parse(try daemon.ctl(["show", "--json"]).stdout)
        let press = try #require(monday["sets"]?.arrayValue?.first { $0["exercise"] == "Seated Dumbbell Shoulder Press" }?["setId"]?.intValue)
        try ctl(["edit", "\(press)", "8"])
        logged[w3]?.sessions.append((0, Array(repeating: ("Dumbbell Bench Press", 8, 22.5), count: 4)
            + [("Seated Dumbbell Shoulder Press", 8, 15), ("Seated Dumbbell Shoulder Press", 10, 15), ("Seated Dumbbell Shoulder Press", 10, 15)]))
        // Wednesday, tracked afterwards in full.
        try ctl(["track", w3.adding(days: 2).description, "18:00-19:10", "goblet", "4x10@24,", "romanian", "4x10@20,", "bulgarian", "3x8@12.5,",
                 "calf", "3x15@20,", "dead", "bug", "3x10"])
        logged[w3]?.sessions.append((2, Array(repeating: ("Goblet Squat", 10, 24), count: 4) + Array(repeating: ("Dumbbell Romanian Deadlift", 10, 20), count: 4)
            + Array(repeating: ("Bulgarian Split Squat", 8, 12.5), count: 3) + Array(repeating: ("Dumbbell Calf Raise", 15, 20), count: 3)
            + Array(repeating: ("Dead Bug", 10, nil), count: 3)))

        // Week 2 (carried over), Monday: started for its day afterwards, everything logged,
        // the last plank undone with --last and logged again.
        try ctl(["start", w2.description])
        for words in [["1", "4x8@22.5"], ["2", "3x10@15"], ["3", "3x12@10"], ["4", "3x12@12.5"], ["plank", "45s"], ["plank", "45s"], ["plank", "45s"]] {
            try ctl(["log"] + words)
        }
        try ctl(["undo", "--last", "1"])
        try ctl(["log", "plank", "50s"])
        try ctl(["finish"])
        logged[w2]?.sessions.append((0, Array(repeating: ("Dumbbell Bench Press", 8, 22.5), count: 4) + Array(repeating: ("Seated Dumbbell Shoulder Press", 10, 15), count: 3)
            + Array(repeating: ("Dumbbell Fly", 12, 10), count: 3) + Array(repeating: ("Overhead Triceps Extension", 12, 12.5), count: 3)
            + Array(repeating: ("Plank", nil, nil), count: 3)))
        // Friday, tracked: half the day.
        try ctl(["track", w2.adding(days: 4).description, "07:00-07:40", "row", "4x10@25,", "pull-up", "3x6"])
        logged[w2]?.sessions.append((4, Array(repeating: ("One-Arm Dumbbell Row", 10, 25), count: 4) + Array(repeating: ("Pull-Up", 6, nil), count: 3)))

        // Week 3, Wednesday: a session begun and aborted, then the one that counts.
        try ctl(["start", "--at", at(w1.adding(days: 2), "18:00")])
        try ctl(["log", "goblet", "4x10@24", "--at", at(w1.adding(days: 2), "18:05")])
        try ctl(["abort", "--yes"])
        try ctl(["start", "--at", at(w1.adding(days: 2), "19:00")])
        try ctl(["log", "goblet", "2x10@24", "--at", at(w1.adding(days: 2), "19:05")])
        try ctl(["finish", "--at", at(w1.adding(days: 2), "19:30")])
        logged[w1]?.sessions.append((2, Array(repeating: ("Goblet Squat", 10, 24), count: 2)))

        let weeks = [w3, w2, w1, current].map { (monday: $0, logged: logged[$0] ?? Logged()) }
        try Self.check(daemon, weeks: weeks, today: today, "as logged")
        let prompts = try [w3, w2, w1].map { try daemon.ctl(["summary", "--week", $0.description, "--prompt"]).stdout }

        // Next week's plan from the planner, and a second plan for the week after: the
        // weeks behind keep the plan they trained against.
        let next = try daemon.ctl(["plan", "next", "--week", current.adding(days: 7).description, "--planner", Fixtures.packageRoot + "/Tests/Planners/messy.sh"],
                                  environment: ["XDG_CONFIG_HOME": daemon.directory, "SESSIOND_PLANNER": ""])
        #expect(next.status == 0, "\(next.stdout) \(next.stderr)")
        try ctl(["plan", "import", "--no-activate", "--week-start", current.adding(days: 14).description, Fixtures.dumbbellPlanPath])
        try Self.check(daemon, weeks: weeks, today: today, "after next week's plan")
        #expect(try [w3, w2, w1].map { try daemon.ctl(["summary", "--week", $0.description, "--prompt"]).stdout } == prompts)
        let nextWeek = try JSONParser.parse(try daemon.ctl(["plan", "show", "--week", current.adding(days: 7).description, "--json"]).stdout)
        #expect(nextWeek["planId"] == 2, "next week trains the planner's plan: \(nextWeek["planId"] ?? .null)")

        // The stored sets: the test's own count (warm-ups none, the aborted session's gone).
        let stored = try JSONParser.parse(try daemon.ctl(["call", "session.list", #"{"limit": 100}"#]).stdout)
        let total = weeks.flatMap { $0.logged.sessions }.flatMap(\.sets).count
        #expect(stored.arrayValue?.reduce(0) { $0 + ($1["sets"]?.intValue ?? 0) } == total && stored.arrayValue?.count == 5)

        // Exported and restored into an empty daemon: the same weeks, the same prompts.
        let file = daemon.directory + "/all.json"
        try ctl(["export", "--format", "json", file])
        let restored = try InProcessDaemon()
        defer { restored.cleanUp() }
        #expect(try restored.ctl(["import", file]).status == 0)
        try Self.check(restored, weeks: weeks, today: today, "restored")
        #expect(try [w3, w2, w1].map { try restored.ctl(["summary", "--week", $0.description, "--prompt"]).stdout } == prompts)
        #expect(try restored.ctl(["prompt"]).stdout == daemon.ctl(["prompt"]).stdout)

        // The weeks' prompt text, dates as weeks ago: what a reviewer reads.
        var text = ""
        for (label, week, prompt) in zip3(["3 weeks ago", "2 weeks ago", "last week"], [w3, w2, w1], prompts) {
            text += "## \(label)\n" + prompt.replacingOccurrences(of: "Week of \(week)", with: "Week of (\(label))")
        }
        let fixture = Fixtures.packageRoot + "/Tests/Scenarios/lifter-weeks.txt"
        #expect(text == Fixtures.read(fixture), "the weeks read as Tests/Scenarios/lifter-weeks.txt says:\n\(text)")
    }

    private func zip3<A, B, C>(_ a: [A], _ b: [B], _ c: [C]) -> [(A, B, C)] {
        zip(zip(a, b), c).map { ($0.0, $0.1, $1) }
    }
}
