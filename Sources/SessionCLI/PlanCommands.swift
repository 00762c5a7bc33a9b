import ArgumentParsing
import SessionCore
import SessionFormats
import SessionRPC
import JSON

/// `sessionctl plan …`: plans imported, shown, edited, exported and asked of a planner.
enum PlanCommands {
    static let planCheck = Command(
        words: ["plan", "check"],
        synopsis: "FILE|-",
        summary: "Validate a plan offline (no daemon needed) and print it normalised, with warnings.",
        details: """
            FILE is a plan as JSON (the plan object or a bare array of day schedules) or a
            model's raw reply with the JSON inside markdown fences or prose; - reads standard
            input. Exit status 0 when the plan imports (warnings list every change made),
            1 when it is refused (every error is listed with its JSON path), 2 on usage errors.
            """,
        options: [
            Options.weekStart.spec,
            Options.exercisesPerDay.spec,
            CommonOptions.json, CommonOptions.verbose,
        ],
        run: runPlanCheck)

    static let planSchema = Command(
        words: ["plan", "schema"],
        synopsis: "",
        summary: "Print the JSON Schema (draft 2020-12) of a plan, for a planner's structured output.",
        details: """
            The schema describes exactly what imports without warnings. It is JSON with or
            without --json.
            """,
        options: [OptionSpec(.compact, help: "print it on one line"), OptionSpec(.json, help: "the schema is JSON already: taken, and changes nothing")],
        run: { arguments, context in
            let schema = PlanSchema.document
            context.console.print(arguments.has(.compact) ? schema.jsonText : schema.prettyText)
            return ExitStatus.ok
        })

    static func importOptions(_ arguments: ParsedArguments, today: LocalDate, units: WeightUnit) throws(UsageError) -> PlanImportOptions {
        var options = PlanImportOptions(today: today, bareWeightInPounds: units == .lb)
        if let date = try arguments.value(Options.weekStart) {
            guard date.weekday == .monday else { throw UsageError("--week-start \(date) is a \(date.weekday.name), not a Monday") }
            options.weekStart = date
        }
        if let count = try arguments.value(Options.exercisesPerDay) { options.exercisesPerDay = count }
        return options
    }

    static func runPlanCheck(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "plan check needs a FILE (or - for standard input)" : "plan check takes one FILE")
        }
        let options = try importOptions(arguments, today: context.clock.today(), units: context.console.units)
        let text = try FileInput.read(arguments.positionals[0])
        let console = context.console
        do {
            let result = try PlanImporter.importPlan(text: text, options: options)
            if arguments.has(.json) {
                console.print(JSONValue.obj([
                    "valid": true, "plan": result.plan.json, "warnings": .array(result.warnings.map(\.json)), "errors": [],
                ]).prettyText)
                return ExitStatus.ok
            }
            PlanFormatter(console: console).printPlan(result.plan, today: nil)
            if !result.warnings.isEmpty { console.print() }
            PlanFormatter(console: console).printWarnings(
                result.warnings, heading: plural(result.warnings.count, "warning") + " (changes made on import):",
                verbose: arguments.has(.verbose))
            return ExitStatus.ok
        } catch {
            if arguments.has(.json) {
                // One shape for both answers: every member present, null or empty when it does not apply.
                console.print(JSONValue.obj(["valid": false, "plan": .null, "warnings": [], "errors": .array(error.errors.map(\.json))]).prettyText)
            } else {
                console.print(console.red("invalid plan: " + plural(error.errors.count, "error") + ", nothing would be stored"))
                for problem in error.errors { console.print("  \(problem.path): \(problem.message)") }
            }
            return ExitStatus.refused
        }
    }
}
