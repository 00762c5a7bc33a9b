import Foundation
import SessionCore
import JSON

/// Helpers shared by the daemon and application tests: a plan for the current test
/// week, and shortcuts.
public enum Workout {
    /// The dumbbell example plan for the week of 2026-11-30.
    public static let weekStart = "2026-11-30"

    /// Imports the clean example plan and returns the plan.get result.
    @discardableResult
    public static func importPlan(_ client: some RPCCaller, file: String = "dumbbell-3day.json", weekStart: String = weekStart) throws -> JSONValue {
        let imported = try client.call("plan.import", .obj(["plan": .string(Fixtures.examplePlan(file)), "weekStart": .string(weekStart)]))
        return try client.call("plan.get", .obj(["planId": imported["planId"] ?? .null]))
    }

    /// A one-day plan (Monday of `weekStart`) with the given exercises JSON.
    @discardableResult
    public static func importMonday(_ client: some RPCCaller, exercises: String, weekStart: String = weekStart) throws -> JSONValue {
        let plan = #"{"planName": "Test", "days": [{"day": "Monday", "title": "Test Day", "exercises": [\#(exercises)]}]}"#
        let imported = try client.call("plan.import", .obj(["plan": .string(plan), "weekStart": .string(weekStart)]))
        return try client.call("plan.get", .obj(["planId": imported["planId"] ?? .null]))
    }

    /// The plannedExerciseId of a day's exercise.
    public static func exerciseID(_ plan: JSONValue, day: Int, position: Int) -> JSONValue {
        plan["days"]?[day]?["exercises"]?[position]?["plannedExerciseId"] ?? .null
    }
}

extension JSONValue {
    /// Array element access for tests.
    public subscript(index: Int) -> JSONValue? {
        guard let items = arrayValue, items.indices.contains(index) else { return nil }
        return items[index]
    }
}
