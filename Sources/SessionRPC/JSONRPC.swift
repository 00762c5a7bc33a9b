import SessionCore
import JSON
import SessionMacros

/// A request's id exactly as the client wrote it (a string, a number or null), so it
/// comes back byte for byte: `12345678901234567890` stays itself, not a rounded double.
public struct RequestID: Sendable, Equatable, JSONEncodable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    /// The text, in place when it fits in 16 bytes (numbers and short strings: most
    /// ids), so reading a request allocates nothing for its id.
    private enum Text: Sendable, Equatable {
        case inline(SIMD16<UInt8>, count: Int)
        case stored([UInt8])
    }

    private let text: Text

    /// The id's JSON text.
    public var json: [UInt8] {
        switch text {
        case .inline(let bytes, let count): (0..<count).map { bytes[$0] }
        case .stored(let bytes): bytes
        }
    }

    /// The id of replies that answer no request in particular.
    public static let null = RequestID(json: Array("null".utf8))

    init(json: some Collection<UInt8>) {
        guard json.count <= 16 else {
            text = .stored(Array(json))
            return
        }
        var bytes = SIMD16<UInt8>()
        for (index, byte) in json.enumerated() { bytes[index] = byte }
        text = .inline(bytes, count: json.count)
    }

    public init(_ value: JSONValue) { self.init(json: value.jsonBytes) }
    public init(integerLiteral value: Int) { self.init(JSONValue(value)) }
    public init(stringLiteral value: String) { self.init(.string(value)) }

    public func encode(to writer: inout JSONWriter) {
        switch text {
        case .inline(var bytes, let count):
            withUnsafeBytes(of: &bytes) { writer.value(raw: UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<count])) }
        case .stored(let bytes):
            writer.value(raw: bytes)
        }
    }
}

/// One JSON-RPC 2.0 request (§4). `id` nil means a notification: no response, even on error.
@Memberwise
public struct Request: Sendable {
    /// The id as sent; nil for a notification.
    public let id: RequestID?
    public let method: String
    /// The params (by name) as they stand in the line; none when absent.
    public let params: Params

    /// A request built in code (tests, tools): the params are written out and read
    /// back as a client's would be.
    public init(id: RequestID?, method: String, params: JSONValue?) {
        self.init(id: id, method: method, params: Params(params ?? .obj([:])))
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
    public let id: RequestID
    public let error: RPCError
}

/// The JSON-RPC 2.0 codec: decodes a line into requests, encodes responses.
public enum JSONRPC {
    /// Requests in one batch line at most (docs/protocol.md).
    public static let maximumBatch = 100
    /// Members of one request's params object at most: more than any method takes
    /// (`ContractTests` holds every contract to it), refused before a member is read.
    public static let maximumParams = 64

    /// Decodes one line (without its newline). The line is checked as JSON once and
    /// then read only as far as the envelope and the params need.
    public static func decode(line: [UInt8]) -> IncomingMessage {
        let document: JSONSlice
        do {
            document = try JSONSlice.document(line)
        } catch {
            return .single(.failure(RPCErrorWithID(id: .null, error: .parseError(error.description))))
        }
        if let items = document.elements {
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
        return .single(decodeRequest(document))
    }

    /// Validates one request object (§4). Members are found by their key bytes on the
    /// line's tape: no list of them is built.
    static func decodeRequest(_ value: JSONSlice) -> Result<Request, RPCErrorWithID> {
        guard value.isObject else {
            return .failure(RPCErrorWithID(id: .null, error: .invalidRequest("expected a request object, got \(value.value.typeDescription)")))
        }
        let params = value.position(of: "params")?.value
        // Counted on the tape before any member is read or compared: a line of 50,000
        // unknown params costs its check as JSON, nothing that outlives it.
        if let count = params?.memberCount, count > maximumParams {
            let id = value.position(of: "id")?.value
            let replyID = id.flatMap { $0.isString || $0.isNumber ? RequestID(json: $0.textBytes) : nil } ?? .null
            return .failure(RPCErrorWithID(id: replyID, error: .invalidParams([PathMessage(
                path: "params", message: "\(count) members; no method takes more than \(maximumParams): send only the params the method takes")])))
        }
        // A member given twice is ambiguous (JSON leaves it open): refused, not last-wins.
        if let twice = value.duplicateKey ?? params?.duplicateKey {
            return .failure(RPCErrorWithID(id: .null, error: .invalidRequest("member \"\(twice)\" appears twice")))
        }
        let idValue = value.position(of: "id")?.value
        var replyID = RequestID.null
        if let idValue {
            guard idValue.isNull || idValue.isString || idValue.isNumber else {
                return .failure(RPCErrorWithID(id: .null, error: .invalidRequest("id must be a string, a number or null")))
            }
            replyID = RequestID(json: idValue.textBytes)
        }
        guard value.member("jsonrpc")?.isString("2.0") == true else {
            return .failure(RPCErrorWithID(id: replyID, error: .invalidRequest("\"jsonrpc\" must be \"2.0\"")))
        }
        guard let method = value.member("method")?.string else {
            return .failure(RPCErrorWithID(id: replyID, error: .invalidRequest("\"method\" must be a string")))
        }
        switch params {
        case nil: break
        case let params? where params.isObject: break
        case let params? where params.isArray:
            return .failure(RPCErrorWithID(id: replyID, error: .invalidParams([PathMessage(path: "params", message: "sessiond takes params by name: send an object, not an array")])))
        default:
            return .failure(RPCErrorWithID(id: replyID, error: .invalidRequest("\"params\" must be an object")))
        }
        return .success(Request(id: idValue == nil ? nil : replyID, method: method, params: Params(object: params)))
    }

    /// A success response (§5), written straight from the result's own encoding.
    public static func write(id: RequestID, result: some JSONEncodable, to writer: inout JSONWriter) {
        writer.object {
            $0.member("jsonrpc", "2.0")
            $0.member("id", id)
            // Not `member`: an Optional of a type known only at run time would have
            // its metadata looked up for every reply.
            $0.key("result")
            result.encode(to: &$0)
        }
    }

    /// An error response (§5).
    public static func write(id: RequestID, error: RPCError, to writer: inout JSONWriter) {
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
            $0.key("params")
            params.encode(to: &$0)
        }
        return writer.bytes
    }
}

/// One response of a reply line, before encoding.
public enum Response: Sendable {
    case result(id: RequestID, any JSONEncodable & Sendable)
    case error(id: RequestID, RPCError)
    /// A response already written, without its newline: a batch's large replies are
    /// encoded as they are made, to count them against the line's budget.
    case encoded([UInt8])

    /// The reply line for `responses` (§6: a batch's replies form an array; a line of
    /// notifications only gets none), nil when nothing is sent.
    public static func line(_ responses: [Response], batch: Bool) -> [UInt8]? {
        var writer = JSONWriter(capacity: 512)
        return write(responses, batch: batch, to: &writer) ? writer.bytes : nil
    }

    /// Writes the reply line for `responses` (see `line`) after what `writer` holds;
    /// false when nothing is sent.
    public static func write(_ responses: some RandomAccessCollection<Response>, batch: Bool, to writer: inout JSONWriter) -> Bool {
        guard !responses.isEmpty else { return false }
        if batch {
            writer.array { for response in responses { response.write(to: &$0) } }
        } else {
            responses[responses.startIndex].write(to: &writer)
        }
        return true
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
        case .encoded(let bytes): writer.value(raw: bytes)
        }
    }
}
