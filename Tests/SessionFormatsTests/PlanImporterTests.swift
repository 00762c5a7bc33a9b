@testable import SessionFormats
import Testing
import TestSupport
@testable import SessionCore

/// Each normalisation and each rejection of the typed boundary, one at a time.
@Suite struct PlanImporterTests {
    let options = PlanImportOptions(today: Fixtures.monday)

    /// A one-day plan whose single exercise is `exercise` (JSON text).
    func plan(exercise: String, day: String = "\"Monday\"") -> String {
        #"{"planName": "P", "days": [{"day": \#(day), "title": "T", "exercises": [\#(exercise)]}]}"#
    }

    func imported(_ text: String, options: PlanImportOptions? = nil) throws -> ImportedPlan {
        try PlanImporter.importPlan(text: text, options: options ?? self.options)
    }

    func errors(_ text: String, options: PlanImportOptions? = nil) -> [String] {
        do {
            _ = try PlanImporter.importPlan(text: text, options: options ?? self.options)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func canonicalExerciseHasNoWarnings() throws {
        let result = try imported(plan(exercise: #"{"name": "Squat", "sets": 3, "reps": 5, "weightKg": 100, "restSeconds": 180}"#))
        #expect(result.warnings.isEmpty)
        #expect(result.plan.days[0].exercises[0] == PlannedExercise(name: "Squat", sets: 3, reps: 5, weightKg: 100, restSeconds: 180))
    }

    @Test(arguments: [
        (#""Squat  Press ""#, "Squat Press"), (#""\tRow""#, "Row"),
    ])
    func collapsesWhitespaceInNames(_ name: String, _ expected: String) throws {
        let result = try imported(plan(exercise: #"{"name": \#(name), "sets": 3, "reps": 5}"#))
        #expect(result.plan.days[0].exercises[0].name == expected)
        #expect(result.warnings.map(\.path) == ["days[0].exercises[0].name"])
    }

    @Test func readsNumbersGivenAsStrings() throws {
        let result = try imported(plan(exercise: #"{"name": "Row", "sets": "4", "reps": "10", "restSeconds": "90", "weightKg": "20"}"#))
        let exercise = result.plan.days[0].exercises[0]
        #expect(exercise.sets == 4 && exercise.reps == 10 && exercise.restSeconds == 90 && exercise.weightKg == 20)
        #expect(result.warnings.count == 4)
    }

    @Test func readsRepRangesAmrapAndDurations() throws {
        let range = try imported(plan(exercise: #"{"name": "Curl", "sets": 3, "reps": "8-12"}"#)).plan.days[0].exercises[0]
        #expect(range.reps == 8 && range.repsMax == 12)
        let amrap = try imported(plan(exercise: #"{"name": "Push-Up", "sets": 3, "reps": "AMRAP"}"#)).plan.days[0].exercises[0]
        #expect(amrap.amrap && amrap.reps == nil)
        for (text, seconds) in [("30s", 30), ("45 sec", 45), ("1 min", 60)] {
            let viaReps = try imported(plan(exercise: #"{"name": "Plank", "sets": 3, "reps": "\#(text)"}"#)).plan.days[0].exercises[0]
            #expect(viaReps.durationSeconds == seconds && viaReps.reps == nil)
            let viaDuration = try imported(plan(exercise: #"{"name": "Plank", "sets": 3, "durationSeconds": "\#(text)"}"#)).plan.days[0].exercises[0]
            #expect(viaDuration.durationSeconds == seconds)
        }
    }

    @Test func convertsWeightsToKilograms() throws {
        for (field, kilograms) in [(#""weight": "50 lb""#, 22.7), (#""weightKg": "20 kg""#, 20), (#""weight": "20kg""#, 20), (#""weightKg": "45lbs""#, 20.4)] {
            let result = try imported(plan(exercise: #"{"name": "Press", "sets": 3, "reps": 5, \#(field)}"#))
            #expect(result.plan.days[0].exercises[0].weightKg == kilograms, "\(field)")
            #expect(result.warnings.count == 1)
        }
    }

    /// A program: a name and its days, titled, under another key, in an object or an
    /// array; the days in order, spread over the week as "Day 1 … Day N" are.
    @Test(arguments: ["routine", "workouts", "schedule", "program"])
    func aProgramsTitledDaysImportInOrder(key: String) throws {
        let days = #"""
            [{"name": "Push", "exercises": [{"name": "Bench Press", "sets": 3, "reps": 8}]},
             {"title": "Pull", "exercises": [{"exercise": "Row", "sets": 3, "reps": "8-10"}]},
             {"day_name": "Legs", "exercises": [{"name": "Squat", "sets": 5, "reps": 5}]}]
            """#
        for text in [#"{"name": "PPL", "\#(key)": \#(days)}"#, #"[{"name": "PPL", "\#(key)": \#(days)}]"#, #"{"program": {"name": "PPL", "\#(key)": \#(days)}}"#] {
            let plan = try imported(text).plan
            #expect(plan.name == "PPL", "\(text)")
            let training = plan.days.filter { !$0.rest }
            #expect(training.map(\.title) == ["Push", "Pull", "Legs"], "\(text)")
            #expect(training.map(\.weekday) == [.monday, .wednesday, .friday])
            #expect(training.map { $0.exercises.map(\.name) } == [["Bench Press"], ["Row"], ["Squat"]])
            #expect(training[1].exercises[0].reps == 8 && training[1].exercises[0].repsMax == 10)
        }
    }

    /// A model's plan in another language: days titled in Spanish where the weekday
    /// goes, inside a program wrapper, none naming a weekday (placed in order, spread
    /// as titled days are); rests in Spanish and German words; a rest without a number
    /// and a list of tips kept in the description, each with a warning, nothing refused.
    @Test func aPlanInAnotherLanguageImportsWithItsDaysInOrder() throws {
        let days = #"""
            [{"day": "PECHO Y BÍCEPS – FUERZA Y VOLUMEN", "exercises": [
               {"name": "Press de banca", "sets": 4, "reps": "8-10", "rest": "90 segundos", "tips": ["Escápulas retraídas", "Bajar  controlado"]},
               {"name": "Curl de bíceps", "sets": 3, "reps": 12, "rest": "Mínimo (superset)"}]},
             {"day": "ESPALDA Y TRÍCEPS – FUERZA", "exercises": [{"name": "Remo con barra", "sets": 4, "reps": 8, "rest": "2 Minuten"}]},
             {"day": "PIERNAS – VOLUMEN", "exercises": [{"name": "Sentadilla", "sets": 4, "reps": 10, "rest": "2 minutos"}]}]
            """#
        let text = #"Aquí tienes tu plan: {"program": {"name": "Hipertrofia", "days": \#(days)}}"#
        let result = try imported(text)
        let program = result.plan
        #expect(program.name == "Hipertrofia")
        #expect(program.days.map(\.title) == ["PECHO Y BÍCEPS – FUERZA Y VOLUMEN", "ESPALDA Y TRÍCEPS – FUERZA", "PIERNAS – VOLUMEN"])
        #expect(program.days.map(\.weekday) == [.monday, .wednesday, .friday], "three days in order, rest days between")
        let bench = program.days[0].exercises[0], curl = program.days[0].exercises[1]
        #expect(bench.restSeconds == 90 && program.days[1].exercises[0].restSeconds == 120 && program.days[2].exercises[0].restSeconds == 120)
        #expect(bench.description == "Escápulas retraídas; Bajar controlado", "\(bench)")
        #expect(curl.restSeconds == nil && curl.description == "rest: Mínimo (superset)", "\(curl)")
        let said = result.warnings.map(\.description)
        for expected in [
            "program.days[0].day: \"PECHO Y BÍCEPS – FUERZA Y VOLUMEN\" names no weekday: read as the day's title",
            "program.days[0].exercises[0].rest: \"90 segundos\" read as 90 seconds",
            "program.days[0].exercises[0].tips: a list of 2 texts where a text is expected: joined into the description",
            "program.days[0].exercises[1].rest: \"Mínimo (superset)\" has no number: kept in the description, no rest set",
            "program.days[1].exercises[0].rest: \"2 Minuten\" read as 120 seconds",
            "program.days: the days name no weekday: 3 days placed on Monday, Wednesday, Friday, with rest days between",
        ] {
            #expect(said.contains(expected), "\(expected) in \(said)")
        }
        // Titled under "title" instead, tips and all: the same plan (a list of tips made
        // the exercise look like a day holding exercises, and no days were found).
        let titled = try imported(text.replacingOccurrences(of: #""day":"#, with: #""title":"#)).plan
        #expect(titled.days.map(\.title) == program.days.map(\.title) && titled.days.map(\.weekday) == program.days.map(\.weekday))
        #expect(titled.days[0].exercises.map(\.description) == program.days[0].exercises.map(\.description))
        // Untitled days are placed the same way, each titled "Training".
        let untitled = try imported(#"{"program": {"days": [{"exercises": ["Row"]}, {"exercises": ["Squat"]}]}}"#).plan
        #expect(untitled.days.map(\.title) == ["Training", "Training"] && untitled.days.map(\.weekday) == [.monday, .thursday])
        // Weekdays in Spanish are weekdays, not titles.
        let weekdays = try imported(#"{"planName": "P", "days": [{"day": "Martes", "exercises": ["Row"]}, {"day": "Jueves", "exercises": ["Squat"]}]}"#).plan
        #expect(weekdays.days.map(\.weekday) == [.tuesday, .thursday])
        // Beside days that name a weekday, a word that names none is the error it was.
        #expect(errors(#"{"planName": "P", "days": [{"day": "Monday", "exercises": ["Row"]}, {"day": "Mondya", "exercises": ["Squat"]}]}"#)
                == [#"days[1].day: unknown weekday "Mondya"; use Monday…Sunday, Montag…Sonntag, lunes…domingo, 1…7, YYYY-MM-DD or a label like "Day 1" (a title may stand in "day" only when no day names a weekday)"#])
        // A list of something other than texts is still refused.
        #expect(errors(plan(exercise: #"{"name": "Row", "sets": 3, "reps": 5, "notes": [{"a": 1}]}"#))
                == ["days[0].exercises[0].notes: must be a string or a list of strings, got an array"])
    }

    /// A bare number under `weight` is in the person's unit, said at its path; "None"
    /// and words are no weight.
    @Test func aBareWeightIsInThePersonsUnitAndWordsAreNoWeight() throws {
        let bare = plan(exercise: #"{"name": "Press", "sets": 3, "reps": 5, "weight": 20}"#)
        let metric = try imported(bare)
        #expect(metric.plan.days[0].exercises[0].weightKg == 20)
        #expect(metric.warnings.map(\.description) == ["days[0].exercises[0].weight: 20 has no unit: read in yours, as 20 kg"])
        var pounds = options
        pounds.bareWeightInPounds = true
        let imperial = try imported(bare, options: pounds)
        #expect(imperial.plan.days[0].exercises[0].weightKg == 9.1, "20 lb")
        #expect(imperial.warnings.map(\.description) == ["days[0].exercises[0].weight: 20 has no unit: read in yours, as 20 lb = 9.1 kg"])
        #expect(try imported(plan(exercise: #"{"name": "Press", "sets": 3, "reps": 5, "weight": "20"}"#), options: pounds).plan.days[0].exercises[0].weightKg == 9.1)
        #expect(try imported(plan(exercise: #"{"name": "Press", "sets": 3, "reps": 5, "weightKg": 20}"#), options: pounds).plan.days[0].exercises[0].weightKg == 20,
                "weightKg says its unit")
        for word in ["None", "n/a", "Heavy", "Moderado"] {
            let result = try imported(plan(exercise: #"{"name": "Press", "sets": 3, "reps": 5, "weight": "\#(word)"}"#))
            #expect(result.plan.days[0].exercises[0].weightKg == nil, "\(word)")
            #expect(result.warnings.count == 1 && result.warnings[0].path == "days[0].exercises[0].weight", "\(word): \(result.warnings)")
        }
        #expect(try imported(plan(exercise: #"{"name": "Press", "sets": 3, "reps": 5, "weight": "None"}"#)).plan.days[0].exercises[0].description == nil,
                "None is no note either")
    }

    @Test(arguments: [
        (#""mon""#, Weekday.monday), (#""TUE""#, .tuesday), (#""Mittwoch""#, .wednesday), (#""donnerstag""#, .thursday),
        (#""Fre""#, .friday), (#""Samstag""#, .saturday), (#""Sonntag""#, .sunday), ("4", .thursday), (#""7""#, .sunday),
        (#""2026-12-01""#, .tuesday), (#""Miércoles""#, .wednesday), (#""vendredi""#, .friday), (#""sábado""#, .saturday),
        (#""lunedì""#, .monday), (#""terça-feira""#, .tuesday), (#""DOMINGO""#, .sunday),
    ])
    func mapsWeekdaysToDatesInTheWeek(_ day: String, _ weekday: Weekday) throws {
        let result = try imported(plan(exercise: #"{"name": "Row", "sets": 3, "reps": 5}"#, day: day))
        #expect(result.plan.days[0].weekday == weekday)
        #expect(result.plan.days[0].date == Fixtures.monday.adding(days: weekday.rawValue - 1))
        #expect(result.warnings.count == 1)
    }

    @Test func explicitDatesSetTheWeekAndMustFallInIt() throws {
        let text = #"{"planName": "P", "days": [{"date": "2027-01-06", "title": "A", "exercises": ["Row"]}, {"date": "2027-01-04", "title": "B", "exercises": ["Squat"]}]}"#
        let result = try imported(text)
        #expect(result.plan.weekStart.description == "2027-01-04")
        #expect(result.plan.days.map(\.date.description) == ["2027-01-04", "2027-01-06"])
        #expect(result.warnings.contains { $0.path == "days" && $0.message.contains("week order") })
        var fixed = options
        fixed.weekStart = Fixtures.monday
        #expect(errors(text, options: fixed) == [
            "days[0].date: 2027-01-06 is outside the plan's week 2026-11-30 to 2026-12-06",
            "days[1].date: 2027-01-04 is outside the plan's week 2026-11-30 to 2026-12-06",
        ])
    }

    @Test func dropsDuplicateExercisesCaseInsensitively() throws {
        let result = try imported(plan(exercise: #"{"name": "Bench Press", "sets": 3, "reps": 5}, {"name": "bench  PRESS", "sets": 4, "reps": 5}"#))
        #expect(result.plan.days[0].exercises.map(\.sets) == [3])
        #expect(result.warnings.map(\.path) == ["days[0].exercises[1].name", "days[0].exercises[1]"])
    }

    @Test func ignoresUnknownKeysWithAWarning() throws {
        let result = try imported(#"{"planName": "P", "model": "x", "days": [{"day": "Monday", "title": "T", "focus": "legs", "exercises": [{"name": "Squat", "sets": 3, "reps": 5, "tempo": "3-1-1"}]}]}"#)
        #expect(result.warnings.map(\.path) == ["model", "days[0].focus", "days[0].exercises[0].tempo"])
    }

    @Test func stripsFencesAndProse() throws {
        let fenced = "Sure!\n```json\n" + plan(exercise: #"{"name": "Row", "sets": 3, "reps": 5}"#) + "\n```\nEnjoy."
        let result = try imported(fenced)
        #expect(result.warnings.map(\.path) == ["$"])
        #expect(errors("Here you go: no plan today.") == ["$: not a plan: the text contains no JSON object or array"])
        let two = plan(exercise: #""Row""#) + "\nor\n" + plan(exercise: #""Squat""#)
        #expect(errors(two) == ["$: ambiguous: the text contains 2 JSON values; expected exactly one plan"])
    }

    @Test func reportsAllErrorsAtOnce() {
        let text = #"""
            {"planName": "P", "days": [
              {"day": "Monday", "title": "A", "exercises": [
                {"name": "", "sets": 3},
                {"name": "Row", "sets": 0, "reps": 101, "durationSeconds": 9000, "weightKg": 600, "restSeconds": 2000}
              ]},
              {"day": "Funday", "title": "B", "exercises": ["Squat"]}
            ]}
            """#
        #expect(errors(text) == [
            "days[0].exercises[0].name: an exercise needs a name",
            "days[0].exercises[1].sets: must be an integer from 1 to 20, got 0",
            "days[0].exercises[1].reps: must be an integer from 1 to 100, got 101",
            "days[0].exercises[1].durationSeconds: must be a whole number of seconds from 1 to 7200, got 9000",
            "days[0].exercises[1].weightKg: must be from 0 to 500 kg, got 600",
            "days[0].exercises[1].restSeconds: must be a whole number of seconds from 0 to 1800, got 2000",
            "days[1].day: unknown weekday \"Funday\"; use Monday…Sunday, Montag…Sonntag, lunes…domingo, 1…7, YYYY-MM-DD or a label like \"Day 1\"",
        ])
    }

    @Test func refusesMoreThanSevenDaysAndLongNames() {
        let days = (1...8).map { #"{"day": \#(($0 - 1) % 7 + 1), "title": "D", "exercises": ["Row"]}"# }
        let tooMany = #"{"planName": "P", "days": [\#(days.joined(separator: ","))]}"#
        #expect(errors(tooMany).first == "days: a plan covers one week: at most 7 days, got 8")
        let long = String(repeating: "x", count: 121)
        #expect(errors(plan(exercise: #"{"name": "\#(long)", "sets": 3}"#)) == ["days[0].exercises[0].name: must be at most 120 characters, got 121"])
        let longTitle = #"{"planName": "P", "days": [{"day": "Monday", "title": "\#(long)", "exercises": ["Row"]}]}"#
        #expect(errors(longTitle) == ["days[0].title: must be at most 120 characters, got 121"])
    }

    @Test func refusesPlansWithoutATrainingDay() {
        #expect(errors(#"{"planName": "P", "days": [{"day": "Monday", "title": "Rest", "rest": true}]}"#) == ["days: no training day: every day is a rest day"])
        #expect(errors(#"[1, 2]"#) == ["[0]: a day must be an object, got a number", "[1]: a day must be an object, got a number"])
        #expect(errors(#""just text""#) == ["$: not a plan: the text contains no JSON object or array"])
        #expect(errors(#"{"planName": "P"}"#).first?.hasPrefix("$: not a plan") == true)
        #expect(errors(#"{"planName": "P", "days": [{"day": "Monday", "title": "R", "rest": true, "exercises": ["Row"]}, {"day": "Tuesday", "title": "T", "exercises": ["Row"]}]}"#)
            == ["days[0].exercises: a rest day cannot have exercises; remove them or set \"rest\" to false"])
    }

    @Test func refusesContradictoryTargets() {
        #expect(errors(plan(exercise: #"{"name": "Plank", "sets": 3, "reps": 5, "durationSeconds": 30}"#)) == ["days[0].exercises[0].durationSeconds: give reps or durationSeconds, not both"])
        #expect(errors(plan(exercise: #"{"name": "Curl", "sets": 3, "reps": "12-8"}"#)).count == 1)
        #expect(errors(plan(exercise: #"{"name": "Curl", "sets": 3, "reps": "lots"}"#)).first?.contains("got \"lots\"") == true)
        #expect(errors(plan(exercise: #"{"name": "Curl", "sets": 2.5, "reps": 5}"#)) == ["days[0].exercises[0].sets: must be an integer from 1 to 20, got 2.5"])
    }

    @Test func padsAndTrimsToExercisesPerDayOnlyWhenAsked() throws {
        let text = #"{"planName": "P", "days": [{"day": "Monday", "title": "A", "exercises": ["Row", "Squat"]}, {"day": "Tuesday", "title": "B", "exercises": ["A1", "A2", "A3", "A4"]}]}"#
        let plain = try imported(text)
        #expect(plain.plan.days.map(\.exercises.count) == [2, 4])
        var padded = options
        padded.exercisesPerDay = 3
        let result = try imported(text, options: padded)
        #expect(result.plan.days.map(\.exercises.count) == [3, 3])
        #expect(result.plan.days[0].exercises[2].name == "Mobility Flow")
        #expect(result.plan.days[1].exercises.map(\.name) == ["A1", "A2", "A3"])
        #expect(result.warnings.contains { $0.path == "days[0].exercises[2]" })
        #expect(result.warnings.contains { $0.path == "days[1].exercises" })
    }

    @Test func weekStartOptionMustBeAMonday() throws {
        var tuesday = options
        tuesday.weekStart = Fixtures.monday.adding(days: 1)
        #expect(errors(plan(exercise: #""Row""#), options: tuesday) == ["$: weekStart 2026-12-01 is a Tuesday, not a Monday"])
        var next = options
        next.weekStart = Fixtures.monday.adding(days: 7)
        #expect(try imported(plan(exercise: #""Row""#), options: next).plan.days[0].date.description == "2026-12-07")
        // The week asked for replaces the plan's own, whatever that is: one that is no
        // Monday (or no date) is warned of, not refused, as another Monday is.
        let ownTuesday = #"{"planName": "P", "weekStart": "2026-12-15", "days": [{"day": "Monday", "title": "A", "exercises": ["Row"]}]}"#
        #expect(errors(ownTuesday) == ["weekStart: 2026-12-15 is a Tuesday; a week starts on a Monday"])
        let asked = try imported(ownTuesday, options: next)
        #expect(asked.plan.weekStart == Fixtures.monday.adding(days: 7))
        #expect(asked.warnings.map(\.description).first == #"weekStart: "2026-12-15" replaced by the requested week 2026-12-07 (2026-12-15 is a Tuesday; a week starts on a Monday)"#,
                "\(asked.warnings)")
    }

    /// A week whose Sunday would be 10000-01-02 is refused wherever its Monday comes
    /// from (the plan's weekStart, the import's option, a day's own date): stored, its
    /// days read back as no date and broke every later export. The last week of 9999
    /// that fits imports, its Sunday the year's 26 December.
    @Test func aWeekEndingPastTheLastDateIsRefused() throws {
        let week = #"{"planName": "P", "weekStart": "WEEK", "days": [{"day": "Monday", "title": "A", "exercises": ["Row"]}, {"day": "Sunday", "title": "B", "exercises": ["Squat"]}]}"#
        #expect(errors(week.replacingOccurrences(of: "WEEK", with: "9999-12-27")) == ["weekStart: 9999-12-27 begins a week that ends past 9999-12-31"])
        let last = try imported(week.replacingOccurrences(of: "WEEK", with: "9999-12-20"))
        #expect(last.plan.days.map(\.date.description) == ["9999-12-20", "9999-12-26"])
        var option = options
        option.weekStart = LocalDate("9999-12-27")
        #expect(errors(plan(exercise: #""Row""#), options: option) == ["$: weekStart 9999-12-27 begins a week that ends past 9999-12-31"])
        #expect(errors(plan(exercise: #""Row""#, day: #""9999-12-31""#)) == ["days[0].date: 9999-12-31 lies in a week that ends past 9999-12-31"])
    }

    /// A plan of the year 0001 (a typo, or another calendar) is refused as a session of
    /// it is; the first week of 1970 imports.
    @Test func aWeekBefore1970IsRefused() throws {
        let week = #"{"planName": "P", "weekStart": "WEEK", "days": [{"day": "Monday", "title": "A", "exercises": ["Row"]}]}"#
        #expect(errors(week.replacingOccurrences(of: "WEEK", with: "0001-01-01")) == ["weekStart: 0001-01-01 begins a week before 1970: a typo?"])
        #expect(errors(plan(exercise: #""Row""#, day: #""1969-06-02""#)) == ["days[0].date: 1969-06-02 lies in a week before 1970: a typo?"])
        #expect(try imported(week.replacingOccurrences(of: "WEEK", with: "1969-12-29")).plan.weekStart.description == "1969-12-29", "the week of 1970-01-01")
        // A plan stored already (an archive restored, another device's) keeps its week:
        // a backup made before such weeks were refused still restores.
        var stored = options
        stored.storedBefore = true
        #expect(try imported(week.replacingOccurrences(of: "WEEK", with: "0001-01-01"), options: stored).plan.weekStart.description == "0001-01-01")
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func normalisedOutputReimportsWithoutWarnings() throws {
        for name in ["dumbbell-3day.json", "foundation-models-schedule.json", "messy-model-output.txt"] {
            let first = try imported(Fixtures.examplePlan(name))
            let second = try imported(first.plan.json.jsonText)
            #expect(second.warnings == [], "\(name)")
            #expect(second.plan == first.plan, "\(name)")
        }
    }

    /// A day of `count` distinct exercises (or warm-up items), as JSON text.
    private func names(_ count: Int, _ word: String) -> String {
        (0..<count).map { #"{"name": "\#(word) \#($0)", "sets": 3, "reps": 5}"# }.joined(separator: ", ")
    }

    @Test func aDayOfMoreExercisesThanItMayHoldIsRefusedWithItsPath() throws {
        let most = PlanLimits.exercisesInADay
        let full = try imported(#"{"planName": "P", "days": [{"day": "Monday", "title": "T", "exercises": [\#(names(most, "Lift"))]}]}"#)
        #expect(full.plan.days[0].exercises.count == most)
        let over = errors(#"{"planName": "P", "days": [{"day": "Tuesday", "title": "T", "exercises": [\#(names(10_000, "Lift"))]}]}"#)
        #expect(over == ["days[0].exercises: 10000 exercises: a day holds at most \(most)"], "\(over)")
        // A superset is one item of the list and two exercises of the day.
        let pairs = (0..<(most / 2 + 1)).map { #"{"superset": [{"name": "A\#($0)", "sets": 3, "reps": 5}, {"name": "B\#($0)", "sets": 3, "reps": 5}]}"# }
        let grouped = errors(#"{"planName": "P", "days": [{"day": "Monday", "title": "T", "exercises": [\#(pairs.joined(separator: ", "))]}]}"#)
        #expect(grouped == ["days[0].exercises: \(most + 2) exercises: a day holds at most \(most)"], "\(grouped)")
        let warmups = errors(#"{"planName": "P", "days": [{"day": "Monday", "title": "T", "warmup": [\#(names(PlanLimits.warmupItemsInADay + 1, "Drill"))], "exercises": ["Squat"]}]}"#)
        #expect(warmups == ["days[0].warmup: \(PlanLimits.warmupItemsInADay + 1) warm-up items: a day holds at most \(PlanLimits.warmupItemsInADay)"], "\(warmups)")
    }
}
