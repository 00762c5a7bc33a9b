import SessionCore
import JSON
import Synchronization

/// One documented parameter of a method.
public struct ParamSpec: Sendable {
    public let name: String
    public let required: Bool
    /// A JSON Schema of the value.
    public let schema: JSONValue
    public let summary: String

    public init(_ name: String, required: Bool = false, schema: JSONValue, _ summary: String) {
        self.name = name
        self.required = required
        self.schema = schema
        self.summary = summary
    }
}

/// What a handler returns: at least a result; a daemon's output may carry more (events,
/// timers) for its caller to carry out.
public protocol MethodOutput: Sendable {
    /// An output that is only this result (`rpc.discover`'s).
    init(_ result: JSONValue)
}

/// One method: its documentation and its handler. The same value dispatches requests
/// and generates the OpenRPC document, so the two cannot drift. The documentation is
/// built when asked for (`rpc.discover`), not at start: building every schema is most
/// of what a cold start would otherwise spend before its first reply.
public struct MethodRoute<Context, Output: MethodOutput>: Sendable {
    /// Runs the method: decodes the params (refusing names it does not take) and calls
    /// the service.
    public typealias Handler = @Sendable (inout Params, Context) throws -> Output
    /// Its name, summary and how it runs, as its contract declares them.
    public let method: MethodDescription
    /// Each param's documentation and a JSON Schema of the result.
    public let document: @Sendable () -> (params: [ParamSpec], result: JSONValue)
    public let handler: Handler

    public init(_ method: MethodDescription, document: @escaping @Sendable () -> (params: [ParamSpec], result: JSONValue), handler: @escaping Handler) {
        (self.method, self.document, self.handler) = (method, document, handler)
    }

    public var name: String { method.name }
}

/// A method name looked up once in a `MethodRouter`: where its route is and what its
/// contract says of how it runs, for a request to carry from decoding to its run
/// instead of each step looking the name up again.
public struct ResolvedMethod: Sendable {
    /// Its place among the router's methods; nil for rpc.discover and for a name no
    /// route has.
    fileprivate let position: Int?
    /// `MethodDescription.runsLong`.
    public let runsLong: Bool
    /// `MethodDescription.repliesLarge`, and true for rpc.discover, whose document is the
    /// size of the whole protocol.
    public let repliesLarge: Bool
    /// `MethodDescription.readsOnly`, and true for rpc.discover and a name no route has
    /// (answered with an error, nothing run).
    public let readsOnly: Bool
}

/// The route table: method name → handler, plus `rpc.discover`.
public struct MethodRouter<Context, Output: MethodOutput>: Sendable {
    public let methods: [MethodRoute<Context, Output>]
    private let index: FixedStringIndex
    /// Maps a handler's thrown error to a JSON-RPC error (the one place that does).
    private let mapError: @Sendable (Error) -> RPCError
    private let info: JSONValue
    private let document = Once<JSONValue>()

    public init(methods: [MethodRoute<Context, Output>], info: JSONValue, mapError: @escaping @Sendable (Error) -> RPCError) {
        self.methods = methods
        self.info = info
        self.mapError = mapError
        // A closure, not `\.name`: a key path to a computed property is instantiated at
        // run time, some 300,000 instructions of every start.
        self.index = FixedStringIndex(methods.map { $0.method.name })
    }

    /// True when one of this router's own routes has that name (rpc.discover aside).
    public func hasRoute(_ name: String) -> Bool { index.position(of: name) != nil }

    /// The method `name` names, looked up once.
    public func resolve(_ name: String) -> ResolvedMethod {
        guard let position = index.position(of: name) else {
            return ResolvedMethod(position: nil, runsLong: false, repliesLarge: name == "rpc.discover", readsOnly: true)
        }
        let method = methods[position].method
        return ResolvedMethod(position: position, runsLong: method.runsLong, repliesLarge: method.repliesLarge, readsOnly: method.readsOnly)
    }

    /// True when a method of that name exists (rpc.discover included).
    public func contains(_ name: String) -> Bool { name == "rpc.discover" || index.position(of: name) != nil }

    /// Runs one request's method: unknown params and handler failures become errors.
    public func call(_ request: Request, context: Context) -> Result<Output, RPCError> {
        call(request, resolved: resolve(request.method), context: context)
    }

    /// Runs one request's method, `resolved` from its name by this router.
    public func call(_ request: Request, resolved: ResolvedMethod, context: Context) -> Result<Output, RPCError> {
        guard let position = resolved.position else { return callWithoutRoute(request) }
        var params = request.params
        do {
            // The handler decodes the params: unknown and invalid ones are reported together.
            let result = try methods[position].handler(&params, context)
            try params.check()
            return .success(result)
        } catch let error as RPCError {
            return .failure(error)
        } catch {
            return .failure(mapError(error))
        }
    }

    /// `rpc.discover`, or a method no route has.
    private func callWithoutRoute(_ request: Request) -> Result<Output, RPCError> {
        if request.method == "rpc.discover" {
            var params = request.params
            for name in params.names { params.fail(name, "unknown parameter; rpc.discover takes none") }
            if !params.errors.isEmpty { return .failure(.invalidParams(params.errors)) }
            return .success(Output(openRPC))
        }
        return .failure(.methodNotFound(request.method))
    }

    /// The OpenRPC 1.2 document describing every method (the spec's `rpc.discover`),
    /// built at the first call and shared by every later one.
    public var openRPC: JSONValue { document.value { build() } }

    private func build() -> JSONValue {
        let described = methods.map { route in
            let (params, result) = route.document()
            let method = route.method
            let described = JSONValue.obj([
                "name": .string(method.name),
                "summary": .string(method.summary),
                "paramStructure": "by-name",
                "params": .array(params.map { param in
                    .obj([
                        "name": .string(param.name), "summary": .string(param.summary),
                        "required": .bool(param.required), "schema": param.schema,
                    ])
                }),
                "result": .obj(["name": .string(method.name + ".result"), "schema": result]),
                "errors": .array((method.documentedErrors + ApplicationError.common).map(\.documented)),
            ])
            // Extension members: the reply grows with the history, the method only reads
            // (docs/protocol.md).
            guard method.repliesLarge || method.readsOnly, case .object(let members) = described else { return described }
            return JSONValue.object(members + (method.repliesLarge ? [(key: "x-replies-large", value: .bool(true))] : [])
                + (method.readsOnly ? [(key: "x-reads-only", value: .bool(true))] : []))
        }
        let discover = JSONValue.obj([
            "name": "rpc.discover", "summary": "This OpenRPC document.", "paramStructure": "by-name",
            "params": [], "result": .obj(["name": "OpenRPC document", "schema": .obj(["type": "object"])]), "x-replies-large": true,
            "x-reads-only": true,
        ])
        // Events are no OpenRPC methods: listed beside them (an x- extension) with their
        // payload schemas.
        // Every application error with its data's schema, once (a method's own `errors`
        // repeat those it answers with).
        return .obj(["openrpc": "1.2.6", "info": info, "methods": .array([discover] + described), "x-events": EventRegistry.documented,
                     "x-errors": .array(ApplicationError.all.map(\.documented))])
    }
}

/// A value made at its first use and kept.
final class Once<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    func value(_ make: () -> Value) -> Value {
        stored.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}
