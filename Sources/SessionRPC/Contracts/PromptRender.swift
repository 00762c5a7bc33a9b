import SessionCore
import JSON

/// `prompt.render`: next week's generation prompt.
public enum PromptRender: MethodContract {
    public static let name = "prompt.render"
    public static let summary = "Next week's generation prompt: system and user messages, the plan schema, and token estimates."

    public struct Params: MethodParams {
        /// Goals for this prompt instead of the profile's.
        public var goals: String?
        /// The week summarised (default: the current week).
        public var weekStart: LocalDate?

        public init() {}

        public mutating func code(_ coder: inout some ParamsCoder) {
            coder.string("goals", &goals, maxLength: Profile.Limits.goalsLength,
                         "goals for this prompt instead of the profile's (at most \(Profile.Limits.goalsLength) characters)")
            coder.date("weekStart", &weekStart, "the week summarised (default: the current week)")
        }
    }

    public struct Result: MethodResult, JSONObjectEncodable {
        public let system: String
        public let user: String
        /// The plan's shape as a JSON Schema, for the model's response format.
        public let schema: JSONValue
        public let estimatedTokens: Int
        public let schemaTokens: Int
        public let tokenBudget: Int

        public init(system: String, user: String, schema: JSONValue, estimatedTokens: Int, schemaTokens: Int, tokenBudget: Int) {
            self.system = system
            self.user = user
            self.schema = schema
            self.estimatedTokens = estimatedTokens
            self.schemaTokens = schemaTokens
            self.tokenBudget = tokenBudget
        }

        public static let schema = Schema.object([
            "system": Schema.string, "user": Schema.string, "schema": Schema.object, "estimatedTokens": Schema.integer,
            "schemaTokens": Schema.integer, "tokenBudget": Schema.integer,
        ])

        public func encodeMembers(to writer: inout JSONWriter) {
            writer.member("system", system)
            writer.member("user", user)
            writer.member("schema", schema)
            writer.member("estimatedTokens", estimatedTokens)
            writer.member("schemaTokens", schemaTokens)
            writer.member("tokenBudget", tokenBudget)
        }

        public init(json: JSONValue) throws(JSONReadError) {
            let reader = try JSONReader(json)
            guard let schema = json["schema"], schema.objectPairs != nil else {
                throw JSONReadError(path: "result.schema", expected: "an object")
            }
            self.init(system: try reader.string("system"), user: try reader.string("user"), schema: schema,
                      estimatedTokens: try reader.int("estimatedTokens"), schemaTokens: try reader.int("schemaTokens"),
                      tokenBudget: try reader.int("tokenBudget"))
        }
    }
}
