import Foundation
import SessionCore
import JSON

/// Helpers shared by the daemon and application tests: a plan for the current test
/// week, and shortcuts.
public enum Workout {
    /// The dumbbell example plan for the week of 2026-11-30.
    public static let weekStart = "2026-11-30"

    /// Imports the clean dumbbell plan (`Fixtures.dumbbellPlan`) and returns the plan.get
    /// result. Imported, where the client's daemon lets the test set its clock, on the
    /// Sunday before its week, as a planner run at the end of a week would: its whole
    /// week is planned.
    @discardableResult
    public static func importPlan(_ client: some RPCCaller, weekStart: String = weekStart) throws -> JSONValue {
        try importBeforeItsWeek(client, plan: Fixtures.dumbbellPlan, weekStart: weekStart)
    }

    /// A one-day plan (Monday of `weekStart`) with the given exercises JSON, imported
    /// as `importPlan` imports.
    @discardableResult
    public static func importMonday(_ client: some RPCCaller, exercises: String, weekStart: String = weekStart) throws -> JSONValue {
        let plan = #"{"planName": "Test", "days": [{"day": "Monday", "title": "Test Day", "exercises": [\#(exercises)]}]}"#
        return try importBeforeItsWeek(client, plan: plan, weekStart: weekStart)
    }

    /// Imports `plan` for the week of `weekStart` on the Sunday before it when the
    /// client's clock can be set, else now; returns the plan.get result.
    static func importBeforeItsWeek(_ client: some RPCCaller, plan: String, weekStart: String) throws -> JSONValue {
        let params = JSONValue.obj(["plan": .string(plan), "weekStart": .string(weekStart)])
        let imported: JSONValue
        if let clock = client as? SettableClock, clock.canSetClock, let monday = LocalDate(weekStart) {
            imported = try clock.on(monday.adding(days: -1)) { try client.call("plan.import", params) }
        } else {
            imported = try client.call("plan.import", params)
        }
        return try client.call("plan.get", .obj(["planId": imported["planId"] ?? .null]))
    }

    /// The plannedExerciseId of a day's exercise.
    public static func exerciseID(_ plan: JSONValue, day: Int, position: Int) -> JSONValue {
        plan["days"]?[day]?["exercises"]?[position]?["plannedExerciseId"] ?? .null
    }

    /// Logs a finished session at fixed times: sets of (exercise, reps, kg).
    public static func backfill(_ client: some RPCCaller, start: String, end: String, sets: [(String, Int, Double?)], rpe: Double? = nil, abort: Bool = false) throws {
        _ = try client.call("session.start", .obj(["at": .string(start)]))
        for (name, reps, weight) in sets {
            var params: [(key: String, value: JSONValue)] = [(key: "exercise", value: .string(name)), (key: "reps", value: JSONValue(reps)), (key: "at", value: .string(start))]
            if let weight { params.append((key: "weightKg", value: .number(weight))) }
            _ = try client.call("session.log", .object(params))
        }
        if abort {
            _ = try client.call("session.abort")
        } else {
            _ = try client.call("session.finish", rpe.map { .obj(["rpe": .number($0), "at": .string(end)]) } ?? .obj(["at": .string(end)]))
        }
    }

    /// 400 finished sessions of 50 sets: 20,000 sets, more than two export pages hold.
    @discardableResult
    public static func importHistory(_ client: some RPCCaller) throws -> (workouts: Int, sets: Int) {
        let sets = JSONValue.array((0..<50).map { .obj(["exercise": .string("Lift \($0 % 5)"), "reps": JSONValue($0 % 8 + 3), "weightKg": JSONValue(40 + $0)]) })
        for chunk in 0..<2 {
            let workouts = (0..<200).map { index -> JSONValue in
                let date = LocalDate(daysSinceEpoch: 18_000 + chunk * 200 + index).description
                return .obj(["start": .string(date + "T18:00:00"), "durationSeconds": 3600, "title": "W", "sets": sets])
            }
            _ = try client.call("history.import", .obj(["importId": "big", "chunk": JSONValue(chunk), "workouts": .array(workouts), "source": "strong"]))
        }
        _ = try client.call("history.import", .obj(["importId": "big", "chunk": 2, "done": true]))
        return (400, 400 * 50)
    }

    /// A Monday of a press, a pulldown, a raise and a plank: names that share words.
    public static let namesSharingWords = """
        {"name": "Overhead Press", "sets": 3, "reps": 5, "weightKg": 40}, {"name": "Lat Pulldown", "sets": 3, "reps": 10},
        {"name": "Lateral Raise", "sets": 3, "reps": 12}, {"name": "Plank", "sets": 3, "durationSeconds": 45}
        """
}

extension JSONValue {
    /// Array element access for tests.
    public subscript(index: Int) -> JSONValue? {
        guard let items = arrayValue, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

extension Workout {
    /// The finished sessions as `history.export` gives them, each one's sets in a fixed
    /// order: what two devices that hold the same record give alike, whatever order
    /// each stored its rows in.
    public static func record(_ caller: some RPCCaller) throws -> [JSONValue] {
        try (caller.call("history.export")["workouts"]?.arrayValue ?? []).map { workout in
            var pairs = workout.objectPairs ?? []
            if let index = pairs.firstIndex(where: { $0.key == "sets" }) {
                pairs[index].value = .array((pairs[index].value.arrayValue ?? []).sorted { $0.jsonText < $1.jsonText })
            }
            return .object(pairs)
        }
    }

    /// `session.log`'s params for `reps` × `kg` of `exercise`.
    public static func set(_ exercise: String, _ reps: Int, _ kg: Double) -> JSONValue {
        .obj(["exercise": .string(exercise), "reps": JSONValue(reps), "weightKg": JSONValue(kg)])
    }
}
