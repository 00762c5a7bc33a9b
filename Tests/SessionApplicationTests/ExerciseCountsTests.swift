import Foundation
import JSON
import SessionCore
import TestSupport
import Testing

@testable import SessionApplication

/// `exercise.get`'s `sessions` and `sets`, which the store keeps as sets are written
/// instead of counting them on every call: after every kind of write (logged, alone and
/// several in one group commit, edited, undone, aborted, imported, moved by an alias,
/// applied from another device) they are what the test counts from what it wrote.
@Suite struct ExerciseCountsTests {
    /// Every set the test stored and not removed, by an id of the test's own: the
    /// exercise it counts for and a name of the session that holds it.
    struct Ledger {
        var sets: [String: (exercise: String, session: String)] = [:]

        /// The sessions and sets of `exercise`, counted from the ledger.
        func counts(_ exercise: String) -> (sessions: Int, sets: Int) {
            let held = sets.values.filter { $0.exercise == exercise }
            return (Set(held.map(\.session)).count, held.count)
        }
    }

    /// `exercise.get`'s counts of each of `exercises` against the ledger's.
    func expectCounts(_ app: InProcess, _ ledger: Ledger, _ exercises: [String], _ comment: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        for exercise in exercises {
            let got = try app.call("exercise.get", .obj(["exercise": .string(exercise)]))
            let expected = ledger.counts(exercise)
            #expect(got["sessions"]?.intValue == expected.sessions && got["sets"]?.intValue == expected.sets,
                    "\(comment): \(exercise) \(got["sessions"] ?? .null) sessions, \(got["sets"] ?? .null) sets; counted \(expected)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Logs one set of `exercise` into the active session (`session`) and notes it.
    @discardableResult
    func log(_ app: InProcess, _ ledger: inout Ledger, _ exercise: String, session: String, reps: Int = 5, kg: Double = 60) throws -> JSONValue {
        let logged = try app.call("session.log", Workout.set(exercise, reps, kg))
        ledger.sets["A\(logged["setId"]?.intValue ?? -1)"] = (exercise, session)
        return logged
    }

    /// The catalog's exercises the tests log (each named by `exercise.get` before any
    /// set of it), and all with one of one's own.
    static let lifts = ["Bench Press", "Deadlift", "Back Squat"]
    static let exercises = lifts + ["Floor Thing"]

    @Test func theCountsFollowEveryWriteOfSets() throws {
        let app = try InProcess()
        var ledger = Ledger()
        try expectCounts(app, ledger, ["Bench Press"], "nothing logged")

        // One session: sets logged one request at a time.
        _ = try app.call("session.start")
        for _ in 0..<3 { try log(app, &ledger, "Bench Press", session: "s1") }
        let deadlift = try log(app, &ledger, "Deadlift", session: "s1", reps: 3, kg: 140)
        try log(app, &ledger, "Deadlift", session: "s1", reps: 3, kg: 150)
        try expectCounts(app, ledger, Self.lifts, "logged")

        // Several in one line, one group commit: the counts read in its middle count the
        // sets logged before them in it.
        let line = """
            [{"jsonrpc":"2.0","id":1,"method":"session.log","params":{"exercise":"Bench Press","reps":5,"weightKg":62.5}},\
            {"jsonrpc":"2.0","id":2,"method":"session.log","params":{"exercise":"Back Squat","reps":5,"weightKg":100}},\
            {"jsonrpc":"2.0","id":3,"method":"exercise.get","params":{"exercise":"Bench Press"}},\
            {"jsonrpc":"2.0","id":4,"method":"exercise.get","params":{"exercise":"Back Squat"}},\
            {"jsonrpc":"2.0","id":5,"method":"session.log","params":{"exercise":"Back Squat","reps":5,"weightKg":105}}]
            """
        let replies = try JSONParser.parse(try #require(app.send(line: line))).arrayValue ?? []
        func reply(_ id: Int) -> JSONValue { replies.first { $0["id"]?.intValue == id }?["result"] ?? .null }
        for (id, exercise) in [(1, "Bench Press"), (2, "Back Squat"), (5, "Back Squat")] {
            ledger.sets["A\(reply(id)["setId"]?.intValue ?? -1)"] = (exercise, "s1")
        }
        #expect(reply(3)["sets"]?.intValue == ledger.counts("Bench Press").sets, "\(replies)")
        #expect(reply(4)["sets"]?.intValue == 1 && reply(4)["sessions"]?.intValue == 1, "the squat logged before it in the line: \(replies)")
        try expectCounts(app, ledger, Self.lifts, "logged in one line")

        // Edited (a warm-up is a set too), then undone: one set, then the last two.
        _ = try app.call("session.editSet", .obj(["setId": deadlift["setId"] ?? .null, "reps": 4, "kind": "warmup"]))
        try expectCounts(app, ledger, Self.lifts, "edited")
        _ = try app.call("session.undo", .obj(["setId": deadlift["setId"] ?? .null]))
        ledger.sets["A\(deadlift["setId"]?.intValue ?? -1)"] = nil
        try expectCounts(app, ledger, Self.lifts, "one undone")
        let undone = try app.call("session.undo", .obj(["last": 2]))
        for removed in undone["removed"]?.arrayValue ?? [] { ledger.sets["A\(removed["setId"]?.intValue ?? -1)"] = nil }
        #expect(undone["removed"]?.arrayValue?.count == 2)
        try expectCounts(app, ledger, Self.lifts, "the last two undone")
        _ = try app.call("session.finish")

        // A session aborted takes its sets with it; a finished session's only set of an
        // exercise undone takes the session from the exercise's.
        _ = try app.call("session.start")
        try log(app, &ledger, "Bench Press", session: "s2")
        try log(app, &ledger, "Deadlift", session: "s2")
        try expectCounts(app, ledger, Self.lifts, "a second session")
        _ = try app.call("session.abort")
        ledger.sets = ledger.sets.filter { $0.value.session != "s2" }
        try expectCounts(app, ledger, Self.lifts, "aborted")
        _ = try app.call("session.start")
        try log(app, &ledger, "Bench Press", session: "s3")
        let only = try log(app, &ledger, "Deadlift", session: "s3")
        _ = try app.call("session.finish")
        try expectCounts(app, ledger, Self.lifts, "a third session")
        _ = try app.call("session.undo", .obj(["setId": only["setId"] ?? .null, "confirm": true]))
        ledger.sets["A\(only["setId"]?.intValue ?? -1)"] = nil
        try expectCounts(app, ledger, Self.lifts, "a finished session's only deadlift undone")

        // Imported: two workouts, one of them of two exercises.
        func set(_ exercise: String) -> JSONValue { .obj(["exercise": .string(exercise), "reps": 5, "weightKg": 80]) }
        let workouts: [(start: String, sets: [String])] = [
            ("2026-01-05T18:00:00", ["Deadlift", "Deadlift", "Bench Press"]),
            ("2026-01-07T18:00:00", ["Deadlift", "Back Squat", "Back Squat", "Back Squat"]),
        ]
        _ = try app.call("history.import", .obj([
            "importId": "counts", "chunk": 0, "done": true,
            "workouts": .array(workouts.map { .obj(["start": .string($0.start), "title": "Old", "sets": .array($0.sets.map(set))]) }),
        ]))
        for workout in workouts {
            for (index, exercise) in workout.sets.enumerated() { ledger.sets["import \(workout.start) \(index)"] = (exercise, workout.start) }
        }
        try expectCounts(app, ledger, Self.lifts, "imported")

        // An alias moves the sets of its name to the exercise, and its removal back.
        _ = try app.call("session.start")
        try log(app, &ledger, "Floor Thing", session: "s4")
        try log(app, &ledger, "Floor Thing", session: "s4")
        try log(app, &ledger, "Bench Press", session: "s4")
        try expectCounts(app, ledger, Self.exercises, "an exercise of one's own")
        _ = try app.call("session.finish")
        let aliased = ledger
        _ = try app.call("exercise.alias", .obj(["alias": "Floor Thing", "name": "Bench Press"]))
        for (id, set) in ledger.sets where set.exercise == "Floor Thing" { ledger.sets[id] = ("Bench Press", set.session) }
        try expectCounts(app, ledger, ["Bench Press", "Deadlift"], "aliased")
        _ = try app.call("exercise.alias", .obj(["alias": "Floor Thing"]))
        ledger = aliased
        try expectCounts(app, ledger, Self.exercises, "the alias removed")
    }

    @Test func theCountsFollowChangesAppliedFromAnotherDevice() throws {
        let phone = try InProcess()
        let laptop = try InProcess()
        var readUpTo = 0
        /// The phone's changes since the last call.
        func take() throws -> [JSONValue] {
            var changes: [JSONValue] = []
            while true {
                let page = try phone.call("changes.since", .obj(["after": JSONValue(readUpTo)]))
                changes += page["changes"]?.arrayValue ?? []
                readUpTo = page["next"]?.intValue ?? readUpTo
                if page["more"] != true { return changes }
            }
        }
        var ledger = Ledger()
        _ = try laptop.call("session.start")
        try log(laptop, &ledger, "Bench Press", session: "laptop")
        _ = try laptop.call("session.finish")

        _ = try phone.call("session.start")
        var phoneSets: [Int] = []
        for exercise in ["Bench Press", "Bench Press", "Deadlift"] {
            let logged = try phone.call("session.log", Workout.set(exercise, 5, 70))
            let id = logged["setId"]?.intValue ?? -1
            phoneSets.append(id)
            ledger.sets["phone \(id)"] = (exercise, "phone")
        }
        _ = try phone.call("session.finish")
        _ = try laptop.call("changes.apply", .obj(["changes": .array(try take())]))
        try expectCounts(laptop, ledger, Self.lifts, "applied")

        // The phone undoes a set: its deletion arrives as a tombstone.
        _ = try phone.call("session.undo", .obj(["setId": JSONValue(phoneSets[2]), "confirm": true]))
        ledger.sets["phone \(phoneSets[2])"] = nil
        _ = try laptop.call("changes.apply", .obj(["changes": .array(try take())]))
        try expectCounts(laptop, ledger, Self.lifts, "a deletion applied")
    }
}
