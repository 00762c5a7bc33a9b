/// The prompt a hosted-model planner sends for next week's plan: a deliberately boring
/// system prompt, a user message with the profile and last week's facts, and the plan
/// schema for structured output.
public struct GenerationPrompt: Sendable, Equatable {
    public let system: String
    public let user: String
    /// The plan's shape (`PlanSchema.generation`, compact JSON), meant as the
    /// structured-output parameter (response format); providers count it as input.
    public let schema: String
    /// A rough token estimate (see `tokens`) of the whole prompt: system, user and
    /// schema. It stays under `tokenBudget` for any profile within its bounds.
    public var estimatedTokens: Int { Self.tokens(system) + Self.tokens(user) + schemaTokens }
    /// The schema's share of `estimatedTokens`.
    public var schemaTokens: Int { Self.tokens(schema) }

    /// The budget the whole prompt stays under for any profile within its bounds.
    public static let tokenBudget = 800

    public static let systemPrompt = """
        You write 7-day training plans. Reply with one JSON object matching the schema and \
        nothing else: no markdown, no code fences, no explanations. Use only the listed \
        equipment and weights. Descriptions: one sentence at most.
        """

    /// Rough estimate: one token per 4 bytes of UTF-8 (4 characters of English), rounded
    /// up. Letters outside ASCII take 2 to 4 bytes, and tokenizers spend more tokens on
    /// them too.
    public static func tokens(_ text: String) -> Int { (text.utf8.count + 3) / 4 }

    /// Free text is bounded in UTF-8 bytes as well as in characters (goals, equipment
    /// names, the context), so the budget holds in every script, not just for ASCII.
    /// The profile as a planner is told it: goals, equipment (under `equipmentLabel`) and
    /// available weights, one line each.
    static func profileLines(_ profile: Profile, equipmentLabel: String) -> [String] {
        /// Neutralised, then at most `limit` characters and `limit` bytes.
        func bounded(_ text: String, _ limit: Int) -> String {
            PromptText.prefix(PromptText.neutralise(text, maxLength: limit), maxBytes: limit)
        }
        let goals = bounded(profile.goals, Profile.Limits.goalsLength)
        let equipment = profile.equipment.prefix(Profile.Limits.equipmentCount).map { bounded($0, Profile.Limits.equipmentLength) }.filter { !$0.isEmpty }
        // As entered: a 1.25 kg plate is 1.25, not 1.3.
        let weights = profile.weightsKg.prefix(Profile.Limits.weightsCount).map { PromptText.number($0, decimals: 2) }
        return [
            "Goals: " + (goals.isEmpty ? "general fitness" : goals),
            // No equipment entered is not known, not "bodyweight only".
            "\(equipmentLabel): " + (equipment.isEmpty ? "not stated" : equipment.joined(separator: ", ")),
            "Available weights (kg): " + (weights.isEmpty ? "none" : weights.joined(separator: ", ")),
        ]
    }

    public init(profile: Profile, context: String, weekStart: LocalDate) {
        system = Self.systemPrompt
        user = (Self.profileLines(profile, equipmentLabel: "Equipment") + [
            "Week starts Monday \(weekStart).",
            "Last week:",
            PromptText.prefix(context, maxBytes: PromptContext.maximumLength),
        ]).joined(separator: "\n")
        schema = PlanSchema.generation.jsonText
    }
}
