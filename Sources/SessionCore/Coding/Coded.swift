/// An object's `code(_:)` from its stored properties in declared order (and the blank
/// `init()` it is read into, unless the type writes one): `MemberCodable`'s, for any
/// `MemberCoder`. `@Member` says how a property is coded where the key or the coding is
/// not the usual one.
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

/// The codings `@Member` names: a `MemberCoder` method each, but `members` (the coder's
/// `members`, under no key) and `notCoded` (no member at all).
public enum Coding {
    case id, int, number, string, bool, date, dates, strings, ids, numbers
    case timestamp, omittedTimestamp, dateTime, text, omitted, flag, parts, objects, object
    case choice, choices, names, document
    /// A nested object's members written among this one's, under no key of their own.
    case members
    /// Kept by the value for its own use, not a member: the writer leaves it out, the
    /// reader leaves it at its default, the schema does not list it.
    case notCoded
}

