import SessionCore
import JSON

/// A method's typed contract, shared by the daemon and its clients: the daemon decodes
/// `Params` and encodes `Result`; a client (sessionctl) encodes `Params` and decodes
/// `Result`. `rpc.discover` documents both from the same types, and every bound in
/// them comes from `SessionLimits` or `PlanLimits`.
public protocol MethodContract {
    associatedtype Params: MethodParams
    associatedtype Result: MethodResult
    /// The method's name on the wire.
    static var name: String { get }
    /// One sentence for `rpc.discover`.
    static var summary: String { get }
}

/// What the daemon knows when it decodes params: the time bounds of timestamps.
public struct DecodingContext: Sendable {
    /// The request's time.
    public let nowMs: Int64

    public init(nowMs: Int64) { self.nowMs = nowMs }

    /// The latest acceptable backfill time (`at`): now plus a little clock skew.
    public var latestMs: Int64 { nowMs + SessionLimits.futureToleranceMs }
}

/// A method's params, by name.
public protocol MethodParams: Sendable {
    /// Each param, documented for `rpc.discover`; names not listed are refused.
    static var specs: [ParamSpec] { get }
    /// Decodes and validates, recording every problem in `params` (with its path) and
    /// throwing -32602 when there was one.
    init(from params: inout Params, context: DecodingContext) throws(RPCError)
    /// The params object as a client sends it.
    var json: JSONValue { get }
}

/// A method's result: written straight to the reply, and read back by clients.
public protocol MethodResult: JSONEncodable, Sendable {
    /// A JSON Schema of the result for `rpc.discover`: every member it may have.
    static var schema: JSONValue { get }
    /// Reads a reply's result; a member missing or of the wrong type is an error.
    init(json: JSONValue) throws(ResultDecodingError)
}

/// A method without params.
public struct NoParams: MethodParams {
    public static let specs: [ParamSpec] = []
    public init() {}
    public init(from params: inout Params, context: DecodingContext) throws(RPCError) { try params.check() }
    public var json: JSONValue { .obj([:]) }
}

/// A reply whose result is not what the contract says (a daemon of another version).
public struct ResultDecodingError: Error, CustomStringConvertible, Sendable {
    /// Where, as a JSON path (`result.progress.loggedSets`).
    public let path: String
    public let expected: String

    public var description: String { "unexpected reply from sessiond: \(path) should be \(expected)" }
}

/// Typed reads of a result object for `MethodResult.init(json:)`, each failing with
/// the member's path.
public struct ResultReader {
    private let value: JSONValue
    private let path: String

    public init(_ value: JSONValue, path: String = "result") throws(ResultDecodingError) {
        guard value.objectPairs != nil else { throw ResultDecodingError(path: path, expected: "an object") }
        self.value = value
        self.path = path
    }

    private func present(_ key: String) -> JSONValue? {
        guard let found = value[key], !found.isNull else { return nil }
        return found
    }

    private func failure(_ key: String, _ expected: String) -> ResultDecodingError {
        ResultDecodingError(path: path + "." + key, expected: expected)
    }

    /// The member read by `extract`; nil when absent or null, an error when of another type.
    private func optional<T>(_ key: String, _ expected: String, _ extract: (JSONValue) -> T?) throws(ResultDecodingError) -> T? {
        guard let found = present(key) else { return nil }
        guard let value = extract(found) else { throw failure(key, expected + " or null") }
        return value
    }

    /// The member read by `extract`, which must be there.
    private func required<T>(_ key: String, _ expected: String, _ extract: (JSONValue) -> T?) throws(ResultDecodingError) -> T {
        guard let value = present(key).flatMap(extract) else { throw failure(key, expected) }
        return value
    }

    public func int(_ key: String) throws(ResultDecodingError) -> Int { try required(key, "an integer", \.intValue) }
    public func optionalInt(_ key: String) throws(ResultDecodingError) -> Int? { try optional(key, "an integer", \.intValue) }
    public func id(_ key: String) throws(ResultDecodingError) -> Int64 { Int64(try int(key)) }
    public func optionalID(_ key: String) throws(ResultDecodingError) -> Int64? { try optionalInt(key).map(Int64.init) }
    public func number(_ key: String) throws(ResultDecodingError) -> Double { try required(key, "a number", \.numberValue) }
    public func optionalNumber(_ key: String) throws(ResultDecodingError) -> Double? { try optional(key, "a number", \.numberValue) }
    public func string(_ key: String) throws(ResultDecodingError) -> String { try required(key, "a string", \.stringValue) }
    public func optionalString(_ key: String) throws(ResultDecodingError) -> String? { try optional(key, "a string", \.stringValue) }
    public func bool(_ key: String) throws(ResultDecodingError) -> Bool { try required(key, "true or false", \.boolValue) }

    /// An array of strings.
    public func strings(_ key: String) throws(ResultDecodingError) -> [String] {
        try required(key, "an array of strings") { value -> [String]? in
            guard let items = value.arrayValue else { return nil }
            let texts = items.compactMap(\.stringValue)
            return texts.count == items.count ? texts : nil
        }
    }

    public func optionalBool(_ key: String) throws(ResultDecodingError) -> Bool? { try optional(key, "true or false", \.boolValue) }

    /// A date as YYYY-MM-DD.
    public func date(_ key: String) throws(ResultDecodingError) -> LocalDate {
        try required(key, "a date as YYYY-MM-DD") { $0.stringValue.flatMap(LocalDate.init) }
    }

    /// An array of objects, each read with its path (`result.exercises[2]`).
    public func objects(_ key: String) throws(ResultDecodingError) -> [ResultReader] {
        let items = try required(key, "an array of objects", \.arrayValue)
        var readers: [ResultReader] = []
        for (index, item) in items.enumerated() { readers.append(try ResultReader(item, path: "\(path).\(key)[\(index)]")) }
        return readers
    }

    /// A nested object, nil when absent or null.
    public func optionalObject(_ key: String) throws(ResultDecodingError) -> ResultReader? {
        guard let found = present(key) else { return nil }
        return try ResultReader(found, path: path + "." + key)
    }

    public func object(_ key: String) throws(ResultDecodingError) -> ResultReader {
        guard let found = try optionalObject(key) else { throw failure(key, "an object") }
        return found
    }
}

/// What a method table's context tells the params decoder.
public protocol MethodContext {
    /// The bounds of the request being served.
    var decoding: DecodingContext { get }
}

extension MethodRoute where Context: MethodContext {
    /// A method from its typed contract: `handler` gets the params decoded and checked,
    /// and `rpc.discover` documents the contract's params and result.
    public init<Contract: MethodContract>(_ contract: Contract.Type, handler: @escaping @Sendable (Contract.Params, Context) throws -> Output) {
        self.init(Contract.name, summary: Contract.summary, params: Contract.Params.specs, result: Contract.Result.schema) { params, context in
            try handler(try Contract.Params(from: &params, context: context.decoding), context)
        }
    }
}
