import Foundation
import JSON
import Testing
import TestSupport

/// With --json every error is one object on standard output, whoever found it: a name
/// that names nothing or several, a plan with nothing to compare, a file of another
/// kind, an alias never made, a weight below the bar. Its message is what standard
/// error says, and the exit status 1 (a data error, no usage line).
@Suite struct JSONErrorTests {
    @Test func aRefusalSessionctlFindsItselfIsAnErrorObject() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        try daemon.importPlan(Fixtures.dumbbellPlan)
        let csv = daemon.file("workouts.csv", "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2026-11-30 18:00:00,Legs,Squat,1,100,5\n")
        let cases: [[String]] = [
            ["plan", "diff", "--json"],
            ["plan", "set", "mon", "zzzz", "--sets", "3", "--json"],
            ["track", "yesterday", "18:00-19:00", "zzzzqx", "5", "--json"],
            ["health", "import", csv, "--json"],
            ["sync", "unshare", "carol", "--json"],
            ["alias", "--remove", "nope", "--json"],
            ["plates", "15", "--json"],
        ]
        for arguments in cases {
            let run = try daemon.ctl(arguments)
            #expect(run.status == 1 && !run.stderr.contains("Usage:"), "\(arguments): \(run.status) \(run.stderr)")
            let error = (try? JSONParser.parse(run.stdout))?["error"]
            #expect(error?["kind"] == "data" && !(error?["message"]?.stringValue ?? "").isEmpty, "\(arguments): \(run.stdout)")
            let said = run.stderr.split(separator: "\n").first.map { String($0.dropFirst("sessionctl: ".count)) } ?? ""
            #expect(error?["message"]?.stringValue?.hasPrefix(said) == true, "\(arguments): \(run.stdout) against \(run.stderr)")
        }
    }

    /// plan diff with no PLAN-ID compares the active plan with the one it revises, else
    /// the one stored before it: an active plan with neither says so, in its words for
    /// one plan stored or several.
    @Test func aPlanDiffWithNothingBeforeTheActivePlanSaysWhy() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        try daemon.importPlan(Fixtures.dumbbellPlan)
        let alone = try daemon.ctl(["plan", "diff"])
        #expect(alone.status == 1 && alone.stderr.contains("plan 1 is the only plan stored"), "\(alone.stderr)")
        try daemon.importPlan(Fixtures.dumbbellPlan)
        #expect(try daemon.ctl(["plan", "diff"]).status == 0, "plan 2 against plan 1")
        #expect(try daemon.ctl(["plan", "activate", "1"]).status == 0)
        let first = try daemon.ctl(["plan", "diff"])
        #expect(first.status == 1 && first.stderr.contains("plan 1 revises no plan and was stored before the others") && !first.stderr.contains("only plan"),
                "\(first.stderr)")
        #expect(try daemon.ctl(["plan", "diff", "2", "1"]).status == 0)
    }

    /// A list of candidates cut short says how many more there are.
    @Test func anAmbiguousNamesListSaysHowManyMoreItLeftOut() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let run = try daemon.ctl(["track", "yesterday", "18:00-19:00", "dumbbell", "10"])
        let listed = run.stderr.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("  … and ") }
        let more = run.stderr.split(separator: "\n").first { $0.hasPrefix("  … and ") }.flatMap { Int($0.dropFirst("  … and ".count).prefix { $0.isNumber }) }
        #expect(run.status == 1 && listed.count == 8 && (more ?? 0) > 0, "\(run.stderr)")
        // No more than the catalog lists for the word.
        let candidates = try daemon.client().call("exercise.list", .obj(["search": "dumbbell"])).arrayValue?.count ?? 0
        #expect(candidates >= 8 + (more ?? 0), "\(candidates) names start with dumbbell")
    }

    /// An import refused for its rows is a data error object too, each problem with its
    /// line; the words stay on standard error.
    @Test func anImportRefusedForItsRowsIsAnErrorObject() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let csv = daemon.file("bad.csv", "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2026-11-30 18:00:00,Legs,Squat,1,100\n")
        let run = try daemon.ctl(["import", csv, "--json"])
        let error = (try? JSONParser.parse(run.stdout))?["error"]
        #expect(run.status == 1 && error?["kind"] == "data" && error?["problems"]?[0]?["line"] == 2, "\(run.stdout)")
        #expect(run.stderr.contains("not imported, nothing was stored"), "\(run.stderr)")
        // A problem the daemon finds has no line of the file: none, not line 0.
        let json = daemon.file("bad.json", #"{"format": "sessiond-history", "version": 1, "workouts": [{"start": "2026-11-30T18:00:00", "title": "Push", "#
            + #""sets": [{"exercise": "Bench Press", "reps": 5, "weightKg": -5}]}]}"#)
        let refused = try daemon.ctl(["import", json, "--json"])
        let problem = (try? JSONParser.parse(refused.stdout))?["error"]?["problems"]?[0]
        #expect(refused.status == 1 && problem?["line"] == .null && problem?["message"]?.stringValue?.contains("below zero") == true, "\(refused.stdout)")
    }

    /// A command that writes a file says, with --json, which file and what it holds, and
    /// writes it: a backup, an export, a plan's calendar, a progress chart.
    @Test func aFileWrittenIsSaidAsAnObject() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        try daemon.importPlan(Fixtures.dumbbellPlan)
        #expect(try daemon.ctl(["track", "yesterday", "18:00-19:00", "goblet", "squat", "3x10@24"]).status == 0)
        let runs: [(arguments: [String], file: String, key: String)] = [
            (["backup", daemon.file("copy.db", ""), "--force", "--json"], "copy.db", "bytes"),
            (["export", daemon.file("history.csv", ""), "--format", "strong", "--force", "--json"], "history.csv", "sessions"),
            (["plan", "export", daemon.file("week.ics", ""), "--force", "--json"], "week.ics", "trainingDays"),
            (["progress", "goblet", "squat", "--svg", daemon.file("squat.svg", ""), "--force", "--json"], "squat.svg", "exercise"),
        ]
        for run in runs {
            let result = try daemon.ctl(run.arguments)
            let said = try? JSONParser.parse(result.stdout)
            #expect(result.status == 0 && said?["file"]?.stringValue?.hasSuffix(run.file) == true && said?[run.key] != nil, "\(run.arguments): \(result.stdout) \(result.stderr)")
            let written = FileManager.default.contents(atPath: said?["file"]?.stringValue ?? "") ?? Data()
            #expect(!written.isEmpty, "\(run.file) written")
        }
    }

    /// `help COMMAND` is the command's help, as `COMMAND --help` is; `help plan` lists
    /// the plan commands; `help` of no command is one, said so. With --json and no
    /// command, the usage error is an object too; plan schema takes --json (it is JSON).
    @Test func helpOfACommandAndJSONWithoutOne() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let log = try daemon.ctl(["help", "log"])
        let asked = try daemon.ctl(["log", "--help"])
        #expect(log.status == 0 && log.stdout == asked.stdout && log.stdout.hasPrefix("Usage: sessionctl log"), "\(log.stdout)")
        let plan = try daemon.ctl(["help", "plan"])
        #expect(plan.status == 0 && plan.stdout.contains("plan import") && plan.stdout.contains("plan show") && !plan.stdout.contains("  log "), "\(plan.stdout)")
        let bogus = try daemon.ctl(["help", "bogus"])
        #expect(bogus.status == 2 && bogus.stderr.contains("unknown command \"bogus\""), "\(bogus.stderr)")
        let bare = try daemon.ctl(["--json"])
        #expect(bare.status == 2 && (try? JSONParser.parse(bare.stdout))?["error"]?["kind"] == "usage", "\(bare.stdout)")
        let schema = try daemon.ctl(["--json", "plan", "schema"])
        #expect(schema.status == 0 && (try? JSONParser.parse(schema.stdout))?["$schema"] != nil)
    }

    /// A usage error is said without the daemon: with none to reach, words that do not
    /// read are exit 2 with the usage line, not exit 3 (unreachable).
    @Test func aUsageErrorNeedsNoDaemon() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let nowhere = ["SESSIOND_SOCKET": daemon.file("none", "") + ".sock"]
        for arguments in [["history", "--from", "2026-12-05", "--to", "2026-12-01"], ["start", "yesterday", "--at", "25:99"], ["summary", "--week", "someday"],
                          ["health", "show", "--from", "soon"], ["plan", "show", "--week", "later"], ["progress", "squat", "--all", "--from", "mon"]] {
            let run = try daemon.ctl(arguments, environment: nowhere)
            #expect(run.status == 2 && run.stderr.contains("Usage:"), "\(arguments): \(run.status) \(run.stderr)")
        }
    }
}
