import SessionCore
import SessionRPC
import SessionStore

extension Tracker {
    /// `summary.weekly`: the structured summary and its prompt context.
    func weeklySummary(weekStart: LocalDate?) throws -> JSONValue {
        let today = clock.localDate(atMs: nowMs)
        let monday = (weekStart ?? today).mondayOfWeek
        let summary = SummaryBuilder.build(try database.summaryInput(weekStart: monday, today: today))
        return SummaryJSON.encode(summary, context: PromptContext.render(summary))
    }

    /// `health.record`.
    func recordHealth(type: HealthType, value: Double, date: LocalDate?, atMs: Int64?, source: String?) throws -> JSONValue {
        let recordedAt = atMs ?? nowMs
        let day = date ?? clock.localDate(atMs: recordedAt)
        let id = try database.insertHealthSample(type: type, value: value, date: day, recordedAtMs: recordedAt, source: source)
        return .obj(["sampleId": JSONValue(Int(id)), "type": .string(type.rawValue), "value": .number(value), "date": .string(day.description)])
    }

    /// `profile.get`.
    func profile() throws -> JSONValue { SummaryJSON.encode(try database.profile()) }

    /// `profile.set`: the fields given replace the stored ones.
    func setProfile(goals: String?, equipment: [String]?, weightsKg: [Double]?) throws -> JSONValue {
        var profile = try database.profile()
        if let goals { profile.goals = goals }
        if let equipment { profile.equipment = equipment }
        if let weightsKg { profile.weightsKg = weightsKg.sorted() }
        try database.setProfile(profile, updatedAtMs: nowMs)
        return SummaryJSON.encode(profile)
    }

    /// `prompt.render`: next week's generation prompt from the profile and this week.
    func renderPrompt(goals: String?, weekStart: LocalDate?) throws -> JSONValue {
        let today = clock.localDate(atMs: nowMs)
        let monday = (weekStart ?? today).mondayOfWeek
        var profile = try database.profile()
        if let goals { profile.goals = goals }
        let summary = SummaryBuilder.build(try database.summaryInput(weekStart: monday, today: today))
        let prompt = GenerationPrompt(profile: profile, context: PromptContext.render(summary), weekStart: monday.adding(days: 7))
        return .obj([
            "system": .string(prompt.system),
            "user": .string(prompt.user),
            "schema": PlanSchema.document,
            "estimatedTokens": JSONValue(prompt.estimatedTokens),
            "schemaTokens": JSONValue(prompt.schemaTokens),
            "tokenBudget": JSONValue(GenerationPrompt.tokenBudget),
        ])
    }
}
