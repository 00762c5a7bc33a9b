import SessionCore

/// The generation prompt with the plan's own schema (`PlanSchema.generation`, compact).
extension GenerationPrompt {
    /// The prompt with `context` after the profile and the week, and the plan's schema.
    public init(profile: Profile, context: String, weekStart: LocalDate) {
        self.init(profile: profile, context: context, weekStart: weekStart, schema: PlanSchema.generation.jsonText)
    }

    /// The prompt with the coach's context in what the budget leaves, and the plan's schema.
    public init(profile: Profile, coach: CoachContext, weekStart: LocalDate) {
        self.init(profile: profile, coach: coach, weekStart: weekStart, schema: PlanSchema.generation.jsonText)
    }
}
