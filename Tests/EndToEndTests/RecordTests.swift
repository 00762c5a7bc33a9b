import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// The record stays what happened: ids are never handed out twice, numbering follows
/// the sets that remain, and every reader (reply, status, show, events) agrees.
@Suite struct RecordTests {
    /// The ids and set numbers `show --json` lists for the active session.
    func shownSets(_ daemon: DaemonProcess) throws -> [(id: Int, number: Int)] {
        let shown = try JSONParser.parse(try daemon.ctl(["show", "--json"]).stdout)
        return (shown["sets"]?.arrayValue ?? []).map { (id: $0["setId"]?.intValue ?? -1, number: $0["setNumber"]?.intValue ?? -1) }
    }

    @Test func setIdsAreNeverReusedAndAnUndoneSetLeavesNoGapInTheNumbering() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let events = try daemon.client()
        _ = try events.call("events.subscribe", .obj(["types": ["set.logged"]]))
        #expect(try daemon.ctl(["start"]).status == 0)
        for weight in ["100", "102.5", "105"] { #expect(try daemon.ctl(["log", "--new", "squat", "5", weight]).status == 0) }
        #expect(try shownSets(daemon).map(\.id) == [1, 2, 3])
        // Set 2 goes: set 3 becomes set 2, and the next set is set 3 everywhere.
        let undone = try daemon.ctl(["undo", "2"])
        #expect(undone.status == 0 && undone.stdout.contains("removed squat · set 2"), "\(undone.stdout) \(undone.stderr)")
        #expect(try shownSets(daemon).map(\.number) == [1, 2])
        let status = try JSONParser.parse(try daemon.ctl(["status", "--json"]).stdout)
        #expect(status["sets"] == 2, "\(status)")
        let next = try daemon.ctl(["log", "squat", "5", "105"])
        #expect(next.stdout.hasPrefix("squat (off-plan) · set 3 · 5 × 105 kg"), "\(next.stdout)")
        #expect(try shownSets(daemon).map(\.number) == [1, 2, 3])
        var logged: [JSONValue] = []
        while logged.count < 4 { logged.append(try events.readJSON(timeout: 10)) }
        #expect(logged.last?["params"]?["setNumber"] == 3, "the event says what the reply said: \(logged.last.map { "\($0)" } ?? "none")")
        // The last set undone: its id 4 is not handed to the next set.
        #expect(try daemon.ctl(["undo"]).status == 0)
        let afterUndo = try JSONParser.parse(try daemon.ctl(["log", "squat", "5", "105", "--json"]).stdout)
        #expect(afterUndo["setId"] == 5, "\(afterUndo)")
        // Nor are the ids of an aborted session's sets, nor the session's own id.
        #expect(try daemon.ctl(["abort", "--yes"]).status == 0)
        #expect(try daemon.ctl(["start"]).status == 0)
        let fresh = try JSONParser.parse(try daemon.ctl(["log", "--new", "squat", "5", "100", "--json"]).stdout)
        #expect(fresh["setId"] == 6 && fresh["sessionId"] == 2, "\(fresh)")
        // Ids survive a restart: they live in the file.
        #expect(try daemon.ctl(["undo"]).status == 0)
        daemon.stop()
        try daemon.start()
        let restarted = try JSONParser.parse(try daemon.ctl(["log", "--new", "squat", "5", "100", "--json"]).stdout)
        #expect(restarted["setId"] == 7, "\(restarted)")
    }
}
