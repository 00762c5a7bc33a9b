import SessionMacros

/// What one planner attempt cost in tokens: the model's input and output as the
/// endpoint's usage told them, passed back by the planner, or else estimated from the
/// request and the reply at the prompt's own rate (`GenerationPrompt.tokens`: 4 bytes of
/// UTF-8 a token).
@Memberwise
public struct PlannerTokens: Sendable, Equatable {
    /// Where the figures come from.
    public enum Source: String, Sendable, CaseIterable {
        /// The endpoint's usage, as the planner passed it back.
        case usage
        /// Estimated: the planner passed no usage back.
        case estimate
    }

    /// Tokens the model read: the conversation and the schema.
    public var input: Int
    /// Tokens the model wrote: its reply.
    public var output: Int
    public var source: Source

    /// The bounds of one count: more than any model's context holds.
    public static let counts = 0...100_000_000
}
