import ArgumentParsing
import SessionCore
import SessionRPC
import JSON

/// `sessionctl`'s summary, health and profile commands, and health samples imported.
enum HealthCommands {
    static let summary = Command(
        words: ["summary"], synopsis: "",
        summary: "This week's report: adherence, volume per day, progress per exercise, health.",
        details: "With --prompt, only the compact text the next plan's prompt receives.",
        options: CommonOptions.daemon + [
            Options.week.param("weekStart").spec,
            OptionSpec(.prompt, help: "print only the prompt context"),
        ],
        run: { arguments, context in
            let week = try arguments.value(Options.week)
            let client = try context.connect(arguments)
            let weekStart = try context.date(week, over: client)
            let params = SummaryWeekly.Params { $0.weekStart = weekStart }
            let report = try context.call(client, SummaryWeekly.self, params)
            if arguments.has(.prompt) {
                context.console.print(arguments.has(.json) ? JSONValue.string(report.promptContext).jsonText : report.promptContext)
            } else if !context.printJSON(report, arguments) {
                SummaryFormatter(console: context.console).print(report.summary)
            }
            return ExitStatus.ok
        })

    static let health = Command(
        words: ["health"], synopsis: "TYPE VALUE",
        summary: "Record a health sample: sleep 7.5, rhr 52, mass 80.4 (or 177lb), steps 9000, waist 82, fat 18.",
        details: """
            TYPE: sleepHours (sleep), restingHeartRate (rhr), hrvMs (hrv), bodyMassKg (mass,
            weight), steps, and body measurements: waistCm (waist), chestCm (chest), hipsCm
            (hips), armCm (arm), thighCm (thigh), bodyFatPercent (fat, bf). A body mass is
            kilograms or pounds (80.4, 80.4kg, 177lb), a measurement centimetres or inches (82,
            82cm, 32in); a bare number is in your units (SESSIOND_UNITS, units = in the config
            file: pounds go with inches). The summary shows measurements against the week before;
            the planner's prompt leaves them out unless your goals name them (a smaller waist,
            body fat, measurements).
            """,
        options: CommonOptions.daemon + [Options.date.spec],
        arguments: ["type": "TYPE", "value": "VALUE"],
        run: { arguments, context in
            guard arguments.positionals.count == 2 else { throw UsageError("health needs TYPE and VALUE, e.g. sessionctl health sleep 7.5") }
            let healthType = try healthTypeArgument(arguments.positionals[0])
            let type = Wording.health(healthType)
            let text = arguments.positionals[1]
            let value: Double
            if healthType == .bodyMassKg {
                guard let kilograms = context.console.units.read(text) else { throw UsageError("VALUE must be a body mass such as 80.4, 80.4kg or 177lb, got \"\(text)\"") }
                value = kilograms
            } else if healthType.isCircumference {
                guard let centimetres = Length.centimetres(text, inchesByDefault: context.console.units == .lb) else {
                    throw UsageError("VALUE must be a length such as 82, 82cm or 32in, got \"\(text)\"")
                }
                value = centimetres
            } else if healthType == .bodyFatPercent, text.hasSuffix("%"), let number = Double(text.dropLast()), number.isFinite {
                value = number
            } else {
                guard let number = Double(text), number.isFinite else { throw UsageError("VALUE must be a number, got \"\(text)\"") }
                value = number
            }
            // The daemon's rule (`HealthType.problem`), said here in the command's words
            // and units: a usage error.
            if healthType.problem(with: value) != nil {
                let bounds = healthType.bounds
                let units = context.console.units
                let range = healthType == .bodyMassKg
                    ? "\(units.text(bounds.lowerBound)) to \(units.text(bounds.upperBound))"
                    : healthType.isCircumference
                    ? "\(Length.text(bounds.lowerBound, inches: units == .lb)) to \(Length.text(bounds.upperBound, inches: units == .lb))"
                    : "\(PromptText.number(bounds.lowerBound)) to \(PromptText.number(bounds.upperBound)) \(healthType.unit)"
                throw UsageError(bounds.contains(value) ? "\(type) must be a whole number, got \(text)" : "\(type) must be from \(range), got \(text)")
            }
            var params = HealthRecord.Params { $0.type = healthType; $0.value = value }
            params.source = "sessionctl"
            let day = try arguments.value(Options.date)
            let client = try context.connect(arguments)
            params.date = try context.date(day, over: client)
            let result = try context.call(client, HealthRecord.self, params)
            if context.printJSON(result, arguments) { return ExitStatus.ok }
            context.console.print("recorded \(type) " + Wording.health(value, of: healthType, units: context.console.units) + " for \(result.date)")
            return ExitStatus.ok
        })

    static let profile = Command(
        words: ["profile"], synopsis: "",
        summary: "Show or change the goals, equipment and weights the planner is told about.",
        details: """
            Example: sessionctl profile --goals "Stronger legs" --equipment dumbbells,bench
            --weights 10,12.5,15
            """,
        options: CommonOptions.daemon + [
            OptionSpec(.goals, value: "TEXT", help: "at most 300 characters"),
            Options.equipmentList.spec,
            Options.weights.spec,
        ],
        run: { arguments, context in
            var params = ProfileSet.Params()
            params.goals = arguments[.goals]
            params.equipment = try arguments.value(Options.equipmentList)
            params.weightsKg = try arguments.value(Options.weights)?.map { $0.kilograms(units: context.console.units) }
            let client = try context.connect(arguments)
            let changes = params.goals != nil || params.equipment != nil || params.weightsKg != nil
            let profile = changes ? try context.call(client, ProfileSet.self, params) : try context.call(client, ProfileGet.self, NoParams())
            if context.printJSON(profile, arguments) { return ExitStatus.ok }
            let goals = profile.profile.goals
            let equipment = profile.profile.equipment
            let weights = profile.profile.weightsKg
            context.console.print("goals:     " + (goals.isEmpty ? "(none)" : goals))
            context.console.print("equipment: " + (equipment.isEmpty ? "(none)" : equipment.joined(separator: ", ")))
            context.console.print("weights:   " + (weights.isEmpty ? "(none)" : weights.map(context.console.units.number).joined(separator: ", ") + " " + context.console.units.rawValue))
            return ExitStatus.ok
        })

    static let prompt = Command(
        words: ["prompt"], synopsis: "",
        summary: "Print the next plan's generation prompt (system, user, schema size, tokens).",
        details: "",
        options: CommonOptions.daemon + [OptionSpec(.goals, value: "TEXT", help: "goals instead of the profile's")],
        run: { arguments, context in
            var params = PromptRender.Params()
            params.goals = arguments[.goals]
            let prompt = try context.call(try context.connect(arguments), PromptRender.self, params)
            if context.printJSON(prompt, arguments) { return ExitStatus.ok }
            let console = context.console
            console.print(console.bold("system:"))
            console.print(prompt.system)
            console.print()
            console.print(console.bold("user:"))
            console.print(prompt.user)
            console.print()
            console.print(console.dim("schema: the plan's shape as the response format, \(prompt.schemaTokens) tokens (--json shows it; every bound: sessionctl plan schema)"))
            console.print(console.dim("≈ \(prompt.estimatedTokens) tokens in all (budget \(prompt.tokenBudget))"))
            return ExitStatus.ok
        })

    /// The health type a TYPE argument names (`sleep`, `waist`, `bodyMassKg`).
    static func healthTypeArgument(_ word: String) throws(UsageError) -> HealthType {
        guard let type = HealthType(word: word) else {
            throw UsageError("unknown TYPE \"\(word)\"; use \(HealthType.allCases.compactMap(\.words.first).joined(separator: ", "))")
        }
        return type
    }
}
