@testable import SessionFormats
import Testing
import TestSupport
import JSON
@testable import SessionCore

/// Every example in ../shared/examples/plans imports (or is refused) as expected.
@Suite struct PlanImporterExampleTests {
    let options = PlanImportOptions(today: Fixtures.monday.adding(days: 2))

    @Test func cleanPlanImportsWithoutWarnings() throws {
        let result = try PlanImporter.importPlan(text: Fixtures.dumbbellPlan, options: options)
        #expect(result.warnings == [])
        #expect(result.plan.name == "Dumbbell Strength, 3 days")
        #expect(result.plan.weekStart == Fixtures.monday)
        #expect(result.plan.days.count == 7)
        #expect(result.plan.trainingDays.map(\.date.description) == ["2026-11-30", "2026-12-02", "2026-12-04"])
        let monday = result.plan.days[0]
        #expect(monday.warmup.count == 2)
        #expect(monday.exercises.count == 5)
        #expect(monday.exercises[0] == PlannedExercise(
            name: "Dumbbell Bench Press", sets: 4, reps: 8, weightKg: 22.5, restSeconds: 120,
            description: "Control the descent for two seconds."))
        #expect(monday.exercises[4].durationSeconds == 45)
        #expect(monday.exercises[4].reps == nil)
        #expect(result.plan.days[1].rest)
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func namesOnlyScheduleImportsWithOneWarning() throws {
        let result = try PlanImporter.importPlan(text: Fixtures.examplePlan("foundation-models-schedule.json"), options: options)
        #expect(result.warnings.count == 1)
        #expect(result.warnings[0].path == "$")
        #expect(result.plan.days.count == 7)
        #expect(result.plan.days.allSatisfy { $0.exercises.count == 5 && !$0.rest })
        #expect(result.plan.days[2].title == "Mobility")
        #expect(result.plan.days[6].date.description == "2026-12-06")
        #expect(result.plan.days.flatMap(\.exercises).allSatisfy { $0.sets == 3 && $0.reps == nil })
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func messyModelOutputIsNormalisedWithAWarningPerChange() throws {
        let result = try PlanImporter.importPlan(text: Fixtures.examplePlan("messy-model-output.txt"), options: options)
        let plan = result.plan
        #expect(plan.name == "Hypertrophy Split")
        #expect(plan.days.map(\.date.description) == ["2026-11-30", "2026-12-02", "2026-12-04"])
        let push = plan.days[0].exercises
        #expect(push.map(\.name) == ["Bench Press", "Incline Dumbbell Press", "Push-Up", "Plank"])
        #expect(push[0].sets == 4 && push[0].reps == 8 && push[0].repsMax == 12)
        #expect(push[1].weightKg == 22.7)
        #expect(push[1].reps == 10)
        #expect(push[2].amrap && push[2].reps == nil)
        #expect(push[3].durationSeconds == 30 && push[3].reps == nil)
        let paths = result.warnings.map(\.path)
        #expect(paths == [
            "$", "days[0].day", "days[0].exercises[0].name", "days[0].exercises[0].sets",
            "days[0].exercises[0].reps", "days[0].exercises[1]", "days[0].exercises[2].reps",
            "days[0].exercises[2].weight", "days[0].exercises[3].reps", "days[0].exercises[4].reps",
            "days[1].day", "days[1].exercises[0].tempo",
        ])
        #expect(result.warnings[1].message.contains("Monday"))
        #expect(result.warnings[10].message.contains("Wednesday"))
        #expect(result.warnings[7].message.contains("22.7 kg"))
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func everyInvalidExampleIsRefusedAtItsPath() throws {
        let cases = try #require(JSONParser.parse(Fixtures.examplePlan("invalid-plans.json")).arrayValue)
        let expected: [String: String] = [
            "days is not an array": "days",
            "negative sets": "days[0].exercises[0].sets",
            "same weekday twice": "days[1].day",
            "unknown weekday": "days[0].day",
            "exercise without a name": "days[0].exercises[0].name",
            "absurd reps": "days[0].exercises[0].reps",
            "no training day at all": "days",
            "not JSON at all": "$",
        ]
        #expect(cases.count == expected.count)
        for example in cases {
            let why = try #require(example["why"]?.stringValue)
            let plan = try #require(example["plan"])
            let error = #expect(throws: PlanImportError.self, "\(why)") {
                try PlanImporter.importPlan(json: plan, options: options)
            }
            #expect(error?.errors.map(\.path) == [expected[why] ?? "?"], "\(why)")
        }
        let negative = try #require(cases.first { $0["why"] == "negative sets" }?["plan"])
        let error = #expect(throws: PlanImportError.self) { try PlanImporter.importPlan(json: negative, options: options) }
        #expect(error?.errors.first?.description == "days[0].exercises[0].sets: must be an integer from 1 to 20, got -3")
    }
}
