/// The prompt a hosted-model planner sends for next week's plan: a deliberately boring
/// system prompt, a user message with the profile and the record's facts
/// (`CoachContext`), and the plan schema for structured output.
public struct GenerationPrompt: Sendable, Equatable {
    public let system: String
    public let user: String
    /// The plan's shape as its schema's text (SessionFormats' `PlanSchema.generation`),
    /// meant as the structured-output parameter (response format); providers count it
    /// as input.
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

    /// The prompt with `context` after the profile and the week, cut to the bytes the
    /// budget leaves it (`contextBytes`), and `schema`, the plan's schema as text.
    public init(profile: Profile, context: String, weekStart: LocalDate, schema: String) {
        system = Self.systemPrompt
        self.schema = schema
        let head = Self.head(profile, weekStart: weekStart)
        user = head + "\n" + PromptText.prefix(context, maxBytes: Self.contextBytes(head: head, system: system, schema: schema))
    }

    /// The prompt with the coach's context (`CoachContext.text`) in what the budget
    /// leaves after the system prompt, the schema and the profile: the longer the
    /// profile, the more of the context is trimmed.
    public init(profile: Profile, coach: CoachContext, weekStart: LocalDate, schema: String) {
        let bytes = Self.contextBytes(head: Self.head(profile, weekStart: weekStart), system: Self.systemPrompt, schema: schema)
        self.init(profile: profile, context: coach.text(maxBytes: bytes), weekStart: weekStart, schema: schema)
    }

    /// The user message's lines before the context: the profile and the week asked for.
    static func head(_ profile: Profile, weekStart: LocalDate) -> String {
        (profileLines(profile, equipmentLabel: "Equipment") + ["Week starts Monday \(weekStart)."]).joined(separator: "\n")
    }

    /// The UTF-8 bytes a context may take after `head` and a line break, so that the
    /// whole prompt's estimate (`tokens` of system, user and schema) stays under
    /// `tokenBudget`; 0 when nothing is left.
    static func contextBytes(head: String, system: String, schema: String) -> Int {
        let userTokens = tokenBudget - 1 - tokens(system) - tokens(schema)
        return max(0, userTokens * 4 - head.utf8.count - 1)
    }
}
