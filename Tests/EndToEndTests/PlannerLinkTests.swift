import Glibc
import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// `sessionctl plan next` against the fake planners of Tests/Planners: the built
/// binaries, a real daemon, real child processes.
@Suite struct PlannerLinkTests {
    static let planners = Fixtures.packageRoot + "/Tests/Planners/"

    /// A daemon, a directory the fake planners log their requests to, and sessionctl.
    final class Bench {
        let daemon: DaemonProcess
        let log = Fixtures.temporaryDirectory("planner")

        init(_ daemonArguments: [String] = []) throws { daemon = try DaemonProcess(extraArguments: daemonArguments) }

        deinit {
            daemon.cleanUp()
            Fixtures.removeTree(log)
        }

        func ctl(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
            let base = ["SESSIOND_SOCKET": daemon.socketPath, "PLANNER_LOG": log, "XDG_CONFIG_HOME": log + "/config", "SESSIOND_PLANNER": ""]
            return try runProcess(Binaries.sessionctl, arguments, environment: base.merging(environment) { $1 }, timeout: 60)
        }

        /// `plan next` for the week of 2027-01-04 with one of the fake planners.
        func next(_ planner: String, _ extra: [String] = []) throws -> ProcessResult {
            try ctl(["plan", "next", "--week", "2027-01-06", "--planner", PlannerLinkTests.planners + planner] + extra)
        }

        /// The request the planner read on its attempt N.
        func request(_ attempt: Int) throws -> JSONValue { try JSONParser.parse(Fixtures.read(log + "/request-\(attempt).json")) }

        func attempts() throws -> [JSONValue] {
            let listed = try ctl(["plan", "attempts", "--json"])
            return try JSONParser.parse(listed.stdout).arrayValue ?? []
        }

        /// True once the child a fake planner wrote to `child.pid` is gone (waiting up to 3 s).
        func childEnded() -> Bool {
            let child = pid_t(Fixtures.read(log + "/child.pid").trimmingWhitespace()) ?? 0
            guard child > 0 else { return false }
            return Wait.poll(timeout: 3) { kill(child, 0) != 0 }
        }

        func plans() throws -> [JSONValue] { try JSONParser.parse(try ctl(["plan", "list", "--json"]).stdout).arrayValue ?? [] }
    }

    @Test func aMessyButValidReplyIsImportedForTheWeekAskedAndKept() throws {
        let bench = try Bench()
        let result = try bench.next("messy.sh")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("imported plan 1: Full Body Basics · week of 2027-01-04 · active · 1 attempt"))
        // Many changes are told one line per kind; --verbose lists each.
        #expect(result.stdout.contains("11 changes made on import:"))
        #expect(result.stdout.contains("  2 numbers given as strings (days[0].exercises[0].sets, days[2].exercises[0].reps)"))
        #expect(!result.stdout.contains("converted to 22.7 kg"))

        // The request: the rendered prompt as an OpenAI-style conversation plus the schema.
        let request = try bench.request(1)
        #expect(request["weekStart"] == "2027-01-04")
        #expect(request["attempt"] == 1)
        #expect(request["messages"]?[0]?["role"] == "system")
        #expect(request["messages"]?[1]?["role"] == "user")
        #expect(request["messages"]?[1]?["content"]?.stringValue?.contains("Week starts Monday 2027-01-04.") == true)
        #expect(request["schema"]?["properties"]?["days"] != nil)

        let shown = try bench.ctl(["plan", "show", "--week", "2027-01-05", "--json"])
        #expect(try JSONParser.parse(shown.stdout)["name"] == "Full Body Basics")
        let attempts = try bench.attempts()
        #expect(attempts.count == 1)
        #expect(attempts.first?["outcome"] == "imported" && attempts.first?["planId"] == 1)
        #expect(attempts.first?["reply"]?.stringValue?.hasPrefix("Sure! Here's a balanced plan") == true)
        let verbose = try bench.ctl(["plan", "next", "--week", "2027-01-11", "--verbose", "--planner", Self.planners + "messy.sh"])
        #expect(verbose.stdout.contains("days[0].exercises[0].weight: \"50 lb\" converted to 22.7 kg"))
        #expect(verbose.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  ") }.count == 11)
    }

    @Test func aRefusedReplyIsRepairedWithItsPathErrors() throws {
        let bench = try Bench()
        let result = try bench.next("repairs.sh", ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let outcome = try JSONParser.parse(result.stdout)
        #expect(outcome["attempts"] == 2 && outcome["name"] == "Repaired" && outcome["dryRun"] == false)
        #expect(result.stderr.contains("attempt 1 of 3: the reply was refused (1 error); asking the planner to repair it"))

        // The second request carries the refused reply and the import's errors.
        let messages = try bench.request(2)["messages"]?.arrayValue ?? []
        #expect(messages.count == 4)
        #expect(messages[2]["role"] == "assistant" && messages[2]["content"]?.stringValue?.contains("\"Broken\"") == true)
        #expect(messages[3]["role"] == "user")
        #expect(messages[3]["content"]?.stringValue?.contains("- days[0].exercises[0].sets: must be an integer from 1 to 20, got 0") == true)

        let attempts = try bench.attempts()
        #expect(attempts.map { $0["outcome"] } == ["imported", "refused"])
        #expect(attempts.map { $0["run"] }.allSatisfy { $0 == outcome["run"] })
        #expect(attempts.last?["detail"]?.stringValue?.contains("days[0].exercises[0].sets") == true)
        #expect(try bench.plans().count == 1)
        let shown = try bench.ctl(["plan", "attempts", outcome["run"]?.stringValue ?? ""])
        #expect(shown.stdout.contains("attempt 1") && shown.stdout.contains("\"Broken\"") && shown.stdout.contains("as plan 1"))
    }

    @Test func repairsHaveALimitAndNothingIsImported() throws {
        let bench = try Bench()
        let result = try bench.next("invalid.sh", ["--repairs", "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the planner's reply was refused 2 times, nothing was imported"))
        #expect(result.stderr.contains("$: not a plan: the text contains no JSON object or array"))
        #expect(try bench.plans().isEmpty)
        #expect(try bench.attempts().map { $0["outcome"] } == ["refused", "refused"])
    }

    @Test func aCompletePlanIsImportedWhenTheChildItLeftKeepsItsOutputOpenAndTheChildGoes() throws {
        let bench = try Bench()
        let started = monotonicSeconds()
        let result = try bench.next("lingers.sh", ["--timeout", "30"])
        #expect(monotonicSeconds() - started < 10, "not waited for the child's output to close")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("imported plan 1: Lingering"), "\(result.stdout)")
        #expect(bench.childEnded(), "the planner's background child outlived sessionctl")
    }

    @Test func aPlannerThatHangsIsStoppedWithEverythingItStarted() throws {
        let bench = try Bench()
        let started = monotonicSeconds()
        let result = try bench.next("hangs.sh", ["--timeout", "1"])
        #expect(monotonicSeconds() - started < 15)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the planner did not answer within 1 s and was stopped (--timeout); nothing was imported"))
        // Its own child (the sleep) went with it: the whole process group was stopped.
        #expect(bench.childEnded())
        #expect(try bench.plans().isEmpty)
        #expect(try bench.attempts().map { $0["outcome"] } == ["failed"])
    }

    /// A planner that thinks longer than the daemon keeps an idle connection: its plan
    /// goes on a new connection, imported and counted.
    @Test func aPlannerOutlastingTheIdleTimeoutLosesNothing() throws {
        let bench = try Bench(["--idle-timeout", "1"])
        let result = try bench.ctl(["plan", "next", "--week", "2027-01-06", "--planner", "sleep 2.5 && exec \(Self.planners)messy.sh"])
        #expect(result.status == 0 && result.stdout.contains("imported plan 1: Full Body Basics"), "\(result.stdout) \(result.stderr)")
        #expect(try bench.attempts().count == 1 && bench.plans().count == 1)
    }

    /// Ctrl-C while the planner thinks: the planner, in a process group of its own that
    /// the terminal's Ctrl-C does not reach, is stopped with what it started; the
    /// attempt is kept as failed (it counts towards the monthly limit); exit status 130.
    @Test func anInterruptedRunStopsThePlannerAndKeepsTheAttempt() throws {
        let bench = try Bench()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binaries.sessionctl)
        process.arguments = ["plan", "next", "--week", "2027-01-06", "--planner", Self.planners + "hangs.sh"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["SESSIOND_SOCKET": bench.daemon.socketPath, "PLANNER_LOG": bench.log, "XDG_CONFIG_HOME": bench.log + "/config", "SESSIOND_PLANNER": ""]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Interrupted once the planner runs and has started its child.
        let childFile = bench.log + "/child.pid"
        #expect(Wait.poll(timeout: 20) { access(childFile, F_OK) == 0 && !Fixtures.read(childFile).trimmingWhitespace().isEmpty })
        process.interrupt()
        #expect(Wait.poll(timeout: 20) { !process.isRunning })
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130 && said.contains("sessionctl was interrupted (SIGINT) and stopped the planner; nothing was imported"),
                "\(process.terminationStatus) \(said)")
        #expect(bench.childEnded(), "the planner's child outlived sessionctl")
        #expect(try bench.attempts().map { $0["outcome"] } == ["failed"])
    }

    /// Under nohup a hang-up is ignored: it does not stop the planner, whose plan is
    /// imported.
    @Test func anIgnoredHangUpLeavesThePlannerBe() throws {
        let bench = try Bench()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nohup")
        let started = bench.log + "/started"
        process.arguments = [Binaries.sessionctl, "plan", "next", "--week", "2027-01-06",
                             "--planner", "touch \(started) && sleep 2 && exec \(Self.planners)messy.sh"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["SESSIOND_SOCKET": bench.daemon.socketPath, "PLANNER_LOG": bench.log, "XDG_CONFIG_HOME": bench.log + "/config", "SESSIOND_PLANNER": ""]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        #expect(Wait.poll(timeout: 20) { access(started, F_OK) == 0 })
        kill(process.processIdentifier, SIGHUP)
        #expect(Wait.poll(timeout: 20) { !process.isRunning })
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && process.terminationReason == .exit)
        #expect(try bench.plans().count == 1 && bench.attempts().count == 1)
    }

    @Test(arguments: [
        ("fails.sh", "the planner exited with status 22; nothing was imported", "401 Unauthorized"),
        ("silent.sh", "the planner printed nothing; nothing was imported", "(command: "),
    ])
    func aPlannerThatDoesNotAnswerGetsAClearMessage(planner: String, message: String, detail: String) throws {
        let bench = try Bench()
        let result = try bench.next(planner)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains(detail))
        #expect(try bench.plans().isEmpty)
        let attempts = try bench.attempts()
        #expect(attempts.count == 1 && attempts.first?["outcome"] == "failed")
        #expect(attempts.first?["detail"]?.stringValue?.contains(message.components(separatedBy: ";")[0]) == true)
        let json = try bench.next(planner, ["--json"])
        #expect(try JSONParser.parse(json.stdout)["error"]?["kind"] == "planner")
    }

    /// A reply that is not UTF-8 is refused as a plan file so written is, by its place,
    /// not made up into "�" and imported.
    @Test func aReplyThatIsNotUTF8IsRefusedByItsPlace() throws {
        let bench = try Bench()
        let planner = #"printf '{"planName": "Dumb\377bell", "days": []}'"#
        let result = try bench.ctl(["plan", "next", "--week", "2027-01-04", "--repairs", "0", "--planner", planner])
        #expect(result.status == 1 && result.stderr.contains("the planner's reply is not UTF-8 text at line 1 (byte 19); nothing was imported"), "\(result.stderr)")
        #expect(try bench.plans().isEmpty)
        #expect(try bench.attempts().first?["outcome"] == "failed")
    }

    @Test func aHugeReplyIsCutAndKeptNotSentWhole() throws {
        let bench = try Bench()
        // 400 kB of control characters: each is 6 bytes as JSON, far past a request line.
        let result = try bench.ctl(["plan", "next", "--week", "2027-01-04", "--repairs", "0", "--planner", #"yes "$(printf '\001')" | head -c 400000"#])
        #expect(result.status == 1, "\(result.stderr)")
        // Said to be cut here, at our limit: not "cut off" as if the model ran out of tokens.
        #expect(result.stderr.contains("the planner printed 400000 bytes, more than the 128 KiB a plan may be"), "\(result.stderr)")
        #expect(!result.stderr.contains("cut off"), "\(result.stderr)")
        let kept = try bench.attempts()
        #expect(kept.count == 1 && kept.first?["reply"]?.stringValue?.utf8.count == PlannerAttempt.Limits.replyBytes)
        #expect(kept.first?["outcome"] == "failed")
        // Its tokens are estimated from all it printed (4 bytes a token), not the part kept.
        #expect(kept.first?["outputTokens"] == .number(Double(400_000 / 4)) && kept.first?["tokenSource"] == "estimate", "\(kept.first ?? .null)")
    }

    @Test func aDryRunAsksAndChecksButStoresNothing() throws {
        let bench = try Bench()
        let result = try bench.next("repairs.sh", ["--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("dry run: the planner's plan imports (2 attempts); nothing was stored"))
        #expect(result.stdout.contains("Squat"))
        #expect(try bench.plans().isEmpty)
        #expect(try bench.attempts().isEmpty)
    }

    @Test func aPlannerOrConfigOthersMayChangeIsRefusedByNameAndAFIFOConfigHangsNothing() throws {
        let bench = try Bench()
        // A planner script its group may write, and one in a directory every user may write.
        let scripts = bench.log + "/scripts"
        mkdir(scripts, 0o755)
        for name in ["messy.sh", "log-request.sh"] { #expect(try runProcess("/bin/cp", [Self.planners + name, scripts + "/" + name]).status == 0) }
        chmod(scripts + "/messy.sh", 0o775)
        let writable = try bench.ctl(["plan", "next", "--week", "2027-01-06", "--planner", scripts + "/messy.sh"])
        #expect(writable.status == 1 && writable.stderr.contains("refusing to run the planner: \(scripts)/messy.sh: its group or every user may write to it"),
                "\(writable.status) \(writable.stderr)")
        chmod(scripts + "/messy.sh", 0o755)
        chmod(scripts, 0o777)
        let open = try bench.ctl(["plan", "next", "--week", "2027-01-06", "--planner", scripts + "/messy.sh"])
        #expect(open.status == 1 && open.stderr.contains("refusing to run the planner: \(scripts): its group"), "\(open.stderr)")
        chmod(scripts, 0o755)
        #expect(try bench.ctl(["plan", "next", "--week", "2027-01-06", "--planner", scripts + "/messy.sh"]).status == 0, "the same script, mode 0755 in a 0755 directory, runs")
        #expect(try bench.plans().count == 1)

        // A config file every user may write names its path, and no planner runs.
        mkdir(bench.log + "/config", 0o700)
        mkdir(bench.log + "/config/sessiond", 0o700)
        let config = bench.log + "/config/sessiond/config"
        Fixtures.write("planner = \(Self.planners)messy.sh\n", to: config)
        chmod(config, 0o666)
        let shared = try bench.ctl(["plan", "next", "--week", "2027-01-11"])
        #expect(shared.status == 1 && shared.stderr.contains("cannot read \(config): its group or every user may write to it"), "\(shared.stderr)")
        #expect(try bench.plans().count == 1)
        // A FIFO in its place: every command goes on (weights in kg) instead of hanging.
        unlink(config)
        #expect(mkfifo(config, 0o600) == 0)
        let status = try bench.ctl(["status"])
        #expect(status.status == 0 && status.stderr.contains("\(config): not a regular file"), "\(status.status) \(status.stderr)")
    }

    /// A run that kept nothing is a data error, said alike with --json.
    @Test func anUnknownRunsAttemptsAreADataErrorWithOrWithoutJSON() throws {
        let bench = try Bench()
        let plain = try bench.ctl(["plan", "attempts", "nosuch"])
        #expect(plain.status == 1 && plain.stderr.contains("no attempts kept for run \"nosuch\"") && plain.stdout.isEmpty, "\(plain.stderr)")
        let json = try bench.ctl(["--json", "plan", "attempts", "nosuch"])
        #expect(json.status == 1 && (try? JSONParser.parse(json.stdout))?["error"]?["kind"] == "data", "\(json.stdout)")
        let none = try bench.ctl(["plan", "attempts"])
        #expect(none.status == 0 && none.stdout.contains("no planner attempts kept yet"))
    }

    @Test func thePlannerComesFromTheOptionTheEnvironmentOrTheConfigFile() throws {
        let bench = try Bench()
        let none = try bench.ctl(["plan", "next"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no planner: give --planner CMD, set SESSIOND_PLANNER, or write \"planner = CMD\" in \(bench.log)/config/sessiond/config"))
        #expect(none.stderr.contains("(ready-made planners: contrib/planners in the source tree)"), "\(none.stderr)")
        // A week no plan may have is named as typed, not by the prompt's week before it.
        let first = try bench.ctl(["plan", "next", "--week", "0001-01-01", "--print-request"])
        #expect(first.status == 2 && first.stderr.contains("--week 0001-01-01 names the week of 0001-01-01: the week planned must start from 1969-12-29"),
                "\(first.stderr)")
        // A week before 1970 is refused before the planner is asked (no attempt kept).
        let old = try bench.ctl(["plan", "next", "--week", "1960-01-04", "--planner", "\(Self.planners)messy.sh"])
        #expect(old.status == 2 && old.stderr.contains("the week planned must start from 1969-12-29"), "\(old.stderr)")
        // An empty --planner is a usage error, not a planner run (and an attempt counted).
        let empty = try bench.ctl(["plan", "next", "--planner", " "])
        #expect(empty.status == 2 && empty.stderr.contains("--planner needs a command") && empty.stderr.contains("Usage:"), "\(empty.stderr)")
        #expect(try bench.attempts().isEmpty)
        // Installed (PREFIX/bin/sessionctl beside PREFIX/share/sessiond/planners), it names them there.
        let prefix = bench.log + "/prefix"
        for directory in [prefix, prefix + "/bin", prefix + "/share", prefix + "/share/sessiond", prefix + "/share/sessiond/planners"] { mkdir(directory, 0o755) }
        #expect(try runProcess("/bin/cp", [Binaries.sessionctl, prefix + "/bin/sessionctl"]).status == 0)
        let installed = try runProcess(prefix + "/bin/sessionctl", ["plan", "next"], environment: ["XDG_CONFIG_HOME": bench.log + "/config", "SESSIOND_SOCKET": bench.daemon.socketPath])
        #expect(installed.status == 2 && installed.stderr.contains("(ready-made planners: \(prefix)/share/sessiond/planners)"), "\(installed.stderr)")

        let printed = try bench.ctl(["plan", "next", "--print-request", "--week", "2027-01-04"], environment: ["SESSIOND_PLANNER": "false"])
        #expect(printed.status == 0)
        #expect(try JSONParser.parse(printed.stdout)["messages"]?.arrayValue?.count == 2)

        mkdir(bench.log + "/config", 0o700)
        mkdir(bench.log + "/config/sessiond", 0o700)
        let config = bench.log + "/config/sessiond/config"
        Fixtures.write("# planner for the tests\nplanner = \(Self.planners)repairs.sh\nplanner-repairs = 0\n", to: config)
        let fromFile = try bench.ctl(["plan", "next", "--week", "2027-01-04"])
        #expect(fromFile.status == 1, "one attempt only: planner-repairs = 0")
        #expect(fromFile.stderr.contains("attempt 1 of 1"))
        #expect(fromFile.stderr.contains("the planner's reply was refused, nothing was imported; the last errors:"))
        let fromEnvironment = try bench.ctl(["plan", "next", "--week", "2027-01-04"], environment: ["SESSIOND_PLANNER": Self.planners + "messy.sh"])
        #expect(fromEnvironment.status == 0, "the environment comes before the file")

        Fixtures.write("planner = x\nplaner-timeout = 5\n", to: config)
        let typo = try bench.ctl(["plan", "next"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("config:2: unknown key \"planer-timeout\""))
    }

    @Test func redoingADayMakesANewVersionAndKeepsTheOld() throws {
        let bench = try Bench()
        let imported = try bench.daemon.on(Fixtures.monday.adding(days: -1)) {
            try bench.ctl(["plan", "import", "--week-start", "2026-11-30", Fixtures.dumbbellPlanPath])
        }
        #expect(imported.status == 0)
        let before = try JSONParser.parse(try bench.ctl(["plan", "show", "--json"]).stdout)
        // A session trained on the old version keeps its rows.
        let started = try bench.ctl(["start", "2026-11-30"])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(try bench.ctl(["log", "1", "8", "22.5"]).status == 0)
        #expect(try bench.ctl(["finish"]).status == 0)

        // Within the plan's week, as the daemon has it.
        let result = try bench.daemon.on(Fixtures.monday.adding(days: 1)) {
            try bench.ctl(["plan", "redo", "wednesday", "--avoid", "Burpee", "--planner", Self.planners + "redo.sh"])
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("attempt 1 of 3: the reply was refused (1 error)"))
        #expect(result.stdout.contains("Wednesday 2026-12-02 redone: plan 2 is a new version of plan 1, which is kept"))

        // The request asked for that day only, avoiding the rest of the week and --avoid.
        let ask = try bench.request(1)["messages"]?[1]?["content"]?.stringValue ?? ""
        #expect(ask.hasPrefix("Write one training day only: Wednesday 2026-12-02"))
        #expect(ask.contains("Dumbbell Bench Press") && ask.contains(", Burpee"))
        #expect(try bench.request(2)["messages"]?[3]?["content"]?.stringValue?.contains("- days: expected exactly one training day (Wednesday), got 2") == true)

        let after = try JSONParser.parse(try bench.ctl(["plan", "show", "--json"]).stdout)
        #expect(after["planId"] == 2 && after["active"] == true)
        let days = after["days"]?.arrayValue ?? []
        #expect(days.first { $0["date"] == "2026-12-02" }?["exercises"]?[0]?["name"] == "Kettlebell Swing")
        // Every other day as it was.
        let unchanged = { (plan: JSONValue) in (plan["days"]?.arrayValue ?? []).filter { $0["date"] != "2026-12-02" }.map { $0["exercises"]?.arrayValue?.map { $0["name"] } ?? [] } }
        #expect(unchanged(after) == unchanged(before))
        let plans = try bench.plans()
        #expect(plans.map { $0["planId"] } == [2, 1] && plans.first?["revises"] == 1 && plans.last?["revises"] == .null)
        let session = try JSONParser.parse(try bench.ctl(["show", "1", "--json"]).stdout)
        #expect(session["sets"]?[0]?["exercise"] == "Dumbbell Bench Press")
        let attempts = try bench.attempts()
        #expect(attempts.first?["reply"]?.stringValue?.contains("\"Redo\"") == true, "the raw reply is kept, not the merged plan")

        let outside = try bench.daemon.on(Fixtures.monday.adding(days: 1)) { try bench.ctl(["plan", "redo", "2026-12-09", "--planner", Self.planners + "redo.sh"]) }
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("2026-12-09 is not in today's plan's week (2026-11-30 to 2026-12-06)"))
    }

    /// A plan carried over past its own week is redone in the daemon's week: the planner
    /// is asked for that week's day, and the new version is that week's (it had been
    /// asked for a day months gone, and this week's date was refused).
    @Test func aCarriedOverPlansDayIsRedoneInThisWeek() throws {
        let bench = try Bench()
        let imported = try bench.daemon.on(Fixtures.monday.adding(days: -1)) {
            try bench.ctl(["plan", "import", "--week-start", Fixtures.monday.description, Fixtures.dumbbellPlanPath])
        }
        #expect(imported.status == 0)
        // Two weeks on: the plan trains carried over.
        let later = Fixtures.monday.adding(days: 14)
        let result = try bench.daemon.on(later.adding(days: 1)) {
            try bench.ctl(["plan", "redo", later.adding(days: 2).description, "--planner", Self.planners + "redo.sh"])
        }
        #expect(result.status == 0, "\(result.stderr)")
        let ask = try bench.request(1)["messages"]?[1]?["content"]?.stringValue ?? ""
        #expect(ask.hasPrefix("Write one training day only: Wednesday \(later.adding(days: 2)), in the week starting Monday \(later)"), "\(ask)")
        let after = try JSONParser.parse(try bench.daemon.on(later.adding(days: 1)) { try bench.ctl(["plan", "show", "--json"]) }.stdout)
        #expect(after["weekStart"] == .string(later.description) && after["planId"] == 2, "\(after)")
    }

    @Test func anAttemptIsKeptOnceAndAPlannersImportNamesItsAttempt() throws {
        let bench = try Bench()
        let client = try bench.daemon.client()
        let attempt: JSONValue = .obj(["run": "r1", "attempt": 1, "planner": "p", "reply": "nope", "outcome": "refused"])
        #expect(try client.call("plan.attempt", attempt)["attemptId"] == 1)
        let again = try client.request("plan.attempt", attempt)
        #expect(again["error"]?["code"] == -32602)
        #expect(again["error"]?["data"]?["errors"]?[0]?["message"] == "attempt 1 of run \"r1\" is already kept")
        let imported = try client.request("plan.attempt", .obj(["run": "r1", "attempt": 2, "planner": "p", "reply": "{}", "outcome": "imported"]))
        #expect(imported["error"]?["data"]?["errors"]?[0]?["path"] == "params.outcome")
        let missing = try client.request("plan.attempt", .obj(["run": "r1", "planner": "p", "reply": "", "outcome": "failed"]))
        #expect(missing["error"]?["data"]?["errors"]?[0]?["path"] == "params.attempt")
        let partial = try client.request("plan.import", .obj(["plan": .string(Fixtures.dumbbellPlan), "run": "r1"]))
        #expect(partial["error"]?["data"]?["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue } == ["params.attempt", "params.planner"])
        // A refused import with a run keeps nothing: the client keeps the refusal with plan.attempt.
        let refused = try client.request("plan.import", .obj(["plan": "not a plan", "run": "r1", "attempt": 2, "planner": "p"]))
        #expect(refused["error"]?["code"] == -32010)
        #expect(try client.call("plan.attempts", .obj(["run": "r1"])).arrayValue?.count == 1)
        #expect(try client.call("plan.attempts", .obj(["run": "other"])).arrayValue?.isEmpty == true)
    }

    private func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
