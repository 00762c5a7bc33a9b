import SessionCore
import SessionRPC
import SessionStore

extension SessionService {
    /// `summary.weekly`: the structured summary and its prompt context.
    func weeklySummary(weekStart: LocalDate?) throws -> WeeklyReport {
        let summary = try summary(weekOf: weekStart)
        return WeeklyReport(summary: summary, promptContext: PromptContext.render(summary))
    }

    /// The summary of the ISO week holding `date` (default: today's week).
    private func summary(weekOf date: LocalDate?) throws -> WeeklySummary {
        let today = clock.localDate(atMs: nowMs)
        return SummaryBuilder.build(try database.summaryInput(weekStart: (date ?? today).mondayOfWeek, today: today))
    }

    /// `health.record`.
    func recordHealth(_ params: HealthRecord.Params) throws -> HealthRecord.Result {
        let recordedAt = params.time?.ms ?? nowMs
        let day = params.date ?? clock.localDate(atMs: recordedAt)
        let id = try database.insertHealthSample(type: params.type, value: params.value, date: day, recordedAtMs: recordedAt, source: params.source)
        return HealthRecord.Result(sampleID: id, type: params.type, value: params.value, date: day)
    }

    /// `profile.set`: the fields given replace the stored ones.
    func setProfile(_ params: ProfileSet.Params) throws -> ProfileResult {
        var profile = try database.profile()
        if let goals = params.goals { profile.goals = goals }
        if let equipment = params.equipment { profile.equipment = equipment }
        if let weightsKg = params.weightsKg { profile.weightsKg = weightsKg.sorted() }
        try database.setProfile(profile, updatedAtMs: nowMs)
        return ProfileResult(profile)
    }

    /// `prompt.render`: next week's generation prompt from the profile and this week.
    func renderPrompt(_ params: PromptRender.Params) throws -> PromptRender.Result {
        var profile = try database.profile()
        if let goals = params.goals { profile.goals = goals }
        let summary = try summary(weekOf: params.weekStart)
        let prompt = GenerationPrompt(profile: profile, context: PromptContext.render(summary), weekStart: summary.weekStart.adding(days: 7))
        return PromptRender.Result(
            system: prompt.system, user: prompt.user, schema: PlanSchema.generation, estimatedTokens: prompt.estimatedTokens,
            schemaTokens: prompt.schemaTokens, tokenBudget: GenerationPrompt.tokenBudget)
    }
}
