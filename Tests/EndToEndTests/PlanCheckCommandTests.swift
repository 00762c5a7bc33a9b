import Foundation
import Testing
import TestSupport
import SessionCore
import JSON

/// `sessionctl plan check` and `plan schema`, run as built binaries.
@Suite struct PlanCheckCommandTests {
    let plans = Fixtures.examplesDirectory + "/plans/"

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func checksMessyModelOutputAndListsEveryChange() throws {
        let result = try runProcess(Binaries.sessionctl, ["plan", "check", "--week-start", "2026-11-30", plans + "messy-model-output.txt"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Hypertrophy Split · week of 2026-11-30 · 3 training days"))
        #expect(result.stdout.contains("Incline Dumbbell Press  3 × 10 @ 22.7 kg"))
        #expect(result.stdout.contains("12 warnings"))
        #expect(result.stdout.contains("days[0].exercises[2].weight: \"50 lb\" converted to 22.7 kg"))
        #expect(!result.stdout.contains("\u{1B}["), "no colours when piped")
    }

    /// The sets per muscle a plan would give, against a count made here from the plan
    /// file and the catalog file.
    @Test func printsTheSetsPerMuscleThePlanWouldGive() throws {
        let result = try runProcess(Binaries.sessionctl, ["plan", "check", Fixtures.dumbbellPlanPath])
        #expect(result.status == 0, "\(result.stderr)")
        let plan = try JSONParser.parse(Fixtures.dumbbellPlan)
        var sets: [String: Int] = [:]
        for exercise in plan["days"]?.arrayValue?.flatMap({ $0["exercises"]?.arrayValue ?? [] }) ?? [] {
            sets[exercise["name"]?.stringValue ?? "", default: 0] += exercise["sets"]?.intValue ?? 0
        }
        let expected = CatalogFile().muscleSets(sets)
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("sets per muscle: ") })
        let shown = line.dropFirst("sets per muscle: ".count).split(separator: ",").map { item -> (String, String) in
            let words = item.split(separator: " ")
            return (words.dropLast().joined(separator: " "), String(words.last ?? ""))
        }
        #expect(Dictionary(shown, uniquingKeysWith: { first, _ in first }) == expected.mapValues { PromptText.number($0) }, "\(line)")
        let unknown = try runProcess(Binaries.sessionctl, ["plan", "check", "-"],
                                     stdin: #"{"planName": "X", "days": [{"day": "Monday", "title": "A", "exercises": [{"name": "Sled Drag Uphill", "sets": 3, "reps": 5}]}]}"#)
        #expect(unknown.stdout.contains("sets per muscle: none") && unknown.stdout.contains("not counted (not in the exercise catalog): Sled Drag Uphill"),
                "\(unknown.stdout)")
    }

    @Test func refusesAnInvalidPlanWithExitStatusOne() throws {
        let text = #"{"planName": "X", "days": [{"day": "Monday", "title": "A", "exercises": [{"name": "Squat", "sets": -3, "reps": 5}]}]}"#
        let result = try runProcess(Binaries.sessionctl, ["plan", "check", "-"], stdin: text)
        #expect(result.status == 1)
        #expect(result.stdout.contains("invalid plan: 1 error, nothing would be stored\n  days[0].exercises[0].sets: must be an integer from 1 to 20, got -3"),
                "\(result.stdout)")
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func printsJSONThatParsesBack() throws {
        let good = try runProcess(Binaries.sessionctl, ["plan", "check", "--json", plans + "foundation-models-schedule.json"])
        #expect(good.status == 0)
        let report = try JSONParser.parse(good.stdout)
        #expect(report["valid"] == true)
        #expect(report["plan"]?["days"]?.arrayValue?.count == 7)
        #expect(report["warnings"]?.arrayValue?.count == 1)
        let bad = try runProcess(Binaries.sessionctl, ["plan", "check", "--json", "-"], stdin: "Sure! Monday: squats.")
        #expect(bad.status == 1)
        let errors = try JSONParser.parse(bad.stdout)
        #expect(errors["valid"] == false)
        #expect(errors["errors"]?.arrayValue?.first?["path"] == "$")
        // One shape for both answers.
        #expect(Set(report.objectPairs?.map(\.key) ?? []) == Set(errors.objectPairs?.map(\.key) ?? []))
        #expect(errors["plan"] == .null && errors["warnings"] == [] && report["errors"] == [])
    }

    @Test func usageErrorsExitWithTwo() throws {
        #expect(try runProcess(Binaries.sessionctl, ["plan", "check"]).status == 2)
        // A file that cannot be read is a data error: 1, without the usage line.
        let missing = try runProcess(Binaries.sessionctl, ["plan", "check", "/nonexistent/plan.json"])
        #expect(missing.status == 1 && missing.stderr == "sessionctl: cannot read /nonexistent/plan.json: No such file or directory\n", "\(missing.stderr)")
        #expect(try runProcess(Binaries.sessionctl, ["plan", "check", "--week-start", "2026-12-01", Fixtures.dumbbellPlanPath]).status == 2)
        #expect(try runProcess(Binaries.sessionctl, ["plan", "check", "--bogus", "x"]).status == 2)
        #expect(try runProcess(Binaries.sessionctl, ["frobnicate"]).status == 2)
        let help = try runProcess(Binaries.sessionctl, ["plan", "check", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: sessionctl plan check [OPTIONS] FILE|-"))
    }

    @Test func schemaCommandPrintsTheShippedSchema() throws {
        let result = try runProcess(Binaries.sessionctl, ["plan", "schema"])
        #expect(result.status == 0)
        #expect(result.stdout == Fixtures.read(Fixtures.packageRoot + "/docs/plan.schema.json"))
        let schema = try JSONParser.parse(result.stdout)
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
    }
}
