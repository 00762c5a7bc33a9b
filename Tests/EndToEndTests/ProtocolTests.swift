import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// JSON-RPC 2.0 as docs/protocol.md fixes it: framing, every error class, batches,
/// notifications, ids, discovery.
@Suite struct ProtocolTests {
    @Test func everyErrorClass() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try client.send(line: "{not json")
        let parse = try client.readJSON()
        #expect(parse["error"]?["code"] == -32700)
        #expect(parse["id"] == .null)
        try client.send(line: #"{"jsonrpc": "1.0", "id": 4, "method": "daemon.status"}"#)
        let invalid = try client.readJSON()
        #expect(invalid["error"]?["code"] == -32600)
        #expect(invalid["id"] == 4)
        try client.send(line: #"{"jsonrpc": "2.0", "id": {"x": 1}, "method": "daemon.status"}"#)
        #expect(try client.readJSON()["error"]?["code"] == -32600)
        try client.send(line: "42")
        #expect(try client.readJSON()["error"]?["code"] == -32600)
        let missing = try client.request("session.explode")
        #expect(missing["error"]?["code"] == -32601)
        let params = try client.request("session.log", .obj(["exercise": "Row", "reps": 1001, "weightKg": -501, "rpe": 7.3, "note": .string(String(repeating: "n", count: 501)), "kind": "heavy", "extra": true]))
        #expect(params["error"]?["code"] == -32602)
        let paths = params["error"]?["data"]?["errors"]?.arrayValue?.compactMap { $0["path"]?.stringValue }
        #expect(Set(paths ?? []) == ["params.extra", "params.reps", "params.weightKg", "params.rpe", "params.note", "params.kind"])
        let wrongType = try client.request("plan.get", .obj(["planId": "one"]))
        #expect(wrongType["error"]?["data"]?["errors"]?[0]?["path"] == "params.planId")
        let byPosition = try client.request("plan.get", [1])
        #expect(byPosition["error"]?["code"] == -32602)
        let app = try client.request("plan.import", .obj(["plan": .obj(["planName": "X", "days": "Monday: squats"])]))
        #expect(app["error"]?["code"] == -32010)
        #expect(app["error"]?["data"]?["reason"] == "plan_invalid")
        #expect(app["error"]?["data"]?["errors"]?[0] == .obj(["path": "days", "message": "must be an array of days, got a string"]))
        #expect(try client.call("plan.list") == [], "a refused plan stores nothing")
        #expect(try client.call("daemon.status")["version"] != nil, "the connection still works after every error")
    }

    @Test func idsOfEveryTypeComeBackAsSent() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        for id: JSONValue in ["abc", 7, 2.5, .null] {
            let reply = try client.request("daemon.status", nil, id: id)
            #expect(reply["id"] == id)
            #expect(reply["jsonrpc"] == "2.0")
        }
        // Byte for byte, even where a double would round or reformat the number.
        for id in ["12345678901234567890", "9007199254740993", "1.50", "-0", "1E3"] {
            try client.send(line: #"{"jsonrpc":"2.0","id":"# + id + #","method":"daemon.status"}"#)
            #expect(try client.readLine()?.contains(#""id":"# + id + ",") == true, "id \(id)")
        }
    }

    @Test func integerParamsAreReadFromTheirDigits() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        for reps in ["5.0000000000000000001", "1e-400", "4.999999999999999999"] {
            try client.send(line: #"{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"exercise":"Row","reps":"# + reps + "}}")
            let reply = try client.readJSON()
            #expect(reply["error"]?["data"]?["errors"]?[0]?["path"] == "params.reps", "reps \(reps)")
        }
        try client.send(line: #"{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"exercise":"Row","reps":5.0}}"#)
        #expect(try client.readJSON()["result"]?["reps"] == 5, "a whole number written with a fraction is still that number")
        #expect(try client.call("session.current")["sets"] == 1, "only the valid set was stored")
    }

    @Test func batchesAndNotifications() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        try client.send(line: "[]")
        let empty = try client.readJSON()
        #expect(empty["error"]?["code"] == -32600 && empty["id"] == .null)
        try client.send(line: #"[{"jsonrpc": "2.0", "id": 1, "method": "daemon.status"}, {"jsonrpc": "2.0", "method": "session.start"}, 5, {"jsonrpc": "2.0", "id": 2, "method": "nope"}]"#)
        let batch = try #require(try client.readJSON().arrayValue)
        #expect(batch.count == 3, "the notification gets no reply")
        #expect(batch[0]["id"] == 1 && batch[0]["result"] != nil)
        #expect(batch[1]["error"]?["code"] == -32600 && batch[1]["id"] == .null)
        #expect(batch[2]["error"]?["code"] == -32601)
        #expect(try client.call("session.current") != .null, "the notification in the batch ran")
        try client.send(line: #"[{"jsonrpc": "2.0", "method": "session.pause"}, {"jsonrpc": "2.0", "method": "no.such"}]"#)
        try client.send(line: #"{"jsonrpc": "2.0", "method": "session.log", "params": {"reps": "bad"}}"#)
        let next = try client.request("session.current", nil, id: "after")
        #expect(next["id"] == "after", "all-notification batches and failing notifications are answered with nothing")
        #expect(next["result"]?["state"] == "paused")
    }

    @Test func manyPipelinedRequestsComeBackInOrder() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        _ = try client.call("session.start")
        var lines: [String] = []
        for index in 0..<400 {
            let method = index % 4 == 0 ? "session.log" : (index % 4 == 1 ? "session.current" : "daemon.status")
            let params: JSONValue = method == "session.log" ? .obj(["exercise": "Squat", "reps": JSONValue(index % 20 + 1)]) : .obj([:])
            lines.append(JSONValue.obj(["jsonrpc": "2.0", "id": JSONValue(index), "method": .string(method), "params": params]).jsonText)
        }
        try client.send(raw: lines.joined(separator: "\n") + "\n")
        for index in 0..<400 {
            let reply = try client.readJSON()
            #expect(reply["id"] == JSONValue(index))
            #expect(reply["error"] == nil)
        }
        #expect(try client.call("session.current")["sets"] == 100)
    }

    @Test func discoverDescribesEveryMethodThatAnswers() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let document = try client.call("rpc.discover")
        #expect(document["openrpc"]?.stringValue?.hasPrefix("1.") == true)
        let methods = try #require(document["methods"]?.arrayValue)
        let names = methods.compactMap { $0["name"]?.stringValue }
        for required in ["plan.import", "plan.activate", "plan.get", "plan.list", "session.start", "session.pause", "session.resume",
                         "session.log", "session.undo", "session.finish", "session.abort", "session.current", "session.list",
                         "daemon.status", "events.subscribe", "rpc.discover"] {
            #expect(names.contains(required), "\(required)")
        }
        for name in names {
            let reply = try client.request(name, .obj(["__probe": true]))
            #expect(reply["error"]?["code"] != -32601, "\(name) is documented and dispatched")
        }
        let log = try #require(methods.first { $0["name"] == "session.log" })
        #expect(log["params"]?.arrayValue?.contains { $0["name"] == "requestId" } == true)
    }

    /// Where `value` does not have the JSON type its schema gives (integer, number,
    /// string, boolean, array, object, null, an enum's strings), down every object's
    /// properties and every array's items, required members included.
    static func mismatches(_ value: JSONValue, _ schema: JSONValue, at path: String) -> [String] {
        if let choices = schema["oneOf"]?.arrayValue {
            let each = choices.map { mismatches(value, $0, at: path) }
            return each.contains { $0.isEmpty } ? [] : each.first ?? []
        }
        if let allowed = schema["enum"]?.arrayValue {
            return allowed.contains(value) ? [] : ["\(path): \(value.jsonText) is none of \(JSONValue.array(allowed).jsonText)"]
        }
        guard let type = schema["type"]?.stringValue else { return [] }
        let fits: Bool
        switch type {
        case "integer": fits = value.numberValue.map { $0.rounded() == $0 } ?? false
        case "number": fits = value.numberValue != nil
        case "string": fits = value.stringValue != nil
        case "boolean": fits = value.boolValue != nil
        case "null": fits = value == .null
        case "array": fits = value.arrayValue != nil
        case "object": fits = value.objectPairs != nil
        default: fits = true
        }
        guard fits else { return ["\(path): \(value.jsonText.prefix(80)) is not \(type == "integer" ? "an" : "a") \(type)"] }
        var found: [String] = []
        if type == "array", let items = schema["items"] {
            for (index, item) in (value.arrayValue ?? []).enumerated() { found += mismatches(item, items, at: "\(path)[\(index)]") }
        }
        if type == "object", let properties = schema["properties"]?.objectPairs {
            let members = value.objectPairs ?? []
            for (key, property) in properties {
                if let member = members.first(where: { $0.key == key }) { found += mismatches(member.value, property, at: "\(path).\(key)") }
            }
            let required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            for key in required where !members.contains(where: { $0.key == key }) { found.append("\(path): lacks \(key)") }
        }
        return found
    }

    /// rpc.discover is what other programs are written against: every object a method
    /// returns has only members its result schema declares, every one it declares
    /// required, and each of the type declared, nested objects and arrays included.
    @Test func resultsHaveTheMembersDiscoverDeclares() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let methods = try #require(try client.call("rpc.discover")["methods"]?.arrayValue)
        func declared(_ method: String) -> (keys: Set<String>, required: Set<String>, isArray: Bool, schema: JSONValue)? {
            guard var schema = methods.first(where: { $0["name"]?.stringValue == method })?["result"]?["schema"] else { return nil }
            if let choices = schema["oneOf"]?.arrayValue, let some = choices.first(where: { $0["type"] != "null" }) { schema = some }
            let isArray = schema["type"] == "array"
            if isArray, let items = schema["items"] { schema = items }
            guard let properties = schema["properties"]?.objectPairs else { return nil }
            let keys = Set(properties.map(\.key))
            let required = schema["required"]?.arrayValue.map { Set($0.compactMap(\.stringValue)) } ?? keys
            return (keys, required, isArray, schema)
        }
        var checked: [String] = []
        func check(_ method: String, _ params: JSONValue = .obj([:])) throws -> JSONValue {
            let result = try client.call(method, params)
            let schema = try #require(declared(method), "\(method) declares its result's members")
            let objects = schema.isArray ? (result.arrayValue ?? []) : [result]
            #expect(!objects.isEmpty, "\(method) returned something to check")
            for object in objects where object != .null {
                let keys = Set((object.objectPairs ?? []).map(\.key))
                #expect(keys.isSubset(of: schema.keys), "\(method) returns undeclared \(keys.subtracting(schema.keys).sorted())")
                #expect(schema.required.isSubset(of: keys), "\(method) lacks \(schema.required.subtracting(keys).sorted())")
                for problem in Self.mismatches(object, schema.schema, at: method) { Issue.record("\(problem)") }
            }
            checked.append(method)
            return result
        }
        let imported = try check("plan.import", .obj(["plan": .string(Fixtures.dumbbellPlan), "weekStart": .string(Workout.weekStart)]))
        _ = try check("plan.activate", .obj(["planId": imported["planId"] ?? .null]))
        let plan = try check("plan.get")
        _ = try check("plan.list")
        let nextMonday = LocalDate(daysSinceEpoch: Int(Date().timeIntervalSince1970 / 86_400)).mondayOfWeek.adding(days: 7)
        _ = try check("plan.move", .obj(["from": .string(nextMonday.description), "to": .string(nextMonday.adding(days: 1).description)]))
        let monday = try #require(plan["days"]?[0]?["planDayId"])
        _ = try check("session.start", .obj(["planDayId": monday]))
        _ = try check("session.log", .obj(["plannedExerciseId": Workout.exerciseID(plan, day: 0, position: 0), "reps": 8, "weightKg": 20]))
        _ = try check("session.log", .obj(["exercise": "Farmer Carry", "durationSeconds": 40]))
        _ = try check("session.current")
        _ = try check("rest.timer", .obj(["add": 15]))
        _ = try check("rest.timer", .obj(["skip": true]))
        _ = try check("session.pause")
        _ = try check("session.resume")
        _ = try check("session.undo")
        _ = try check("session.finish", .obj(["rpe": 8]))
        let finished = try #require(client.call("session.list")[0]?["sessionId"])
        let firstSet = try #require(client.call("session.get", .obj(["sessionId": finished]))["sets"]?[0]?["setId"])
        _ = try check("session.editSet", .obj(["setId": firstSet, "reps": 9]))
        _ = try check("session.edit", .obj(["sessionId": finished, "title": "Edited"]))
        _ = try check("session.list")
        _ = try check("session.start")
        _ = try check("session.abort")
        _ = try check("events.subscribe", .obj(["types": ["set.logged"]]))
        _ = try check("health.record", .obj(["type": "steps", "value": 9000]))
        _ = try check("health.list", .obj(["type": "steps"]))
        let sample: JSONValue = .obj(["type": "steps", "value": 8000, "date": "2026-11-20", "recordedAt": "2026-11-20T21:00:00Z", "source": "Watch"])
        _ = try check("health.import", .obj(["importId": "p", "chunk": 0, "samples": [sample]]))
        _ = try check("health.import", .obj(["importId": "p", "chunk": 1, "done": true]))
        _ = try check("profile.set", .obj(["goals": "Stronger"]))
        _ = try check("profile.get")
        _ = try check("summary.weekly")
        _ = try check("prompt.render")
        _ = try check("daemon.status")
        let workout: JSONValue = .obj(["start": "2026-01-05T18:00:00", "title": "Legs", "sets": [.obj(["exercise": "Squat", "reps": 5, "weightKg": 100])]])
        _ = try check("history.import", .obj(["importId": "t", "workouts": [workout]]))
        _ = try check("history.import", .obj(["importId": "t", "done": true]))
        _ = try check("history.export", .obj(["limit": 1]))
        for part in ["settings", "plans", "events", "health"] { _ = try check("history.archive", .obj(["part": .string(part)])) }
        _ = try check("database.backup")
        _ = try check("history.exercises")
        _ = try check("session.get")
        let full = try check("exercise.history", .obj(["exercise": "Farmer Carry"]))
        let figures = try check("exercise.history", .obj(["exercise": "Farmer Carry", "sets": false]))
        // Without sets: the same sessions and weeks, each session's figures alone.
        #expect(figures["weeks"] == full["weeks"] && figures["sessions"]?.arrayValue?.count == full["sessions"]?.arrayValue?.count)
        #expect(figures["sessions"]?.arrayValue?.allSatisfy { $0["sets"] == [] && $0["countedSets"] != nil } == true, "\(figures)")
        _ = try check("plan.attempt", .obj(["run": "r", "attempt": 1, "planner": "p", "reply": "no", "outcome": "refused", "detail": "$: not a plan"]))
        _ = try check("plan.attempt", .obj(["run": "r", "attempt": 2, "planner": "p", "reply": "", "outcome": "failed",
                                            "inputTokens": 812, "outputTokens": 0, "tokenSource": "estimate"]))
        _ = try check("plan.attempts")
        _ = try check("plan.usage")
        _ = try check("exercise.alias", .obj(["alias": "fc", "name": "Farmer Carry"]))
        _ = try check("exercise.aliases")
        _ = try check("exercise.list", .obj(["search": "goblet"]))
        _ = try check("exercise.get", .obj(["exercise": "goblet squat"]))
        _ = try check("exercise.define", .obj(["exercise": "Sandbag Carry", "primaryMuscles": ["forearms"], "equipment": "other"]))
        _ = try check("exercise.rest", .obj(["exercise": "Farmer Carry", "seconds": 150]))
        _ = try check("exercise.rests")
        _ = try check("calendar.month", .obj(["month": "2026-01"]))
        let feed = try check("changes.since", .obj(["limit": 5]))
        _ = try check("changes.apply", .obj(["changes": feed["changes"] ?? []]))
        _ = try check("sync.share", .obj(["role": "carol"]))
        _ = try check("sync.unshare", .obj(["role": "carol"]))
        _ = try check("sync.report", .obj(["pushed": true, "error": "cannot connect to PostgreSQL"]))
        _ = try check("sync.status")
        let everyMethod = Set(methods.compactMap { $0["name"]?.stringValue }).subtracting(["rpc.discover"])
        #expect(everyMethod.subtracting(checked).isEmpty, "not exercised: \(everyMethod.subtracting(checked).sorted())")
    }

    /// Errors are declared like results: rpc.discover lists every application error
    /// with the schema of its data (`x-errors`) and each method the ones it answers
    /// with; every error a failing call gets is one its method lists, with a data of
    /// only the members declared, each it always carries, of the types declared.
    @Test func errorsHaveTheDataDiscoverDeclares() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let document = try client.call("rpc.discover")
        let methods = try #require(document["methods"]?.arrayValue)
        let declared = try #require(document["x-errors"]?.arrayValue)
        var seen = Set<String>()
        func expectError(_ method: String, _ params: JSONValue = .obj([:]), _ reason: String) throws {
            let error = try #require(try client.request(method, params)["error"], "\(method) \(params.jsonText) did not fail")
            let code = error["code"]?.intValue
            #expect(error["data"]?["reason"]?.stringValue == reason, "\(method): \(error)")
            seen.insert(reason)
            let listed = methods.first { $0["name"]?.stringValue == method }?["errors"]?.arrayValue ?? []
            #expect(listed.contains { $0["code"]?.intValue == code && $0["message"]?.stringValue == reason }, "\(method) lists \(reason): \(listed)")
            guard let schema = declared.first(where: { $0["code"]?.intValue == code })?["data"] else {
                Issue.record("\(reason) is not in x-errors")
                return
            }
            let data = error["data"] ?? .null
            for problem in Self.mismatches(data, schema, at: "\(method).error.data") { Issue.record("\(problem)") }
            let properties = Set(schema["properties"]?.objectPairs?.map(\.key) ?? [])
            for member in data.objectPairs ?? [] where !properties.contains(member.key) { Issue.record("\(method): \(member.key) is not declared for \(reason)") }
        }
        try expectError("plan.get", .obj([:]), "no_active_plan")
        try expectError("session.log", .obj(["exercise": "Squat", "reps": 5]), "no_active_session")
        try expectError("rest.timer", .obj(["add": 30]), "no_rest_timer")
        try expectError("session.get", .obj(["sessionId": 999]), "session_not_found")
        // Tomorrow is within the bound of a recorded date, and not yet a day to train.
        let tomorrow = try #require(LocalDate(try client.call("daemon.status")["today"]?.stringValue ?? "")).adding(days: 1)
        try expectError("session.start", .obj(["date": .string("\(tomorrow)")]), "day_in_future")
        try expectError("session.start", .obj(["planDayId": 999]), "plan_day_not_found")
        try expectError("plan.import", .obj(["plan": "{\"days\": []}"]), "plan_invalid")
        try expectError("plan.activate", .obj(["planId": 999]), "plan_not_found")
        try expectError("exercise.define", .obj(["exercise": "Squat", "primaryMuscles": ["quads"]]), "exercise_refused")
        try expectError("exercise.alias", .obj(["alias": "ohp", "name": "Squat"]), "alias_refused")
        try expectError("exercise.get", .obj(["exercise": "zzz qqq"]), "unknown_exercise")
        try expectError("session.editSet", .obj(["setId": 999, "reps": 5]), "set_not_found")
        try Workout.importMonday(client, exercises: #"{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 80}, {"name": "Lat Pulldown", "sets": 3, "reps": 8}, {"name": "Lateral Raise", "sets": 3, "reps": 12}"#)
        _ = try client.call("session.start", .obj(["date": "2026-11-30"]))
        try expectError("session.start", .obj([:]), "session_already_active")
        try expectError("session.undo", .obj([:]), "no_set_to_undo")
        try expectError("session.log", .obj(["plannedExerciseId": 999, "reps": 5]), "planned_exercise_not_found")
        try expectError("session.log", .obj(["match": "la", "reps": 5]), "ambiguous_exercise")
        try expectError("session.log", .obj(["match": "zzz qqq", "reps": 5]), "unknown_exercise")
        try expectError("session.log", .obj(["position": 9, "reps": 5]), "unknown_exercise")
        try expectError("session.log", .obj(["exercise": "Squat", "reps": 50, "weightKg": 100, "refuseImplausible": true]), "implausible_set")
        try expectError("session.log", .obj(["exercise": "Squat", "reps": 5, "at": "2026-11-29T10:00:00Z"]), "time_before_session_start")
        let finished = try client.call("session.finish")["sessionId"] ?? .null
        try expectError("session.pause", .obj(["sessionId": finished]), "session_not_active")
        #expect(seen.count >= 17, "\(seen.sorted())")
        // Every error declared once, by code; each method's list holds only declared ones.
        let codes = declared.compactMap { $0["code"]?.intValue }
        #expect(Set(codes).count == codes.count)
        for method in methods {
            for error in method["errors"]?.arrayValue ?? [] { #expect(codes.contains(error["code"]?.intValue ?? 0), "\(method["name"] ?? .null): \(error)") }
        }
    }

    /// Events are declared like methods: rpc.discover lists each with its payload
    /// schema, events.subscribe takes exactly those types, and every event a workout
    /// sends has the members and types its schema declares.
    @Test func eventsHaveThePayloadsDiscoverDeclares() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        let declared = try #require(try client.call("rpc.discover")["x-events"]?.arrayValue)
        let names = declared.compactMap { $0["name"]?.stringValue }
        #expect(try client.call("events.subscribe")["subscribed"]?.arrayValue?.compactMap(\.stringValue) == names)
        var seen = Set<String>()
        /// Reads the next event, checks it against its declared schema, and returns its type.
        func nextEvent() throws -> String {
            let event = try client.readJSON(timeout: 10)
            let params = event["params"] ?? .null
            let type = params["type"]?.stringValue ?? "?"
            seen.insert(type)
            guard let schema = declared.first(where: { $0["name"]?.stringValue == type })?["schema"] else {
                Issue.record("\(type) is not declared")
                return type
            }
            // The envelope's own members besides the payload.
            let payload = JSONValue.object((params.objectPairs ?? []).filter { $0.key != "type" && $0.key != "at" })
            for problem in Self.mismatches(payload, schema, at: type) { Issue.record("\(problem)") }
            #expect(params["at"]?.stringValue.flatMap(RFC3339.parse) != nil, "\(type) says when")
            return type
        }
        let actor = try daemon.client()
        try Workout.importMonday(actor, exercises: #"{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 80, "restSeconds": 1}"#)
        _ = try actor.call("session.start", .obj(["date": "2026-11-30"]))
        let logged = try actor.call("session.log", .obj(["exercise": "Squat"]))
        _ = try actor.call("rest.timer", .obj(["seconds": 1]))
        // The one-second rest runs out: its event comes.
        while try nextEvent() != "rest.finished" {}
        _ = try actor.call("session.pause")
        _ = try actor.call("session.resume")
        _ = try actor.call("session.editSet", .obj(["setId": logged["setId"] ?? .null, "reps": 4]))
        _ = try actor.call("session.log", .obj(["exercise": "Squat"]))
        _ = try actor.call("session.undo")
        _ = try actor.call("session.finish")
        _ = try actor.call("session.start")
        _ = try actor.call("session.abort")
        while seen.count < names.count { _ = try nextEvent() }
        #expect(seen == Set(names), "every event declared was sent: \(seen.sorted())")
    }

    @Test func theSocketIsPrivate() throws {
        let daemon = try DaemonProcess()
        defer { daemon.cleanUp() }
        let attributes = try FileManager.default.attributesOfItem(atPath: daemon.socketPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
