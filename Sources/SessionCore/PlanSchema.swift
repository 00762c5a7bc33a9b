/// The JSON Schema (draft 2020-12) of the plan object shape: the contract a planner
/// hands a model for structured output. It is built from `PlanLimits`, the same bounds
/// import enforces, and describes exactly what imports without warnings (except what
/// a schema cannot say: exercise names unique per day, case-insensitively, and one
/// entry per weekday).
public enum PlanSchema {
    /// The schema document.
    public static var document: JSONValue {
        .obj([
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Training plan",
            "description": "One week of training. Exercise names unique per day; each weekday at most once.",
            "type": "object",
            "additionalProperties": false,
            "required": ["planName", "days"],
            "properties": .obj([
                "planName": name,
                "weekStart": .obj(["type": "string", "format": "date", "description": "The Monday of the plan's week."]),
                "days": .obj([
                    "type": "array",
                    "minItems": JSONValue(PlanLimits.days.lowerBound),
                    "maxItems": JSONValue(PlanLimits.days.upperBound),
                    "items": day,
                ]),
            ]),
        ])
    }

    static var name: JSONValue {
        .obj([
            "type": "string",
            "minLength": 1,
            "maxLength": JSONValue(PlanLimits.nameLength),
            "pattern": "^\\S+( \\S+)*$",
        ])
    }

    static func integer(_ range: ClosedRange<Int>) -> JSONValue {
        .obj(["type": "integer", "minimum": JSONValue(range.lowerBound), "maximum": JSONValue(range.upperBound)])
    }

    static var description: JSONValue {
        .obj([
            "type": "string",
            "maxLength": JSONValue(PlanLimits.descriptionLength),
            "pattern": "^\\S+( \\S+)*$",
        ])
    }

    static var day: JSONValue {
        .obj([
            "type": "object",
            "additionalProperties": false,
            "required": ["title"],
            "anyOf": [.obj(["required": ["day"]]), .obj(["required": ["date"]])],
            "properties": .obj([
                "day": .obj(["enum": .array(Weekday.allCases.map { .string($0.name) })]),
                "date": .obj(["type": "string", "format": "date"]),
                "title": name,
                "rest": .obj(["type": "boolean"]),
                "warmup": .obj(["type": "array", "items": warmupItem]),
                "exercises": .obj(["type": "array", "items": exercise]),
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
            "not": .obj(["required": ["reps", "durationSeconds"]]),
            "properties": .obj([
                "name": name,
                "reps": integer(PlanLimits.reps),
                "durationSeconds": integer(PlanLimits.durationSeconds),
                "description": description,
            ]),
        ])
    }

    static var exercise: JSONValue {
        .obj([
            "type": "object",
            "additionalProperties": false,
            "required": ["name", "sets"],
            "not": .obj(["anyOf": [
                .obj(["required": ["reps", "durationSeconds"]]),
                .obj(["required": ["amrap", "reps"], "properties": .obj(["amrap": .obj(["const": true])])]),
                .obj(["required": ["amrap", "durationSeconds"], "properties": .obj(["amrap": .obj(["const": true])])]),
            ]]),
            "dependentRequired": .obj(["repsMax": ["reps"]]),
            "properties": .obj([
                "name": name,
                "sets": integer(PlanLimits.sets),
                "reps": integer(PlanLimits.reps),
                "repsMax": integer(PlanLimits.reps),
                "amrap": .obj(["type": "boolean"]),
                "durationSeconds": integer(PlanLimits.durationSeconds),
                "weightKg": .obj([
                    "type": "number",
                    "minimum": JSONValue(PlanLimits.weightKg.lowerBound),
                    "maximum": JSONValue(PlanLimits.weightKg.upperBound),
                ]),
                "restSeconds": integer(PlanLimits.restSeconds),
                "description": description,
            ]),
        ])
    }
}
