import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// Supersets while logging: a plan's group sets the order (A1, A2, A1, …) and the rest
/// after each round; a free session groups sets with --superset or --with; the labels
/// travel through the exports that have a place for them.
@Suite struct SupersetTests {
    static let plan = #"""
        {"planName": "Arms", "days": [{"day": "Monday", "title": "Arms", "exercises": [
         {"name": "Barbell Curl", "sets": 3, "reps": 10, "weightKg": 30, "restSeconds": 90, "superset": "A"},
         {"name": "Triceps Pushdown", "sets": 2, "reps": 12, "weightKg": 25, "restSeconds": 75, "superset": "A"},
         {"name": "Plank", "sets": 1, "durationSeconds": 45}]}]}
        """#

    @Test func aPlannedSupersetTakesTurnsAndRestsAfterEachRound() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try daemon.importBeforeItsWeek("2026-11-30", [daemon.file("plan.json", Self.plan)]).status == 0)
        #expect(try daemon.ctl(["start", "2026-11-30"]).status == 0)
        // The order worked out here: in turns while both have sets left, the one with
        // fewer first; then what is left of the group; then the plan's next exercise.
        var left = ["Barbell Curl": 3, "Triceps Pushdown": 2]
        var done = ["Barbell Curl": 0, "Triceps Pushdown": 0]
        var expected: [(name: String, rest: Int?)] = []
        var last = "Triceps Pushdown"
        while left.values.contains(where: { $0 > 0 }) {
            let order = last == "Barbell Curl" ? ["Triceps Pushdown", "Barbell Curl"] : ["Barbell Curl", "Triceps Pushdown"]
            let open = order.filter { left[$0]! > 0 }
            let fewest = open.map { done[$0]! }.min()!
            let name = open.first { done[$0]! == fewest }!
            left[name]! -= 1
            done[name]! += 1
            // The rest waits while another member with sets left has done fewer.
            let waits = left.keys.contains { $0 != name && left[$0]! > 0 && done[$0]! < done[name]! }
            expected.append((name, waits ? nil : name == "Barbell Curl" ? 90 : 75))
            last = name
        }
        expected.append(("Plank", nil))
        for (index, want) in expected.enumerated() {
            let reply = try JSONParser.parse(try daemon.ctl(["log", "--json"]).stdout)
            #expect(reply["exercise"]?.stringValue == want.name, "set \(index + 1): \(reply)")
            #expect(reply["restSeconds"]?.intValue == want.rest, "set \(index + 1) of \(want.name): rest \(String(describing: want.rest)), \(reply)")
        }
        #expect(expected.map(\.name).prefix(4) == ["Barbell Curl", "Triceps Pushdown", "Barbell Curl", "Triceps Pushdown"])
        let shown = try JSONParser.parse(try daemon.ctl(["show", "--json"]).stdout)
        let labels = (shown["sets"]?.arrayValue ?? []).map { $0["superset"]?.stringValue }
        #expect(labels == expected.map { $0.name == "Plank" ? nil : "A" }, "a planned set takes its group's label: \(labels)")
    }

    @Test func aFreeSessionGroupsSetsAndTheLabelsTravel() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        #expect(try daemon.ctl(["start", "--at", Wall.at("2026-11-25T18:00:00")]).status == 0)
        #expect(try daemon.ctl(["log", "barbell curl", "10", "30", "--at", Wall.at("2026-11-25T18:05:00")]).status == 0)
        let with = try daemon.ctl(["log", "triceps pushdown", "12", "25", "--with", "curl", "--at", Wall.at("2026-11-25T18:06:00")])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(try daemon.ctl(["log", "lateral raise", "15", "8", "--superset", "B", "--at", Wall.at("2026-11-25T18:10:00")]).status == 0)
        #expect(try daemon.ctl(["log", "face pull", "15", "20", "--with", "lateral raise", "--at", Wall.at("2026-11-25T18:11:00")]).status == 0)
        #expect(try daemon.ctl(["log", "plank", "45s", "--at", Wall.at("2026-11-25T18:20:00")]).status == 0)
        let nobody = try daemon.ctl(["log", "barbell row", "8", "50", "--with", "deadlift"])
        #expect(nobody.status == 1 && nobody.stderr.contains("deadlift"), "--with names an exercise of this session: \(nobody.stderr)")
        #expect(try daemon.ctl(["finish", "--at", Wall.at("2026-11-25T18:30:00")]).status == 0)
        func labels(_ daemon: InProcessDaemon) throws -> [String?] {
            let shown = try JSONParser.parse(try daemon.ctl(["show", "--json"]).stdout)
            return (shown["sets"]?.arrayValue ?? []).map { $0["superset"]?.stringValue }
        }
        let logged = try labels(daemon)
        #expect(logged == ["A", "A", "B", "B", nil], "--with joins the set done with, or starts a group with it: \(logged)")
        // Hevy's CSV has a superset_id column and the JSON export a member: both carry
        // the groups into another daemon.
        for format in ["hevy", "json"] {
            let file = daemon.directory + "/export.\(format)"
            #expect(try daemon.ctl(["export", "--format", format, file]).status == 0)
            let restored = try InProcessDaemon()
            defer { restored.cleanUp() }
            let imported = try restored.ctl(["import", file])
            #expect(imported.status == 0, "\(format): \(imported.stderr)")
            #expect(try labels(restored) == logged, "\(format)")
        }
        #expect(try daemon.client().request("session.log", .obj(["exercise": "row", "reps": 8, "superset": "A", "with": "plank"]))["error"]?["code"] == -32602)
    }
}
