import JSON

/// A wire object's `code(_:)` from its stored properties in declared order (and the
/// blank `init()` it is read into, unless the type writes one). `@Member` says how a
/// property is coded where the key or the coding is not the usual one.
@attached(member, names: named(init), named(code))
public macro Coded() = #externalMacro(module: "SessionMacrosPlugin", type: "CodedMacro")

/// How `@Coded` codes this property: the coder's method (`.timestamp`, `.omitted`,
/// `.text`, …; by default `member`, the usual one for the property's type), the
/// member's key (by default the property's name, runs of capitals written as words:
/// `setID` → `setId`), and what the method takes besides (`places: 2`,
/// `maxLength: 200`, `in: 1...10`), passed as written.
@attached(peer)
public macro Member(_ coding: Coding? = nil, key: StaticString? = nil, places: Int? = nil, maxLength: Int? = nil, maxCount: Int? = nil)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Member(_ coding: Coding? = nil, key: StaticString? = nil, in bounds: ClosedRange<Int>)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Member(_ coding: Coding? = nil, key: StaticString? = nil, in bounds: ClosedRange<Double>)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")
@attached(peer)
public macro Member(_ coding: Coding? = nil, key: StaticString? = nil, among: [String])
    = #externalMacro(module: "SessionMacrosPlugin", type: "MarkerMacro")

/// The codings `@Member` names: an `ObjectCoder` method each.
public enum Coding {
    case id, int, number, string, bool, date, dates, strings, ids, numbers
    case timestamp, omittedTimestamp, dateTime, text, omitted, flag, parts, objects, object
    case choice, choices, names, document
    /// A nested object's members written among this one's, under no key of their own.
    case members
}

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
