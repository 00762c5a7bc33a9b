import SessionCore
import JSON

/// `prompt.render`: next week's generation prompt.
public enum PromptRender: MethodContract {
    public static let method = MethodDescription(
        name: "prompt.render", summary: "Next week's generation prompt: system and user messages, the plan schema, and token estimates.",
        readsOnly: true)

    @CodedParams
    public struct Params: MethodParams {
        /// Goals for this prompt instead of the profile's.
        @Param(.string, maxLength: Profile.Limits.goalsLength,
            "goals for this prompt instead of the profile's (at most \(Profile.Limits.goalsLength) characters)")
        public var goals: String?
        /// The week summarised (default: the current week).
        @Param(.date, "the week summarised (default: the current week)")
        public var weekStart: LocalDate?
        /// The week the plan is for (default: the one after `weekStart`): the current
        /// week's, summarised to today.
        @Param(.date, "the week the plan is for: the week summarised or the one after it (default: the one after)")
        public var planWeek: LocalDate?

        public mutating func validate(_ params: inout SessionRPC.Params) {
            params.failWeekPastTheLastDate("weekStart", weekStart)
            params.failWeekPastTheLastDate("planWeek", planWeek)
        }
    }

    @Coded
    public struct Result: CodedResult {
        public var system: String = ""
        public var user: String = ""
        /// The plan's shape as a JSON Schema, for the model's response format.
        public var schema: JSONValue = .null
        public var estimatedTokens: Int = 0
        public var schemaTokens: Int = 0
        public var tokenBudget: Int = 0
    }
}
