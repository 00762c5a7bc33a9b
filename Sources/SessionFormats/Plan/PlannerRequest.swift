import JSON
import SessionCore
import SessionMacros

/// What a planner command reads on its standard input: an OpenAI-style conversation
/// (`messages`), the plan's JSON Schema for structured output (`schema`), and the week
/// asked for. A refused reply is answered by appending the reply and the import's
/// errors, so the next attempt can repair it (`repairing`).
///
///     {"messages": [{"role": "system", "content": "…"}, {"role": "user", "content": "…"}],
///      "schema": {…}, "weekStart": "2026-12-07", "attempt": 1}
public struct PlannerRequest: Sendable, Equatable {
    /// One message of the conversation.
    @Memberwise
    public struct Message: Sendable, Equatable {
        /// `system`, `user` or `assistant`.
        public let role: String
        public let content: String
    }

    public private(set) var messages: [Message]
    /// The plan's JSON Schema (`PlanSchema.generation`, or a day's for `plan redo`).
    public let schema: JSONValue
    /// The Monday of the week the plan is for.
    public let weekStart: LocalDate
    /// 1 for the first request, one more for each repair.
    public private(set) var attempt = 1

    /// A refused reply is echoed back at most this long (a plan is a few kilobytes).
    public static let echoedReplyBytes = 16 << 10
    /// At most this many of the import's errors are listed in a repair message.
    public static let listedErrors = 30

    public init(system: String, user: String, schema: JSONValue, weekStart: LocalDate) {
        messages = [Message(role: "system", content: system), Message(role: "user", content: user)]
        self.schema = schema
        self.weekStart = weekStart
    }

    /// The next attempt's request: the refused reply as the assistant's turn, then a
    /// user turn listing what was wrong, each problem at its JSON path.
    public func repairing(reply: String, errors: [PathMessage]) -> PlannerRequest {
        var next = self
        next.attempt += 1
        next.messages.append(Message(role: "assistant", content: PromptText.prefix(reply, maxBytes: Self.echoedReplyBytes)))
        next.messages.append(Message(role: "user", content: Self.repairMessage(errors)))
        return next
    }

    /// The follow-up that asks for a corrected plan.
    public static func repairMessage(_ errors: [PathMessage]) -> String {
        var lines = ["Your reply was refused at import and nothing was stored. Problems, each at its JSON path:"]
        lines += errors.prefix(listedErrors).map { "- \($0.path): \($0.message)" }
        if errors.count > listedErrors { lines.append("- … and \(errors.count - listedErrors) more") }
        lines.append("Reply with the whole corrected plan as one JSON object matching the schema, and nothing else.")
        return lines.joined(separator: "\n")
    }

    public var json: JSONValue {
        .obj([
            "messages": .array(messages.map { .obj(["role": .string($0.role), "content": .string($0.content)]) }),
            "schema": schema,
            "weekStart": .string(weekStart.description),
            "attempt": JSONValue(attempt),
        ])
    }
}
