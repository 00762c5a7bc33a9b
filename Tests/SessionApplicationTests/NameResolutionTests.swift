import JSON
import SessionCore
import SessionRPC
import TestSupport
import Testing

@testable import SessionApplication
import SessionFormats

/// A name means one exercise whichever method reads it: `session.log`'s `match`,
/// `exercise.get` (exercise show), `exercise.history` (history, progress) ask the one
/// rule (`ExerciseResolver`), and every output names the exercise the same way.
@Suite struct NameResolutionTests {
    /// A Strong export: a plank and a one-arm row as Strong spells them.
    static let strong = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
        2026-11-23 18:00:00,"Pull",45m,"Plank",1,0,0,0,45.0,
        2026-11-23 18:00:00,"Pull",45m,"One-Arm Dumbbell Row",1,20,8,0,0,
        """

    /// Imports a tracker's export as sessionctl does: read by `TrackerExport`, sent
    /// through `history.import`.
    static func importExport(_ client: InProcess, _ text: String, id: String) throws {
        var params = try HistoryImport.Params {
            $0.importID = id
            $0.chunk = 0
            $0.workouts = try TrackerExport.read(Array(text.utf8)).workouts
            $0.done = true
        }
        params.source = "strong"
        _ = try client.call("history.import", params.json)
    }

    /// Monday's plan has Side Plank (the catalog's Plank is another exercise), the
    /// Overhead Press and a pulldown; the session trains it.
    static func mondaySession(_ client: InProcess) throws -> JSONValue {
        let plan = try Workout.importMonday(client, exercises: """
            {"name": "Side Plank", "sets": 3, "durationSeconds": 30}, {"name": "Overhead Press", "sets": 3, "reps": 5, "weightKg": 40},
            {"name": "Lat Pulldown", "sets": 3, "reps": 10}
            """)
        _ = try client.call("session.start", .obj(["date": "2026-11-30"]))
        return plan
    }

    @Test func historyExerciseShowAndLogReadANameAlike() throws {
        let client = try InProcess()
        try Self.importExport(client, Self.strong, id: "strong")
        let plan = try Self.mondaySession(client)
        let press = Workout.exerciseID(plan, day: 0, position: 1)
        let cases: [(words: String, name: String, log: JSONValue, planned: JSONValue)] = [
            ("one-arm", "Dumbbell Row", .obj(["count": 8, "weightKg": 20]), .null),
            ("plank", "Plank", .obj(["durationSeconds": 45]), .null),
            ("Standing Barbell Shoulder Press", "Overhead Press", .obj(["count": 5, "weightKg": 40]), press),
        ]
        for row in cases {
            let shown = try client.call("exercise.get", .obj(["exercise": .string(row.words)]))
            #expect(shown["exercise"]?["name"]?.stringValue == row.name, "exercise show \(row.words): \(shown)")
            let history = try client.call("exercise.history", .obj(["exercise": .string(row.words)]))
            #expect(history["name"]?.stringValue == row.name, "history \(row.words): \(history)")
            guard case .object(let numbers) = row.log else { continue }
            let logged = try client.call("session.log", .object(numbers + [(key: "match", value: .string(row.words))]))
            #expect(logged["exercise"]?.stringValue == row.name && logged["plannedExerciseId"] == row.planned, "log \(row.words): \(logged)")
        }
        // The imported sets are the same exercises as those just logged: one history each.
        let row = try client.call("exercise.history", .obj(["exercise": "Dumbbell Row"]))
        #expect(row["sessions"]?.arrayValue?.count == 2, "\(row)")
        let plank = try client.call("exercise.get", .obj(["exercise": "plank"]))
        #expect(plank["sets"] == 2 && plank["sessions"] == 2, "\(plank)")
    }

    @Test func anAmbiguousStartIsRefusedAlikeWithTheCandidates() throws {
        let client = try InProcess()
        _ = try Self.mondaySession(client)
        // Nothing logged: "one-arm" starts names of two catalog exercises.
        for (method, params) in [("exercise.get", JSONValue.obj(["exercise": "one-arm"])), ("exercise.history", .obj(["exercise": "one-arm"])),
                                 ("session.log", .obj(["match": "one-arm", "count": 8]))] {
            let reply = try client.request(method, params)
            #expect(reply["error"]?["code"] == -32017 && reply["error"]?["data"]?["reason"] == "ambiguous_exercise", "\(method): \(reply)")
            let names = reply["error"]?["data"]?["matches"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
            #expect(names == ["Dumbbell Row", "Single Arm Cable Row"], "\(method): \(reply)")
        }
        // The session's day comes first for a lookup too: "la" starts its Lat Pulldown.
        #expect(try client.call("exercise.get", .obj(["exercise": "la"]))["exercise"]?["name"] == "Lat Pulldown")
        let typo = try client.request("exercise.history", .obj(["exercise": "overhed pres"]))
        #expect(typo["error"]?["code"] == -32016 && typo["error"]?["data"]?["suggestions"]?[0] == "Overhead Press", "\(typo)")
        #expect(try client.call("session.current")["sets"] == 0, "refusals store nothing")
    }

    @Test func aLoadedLiftWithoutAWeightIsAskedAbout() throws {
        let client = try InProcess()
        _ = try client.call("session.start")
        // 5x85 of a barbell lift never logged: 85 reps with no weight of its own.
        let curl = try client.request("session.log", .obj(["match": "barbell curl", "reps": 85, "refuseImplausible": true]))
        #expect(curl["error"]?["data"]?["reason"] == "implausible_set" && curl["error"]?["data"]?["reps"] == 85, "\(curl)")
        let machine = try client.request("session.log", .obj(["match": "leg press", "reps": 40, "refuseImplausible": true]))
        #expect(machine["error"]?["data"]?["reason"] == "implausible_set", "\(machine)")
        // Body weight carries no load: 85 push-ups are push-ups.
        #expect(try client.call("session.log", .obj(["match": "push-up", "reps": 85, "refuseImplausible": true]))["reps"] == 85)
        #expect(try client.call("session.current")["sets"] == 1)
    }

    @Test func aSummaryNamesAnImportedAndALoggedLiftOnce() throws {
        let client = try InProcess()
        // Strong's spelling in the file, a week apart and in the same week as the set
        // logged by the catalog's name.
        try Self.importExport(client, """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            2026-11-23 18:00:00,"Legs",45m,"Squat (Barbell)",1,100,5,0,0,
            2026-11-30 18:00:00,"Legs",45m,"Squat (Barbell)",1,100,5,0,0,
            2026-11-30 18:00:00,"Legs",45m,"Squat (Barbell)",2,100,5,0,0,
            """, id: "legs")
        try Workout.backfill(client, start: "2026-12-02T18:00:00", end: "2026-12-02T19:00:00", sets: [("Back Squat", 5, 102.5)])
        for week in ["2026-11-23", "2026-11-30"] {
            let summary = try client.call("summary.weekly", .obj(["weekStart": .string(week)]))
            let names = summary["exercises"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
            #expect(names == ["Back Squat"], "\(week): \(summary["exercises"] ?? .null)")
            let context = summary["promptContext"]?.stringValue ?? ""
            #expect(context.contains("Back Squat") && !context.contains("Squat (Barbell)"), "\(week): \(context)")
        }
        let week = try client.call("summary.weekly", .obj(["weekStart": "2026-11-30"]))
        #expect(week["exercises"]?[0]?["setsDone"] == 3, "two imported sets and one logged, one exercise: \(week)")
        let progress = try client.call("exercise.history", .obj(["exercise": "squat (barbell)", "sets": false]))
        #expect(progress["name"] == "Back Squat" && progress["sessions"]?.arrayValue?.count == 3, "\(progress)")
    }
}
