import Foundation
import JSON
import SessionCore
import Testing
import TestSupport

/// What grows with a table has a bound, refused past it with what and where: aliases,
/// a plan day's exercises.
@Suite struct TableLimitTests {
    @Test func aliasesStopAtTheirBoundAndAKeptOneStillChanges() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let client = try daemon.client()
        // Pipelined, as a client making many would: one line of requests at a time.
        let most = SessionLimits.aliases
        for start in stride(from: 0, to: most, by: 100) {
            let lines = (start..<min(start + 100, most)).map {
                #"{"jsonrpc":"2.0","id":\#($0),"method":"exercise.alias","params":{"alias":"nick \#($0)","name":"Back Squat"}}"#
            }
            try client.send(raw: lines.joined(separator: "\n") + "\n")
            for _ in lines {
                let reply = try client.readJSON()
                #expect(reply["result"] != nil, "alias refused early: \(reply.jsonText)")
            }
        }
        let refused = try client.request("exercise.alias", .obj(["alias": "one more", "name": "Back Squat"]))
        #expect(refused["error"]?["data"]?["reason"] == "alias_refused", "\(refused.jsonText)")
        #expect(refused["error"]?["message"]?.stringValue?.contains("\(most) aliases") == true, "\(refused.jsonText)")
        // An alias kept may still name another exercise, and sessionctl says why a new one is not made.
        #expect(try client.call("exercise.alias", .obj(["alias": "nick 7", "name": "Deadlift"]))["name"] == "Deadlift")
        let typed = try daemon.ctl(["alias", "one more", "squat"])
        #expect(typed.status == 1 && typed.stderr.contains("\(most) aliases"), "\(typed.status) \(typed.stderr)")
        #expect(try client.call("exercise.aliases").arrayValue?.count == most)
    }

    @Test func aPlanDayOfTenThousandExercisesIsRefusedWithItsPathAndChangesNothing() throws {
        let daemon = try InProcessDaemon()
        defer { daemon.cleanUp() }
        let exercises = (0..<10_000).map { #"{"name": "Lift \#($0)", "sets": 3, "reps": 5}"# }.joined(separator: ",")
        let file = daemon.directory + "/huge.json"
        try #"{"planName": "Huge", "days": [{"day": "Monday", "title": "All", "exercises": [\#(exercises)]}]}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try daemon.ctl(["plan", "import", file])
        #expect(imported.status == 1, "\(imported.status) \(imported.stdout.prefix(200))")
        #expect(imported.stderr.contains("days[0].exercises") && imported.stderr.contains("at most \(PlanLimits.exercisesInADay)"), "\(imported.stderr.prefix(400))")
        #expect(try daemon.client().call("plan.list").arrayValue?.isEmpty == true)
    }
}
