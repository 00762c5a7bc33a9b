@testable import SessionFormats
import Testing
import TestSupport
@testable import SessionCore

/// Plans as chat models write them: each style is read with a warning that names
/// what was read, or refused with a path error — never imported with a field lost.
@Suite struct ModelStyleTests {
    let options = PlanImportOptions(today: Fixtures.monday)

    func plan(exercise: String) -> String {
        #"{"planName": "P", "days": [{"day": "Monday", "title": "T", "exercises": [\#(exercise)]}]}"#
    }

    func exercise(_ json: String) throws -> (PlannedExercise, [PathMessage]) {
        let result = try PlanImporter.importPlan(text: plan(exercise: json), options: options)
        return (result.plan.days[0].exercises[0], result.warnings)
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try PlanImporter.importPlan(text: text, options: options)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test(arguments: [
        (#"{"name": "Row", "reps": "3x10"}"#, PlannedExercise(name: "Row", sets: 3, reps: 10)),
        (#"{"name": "Row", "reps": "4 x 8-12"}"#, PlannedExercise(name: "Row", sets: 4, reps: 8, repsMax: 12)),
        (#"{"name": "Row", "sets_reps": "5×5", "weight_kg": 60}"#, PlannedExercise(name: "Row", sets: 5, reps: 5, weightKg: 60)),
        (#"{"name": "Row", "sets": "3-4", "reps": 10}"#, PlannedExercise(name: "Row", sets: 3, reps: 10, description: "3-4 sets")),
        (#"{"name": "Lunge", "sets": 3, "reps": "10/leg"}"#, PlannedExercise(name: "Lunge", sets: 3, reps: 10, description: "10 per leg")),
        (#"{"name": "Lunge", "sets": 3, "reps": "8 each side"}"#, PlannedExercise(name: "Lunge", sets: 3, reps: 8, description: "8 each side")),
        (#"{"name": "Curl", "sets": 3, "reps": "8-12 per arm"}"#, PlannedExercise(name: "Curl", sets: 3, reps: 8, repsMax: 12, description: "8-12 per arm")),
        (#"{"name": "Squat", "sets": 1, "reps": "5+"}"#, PlannedExercise(name: "Squat", sets: 1, reps: 5, description: "5+ reps (at least 5)")),
        (#"{"name": "Press", "reps": "12, 10, 8"}"#, PlannedExercise(name: "Press", sets: 3, reps: 8, repsMax: 12, description: "reps per set: 12, 10, 8")),
        (#"{"name": "Press", "reps": [10, 10, 10]}"#, PlannedExercise(name: "Press", sets: 3, reps: 10, description: "reps per set: 10, 10, 10")),
        (#"{"name": "Dip", "sets": 3, "reps": "AMRAP (8-12)"}"#, PlannedExercise(name: "Dip", sets: 3, amrap: true, description: "AMRAP, aim for 8-12 reps")),
        (#"{"name": "Plank", "sets": 3, "reps": "30-45s"}"#, PlannedExercise(name: "Plank", sets: 3, durationSeconds: 30, description: "30-45 s")),
    ])
    func repsAsModelsWriteThem(json: String, expected: PlannedExercise) throws {
        let (read, warnings) = try exercise(json)
        #expect(read == expected)
        #expect(!warnings.isEmpty, "what was read is said")
    }

    @Test func oneObjectPerSetGivesTheCountTheSpanAndTheFirstWeight() throws {
        let (read, warnings) = try exercise(#"{"name": "Bench", "sets": [{"reps": 12, "weight": "40 kg"}, {"reps": 10, "weightKg": 45}, {"reps": 8, "weightKg": 50}]}"#)
        #expect(read == PlannedExercise(name: "Bench", sets: 3, reps: 8, repsMax: 12, weightKg: 40, description: "sets: 12 × 40 kg, 10 × 45 kg, 8 × 50 kg"))
        #expect(warnings.contains { $0.path == "days[0].exercises[0].sets" && $0.kind == .prescription })
    }

    @Test(arguments: [
        (#""2-3 min""#, 120), (#""90-120 seconds""#, 90), (#""90s""#, 90),
    ])
    func restRangesTakeTheLowerEnd(rest: String, seconds: Int) throws {
        let (read, _) = try exercise(#"{"name": "Row", "sets": 3, "reps": 5, "rest": \#(rest)}"#)
        #expect(read.restSeconds == seconds)
    }

    @Test(arguments: [
        (#""20-24 kg""#, 20.0, "20-24 kg"), (#""2x20 kg""#, 20.0, "2 × 20 kg (each)"), (#""30 kg each""#, 30.0, "30 kg each"),
        (#""BW + 10 kg""#, 10.0, "bodyweight + 10 kg"), (#""70% 1RM""#, nil, "70% 1RM"), (#""moderate""#, nil, "moderate"),
        (#""50 lb""#, 22.7, nil),
    ] as [(String, Double?, String?)])
    func weightsAsModelsWriteThem(weight: String, kilograms: Double?, description: String?) throws {
        let (read, warnings) = try exercise(#"{"name": "Row", "sets": 3, "reps": 5, "weight": \#(weight)}"#)
        #expect(read.weightKg == kilograms)
        #expect(read.description == description)
        #expect(Set(warnings.map(\.path)) == ["days[0].exercises[0].weight"])
    }

    @Test func otherKeySpellingsAreReadAndNamed() throws {
        let (read, warnings) = try exercise(
            #"{"exercise_name": "Squat", "sets": 3, "reps": 5, "weightLb": 100, "rest_seconds": 120, "notes": "Brace.", "rpe": 8, "tempo": "N/A"}"#)
        #expect(read == PlannedExercise(name: "Squat", sets: 3, reps: 5, weightKg: 45.4, restSeconds: 120, description: "Brace.; RPE 8"))
        #expect(Set(warnings.map(\.path)) == [
            "days[0].exercises[0].exercise_name", "days[0].exercises[0].rest_seconds", "days[0].exercises[0].notes",
            "days[0].exercises[0].tempo", "days[0].exercises[0].weightLb", "days[0].exercises[0].rpe",
        ])
        #expect(warnings.first?.message == "read as \"name\"")
        #expect(warnings.first { $0.path.hasSuffix("tempo") }?.kind == .absent)
        #expect(errors(plan(exercise: #"{"name": "Row", "sets": 3, "reps": 5, "rest": 60, "restSeconds": 90}"#))
                == ["days[0].exercises[0].restSeconds: \"rest\" and \"restSeconds\" both give restSeconds; keep one"])
    }

    @Test func contradictionsAreRefusedWithTheirPaths() {
        #expect(errors(plan(exercise: #"{"name": "Row", "sets": 4, "reps": "3x10"}"#)) == ["days[0].exercises[0].sets: 4 sets, but \"reps\" says 3"])
        #expect(errors(plan(exercise: #"{"name": "Row", "sets": 3, "reps": "lots"}"#)).first?.hasPrefix("days[0].exercises[0].reps: must be a number of reps") == true)
        #expect(errors(plan(exercise: #"{"name": "Row", "sets": 3, "reps": 5, "weightKg": 20, "weight_lb": 45}"#))
                == ["days[0].exercises[0].weight_lb: give one of \"weightKg\" and \"weight_lb\", not both"])
    }

    @Test func aPlanWrappedInAnEnvelopeIsFoundByItsShape() throws {
        let text = #"""
            {"response": {"status": "ok", "program": {"title": "Wrapped Plan", "weekStart": "2026-11-30",
              "schedule": [{"day": "Tuesday", "focus": "Legs", "movements": [{"exercise": "Squat", "sets": 3, "reps": 5}]},
                           {"day": "Thursday", "focus": "Push", "blocks": [{"name": "Press", "sets": 3, "reps": 8}]}]}}}
            """#
        let result = try PlanImporter.importPlan(text: text, options: options)
        #expect(result.plan.name == "Wrapped Plan")
        #expect(result.plan.days.map(\.title) == ["Legs", "Push"])
        #expect(result.plan.days.map(\.weekday) == [.tuesday, .thursday])
        #expect(result.plan.days[1].exercises.map(\.name) == ["Press"])
        #expect(result.warnings.first?.message.contains("the days read from response.program.schedule") == true)
        #expect(result.warnings.contains { $0.path == "response.program.schedule[1].blocks" && $0.message == "read as \"exercises\"" })
    }

    @Test func aCodeWrapperIsDropped() throws {
        let text = "export const plan = {\"planName\": \"Coded\", \"days\": [{\"day\": \"Friday\", \"exercises\": [\"Row\"]}]};\n"
        #expect(try PlanImporter.importPlan(text: text, options: options).plan.name == "Coded")
    }

    @Test func twoCandidateListsAreRefusedWithTheirPaths() {
        let text = #"{"weekA": [{"day": "Monday", "exercises": ["Row"]}], "weekB": [{"day": "Monday", "exercises": ["Squat"]}]}"#
        #expect(errors(text) == ["$: ambiguous: 2 lists look like the plan's days (weekA, weekB); give one"])
    }

    @Test(arguments: [
        (#"[{"day": "Day 1", "exercises": ["A"]}, {"day": "Day 2", "exercises": ["B"]}, {"day": "Day 3", "exercises": ["C"]}]"#,
         [Weekday.monday, .wednesday, .friday]),
        (#"[{"day": 1, "exercises": ["A"]}, {"day": 2, "exercises": ["B"]}, {"day": 3, "exercises": ["C"]}, {"day": 4, "exercises": ["D"]}]"#,
         [.monday, .tuesday, .thursday, .friday]),
        (#"[{"title": "Upper", "exercises": ["A"]}, {"title": "Lower", "exercises": ["B"]}]"#, [.monday, .thursday]),
    ])
    func daysWithoutWeekdaysAreSpreadOverTheWeek(text: String, weekdays: [Weekday]) throws {
        let result = try PlanImporter.importPlan(text: text, options: options)
        #expect(result.plan.days.map(\.weekday) == weekdays)
        #expect(result.warnings.contains { $0.kind == .schedule && $0.message.hasPrefix("the days name no weekday") })
    }

    @Test func dayLabelsBecomeTitlesAndMixedDaysAreRefused() throws {
        let labelled = try PlanImporter.importPlan(text: #"[{"day": "Day 1", "exercises": ["A"]}]"#, options: options)
        #expect(labelled.plan.days[0].title == "Day 1")
        #expect(errors(#"{"planName": "P", "days": [{"day": "Monday", "exercises": ["A"]}, {"title": "Extra", "exercises": ["B"]}]}"#)
                == ["days[1]: a day needs \"day\" (a weekday) or \"date\" (YYYY-MM-DD) when other days have one"])
    }

    @Test func aCutOffReplyIsRefusedNotReadFromInside() {
        let cut = #"{"planName": "Cut", "days": [{"day": "Monday", "exercises": [{"name": "Squat", "sets": 3, "reps": 5}]}, {"day": "Tue"#
        #expect(errors(cut).first?.hasPrefix("$: cut off: the JSON value that opens at line 1, column 1 never closes") == true)
    }

    @Test(arguments: [
        ("{\"planName\": \"X\",\n  \"days\": [{\"day\": \"Monday\", \"exercises\": [\"A\",]}]}", "$: JSON syntax error at line 2, column 48: a trailing comma before ]"),
        ("```json\n{\"planName\": \"X\", // mine\n\"days\": [{\"day\": \"Monday\", \"exercises\": [\"A\"]}]}\n```", "$: JSON syntax error at line 2, column 19: a comment; JSON has none"),
    ])
    func brokenJSONIsNamedByLineAndColumn(text: String, error: String) {
        #expect(errors(text) == [error])
    }

    @Test func warningsCarryAKindForCounting() throws {
        let text = #"{"planName": "P", "days": [{"day": "Monday", "exercises": [{"name": "A", "sets": "3", "reps": "5"}, {"name": "B", "sets": "4", "reps": "6"}]}]}"#
        let result = try PlanImporter.importPlan(text: text, options: options)
        #expect(result.warnings.filter { $0.kind == .numberAsString }.count == 4)
        #expect(WarningKind.numberAsString.label(4) == "4 numbers given as strings")
        #expect(result.warnings.first?.json["kind"] == "number-as-string")
    }
}

extension ModelStyleTests {
    @Test func supersetsAreKeptAsGroups() throws {
        let text = #"""
            {"planName": "P", "days": [{"day": "Monday", "title": "Arms", "exercises": [
              {"name": "Bench", "sets": 3, "reps": 5},
              {"superset": [{"name": "Curl", "sets": 3, "reps": 10}, {"name": "Pushdown", "sets": 3, "reps": 12}]},
              {"name": "Fly", "sets": 3, "reps": 12, "superset": "C"}, {"name": "Raise", "sets": 3, "reps": 15, "superset_group": "C"}
            ]}]}
            """#
        let result = try PlanImporter.importPlan(text: text, options: options)
        let exercises = result.plan.days[0].exercises
        #expect(exercises.map(\.name) == ["Bench", "Curl", "Pushdown", "Fly", "Raise"])
        #expect(exercises.map(\.superset) == [nil, "A", "A", "C", "C"])
        #expect(result.warnings.map(\.path) == ["days[0].exercises[1]", "days[0].exercises[3].superset_group"])
        #expect(errors(plan(exercise: #"{"name": "Row", "sets": 3, "reps": 5, "superset": ""}"#)).first?.hasPrefix("days[0].exercises[0].superset: must be a label") == true)
    }
}

extension ModelStyleTests {
    @Test func daysKeyedByWeekdayAreRead() throws {
        let text = #"{"name": "Split", "Monday": [{"exercise": "Squat", "sets": 3, "reps": 5}], "tuesday": "Rest", "Wednesday": {"focus": "Push", "exercises": ["Bench"]}}"#
        let result = try PlanImporter.importPlan(text: text, options: options)
        #expect(result.plan.name == "Split")
        #expect(result.plan.days.map(\.weekday) == [.monday, .tuesday, .wednesday])
        #expect(result.plan.days.map(\.rest) == [false, true, false])
        #expect(result.plan.days[2].title == "Push")
        let nested = try PlanImporter.importPlan(text: #"{"planName": "N", "days": {"Friday": [{"name": "Row", "sets": 3, "reps": 8}]}}"#, options: options)
        #expect(nested.plan.days.map(\.weekday) == [.friday])
        #expect(errors(#"{"Monday": [{"exercise": "Squat", "sets": 0, "reps": 5}]}"#) == ["Monday[0].sets: must be an integer from 1 to 20, got 0"])
        #expect(errors(#"{"Monday": {"day": "Tuesday", "exercises": ["Row"]}}"#) == ["Monday: the key says Monday but the day says Tuesday"])
    }
}
