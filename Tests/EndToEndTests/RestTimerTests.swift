import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// The rest timer between two sets, in the lifter's hands: shown, lengthened, cut,
/// set, skipped; a rest of one's own per exercise, kept.
@Suite struct RestTimerTests {
    /// Seconds left as `rest --json` reports them.
    func secondsLeft(_ daemon: DaemonProcess, _ change: [String] = []) throws -> Int? {
        let run = try daemon.ctl(["rest", "--json"] + change)
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONParser.parse(run.stdout)["secondsLeft"]?.intValue
    }

    @Test func restIsShownAndChangedAndEveryWatcherHearsIt() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try Workout.importMonday(client, exercises: #"{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 80, "restSeconds": 180}"#)
        #expect(try daemon.ctl(["start", "2026-11-30"]).status == 0)
        let watcher = try daemon.client()
        _ = try watcher.call("events.subscribe", .obj(["types": ["rest.started", "rest.changed", "rest.finished"]]))
        #expect(try daemon.ctl(["log", "squat", "5", "80"]).status == 0)
        #expect(try watcher.readJSON(timeout: 10)["params"]?["type"] == "rest.started")
        let planned = try #require(try secondsLeft(daemon))
        #expect((178...180).contains(planned), "the plan's 180 s: \(planned)")
        // Each change is measured against the time left just before it, so the test
        // does not depend on how fast it runs.
        func change(_ words: [String], expect: (Int) -> ClosedRange<Int>) throws {
            let before = try #require(try secondsLeft(daemon))
            let after = try #require(try secondsLeft(daemon, words), "\(words)")
            #expect(expect(before).contains(after), "\(words): \(before) → \(after)")
            let heard = try watcher.readJSON(timeout: 10)["params"]
            #expect(heard?["type"] == "rest.changed" && heard?["skipped"] == false && heard?["secondsLeft"]?.intValue == after, "\(String(describing: heard))")
        }
        try change(["+30"]) { ($0 + 28)...($0 + 30) }
        try change(["-15"]) { ($0 - 17)...($0 - 15) }
        try change(["2:00"]) { _ in 118...120 }
        try change(["90s"]) { _ in 88...90 }
        let status = try daemon.ctl(["rest"]).stdout
        #expect(status.hasPrefix("rest 1:") && status.contains("Squat"), "\(status)")
        let skipped = try daemon.ctl(["rest", "skip"])
        #expect(skipped.status == 0 && skipped.stdout.contains("rest over"), "\(skipped.stdout)")
        let heard = try watcher.readJSON(timeout: 10)["params"]
        #expect(heard?["type"] == "rest.changed" && heard?["skipped"] == true && heard?["secondsLeft"] == 0)
        #expect(try daemon.ctl(["rest"]).stdout.contains("no rest timer running"))
        #expect(try client.call("session.current")["rest"] == .null)
        // Nothing to change now: refused, a data error.
        let none = try daemon.ctl(["rest", "+30"])
        #expect(none.status == 1 && none.stderr.contains("No rest timer is running"), "\(none.stderr)")
        #expect(try client.request("rest.timer", .obj(["add": 30]))["error"]?["data"]?["reason"] == "no_rest_timer")
        // Taken down to nothing, a rest ends as a skip: no rest.finished follows.
        #expect(try daemon.ctl(["log", "squat", "5", "80"]).status == 0)
        #expect(try watcher.readJSON(timeout: 10)["params"]?["type"] == "rest.started")
        #expect(try secondsLeft(daemon, ["-10:00"]) == nil)
        #expect(try watcher.readJSON(timeout: 10)["params"]?["skipped"] == true)
        // Bad words are usage errors; two changes at once are refused by the contract.
        #expect(try daemon.ctl(["rest", "soon"]).status == 2)
        #expect(try client.request("rest.timer", .obj(["add": 30, "skip": true]))["error"]?["code"] == -32602)
        #expect(try client.request("rest.timer", .obj(["seconds": 4000]))["error"]?["code"] == -32602)
    }

    @Test func anExercisesOwnRestWinsOverThePlansAndIsKept() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try Workout.importMonday(client, exercises: #"{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 80, "restSeconds": 120}, {"name": "Row", "sets": 3, "reps": 8, "restSeconds": 60}"#)
        let set = try daemon.ctl(["exercise", "rest", "back", "squat", "3:30"])
        #expect(set.status == 0 && set.stdout.contains("rest 3:30 after each set"), "\(set.stdout) \(set.stderr)")
        // Kept across a restart of the daemon.
        #expect(daemon.stop() == 0)
        try daemon.start()
        #expect(try daemon.ctl(["start", "2026-11-30"]).status == 0)
        let squat = try JSONParser.parse(try daemon.ctl(["log", "squat", "5", "80", "--json"]).stdout)
        #expect(squat["restSeconds"] == 210, "the person's 3:30 over the plan's 2:00: \(squat)")
        let warmup = try JSONParser.parse(try daemon.ctl(["log", "squat", "5", "40", "--warmup", "--json"]).stdout)
        #expect(warmup["restSeconds"] == 30, "a warm-up rests 30 s at most")
        let row = try JSONParser.parse(try daemon.ctl(["log", "row", "8", "50", "--json"]).stdout)
        #expect(row["restSeconds"] == 60, "the plan's, for an exercise without its own")
        let list = try JSONParser.parse(try daemon.ctl(["exercise", "rest", "--json"]).stdout)
        #expect(list.arrayValue?.count == 1 && list[0]?["seconds"] == 210, "\(list)")
        #expect(try daemon.ctl(["exercise", "rest", "squat", "--clear"]).status == 0)
        let again = try JSONParser.parse(try daemon.ctl(["log", "squat", "5", "80", "--json"]).stdout)
        #expect(again["restSeconds"] == 120, "the plan's again")
        let unknown = try daemon.ctl(["exercise", "rest", "sqaut", "jump", "1:00"])
        #expect(unknown.status == 1 && unknown.stderr.contains("No exercise"), "\(unknown.stderr)")
        #expect(try daemon.ctl(["exercise", "rest", "squat"]).status == 2, "a TIME or --clear is needed")
    }
}
