import SessionCore
import JSON

/// One JSON-RPC 2.0 request (§4). `id` nil means a notification: no response, even on error.
public struct Request: Sendable {
    /// The id as sent: a string, a number or null; nil for a notification.
    public let id: JSONValue?
    public let method: String
    /// The params object (by name), or nil when absent.
    public let params: JSONValue?

    public init(id: JSONValue?, method: String, params: JSONValue?) {
        self.id = id
        self.method = method
        self.params = params
    }

    /// True for a notification.
    public var isNotification: Bool { id == nil }
}

/// What one line of input holds after decoding.
public enum IncomingMessage: Sendable {
    /// One request, or an error to answer with id null (parse error, invalid request).
    case single(Result<Request, RPCErrorWithID>)
    /// A non-empty batch (§6): each element decoded on its own.
    case batch([Result<Request, RPCErrorWithID>])
}

/// An error to answer before any method ran, with the id to answer it under.
public struct RPCErrorWithID: Error, Sendable {
    public let id: JSONValue
    public let error: RPCError
}

/// The JSON-RPC 2.0 codec: decodes a line into requests, encodes responses.
public enum JSONRPC {
    /// Requests in one batch line at most (docs/protocol.md).
    public static let maximumBatch = 100

    /// Decodes one line (without its newline).
    public static func decode(line: [UInt8]) -> IncomingMessage {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes: line)
        } catch {
            return .single(.failure(RPCErrorWithID(id: .null, error: .parseError(error.description))))
        }
        if case .array(let items) = value {
            guard !items.isEmpty else {
                return .single(.failure(RPCErrorWithID(id: .null, error: .invalidRequest("empty batch"))))
            }
            // Bounds the work one line can cause; nothing of a longer batch runs.
            guard items.count <= maximumBatch else {
                return .single(.failure(RPCErrorWithID(id: .null, error: .invalidRequest(
                    "a batch of \(items.count) requests; at most \(maximumBatch) per line, send the rest in further lines"))))
            }
            return .batch(items.map(decodeRequest))
        }
        return .single(decodeRequest(value))
    }

    /// Validates one request object (§4).
    static func decodeRequest(_ value: JSONValue) -> Result<Request, RPCErrorWithID> {
        guard let members = value.objectPairs else {
            return .failure(RPCErrorWithID(id: .null, error: .invalidRequest("expected a request object, got \(value.typeDescription)")))
        }
        // A member given twice is ambiguous (JSON leaves it open): refused, not last-wins.
        if let twice = firstDuplicate(members) ?? value["params"]?.objectPairs.flatMap(firstDuplicate) {
            return .failure(RPCErrorWithID(id: .null, error: .invalidRequest("member \"\(twice)\" appears twice")))
        }
        let idValue = value["id"]
        var replyID: JSONValue = .null
        switch idValue {
        case nil, .null?, .string?, .number?: replyID = idValue ?? .null
        default:
            return .failure(RPCErrorWithID(id: .null, error: .invalidRequest("id must be a string, a number or null")))
        }
        guard value["jsonrpc"] == "2.0" else {
            return .failure(RPCErrorWithID(id: replyID, error: .invalidRequest("\"jsonrpc\" must be \"2.0\"")))
        }
        guard let method = value["method"]?.stringValue else {
            return .failure(RPCErrorWithID(id: replyID, error: .invalidRequest("\"method\" must be a string")))
        }
        let params = value["params"]
        switch params {
        case nil, .object?: break
        case .array?:
            return .failure(RPCErrorWithID(id: replyID, error: .invalidParams([PathMessage(path: "params", message: "sessiond takes params by name: send an object, not an array")])))
        default:
            return .failure(RPCErrorWithID(id: replyID, error: .invalidRequest("\"params\" must be an object")))
        }
        return .success(Request(id: idValue, method: method, params: params))
    }

    /// The first key that appears twice among `members`, nil when none does.
    static func firstDuplicate(_ members: [(key: String, value: JSONValue)]) -> String? {
        // Requests have a handful of members: comparing pairs allocates nothing.
        guard members.count <= 16 else {
            var seen = Set<String>(minimumCapacity: members.count)
            return members.first { !seen.insert($0.key).inserted }?.key
        }
        for later in members.indices.dropFirst() {
            for earlier in members.startIndex..<later where members[earlier].key == members[later].key { return members[later].key }
        }
        return nil
    }

    /// A success response (§5), written straight from the result's own encoding.
    public static func write(id: JSONValue, result: some JSONEncodable, to writer: inout JSONWriter) {
        writer.object {
            $0.member("jsonrpc", "2.0")
            $0.member("id", id)
            $0.member("result", result)
        }
    }

    /// An error response (§5).
    public static func write(id: JSONValue, error: RPCError, to writer: inout JSONWriter) {
        writer.object {
            $0.member("jsonrpc", "2.0")
            $0.member("id", id)
            $0.member("error", error.json)
        }
    }

    /// A notification (events), written straight from the params' own encoding.
    public static func notificationBytes(method: String, params: some JSONEncodable) -> [UInt8] {
        var writer = JSONWriter()
        writer.object {
            $0.member("jsonrpc", "2.0")
            $0.member("method", method)
            $0.member("params", params)
        }
        return writer.bytes
    }
}

/// One response of a reply line, before encoding.
public enum Response: Sendable {
    case result(id: JSONValue, any JSONEncodable & Sendable)
    case error(id: JSONValue, RPCError)

    /// The reply line for `responses` (§6: a batch's replies form an array; a line of
    /// notifications only gets none), nil when nothing is sent.
    public static func line(_ responses: [Response], batch: Bool) -> [UInt8]? {
        guard !responses.isEmpty else { return nil }
        var writer = JSONWriter(capacity: 512)
        if batch {
            writer.array { for response in responses { response.write(to: &$0) } }
        } else {
            responses[0].write(to: &writer)
        }
        return writer.bytes
    }

    /// This response alone as a line (without its newline).
    public var bytes: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    private func write(to writer: inout JSONWriter) {
        switch self {
        case .result(let id, let result): JSONRPC.write(id: id, result: result, to: &writer)
        case .error(let id, let error): JSONRPC.write(id: id, error: error, to: &writer)
        }
    }
}
