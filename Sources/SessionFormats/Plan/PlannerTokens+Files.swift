import JSON
import SessionCore

/// What a planner attempt cost, from the files the planner exchanges: the request it
/// read (estimated) and the usage file it wrote.
extension PlannerTokens {
    /// Why a usage file was not taken.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The estimate for an attempt that passed no usage back: every message of `request`
    /// and its schema as written (compact JSON) in, `reply` as printed out.
    public static func estimate(request: PlannerRequest, reply: String) -> PlannerTokens {
        let input = request.messages.reduce(GenerationPrompt.tokens(request.schema.jsonText)) { $0 + GenerationPrompt.tokens($1.content) }
        return PlannerTokens(input: input, output: GenerationPrompt.tokens(reply), source: .estimate)
    }

    /// The usage a planner wrote to the file `SESSIOND_USAGE_FILE` names:
    /// `{"inputTokens": 812, "outputTokens": 540}` (other members are left alone). Nil for
    /// an empty file: the planner had no usage to pass back.
    public init?(usageFile text: String) throws(UsageError) {
        guard !text.trimmingWhitespace().isEmpty else { return nil }
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            throw UsageError(description: "not JSON: \(error)")
        }
        guard case .object = value else { throw UsageError(description: "expected an object with inputTokens and outputTokens, got \(value.typeDescription)") }
        func count(_ name: String) throws(UsageError) -> Int {
            guard let member = value[name] else { throw UsageError(description: "\(name) is missing") }
            guard let number = member.numberValue, number.rounded() == number, Double(Self.counts.lowerBound) <= number,
                  number <= Double(Self.counts.upperBound) else {
                throw UsageError(description: "\(name) must be a whole number from 0 to \(Self.counts.upperBound), got \(member.jsonText)")
            }
            return Int(number)
        }
        self.init(input: try count("inputTokens"), output: try count("outputTokens"), source: .usage)
    }
}
