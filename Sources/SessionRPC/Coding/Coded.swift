import JSON

/// A method's params' `code(_:)` from its stored properties in declared order, each
/// declared by its `@Param` (and the blank `init()` the daemon decodes into, unless
/// the type writes one).
@attached(member, names: named(init), named(code))
public macro CodedParams() = #externalMacro(module: "SessionMacrosPlugin", type: "CodedParamsMacro")

/// How `@CodedParams` codes this param: the `ParamsCoder` method, the key (by default
/// the property's name, runs of capitals written as words), what the method takes
/// besides, and the param's summary in `rpc.discover`, passed as written:
/// `@Param(.int, in: 1...100, "at most this many")` codes
/// `coder.int("limit", &limit, in: 1...100, "at most this many")`.
@attached(peer)
public macro Param(_ coding: ParamCoding, key: StaticString? = nil, _ summary: String)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Param(_ coding: ParamCoding, key: StaticString? = nil, required: Bool, _ summary: String)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Param(_ coding: ParamCoding, key: StaticString? = nil, _ choices: [String], required: Bool, _ summary: String)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Param(_ coding: ParamCoding, key: StaticString? = nil, in bounds: ClosedRange<Int>, _ summary: String)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Param(_ coding: ParamCoding, key: StaticString? = nil, in bounds: ClosedRange<Double>, step: Double? = nil, _ summary: String)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Param(
    _ coding: ParamCoding, key: StaticString? = nil, maxLength: Int, required: Bool? = nil, transform: ((String) -> String)? = nil,
    _ summary: String
) = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Param(_ coding: ParamCoding, key: StaticString? = nil, maxCount: Int, _ summary: String)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Param(_ coding: ParamCoding, key: StaticString? = nil, maxCount: Int, maxLength: Int, choices: [String]? = nil, _ summary: String)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Param(_ coding: ParamCoding, key: StaticString? = nil, maxCount: Int, in bounds: ClosedRange<Double>, _ summary: String)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Param<Item>(
    _ coding: ParamCoding, key: StaticString? = nil, maxCount: Int, read: (JSONReader) throws(JSONReadError) -> Item, _ summary: String
) = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Param(_ coding: ParamCoding, key: StaticString? = nil, types: [String], required: Bool? = nil, _ summary: String)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")

/// The codings `@Param` names: a `ParamsCoder` method each.
public enum ParamCoding {
    case id, int, number, string, strings, numbers, ids, bool, date, recordedDate, timestamp, choice, document, objects
}
