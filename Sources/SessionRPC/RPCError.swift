import SessionCore
import JSON

/// A JSON-RPC 2.0 error object (§5.1): a code, a message, optional data. Application
/// errors (-32000…-32099) always carry `data.reason`, a stable snake_case word.
public struct RPCError: Error, Sendable, Equatable {
    public let code: Int
    public let message: String
    public let data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// -32700: the line is not JSON.
    public static func parseError(_ detail: String) -> RPCError {
        RPCError(code: Code.parseError, message: "Parse error: \(detail)")
    }

    /// -32600: JSON, but not a valid request object.
    public static func invalidRequest(_ detail: String) -> RPCError {
        RPCError(code: Code.invalidRequest, message: "Invalid Request: \(detail)")
    }

    /// -32601.
    public static func methodNotFound(_ name: String) -> RPCError {
        RPCError(code: Code.methodNotFound, message: "Method not found: \(name)", data: .obj(["reason": "method_not_found", "method": .string(name)]))
    }

    /// -32602 with a path per problem in `data.errors`.
    /// Problems an invalid-params error lists, at most: the reply's size is bounded
    /// before it is built, whatever the request holds.
    public static let maximumListedProblems = 50

    /// -32602 with each problem's path (at most `maximumListedProblems`; a last entry at
    /// `params` then says how many more there were).
    public static func invalidParams(_ problems: [PathMessage]) -> RPCError {
        let summary = problems.prefix(3).map(\.description).joined(separator: "; ")
        var listed = Array(problems.prefix(maximumListedProblems))
        if problems.count > listed.count {
            listed.append(PathMessage(path: "params", message: "and \(problems.count - listed.count) more problems, not listed"))
        }
        return RPCError(
            code: Code.invalidParams, message: "Invalid params: \(summary)",
            data: .obj(["reason": "invalid_params", "errors": .array(listed.map(\.json))]))
    }

    /// -32603.
    public static func internalError(_ detail: String) -> RPCError {
        RPCError(code: Code.internalError, message: "Internal error: \(detail)", data: .obj(["reason": "internal_error"]))
    }

    /// The error object as JSON.
    public var json: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [(key: "code", value: JSONValue(code)), (key: "message", value: .string(message))]
        if let data { pairs.append((key: "data", value: data)) }
        return .object(pairs)
    }
}
