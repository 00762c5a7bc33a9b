import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// events.subscribe: what a watch face hears.
@Suite struct EventTests {
    @Test func subscribersHearSetsAndRestTimers() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let actor = try daemon.client()
        try Workout.importMonday(actor, exercises: #"{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 80, "restSeconds": 1}, {"name": "Row", "sets": 3, "reps": 8, "restSeconds": 60}"#)
        let watcher = try daemon.client()
        let subscribed = try watcher.call("events.subscribe")
        #expect(subscribed["subscribed"]?.arrayValue?.contains("set.logged") == true)
        let narrow = try daemon.client()
        _ = try narrow.call("events.subscribe", .obj(["types": ["session.finished"]]))
        let leaver = try daemon.client()  // subscribes, then goes away without a word
        _ = try leaver.call("events.subscribe")
        leaver.close()
        _ = try actor.call("session.start", .obj(["date": "2026-11-30"]))
        _ = try actor.call("session.log", .obj(["exercise": "squat"]))
        var types: [String] = []
        var restStarted: JSONValue?
        var setLogged: JSONValue?
        while types.count < 4 {
            let event = try watcher.readJSON(timeout: 10)
            #expect(event["method"] == "event")
            #expect(event["id"] == nil)
            let type = event["params"]?["type"]?.stringValue ?? "?"
            if type == "rest.started" { restStarted = event["params"] }
            if type == "set.logged" { setLogged = event["params"] }
            types.append(type)
        }
        #expect(types == ["session.started", "set.logged", "rest.started", "rest.finished"])
        // set.logged carries the reply's result, member for member.
        #expect(setLogged?["exercise"] == "Squat" && setLogged?["setId"]?.numberValue != nil && setLogged?["loggedAt"]?.stringValue != nil)
        #expect(restStarted?["endsAt"]?.stringValue?.hasSuffix("Z") == true)
        _ = try actor.call("session.log", .obj(["exercise": "row"]))
        _ = try actor.call("session.log", .obj(["exercise": "row"]))
        var later: [String] = []
        while later.count < 4 {
            later.append(try watcher.readJSON(timeout: 10)["params"]?["type"]?.stringValue ?? "?")
        }
        #expect(later == ["set.logged", "rest.started", "set.logged", "rest.started"], "the next set came first: no rest.finished")
        _ = try actor.call("session.finish")
        let finished = try narrow.readJSON(timeout: 10)
        #expect(finished["params"]?["type"] == "session.finished")
        #expect(finished["params"]?["sets"] == 3)
        let bad = try watcher.request("events.subscribe", .obj(["types": ["set.teleported"]]))
        #expect(bad["error"]?["code"] == -32602)
    }
}
