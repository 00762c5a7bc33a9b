import SessionCore

/// `plan redo`'s request as the planner command reads it.
extension DayRedo {
    /// The conversation for the planner: the generation prompt's system message, and a
    /// user message that asks for this one day (`userMessage`), with the plan's schema.
    public func request(profile: Profile) -> PlannerRequest {
        PlannerRequest(system: GenerationPrompt.systemPrompt, user: userMessage(profile: profile), schema: PlanSchema.generation, weekStart: plan.weekStart)
    }
}
