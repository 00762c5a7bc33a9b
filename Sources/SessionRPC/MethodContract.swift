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
    init(json: JSONValue) throws(JSONReadError)
}

/// A method without params.
public struct NoParams: MethodParams {
    public static let specs: [ParamSpec] = []
    public init() {}
    public init(from params: inout Params, context: DecodingContext) throws(RPCError) { try params.check() }
    public var json: JSONValue { .obj([:]) }
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
