@testable import SessionFormats
import Testing
import TestSupport
import JSON
@testable import SessionCore

@Suite struct PlanSchemaTests {
    @Test func schemaCarriesTheImportLimits() throws {
        let schema = PlanSchema.document
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["additionalProperties"] == false)
        let days = try #require(schema["properties"]?["days"])
        #expect(days["maxItems"] == 7)
        let definitions = try #require(schema["$defs"])
        let exercise = try #require(definitions["exercise"])
        #expect(exercise["required"] == ["name", "sets"])
        let properties = try #require(exercise["properties"])
        #expect(properties["sets"]?["minimum"] == 1 && properties["sets"]?["maximum"] == 20)
        #expect(properties["reps"] == .obj(["$ref": "#/$defs/reps"]))
        #expect(definitions["reps"]?["maximum"] == 100)
        #expect(definitions["seconds"]?["maximum"] == 7200)
        #expect(properties["weightKg"]?["maximum"] == 500)
        #expect(properties["restSeconds"]?["maximum"] == 1800)
        #expect(definitions["name"]?["maxLength"] == 120)
        let weekdays = try #require(definitions["day"]?["properties"]?["day"]?["enum"]?.arrayValue)
        #expect(weekdays.compactMap(\.stringValue) == Weekday.allCases.map(\.name))
    }

    @Test func everyExerciseKeyInTheSchemaImportsWithoutWarnings() throws {
        let properties = try #require(PlanSchema.document["$defs"]?["exercise"]?["properties"]?.objectPairs)
        #expect(Set(properties.map(\.key)) == ["name", "sets", "reps", "repsMax", "amrap", "durationSeconds", "weightKg", "restSeconds", "description", "superset"])
        let text = #"{"planName": "P", "weekStart": "2026-11-30", "days": [{"day": "Monday", "title": "T", "rest": false, "warmup": [{"name": "Jog", "durationSeconds": 300, "description": "Easy."}], "exercises": [{"name": "Curl", "sets": 3, "reps": 8, "repsMax": 12, "weightKg": 10, "restSeconds": 60, "description": "Slow.", "superset": "A"}, {"name": "Push-Up", "sets": 2, "amrap": true, "superset": "A"}]}, {"day": "Tuesday", "title": "Rest", "rest": true}]}"#
        let result = try PlanImporter.importPlan(text: text, options: PlanImportOptions(today: Fixtures.monday))
        #expect(result.warnings == [])
        #expect(result.plan.days[0].exercises[1].amrap)
    }

    @Test func whatTheSchemaForbidsImportsWithAWarningOrAnError() throws {
        let options = PlanImportOptions(today: Fixtures.monday)
        func issues(_ exercise: String) -> (warnings: Int, errors: Int) {
            let text = #"{"planName": "P", "days": [{"day": "Monday", "title": "T", "exercises": [\#(exercise)]}]}"#
            do {
                return (try PlanImporter.importPlan(text: text, options: options).warnings.count, 0)
            } catch {
                return (0, error.errors.count)
            }
        }
        #expect(issues(#"{"name": "Row", "sets": 3, "reps": 5, "amrap": false}"#).warnings == 1, "amrap is const true in the schema")
        #expect(issues(#"{"name": "Row", "sets": 3, "reps": 5, "amrap": true}"#).errors == 1)
        #expect(issues(#"{"name": "Row", "sets": 3, "amrap": true, "durationSeconds": 30}"#).errors == 1)
        #expect(issues(#"{"name": "Row", "sets": 3, "repsMax": 8}"#).errors == 1)
        #expect(issues(#"{"name": "Row", "sets": 3, "reps": 8, "repsMax": 12}"#) == (0, 0))
    }

    /// The prompt's compact schema describes the same objects as the full one: the same
    /// properties, the same required members, no other members allowed, the weekdays.
    @Test func generationSchemaHasTheFullSchemasShape() throws {
        let full = PlanSchema.document
        let definitions = try #require(full["$defs"])
        func resolved(_ schema: JSONValue) throws -> JSONValue {
            guard let reference = schema["$ref"]?.stringValue else { return schema }
            return try #require(definitions[String(reference.dropFirst("#/$defs/".count))])
        }
        var compared = 0
        func compare(_ compact: JSONValue, _ exact: JSONValue, path: String) throws {
            let exact = try resolved(exact)
            if let items = compact["items"] {
                try compare(items, try #require(exact["items"], "\(path)"), path: path + "[]")
                return
            }
            guard let properties = compact["properties"]?.objectPairs else {
                #expect(compact["enum"] == exact["enum"] && compact["const"] == exact["const"], "\(path)")
                if let type = compact["type"] { #expect(try resolved(exact)["type"] == type, "\(path)") }
                return
            }
            compared += 1
            let exactProperties = try #require(exact["properties"]?.objectPairs, "\(path)")
            #expect(properties.map(\.key) == exactProperties.map(\.key), "\(path)")
            #expect(compact["required"] == exact["required"] && compact["additionalProperties"] == false, "\(path)")
            for (key, value) in properties {
                try compare(value, try #require(exact["properties"]?[key]), path: path + "." + key)
            }
        }
        try compare(PlanSchema.generation, full, path: "$")
        #expect(compared == 4, "plan, day, warmup item, exercise")
        #expect(PlanSchema.generation["properties"]?["days"]?["items"]?["properties"]?["day"]?["enum"]?.arrayValue?.count == 7)
    }

    @Test func shippedSchemaFileMatchesTheGeneratedOne() {
        let shipped = Fixtures.read(Fixtures.packageRoot + "/docs/plan.schema.json")
        #expect(shipped == PlanSchema.document.prettyText + "\n", "regenerate with: sessionctl plan schema > docs/plan.schema.json")
    }
}
