import ArgumentParsing
import SessionCore
import SessionRPC

extension Commands {
    static let summary = Command(
        words: ["summary"], synopsis: "",
        summary: "This week's report: adherence, volume per day, progress per exercise, health.",
        details: "With --prompt, only the compact text the next plan's prompt receives.",
        options: CommonOptions.daemon + [
            OptionSpec("--week", value: "DATE", help: "the week holding DATE (default: this week)"),
            OptionSpec("--prompt", help: "print only the prompt context"),
        ],
        run: { arguments, context in
            var params: [(key: String, value: JSONValue)] = []
            if let date = try dateOption(arguments, "--week") {
                params.append((key: "weekStart", value: .string(date.description)))
            }
            let summary = try context.call(try context.connect(arguments), "summary.weekly", .object(params))
            if arguments.has("--json") {
                context.console.print(arguments.has("--prompt") ? (summary["promptContext"] ?? .null).jsonText : summary.jsonText)
            } else if arguments.has("--prompt") {
                context.console.print(summary["promptContext"]?.stringValue ?? "")
            } else {
                SummaryFormatter(console: context.console).print(summary)
            }
            return ExitStatus.ok
        })

    static let health = Command(
        words: ["health"], synopsis: "TYPE VALUE",
        summary: "Record a health sample: sleep 7.5, rhr 52, mass 80.4, steps 9000.",
        details: "TYPE: sleepHours (sleep), restingHeartRate (rhr), bodyMassKg (mass, weight), steps.",
        options: CommonOptions.daemon + [OptionSpec("--date", value: "DATE", help: "the day it belongs to (default: today)")],
        run: { arguments, context in
            guard arguments.positionals.count == 2 else { throw UsageError("health needs TYPE and VALUE, e.g. sessionctl health sleep 7.5") }
            let aliases = ["sleep": "sleepHours", "rhr": "restingHeartRate", "hr": "restingHeartRate", "mass": "bodyMassKg", "weight": "bodyMassKg"]
            let word = arguments.positionals[0]
            let type = aliases[word.lowercased()] ?? word
            guard HealthType(rawValue: type) != nil else {
                throw UsageError("unknown TYPE \"\(word)\"; use \(HealthType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let value = Double(arguments.positionals[1]) else { throw UsageError("VALUE must be a number, got \"\(arguments.positionals[1])\"") }
            var params: [(key: String, value: JSONValue)] = [(key: "type", value: .string(type)), (key: "value", value: .number(value)), (key: "source", value: "sessionctl")]
            if let date = arguments.value("--date") { params.append((key: "date", value: .string(date))) }
            let result = try context.call(try context.connect(arguments), "health.record", .object(params))
            if arguments.has("--json") { context.console.print(result.jsonText); return ExitStatus.ok }
            context.console.print("recorded \(type) \(PromptText.number(value, decimals: 2)) for \(result["date"]?.stringValue ?? "today")")
            return ExitStatus.ok
        })

    static let profile = Command(
        words: ["profile"], synopsis: "",
        summary: "Show or change the goals, equipment and weights the planner is told about.",
        details: "Example: sessionctl profile --goals \"Stronger legs\" --equipment dumbbells,bench --weights 10,12.5,15",
        options: CommonOptions.daemon + [
            OptionSpec("--goals", value: "TEXT", help: "at most 300 characters"),
            OptionSpec("--equipment", value: "LIST", help: "comma-separated, at most 12"),
            OptionSpec("--weights", value: "LIST", help: "kilograms, comma-separated, at most 24"),
        ],
        run: { arguments, context in
            var params: [(key: String, value: JSONValue)] = []
            if let goals = arguments.value("--goals") { params.append((key: "goals", value: .string(goals))) }
            if let list = arguments.value("--equipment") {
                params.append((key: "equipment", value: .array(list.split(separator: ",").map { .string(String($0).trimmingWhitespace()) })))
            }
            if let list = arguments.value("--weights") {
                let values = try list.split(separator: ",").map { word -> JSONValue in
                    guard let value = Double(String(word).trimmingWhitespace()) else { throw UsageError("--weights takes numbers, got \"\(word)\"") }
                    return .number(value)
                }
                params.append((key: "weightsKg", value: .array(values)))
            }
            let client = try context.connect(arguments)
            let profile = try context.call(client, params.isEmpty ? "profile.get" : "profile.set", params.isEmpty ? nil : .object(params))
            if arguments.has("--json") { context.console.print(profile.jsonText); return ExitStatus.ok }
            let goals = profile["goals"]?.stringValue ?? ""
            context.console.print("goals:     " + (goals.isEmpty ? "(none)" : goals))
            context.console.print("equipment: " + (profile["equipment"]?.arrayValue?.compactMap(\.stringValue).joined(separator: ", ") ?? ""))
            context.console.print("weights:   " + (profile["weightsKg"]?.arrayValue?.compactMap(\.numberValue).map { PromptText.number($0, decimals: 2) }.joined(separator: ", ") ?? "") + " kg")
            return ExitStatus.ok
        })

    static let prompt = Command(
        words: ["prompt"], synopsis: "",
        summary: "Print the next plan's generation prompt (system, user, schema size, tokens).",
        details: "",
        options: CommonOptions.daemon + [OptionSpec("--goals", value: "TEXT", help: "goals instead of the profile's")],
        run: { arguments, context in
            var params: [(key: String, value: JSONValue)] = []
            if let goals = arguments.value("--goals") { params.append((key: "goals", value: .string(goals))) }
            let prompt = try context.call(try context.connect(arguments), "prompt.render", .object(params))
            if arguments.has("--json") { context.console.print(prompt.jsonText); return ExitStatus.ok }
            let console = context.console
            console.print(console.bold("system:"))
            console.print(prompt["system"]?.stringValue ?? "")
            console.print()
            console.print(console.bold("user:"))
            console.print(prompt["user"]?.stringValue ?? "")
            console.print()
            console.print(console.dim("schema: the plan's shape as the response format, \(prompt["schemaTokens"]?.intValue ?? 0) tokens (--json shows it; every bound: sessionctl plan schema)"))
            console.print(console.dim("≈ \(prompt["estimatedTokens"]?.intValue ?? 0) tokens in all (budget \(prompt["tokenBudget"]?.intValue ?? 0))"))
            return ExitStatus.ok
        })
}
