import SessionCore
import JSON

/// A method's typed contract, shared by the daemon and its clients: the daemon decodes
/// `Params` and encodes `Result`; a client (sessionctl) encodes `Params` and decodes
/// `Result`. `rpc.discover` documents both from the same types, and every bound in
/// them comes from `SessionLimits` or `PlanLimits`.
public protocol MethodContract: SendableMetatype {
    associatedtype Params: MethodParams
    associatedtype Result: MethodResult
    /// Its name, summary and how it runs, in one value.
    static var method: MethodDescription { get }
}

extension MethodContract {
    /// The method's name on the wire.
    public static var name: String { method.name }
}

/// What a contract says of its method besides the types it takes and returns, declared
/// in one value, as swift-argument-parser's `CommandConfiguration` is a command's:
/// the router, `rpc.discover` and the event registry read it from there. Its errors and
/// events are listed when asked for, not when a client only names the method: building
/// their values is most of what the declaration costs, and a call needs none of them.
public struct MethodDescription: Sendable {
    /// The method's name on the wire.
    public let name: String
    /// One sentence for `rpc.discover`.
    public let summary: String
    /// True for a method that only reads: it changes nothing stored, so a call whose
    /// client hung up before it ran is not run (nobody reads its reply).
    public let readsOnly: Bool
    /// True for a method whose reply grows with the stored history or its page (lists,
    /// histories, exports): the daemon runs at most one of a client's at a time and a
    /// few of everyone's at once, and in a batch their replies share a budget
    /// (`replyTooLarge` past it).
    public let repliesLarge: Bool
    /// True for a method whose work has no small bound whatever its request's size (an
    /// import's `done` storing a million sets, a backup): the daemon never runs it on
    /// the thread that serves the other clients and pings the watchdog.
    public let runsLong: Bool
    private let listErrors: @Sendable () -> [ApplicationError]
    private let listEvents: @Sendable () -> [any EventContract.Type]

    public init(
        name: String, summary: String, errors: @autoclosure @escaping @Sendable () -> [ApplicationError] = [],
        events: @autoclosure @escaping @Sendable () -> [any EventContract.Type] = [], readsOnly: Bool = false, repliesLarge: Bool = false,
        runsLong: Bool = false
    ) {
        (self.name, self.summary, listErrors, listEvents) = (name, summary, errors, events)
        (self.readsOnly, self.repliesLarge, self.runsLong) = (readsOnly, repliesLarge, runsLong)
    }

    /// The application errors it may answer with, besides those any method may
    /// (`ApplicationError.common`), as `rpc.discover` lists them.
    public var errors: [ApplicationError] { listErrors() }
    /// The events a call publishes, each declared beside the contract (`SetUndoneEvent`
    /// in SessionUndo.swift); `EventRegistry` collects them from the contracts.
    public var events: [any EventContract.Type] { listEvents() }

    /// The errors `rpc.discover` lists for it: its own, and `replyTooLarge` for a method
    /// whose reply grows.
    public var documentedErrors: [ApplicationError] { errors + (repliesLarge ? [.replyTooLarge] : []) }
}

/// What the daemon knows when it decodes params: the time bounds of timestamps.
public struct DecodingContext: Sendable {
    /// The request's time.
    public let nowMs: Int64
    /// The instant a local wall-clock time names in the daemon's zone, for times given
    /// without an offset (`2026-11-30T18:05`).
    public let instant: @Sendable (LocalDateTime) -> Int64
    /// The local date of an instant in the daemon's zone.
    public let localDate: @Sendable (Int64) -> LocalDate

    /// True for a client's check before sending (`MethodContract.check`): its now is a
    /// day late for the zones between it and the daemon, so it names no exact bound.
    public let isApproximate: Bool

    public init(nowMs: Int64, instant: @escaping @Sendable (LocalDateTime) -> Int64 = DecodingContext.utc,
                localDate: @escaping @Sendable (Int64) -> LocalDate = DecodingContext.utcDate, isApproximate: Bool = false) {
        self.nowMs = nowMs
        self.instant = instant
        self.localDate = localDate
        self.isApproximate = isApproximate
    }

    /// A wall-clock time read as UTC (contexts without a zone).
    public static let utc: @Sendable (LocalDateTime) -> Int64 = { Int64($0.date.daysSinceEpoch) * 86_400_000 + Int64($0.secondOfDay) * 1000 }

    /// An instant's date in UTC (contexts without a zone).
    public static let utcDate: @Sendable (Int64) -> LocalDate = { LocalDate(daysSinceEpoch: Int(($0 - (($0 % 86_400_000) + 86_400_000) % 86_400_000) / 86_400_000)) }

    /// The request's date in the daemon's zone: what bounds a recorded date
    /// (`RecordedDates`). Asked for only when such a date is given.
    public var today: LocalDate { localDate(nowMs) }

    /// The latest acceptable backfill time (`at`): now plus a little clock skew.
    public var latestMs: Int64 { nowMs + SessionLimits.futureToleranceMs }
}

/// A method's params, by name. Each param is declared once, in `code`; decoding,
/// the client's encoding and the OpenRPC documentation all come from it.
public protocol MethodParams: Sendable, Blank {
    /// Params with nothing given (every param absent, or its default).
    init()
    /// Visits every param (see `ParamsCoder`).
    mutating func code(_ coder: inout some ParamsCoder)
    /// Checks that span several params, after each was read (default: none).
    mutating func validate(_ params: inout Params)
}

extension MethodParams {
    public mutating func validate(_ params: inout Params) {}

    /// Each param, documented for `rpc.discover`; names not listed are refused.
    public static var specs: [ParamSpec] {
        var documenter = ParamsDocumenter()
        var blank = Self()
        blank.code(&documenter)
        return documenter.specs
    }

    /// Decodes and validates, recording every problem in `params` (with its path) and
    /// throwing -32602 when there was one. A name `code` does not declare is refused
    /// as an unknown parameter of `method`, reported before the other problems.
    public init(from params: inout Params, method: String, context: DecodingContext) throws(RPCError) {
        self.init()
        var decoder = ParamsDecoder(params: params, context: context)
        code(&decoder)
        params = decoder.params
        params.refuseUnread(of: method) { Self.specs.map(\.name) }
        validate(&params)
        try params.check()
    }

    /// Checks the params as the daemon will, by the contract's own declaration, before
    /// they are sent: a client's bounds are the daemon's, never typed again. Times are
    /// left to the daemon, which knows its zone and clock (`nowMs` is a client's now,
    /// with a day's slack).
    public func check(method: String, nowMs: Int64) throws(RPCError) {
        var params = Params(json)
        let lenient = DecodingContext(nowMs: nowMs + 86_400_000, isApproximate: true)
        _ = try Self(from: &params, method: method, context: lenient)
    }

    /// The params object as a client sends it, as a tree.
    public var json: JSONValue {
        var encoder = ParamsEncoder()
        var copy = self
        copy.code(&encoder)
        return .object(encoder.members)
    }

    /// The params object as a client sends it, written member by member.
    public var encoded: some JSONEncodable & Sendable {
        var encoder = ParamsEncoder()
        var copy = self
        copy.code(&encoder)
        return EncodedMembers(members: encoder.encoded)
    }
}

/// An object of members that write themselves.
struct EncodedMembers: JSONObjectEncodable, Sendable {
    let members: [(key: String, value: any JSONEncodable & Sendable)]

    func encodeMembers(to writer: inout JSONWriter) {
        for member in members {
            writer.key(escaping: member.key)
            member.value.encode(to: &writer)
        }
    }
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
    public init() {}
    public mutating func code(_ coder: inout some ParamsCoder) {}
}

/// What a router's context tells the params decoder.
public protocol MethodContext: SendableMetatype {
    /// The bounds of the request being served.
    var decoding: DecodingContext { get }
}

extension MethodRoute where Context: MethodContext {
    /// A method from its typed contract: `handler` gets the params decoded and checked,
    /// and `rpc.discover` documents the contract's params and result.
    public init<Contract: MethodContract>(_ contract: Contract.Type, handler: @escaping @Sendable (Contract.Params, Context) throws -> Output) {
        self.init(Contract.method, document: { (Contract.Params.specs, Contract.Result.schema) }) { params, context in
            try handler(try Contract.Params(from: &params, method: Contract.name, context: context.decoding), context)
        }
    }
}
