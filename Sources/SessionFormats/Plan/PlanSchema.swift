import JSON
import SessionCore

/// The JSON Schema (draft 2020-12) of the plan object shape: the whole contract of what
/// imports, for planners and their validators. It is built from `PlanLimits`, the same bounds
/// import enforces, and describes exactly what imports without warnings, except what a
/// schema cannot say (exercise names unique per day, case-insensitively; each weekday
/// once; repsMax above reps), which its description states. `sessionctl plan schema`
/// prints it and docs/plan.schema.json ships it. The generation prompt carries the
/// smaller `generation` form.
public enum PlanSchema {
    /// The schema document.
    public static var document: JSONValue {
        .obj([
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "description": "Names unique per day; each weekday once; repsMax > reps.",
            "type": "object",
            "additionalProperties": false,
            "required": ["planName", "days"],
            "properties": .obj([
                "planName": ref("name"),
                "weekStart": ref("date"),
                "days": .obj([
                    "type": "array",
                    "minItems": JSONValue(PlanLimits.days.lowerBound),
                    "maxItems": JSONValue(PlanLimits.days.upperBound),
                    "items": ref("day"),
                ]),
            ]),
            "$defs": .obj([
                "name": .obj(["type": "string", "maxLength": JSONValue(PlanLimits.nameLength), "pattern": "^\\S+( \\S+)*$"]),
                "text": .obj(["type": "string", "maxLength": JSONValue(PlanLimits.descriptionLength), "pattern": "^\\S+( \\S+)*$"]),
                "date": .obj(["type": "string", "format": "date"]),
                "reps": integer(PlanLimits.reps),
                "seconds": integer(PlanLimits.durationSeconds),
                "day": day,
                "warmup": warmupItem,
                "exercise": exercise,
            ]),
        ])
    }

    /// The plan's shape for a model's structured output, compact enough for the
    /// ~800-token generation prompt (about 280 tokens): every property, its type, what
    /// is required, the weekdays, and no other members. It leaves out what import
    /// enforces anyway (lengths, ranges, patterns, the rest-day and reps/duration rules):
    /// a plan that breaks one of those is refused or warned about with a JSON path, so
    /// the planner learns what to fix, and nothing wrong is stored.
    public static var generation: JSONValue {
        let string: JSONValue = .obj(["type": "string"])
        let integer: JSONValue = .obj(["type": "integer"])
        let date: JSONValue = .obj(["type": "string", "format": "date"])
        func object(_ required: [String], _ properties: KeyValuePairs<String, JSONValue>) -> JSONValue {
            .obj(["type": "object", "additionalProperties": false, "required": .array(required.map { .string($0) }), "properties": .obj(properties)])
        }
        func array(_ items: JSONValue, at most: Int? = nil) -> JSONValue {
            guard let most else { return .obj(["type": "array", "items": items]) }
            return .obj(["type": "array", "items": items, "maxItems": JSONValue(most)])
        }
        let warmup = object(["name"], ["name": string, "reps": integer, "durationSeconds": integer, "description": string])
        let exercise = object(["name", "sets"], [
            "name": string, "sets": integer, "reps": integer, "repsMax": integer, "amrap": .obj(["const": true]),
            "durationSeconds": integer, "weightKg": .obj(["type": "number"]), "restSeconds": integer, "description": string, "superset": string,
        ])
        let day = object(["title"], [
            "day": .obj(["enum": .array(Weekday.allCases.map { .string($0.name) })]), "date": date, "title": string,
            "rest": .obj(["type": "boolean"]), "warmup": array(warmup, at: PlanLimits.warmupItemsInADay), "exercises": array(exercise, at: PlanLimits.exercisesInADay),
        ])
        return object(["planName", "days"], ["planName": string, "weekStart": date, "days": array(day)])
    }

    static func ref(_ name: String) -> JSONValue { .obj(["$ref": .string("#/$defs/" + name)]) }

    static func integer(_ range: ClosedRange<Int>) -> JSONValue {
        .obj(["type": "integer", "minimum": JSONValue(range.lowerBound), "maximum": JSONValue(range.upperBound)])
    }

    /// A day: "day" or "date"; a rest day has no exercises, a training day at least one.
    static var day: JSONValue {
        .obj([
            "type": "object",
            "additionalProperties": false,
            "required": ["title"],
            "anyOf": [.obj(["required": ["day"]]), .obj(["required": ["date"]])],
            "properties": .obj([
                "day": .obj(["enum": .array(Weekday.allCases.map { .string($0.name) })]),
                "date": ref("date"),
                "title": ref("name"),
                "rest": .obj(["type": "boolean"]),
                "warmup": .obj(["type": "array", "items": ref("warmup"), "maxItems": JSONValue(PlanLimits.warmupItemsInADay)]),
                "exercises": .obj(["type": "array", "items": ref("exercise"), "maxItems": JSONValue(PlanLimits.exercisesInADay)]),
            ]),
            "if": .obj(["required": ["rest"], "properties": .obj(["rest": .obj(["const": true])])]),
            "then": .obj(["properties": .obj(["exercises": .obj(["maxItems": 0])])]),
            "else": .obj(["required": ["exercises"], "properties": .obj(["exercises": .obj(["minItems": 1])])]),
        ])
    }

    static var warmupItem: JSONValue {
        .obj([
            "type": "object",
            "additionalProperties": false,
            "required": ["name"],
            "dependentSchemas": .obj(["reps": .obj(["properties": .obj(["durationSeconds": false])])]),
            "properties": .obj([
                "name": ref("name"),
                "reps": ref("reps"),
                "durationSeconds": ref("seconds"),
                "description": ref("text"),
            ]),
        ])
    }

    /// An exercise: reps (optionally up to repsMax), amrap, or a duration — one of them.
    static var exercise: JSONValue {
        .obj([
            "type": "object",
            "additionalProperties": false,
            "required": ["name", "sets"],
            "dependentRequired": .obj(["repsMax": ["reps"]]),
            "dependentSchemas": .obj([
                "reps": .obj(["properties": .obj(["durationSeconds": false, "amrap": false])]),
                "amrap": .obj(["properties": .obj(["durationSeconds": false])]),
            ]),
            "properties": .obj([
                "name": ref("name"),
                "sets": integer(PlanLimits.sets),
                "reps": ref("reps"),
                "repsMax": ref("reps"),
                "amrap": .obj(["const": true]),
                "durationSeconds": ref("seconds"),
                "weightKg": .obj([
                    "type": "number",
                    "minimum": JSONValue(PlanLimits.weightKg.lowerBound),
                    "maximum": JSONValue(PlanLimits.weightKg.upperBound),
                ]),
                "restSeconds": integer(PlanLimits.restSeconds),
                "description": ref("text"),
                "superset": .obj(["type": "string", "minLength": 1, "maxLength": JSONValue(PlanLimits.supersetLabelLength)]),
            ]),
        ])
    }
}
