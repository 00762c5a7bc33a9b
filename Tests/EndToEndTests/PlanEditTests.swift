import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// `plan set/swap/add/remove/move`: each edit stored as a new version of the active
/// plan through the import's checks, the plan before it kept.
@Suite struct PlanEditTests {
    @Test func eachEditIsANewVersionWithJustThatChange() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["plan", "import", Fixtures.dumbbellPlanPath]).status == 0)
        let original = try daemon.client().call("plan.get")
        func plan() throws -> JSONValue { try daemon.client().call("plan.get") }
        func day(_ plan: JSONValue, _ weekday: String) -> JSONValue? { plan["days"]?.arrayValue?.first { $0["day"]?.stringValue == weekday } }
        func edit(_ arguments: [String]) throws -> ProcessResult {
            let run = try daemon.ctl(["plan"] + arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            return run
        }
        let firstName = try #require(day(original, "Monday")?["exercises"]?[0]?["name"]?.stringValue)
        _ = try edit(["set", "monday", firstName.uppercased(), "--sets", "5", "--reps", "8-10", "--weight", "25", "--rest", "2:30"])
        let set = try #require(day(try plan(), "Monday")?["exercises"]?[0])
        #expect(set["sets"] == 5 && set["reps"] == 8 && set["repsMax"] == 10 && set["weightKg"] == 25 && set["restSeconds"] == 150, "\(set)")
        #expect(try plan()["planId"] != original["planId"])
        _ = try edit(["swap", "mon", firstName, "Barbell Bench Press"])
        let swapped = try #require(day(try plan(), "Monday")?["exercises"]?[0])
        // Stored under the catalog's name, as every output names it.
        #expect(swapped["name"] == "Bench Press" && swapped["sets"] == 5, "the prescription stays: \(swapped)")
        let restDay = try #require(original["days"]?.arrayValue?.first { $0["rest"] == true }?["day"]?.stringValue)
        _ = try edit(["add", restDay, "Pull-Up", "3x8"])
        let added = try #require(day(try plan(), restDay))
        #expect(added["rest"] == false && added["exercises"]?.arrayValue?.last?["name"] == "Pull-Up" && added["exercises"]?.arrayValue?.last?["sets"] == 3)
        _ = try edit(["remove", restDay, "pull"])
        let emptied = try plan()
        #expect(day(emptied, restDay)?["rest"] == true, "a day left with none is a rest day again")
        let mondayTitle = day(try plan(), "Monday")?["title"]
        _ = try edit(["move", "mon", restDay, "--every-week"])
        let moved = try plan()
        #expect(day(moved, restDay)?["title"] == mondayTitle && day(moved, "Monday")?["rest"] == true)
        // Every version kept, each naming the one it revises.
        let plans = try daemon.client().call("plan.list").arrayValue ?? []
        #expect(plans.count == 6 && plans.first?["revises"] == plans.dropFirst().first?["planId"], "\(plans)")
        // A name the day does not have is a data error that changes nothing.
        let before = try plan()["planId"]
        let missing = try daemon.ctl(["plan", "set", restDay, "no such lift", "--sets", "3"])
        let restDate = try #require(emptied["days"]?.arrayValue?.first { $0["day"]?.stringValue == restDay }?["date"]?.stringValue)
        #expect(missing.status == 1 && missing.stderr.contains("\(restDay) \(restDate) has no exercise \"no such lift\""), "\(missing.stderr)")
        #expect(try daemon.ctl(["plan", "set", restDay, firstName]).status == 2, "no change asked: a usage error")
        #expect(try plan()["planId"] == before)
    }

    /// `plan edit` with an editor that is a script: a change is stored as a new
    /// version; a plan that does not import opens again with its problems at the top;
    /// an unchanged file, or an editor that fails, stores nothing.
    @Test func planEditStoresWhatTheEditorSavedOrNothing() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["plan", "import", Fixtures.dumbbellPlanPath]).status == 0)
        func plans() throws -> Int { try daemon.client().call("plan.list").arrayValue?.count ?? 0 }
        // The first opening makes the plan invalid (too many sets); the second finds the
        // problems at the top and sets 6.
        let script = daemon.directory + "/editor.py"
        Fixtures.write(#"""
            import json, os, sys
            path, counter = sys.argv[1], os.environ["COUNTER"]
            text = open(path).read()
            runs = int(open(counter).read()) if os.path.exists(counter) else 0
            open(counter, "w").write(str(runs + 1))
            lines = text.split("\n")
            if runs == 1:
                assert lines[0].startswith("# The plan did not import"), lines[0]
                assert any("sets" in line for line in lines if line.startswith("#")), text[:400]
            plan = json.loads("\n".join(line for line in lines if not line.startswith("#")))
            plan["days"][0]["exercises"][0]["sets"] = 99 if runs == 0 else 6
            open(path, "w").write(json.dumps(plan, indent=2))
            """#, to: script)
        let counter = daemon.directory + "/runs"
        // Without a terminal, as crontab -e: the first attempt that does not import ends
        // it, exit 1, the text kept in the file it names; nothing is opened again.
        let alone = try daemon.ctl(["plan", "edit"], environment: ["VISUAL": "COUNTER=\(counter) python3 \(script)"])
        let kept = alone.stderr.split(separator: " ").map(String.init).first { $0.hasPrefix("/") && $0.contains("sessiond-plan-") }
        #expect(alone.status == 1 && alone.stderr.contains("did not import (1 problem)") && Fixtures.read(counter) == "1", "\(alone.stdout) \(alone.stderr)")
        #expect(kept.map { Fixtures.read($0).contains("\"sets\": 99") } == true, "the edit is kept: \(alone.stderr)")
        if let kept { unlink(kept) }
        #expect(try plans() == 1)
        // At a terminal (script(1) gives it one), "(e)dit again" opens it again with the
        // problems at its top.
        unlink(counter)
        let socket = daemon.socketPath
        let edited = try runProcess("/usr/bin/script", ["-qec", "\(Binaries.sessionctl) --socket \(socket) plan edit", "/dev/null"], stdin: "e\n",
                                    environment: ["VISUAL": "COUNTER=\(counter) python3 \(script)"])
        #expect(edited.status == 0 && edited.stdout.contains("(e)dit again, (d)iscard?") && edited.stdout.contains("a new version of plan 1"),
                "\(edited.stdout) \(edited.stderr)")
        #expect(Fixtures.read(counter) == "2", "opened twice")
        #expect(try daemon.client().call("plan.get")["days"]?[0]?["exercises"]?[0]?["sets"] == 6)
        #expect(try plans() == 2)
        // Left unchanged: nothing stored. The editor failing: nothing stored, exit 1.
        let unchanged = try daemon.ctl(["plan", "edit"], environment: ["VISUAL": "true"])
        #expect(unchanged.status == 0 && unchanged.stdout.contains("no changes"), "\(unchanged.stdout)")
        let failed = try daemon.ctl(["plan", "edit"], environment: ["VISUAL": "false"])
        #expect(failed.status == 1 && failed.stderr.contains("exited with status 1"), "\(failed.stderr)")
        #expect(try plans() == 2)
    }

    /// The editor may stay open longer than the daemon keeps an idle connection: the
    /// edit goes on a new connection and is stored. An edit that cannot be stored (the
    /// editor failing, the daemon gone when it closes) stays in its file, named.
    @Test func anEditorOpenPastTheIdleTimeoutLosesNothing() throws {
        let daemon = try DaemonProcess(extraArguments: ["--idle-timeout", "1"])
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["plan", "import", Fixtures.dumbbellPlanPath]).status == 0)
        // Waits PAUSE seconds, sets the first exercise's sets to SETS, stops the process
        // STOP (waiting until it is gone) and exits with EXIT.
        let script = daemon.directory + "/editor.py"
        Fixtures.write(#"""
            import json, os, select, signal, sys, time
            path = sys.argv[1]
            if "PAUSE" in os.environ:
                time.sleep(float(os.environ["PAUSE"]))
            plan = json.load(open(path))
            plan["days"][0]["exercises"][0]["sets"] = int(os.environ["SETS"])
            open(path, "w").write(json.dumps(plan, indent=2))
            stop = int(os.environ.get("STOP", "0"))
            if stop:
                gone = select.poll()
                gone.register(os.pidfd_open(stop), select.POLLIN)
                os.kill(stop, signal.SIGTERM)
                gone.poll(20000)
            sys.exit(int(os.environ.get("EXIT", "0")))
            """#, to: script)
        let temporary = daemon.directory + "/tmp"
        mkdir(temporary, 0o700)
        func edit(_ settings: String) throws -> ProcessResult {
            // Off libfaketime, whose sleeps fail in Python.
            try daemon.ctl(["plan", "edit"], environment: ["VISUAL": "env -u LD_PRELOAD \(settings) python3 \(script)", "TMPDIR": temporary])
        }
        func sets() throws -> JSONValue? { try daemon.client().call("plan.get")["days"]?[0]?["exercises"]?[0]?["sets"] }
        func kept(_ run: ProcessResult) -> String? {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
            guard files.count == 1, let name = files.first, run.stderr.contains("your edit is kept in \(temporary)/\(name)") else { return nil }
            return temporary + "/" + name
        }
        // A real pause: the daemon's one-second idle timeout is the behaviour under test.
        let slow = try edit("PAUSE=2.5 SETS=6")
        #expect(slow.status == 0 && slow.stdout.contains("a new version of plan 1"), "\(slow.stdout) \(slow.stderr)")
        #expect(try sets() == 6)
        #expect(kept(slow) == nil && (try? FileManager.default.contentsOfDirectory(atPath: temporary))?.isEmpty == true, "a stored edit's file goes")
        // The editor fails after the person wrote something: nothing stored, the text kept.
        let failed = try edit("SETS=7 EXIT=3")
        #expect(failed.status == 1 && failed.stderr.contains("exited with status 3"), "\(failed.stderr)")
        let afterFailure = try #require(kept(failed), "\(failed.stderr)")
        #expect(try JSONParser.parse(Fixtures.read(afterFailure))["days"]?[0]?["exercises"]?[0]?["sets"] == 7)
        #expect(try sets() == 6)
        unlink(afterFailure)
        // The daemon gone while the editor was open: unreachable, the text kept, and it
        // imports once the daemon is back.
        let gone = try edit("SETS=8 STOP=\(daemon.pid)")
        #expect(gone.status == 3 && gone.stderr.contains("cannot reach"), "\(gone.stderr)")
        let afterStop = try #require(kept(gone), "\(gone.stderr)")
        #expect(try JSONParser.parse(Fixtures.read(afterStop))["days"]?[0]?["exercises"]?[0]?["sets"] == 8)
        _ = daemon.waitForExit()
        try daemon.start(extraArguments: ["--idle-timeout", "1"])
        #expect(try sets() == 6)
        #expect(try daemon.ctl(["plan", "import", afterStop]).status == 0)
        #expect(try sets() == 8)
    }
}
