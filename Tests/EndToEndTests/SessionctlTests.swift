import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// sessionctl as a person uses it between two sets, against a running daemon.
@Suite struct SessionctlTests {
    /// Runs sessionctl against `daemon`.
    func ctl(_ daemon: DaemonProcess, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
        try daemon.ctl(arguments, stdin: stdin, environment: environment)
    }

    @Test func completionAfterGlobalOptionsForValuesAndIgnoringCase() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        try Workout.importPlan(try daemon.client())
        #expect(try ctl(daemon, ["start", "2026-11-30"]).status == 0)
        let socket = daemon.socketPath
        let script = """
            source <(sessionctl completion bash)
            line() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _sessionctl; echo "${COMPREPLY[*]}"; }
            line sessionctl --socket \(socket) lo
            line sessionctl --json --socket \(socket) log --kind W
            line sessionctl --socket \(socket) plan activate ""
            line sessionctl health SL
            line sessionctl watch set.
            line sessionctl --socket \(socket) plan export --format ""
            line sessionctl --socket \(socket) log DUMBBELL-F
            line sessionctl health import --format a
            """
        let run = try runProcess("/bin/bash", ["-c", script], environment: ["PATH": Binaries.directory + ":/usr/bin:/bin", "SESSIOND_SOCKET": "/nonexistent"])
        #expect(run.stdout.split(separator: "\n", omittingEmptySubsequences: false).prefix(8).map(String.init) == [
            "log", "warmup", "1", "sleep", "set.logged set.edited set.undone", "ics markdown pdf", "dumbbell-fly", "apple auto-export",
        ], "\(run.stdout) \(run.stderr)")
    }

    @Test func aCompletedNameIsQuotedAsTheShellReadsIt() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        try Workout.importMonday(try daemon.client(), exercises: """
            {"name": "World's Greatest Stretch", "sets": 2, "durationSeconds": 30}, {"name": "Squat (Barbell)", "sets": 3, "reps": 5}
            """)
        #expect(try ctl(daemon, ["start", "2026-11-30"]).status == 0)
        let script = """
            source <(sessionctl completion bash)
            line() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _sessionctl; echo "${COMPREPLY[*]}"; }
            line sessionctl log WORLD
            line sessionctl log squat
            # What the shell makes of each completed word, as one argument.
            eval "printf '%s\\n' $(line sessionctl log WORLD) $(line sessionctl log squat)"
            """
        let run = try runProcess("/bin/bash", ["-c", script], environment: ["PATH": Binaries.directory + ":/usr/bin:/bin", "SESSIOND_SOCKET": daemon.socketPath])
        #expect(run.stdout.split(separator: "\n").map(String.init) == [
            #"world\'s-greatest-stretch"#, #"squat-\(barbell\)"#, "world's-greatest-stretch", "squat-(barbell)",
        ], "\(run.stdout) \(run.stderr)")
        let logged = try JSONParser.parse(try ctl(daemon, ["log", "world's-greatest-stretch", "30s", "--json"]).stdout)
        #expect(logged["exercise"] == "World's Greatest Stretch" && logged["offPlan"] == false, "\(logged)")
        // history and progress complete what was logged, today's plan or not.
        #expect(try ctl(daemon, ["log", "--new", "sandbag", "carry", "40s"]).status == 0)
        let history = try runProcess("/bin/bash", ["-c", "source <(sessionctl completion bash); COMP_WORDS=(sessionctl history ''); COMP_CWORD=2; _sessionctl; echo \"${COMPREPLY[*]}\""],
                                     environment: ["PATH": Binaries.directory + ":/usr/bin:/bin", "SESSIOND_SOCKET": daemon.socketPath])
        #expect(Set(history.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)) == [#"world\'s-greatest-stretch"#, "sandbag-carry"], "\(history.stdout)")
        // track completes a name after its times and after each comma: logged or planned.
        let track = """
            source <(sessionctl completion bash)
            line() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _sessionctl; echo "${COMPREPLY[*]}"; }
            line sessionctl track yesterday 18:00-19:05 ""
            line sessionctl track 18:00-19:05 sandbag-carry 40s, SQ
            line sessionctl track yesterday ""
            """
        let tracked = try runProcess("/bin/bash", ["-c", track], environment: ["PATH": Binaries.directory + ":/usr/bin:/bin", "SESSIOND_SOCKET": daemon.socketPath])
        let lines = tracked.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Set(lines[0].split(separator: " ").map(String.init)) == [#"world\'s-greatest-stretch"#, "sandbag-carry", #"squat-\(barbell\)"#], "\(tracked.stdout)")
        #expect(lines[1] == #"squat-\(barbell\)"# && lines[2] == "", "a day is no exercise: \(tracked.stdout)")
    }

    @Test func exitStatusesSayWhatHappened() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let refused = try ctl(daemon, ["log", "row", "5"])
        #expect(refused.status == 1)
        // One wording whichever command finds no session.
        let wording = "No session is active; start one with sessionctl start.\n"
        #expect(refused.stderr == "sessionctl: " + wording, "\(refused.stderr)")
        #expect(try ctl(daemon, ["finish"]).stderr == "sessionctl: " + wording)
        #expect(try ctl(daemon, ["status"]).stdout == wording)
        #expect(try ctl(daemon, ["log"]).stderr == "sessionctl: " + wording, "no EXERCISE: the next planned set of a session there is not")
        #expect(try ctl(daemon, ["log", "row", "5", "heavy"]).status == 2)
        #expect(try ctl(daemon, ["start", "tomorrow"]).status == 2)
        // Checked by sessionctl before anything is sent: a usage error, in CLI words.
        let badTime = try ctl(daemon, ["log", "row", "5", "--at", "yesterday"])
        #expect(badTime.status == 2 && badTime.stderr.contains("--at must be a time such as 18:05"))
        let badKind = try ctl(daemon, ["log", "row", "5", "--kind", "superset"])
        #expect(badKind.status == 2 && badKind.stderr.contains("--kind must be one of normal, warmup, drop, failure"))
        let badRPE = try ctl(daemon, ["finish", "--rpe", "11"])
        #expect(badRPE.status == 2 && badRPE.stderr.contains("--rpe: must be a number from 1 to 10") && !badRPE.stderr.contains("params."), "\(badRPE.stderr)")
        // Checked by the contract's own declaration before anything is sent: a track's too.
        let trackRPE = try ctl(daemon, ["track", "yesterday", "18:00-19:00", "--rpe", "11", "--new", "row", "3x8"])
        #expect(trackRPE.status == 2 && trackRPE.stderr.contains("--rpe: must be a number from 1 to 10, got 11"), "\(trackRPE.stderr)")
        // A set's weight out of bounds is named with what was typed.
        let trackWeight = try ctl(daemon, ["track", "yesterday", "18:00-19:00", "--new", "squat", "3x5@2000"])
        #expect(trackWeight.status == 2 && trackWeight.stderr.contains("SETS: must be a number from -500 to 1000, got 2000"), "\(trackWeight.stderr)")
        for (words, says) in [(["sleep", "30"], "sleep must be from 0 to 24 h, got 30"), (["steps", "9000.5"], "steps must be a whole number"),
                              (["steps", "-5"], "steps must be from 0 to 200000 steps"), (["mass", "2000"], "body mass must be from 20 kg to 400 kg")] {
            let health = try ctl(daemon, ["health"] + words)
            #expect(health.status == 2 && health.stderr.contains(says) && !health.stderr.contains("params."), "\(words): \(health.stderr)")
        }
        let both = try ctl(daemon, ["log", "row", "5", "--warmup", "--kind", "drop"])
        #expect(both.status == 2 && both.stderr.contains("say different kinds"))
        let disagree = try ctl(daemon, ["start", "2026-11-28", "--at", "2026-11-29T09:00:00Z"])
        #expect(disagree.status == 2 && disagree.stderr.contains("DATE: 2026-11-28 is not the day of at"), "\(disagree.stderr)")
        // What only the daemon checks is a usage error too, named by its option.
        let longGoals = try ctl(daemon, ["profile", "--goals", String(repeating: "x", count: 600)])
        #expect(longGoals.status == 2 && longGoals.stderr.contains("--goals: must be at most") && !longGoals.stderr.contains("params."), "\(longGoals.stderr)")
        let manyWeights = try ctl(daemon, ["profile", "--weights", (1...30).map(String.init).joined(separator: ",")])
        #expect(manyWeights.status == 2 && manyWeights.stderr.contains("--weights: must be"), "\(manyWeights.stderr)")
        let watch = try ctl(daemon, ["watch", "set.logged", "bogus.event"])
        #expect(watch.status == 2 && watch.stderr.contains("TYPE: unknown value \"bogus.event\""), "\(watch.stderr)")
        let raw = try ctl(daemon, ["call", "profile.set", #"{"weightsKg": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]}"#])
        #expect(raw.status == 1 && raw.stderr.contains("params.weightsKg"), "call speaks the protocol: \(raw.stderr)")
        let backwards = try ctl(daemon, ["history", "--from", "2026-12-01", "--to", "2026-11-01"])
        #expect(backwards.status == 2 && backwards.stderr.contains("lies after --to"), "not \"no sessions yet\"")
        // A command group alone lists its commands; an unknown word is named alone.
        let group = try ctl(daemon, ["plan"])
        #expect(group.status == 2 && group.stderr.contains("plan import") && group.stderr.contains("plan export"))
        let groupHelp = try ctl(daemon, ["plan", "--help"])
        #expect(groupHelp.status == 0 && groupHelp.stdout.contains("plan show"))
        // A word too many is said, not ignored.
        let extra = try ctl(daemon, ["status", "now"])
        #expect(extra.status == 2 && extra.stderr.contains("status takes no arguments, got \"now\""), "\(extra.stderr)")
        #expect(try ctl(daemon, ["plan", "show", "3", "--week", "2026-11-30"]).status == 2)
        let unknown = try ctl(daemon, ["rename", "3"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown command \"rename\"; did you mean \"resume\"?\nUsage: sessionctl [--socket PATH]"), "\(unknown.stderr)")
        let typo = try ctl(daemon, ["plan", "shwo"])
        #expect(typo.status == 2 && typo.stderr.contains("did you mean \"plan show\"?\nUsage: sessionctl plan COMMAND"), "\(typo.stderr)")
        // --json may come before the command, and errors are JSON on stdout too.
        #expect(try ctl(daemon, ["--json", "history"]).status == 0)
        let jsonUsage = try ctl(daemon, ["--json", "log", "row", "5", "heavy"])
        #expect(jsonUsage.status == 2 && (try? JSONParser.parse(jsonUsage.stdout))?["error"]?["kind"] == "usage")
        // Every error with --json has a kind and a message; a refusal also the daemon's code and data.
        let noPlan = try ctl(daemon, ["plan", "show", "99", "--json"])
        let refusal = try JSONParser.parse(noPlan.stdout)["error"]
        #expect(noPlan.status == 1 && refusal?["kind"] == "refused" && refusal?["code"] == -32011 && refusal?["data"]?["reason"] == "plan_not_found"
                && refusal?["message"]?.stringValue?.isEmpty == false, "\(noPlan.stdout)")
        let unnamed = try ctl(daemon, ["progress", "zzzqq", "--json"])
        #expect(unnamed.status == 1 && (try? JSONParser.parse(unnamed.stdout))?["error"]?["kind"] == "refused", "an exercise named by nothing: \(unnamed.stdout)")
        let unread = try ctl(daemon, ["import", daemon.directory + "/missing.csv", "--json"])
        #expect(unread.status == 1 && (try? JSONParser.parse(unread.stdout))?["error"]?["kind"] == "file", "\(unread.stdout)")
        daemon.stop()
        let unreachable = try ctl(daemon, ["status"])
        #expect(unreachable.status == 3)
        #expect(unreachable.stderr.contains("cannot reach sessiond at \(daemon.socketPath)"))
        #expect(unreachable.stderr.contains("Start it with"))
        #expect(try ctl(daemon, ["log", "row", "5"]).status == 3)
        let jsonUnreachable = try ctl(daemon, ["status", "--json"])
        #expect(jsonUnreachable.status == 3 && (try? JSONParser.parse(jsonUnreachable.stdout))?["error"]?["kind"] == "unreachable")
    }

    @Test func everyVerbHasHelp() throws {
        let verbs = [["start"], ["log"], ["status"], ["pause"], ["resume"], ["undo"], ["finish"], ["abort"], ["history"],
                     ["plan", "import"], ["plan", "show"], ["plan", "list"], ["plan", "activate"], ["plan", "check"],
                     ["plan", "schema"], ["summary"], ["health"], ["profile"], ["prompt"], ["watch"], ["call"], ["completion"],
                     ["rest"], ["calendar"], ["exercise", "rest"], ["progress"]]
        for verb in verbs {
            let help = try runProcess(Binaries.sessionctl, verb + ["--help"])
            #expect(help.status == 0, "\(verb)")
            #expect(help.stdout.hasPrefix("Usage: sessionctl \(verb.joined(separator: " "))"), "\(verb)")
        }
        for arguments in [["--version"], ["--socket", "/nonexistent", "--version"]] {
            let version = try runProcess(Binaries.sessionctl, arguments)
            #expect(version.status == 0 && version.stdout == "sessionctl \(SessiondVersion.current)\n", "\(arguments)")
        }
        let help = try runProcess(Binaries.sessionctl, ["--json", "--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("Usage: sessionctl [--socket PATH]"), "help after a global option")
        // After `--`, "--help" is an argument: a file named so, not the help.
        let file = try runProcess(Binaries.sessionctl, ["plan", "check", "--", "--help"])
        #expect(file.status == 1 && file.stderr.contains("cannot read --help") && !file.stderr.contains("Usage:")
                && !file.stdout.hasPrefix("Usage:"), "a file that cannot be read: a data error, not the help: \(file.stdout) \(file.stderr)")
    }

    /// Output that does not reach standard output (a full disk under `export > FILE`,
    /// here /dev/full) is a failure said on standard error, exit 1: a backup taken so
    /// is never reported as made.
    @Test func outputThatCannotBeWrittenIsAFailure() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        _ = try daemon.client().call("session.start")
        _ = try daemon.client().call("session.log", .obj(["exercise": "Squat", "reps": 5, "weightKg": 100]))
        _ = try daemon.client().call("session.finish")
        for arguments in [["plan", "schema"], ["export"], ["history", "--json"]] {
            let run = try runProcess("/bin/sh", ["-c", "exec \"$0\" \"$@\" > /dev/full", Binaries.sessionctl, "--socket", daemon.socketPath] + arguments)
            #expect(run.status == 1 && run.stderr.contains("sessionctl: cannot write to standard output: No space left on device"),
                    "\(arguments): \(run.status) \(run.stderr)")
        }
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func coloursOnlyOnATerminalAndNeverWithNoColor() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let file = Fixtures.examplesDirectory + "/plans/messy-model-output.txt"
        let command = "\(Binaries.sessionctl) plan check \(file)"
        let terminal = try runProcess("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["TERM": "xterm"])
        #expect(terminal.stdout.contains("\u{1B}[1m"), "a terminal gets colours")
        let noColor = try runProcess("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(noColor.stdout.contains("Hypertrophy Split"))
        #expect(!noColor.stdout.contains("\u{1B}["), "NO_COLOR turns them off")
        let piped = try runProcess(Binaries.sessionctl, ["plan", "check", file])
        #expect(!piped.stdout.contains("\u{1B}["), "a pipe gets plain text")
    }

    @Test func watchPrintsEvents() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: Binaries.sessionctl)
        watcher.arguments = ["watch", "--json", "--socket", daemon.socketPath]
        let output = Pipe()
        watcher.standardOutput = output
        try watcher.run()
        defer { kill(watcher.processIdentifier, SIGKILL); watcher.waitUntilExit() }
        // With --json the watcher prints nothing until an event: the daemon tells when
        // it subscribed.
        try Wait.until("the watcher to subscribe") { try daemon.client().call("daemon.status")["subscribers"] == 1 }
        _ = try ctl(daemon, ["start"])
        _ = try ctl(daemon, ["log", "--new", "bear crawl", "10"])
        _ = try ctl(daemon, ["undo"])
        var text = ""
        let handle = output.fileHandleForReading
        while text.components(separatedBy: "\n").count < 5 {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        let lines = text.split(separator: "\n").map { try? JSONParser.parse(String($0)) }
        #expect(lines.first??["type"] == "session.started")
        #expect(lines.dropFirst().first??["type"] == "set.logged")
        // An off-plan set starts the default rest, which the undo cancels.
        #expect(lines.dropFirst(2).first??["type"] == "rest.started" && lines.dropFirst(2).first??["seconds"] == 90)
        #expect(lines.dropFirst(3).first??["type"] == "set.undone" && lines.dropFirst(3).first??["exercise"] == "bear crawl", "watchers learn a set went")
    }

    @Test func bashCompletionKnowsVerbsAndTodaysExercises() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let script = try runProcess(Binaries.sessionctl, ["completion", "bash"])
        #expect(script.status == 0)
        #expect(script.stdout.contains("complete -F _sessionctl sessionctl"))
        #expect(script.stdout.contains("\"plan import\") flags=\""))
        try Workout.importPlan(try daemon.client(), weekStart: "2026-11-23")
        _ = try ctl(daemon, ["start", "2026-11-25"])
        #expect(try ctl(daemon, ["log", "--new", "sandbag", "carry", "40s"]).status == 0)
        let names = try ctl(daemon, ["__complete-exercises"])
        #expect(names.stdout.split(separator: "\n").first == "goblet-squat")
        #expect(names.stdout.split(separator: "\n").last == "sandbag-carry", "off-plan names logged today complete too")
        let directory = Fixtures.temporaryDirectory("completion")
        defer { Fixtures.removeTree(directory) }
        Fixtures.write(script.stdout, to: directory + "/sessionctl.bash")
        let check = try runProcess("/bin/bash", ["-c", "source \(directory)/sessionctl.bash && COMP_WORDS=(sessionctl pl) COMP_CWORD=1 _sessionctl && echo \"${COMPREPLY[*]}\""])
        #expect(check.stdout.contains("plan"))
    }

    /// a weighted pull-up's estimate counts the lifter, not just the belt.
    /// a watch started during a rest shows it, and a rest's end is told
    /// (the bell on a terminal; with --notify, notify-send).
    @Test func watchShowsARunningRestAndNotifiesItsEnd() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let directory = Fixtures.temporaryDirectory("notify")
        defer { Fixtures.removeTree(directory) }
        // A stand-in notify-send that writes down what it was asked to say.
        Fixtures.write("#!/bin/sh\nprintf '%s|' \"$@\" >> \(directory)/notified\n", to: directory + "/notify-send")
        chmod(directory + "/notify-send", 0o755)
        let days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map {
            #"{"day": "\#($0)", "title": "T", "exercises": [{"name": "Row", "sets": 3, "reps": 8, "restSeconds": 1}]}"#
        }
        #expect(try ctl(daemon, ["plan", "import", "-"], stdin: #"{"planName": "P", "days": ["# + days.joined(separator: ",") + "]}").status == 0)
        #expect(try ctl(daemon, ["start"]).status == 0)

        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: Binaries.sessionctl)
        watcher.arguments = ["watch", "--notify", "--socket", daemon.socketPath]
        watcher.environment = ["PATH": directory + ":/usr/bin:/bin"]
        let output = Pipe()
        // Standard error says what it watches once subscribed; the events follow on output.
        watcher.standardOutput = output
        watcher.standardError = output
        try watcher.run()
        defer { kill(watcher.processIdentifier, SIGKILL); watcher.waitUntilExit() }
        _ = try Wait.output(of: output.fileHandleForReading, containing: "watching events")  // subscribed
        #expect(try ctl(daemon, ["log", "row"]).status == 0)
        var notified = ""
        _ = Wait.poll(timeout: 5) {
            notified = (try? String(contentsOfFile: directory + "/notified", encoding: .utf8)) ?? ""
            return !notified.isEmpty
        }
        #expect(notified.contains("Rest over|Next set of Row.|"), "\(notified)")

        // An off-plan set starts the default rest; a watch started now shows it.
        #expect(try ctl(daemon, ["log", "--new", "bear crawl", "10"]).status == 0)
        let late = Process()
        late.executableURL = URL(fileURLWithPath: Binaries.sessionctl)
        late.arguments = ["watch", "--socket", daemon.socketPath]
        let lateOutput = Pipe()
        late.standardOutput = lateOutput
        try late.run()
        defer { kill(late.processIdentifier, SIGKILL); late.waitUntilExit() }
        var text = ""
        while !text.contains("resting:") {
            let data = lateOutput.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        #expect(text.contains("resting: 1:") && text.contains("left after bear crawl"), "\(text)")
    }

    /// a whole past session in one command, as timew track.
}
