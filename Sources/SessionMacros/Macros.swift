/// Declarations written once, from which the compiler writes the rest
/// (`SessionMacrosPlugin` expands them; docs/development.md, "Macros").

/// The memberwise initialiser, with the type's access: one parameter per stored property
/// in declared order, a `var`'s initial value its default.
@attached(member, names: named(init))
public macro Memberwise() = #externalMacro(module: "SessionMacrosPlugin", type: "MemberwiseMacro")

/// A wire object's `code(_:)` from its stored properties in declared order (and the
/// blank `init()` it is read into, unless the type writes one). `@Member` says how a
/// property is coded where the key or the coding is not the usual one.
@attached(member, names: named(init), named(code))
public macro Coded() = #externalMacro(module: "SessionMacrosPlugin", type: "CodedMacro")

/// How `@Coded` codes this property: the coder's method (`.timestamp`, `.omitted`,
/// `.text`, …; by default the one for the property's type), the member's key (by default
/// the property's name, capitals runs written as words: `setID` → `setId`), and what the
/// method takes besides (`places: 2`, `maxLength: 200`, `in: 1...10`), passed as written.
@attached(peer)
public macro Member(_ coding: Coding? = nil, key: StaticString? = nil, places: Int? = nil, maxLength: Int? = nil, maxCount: Int? = nil)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MemberMacro")
@attached(peer)
public macro Member(_ coding: Coding? = nil, key: StaticString? = nil, in bounds: ClosedRange<Int>)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MemberMacro")
@attached(peer)
public macro Member(_ coding: Coding? = nil, key: StaticString? = nil, in bounds: ClosedRange<Double>)
    = #externalMacro(module: "SessionMacrosPlugin", type: "MemberMacro")
@attached(peer)
public macro Member(_ coding: Coding? = nil, key: StaticString? = nil, among: [String])
    = #externalMacro(module: "SessionMacrosPlugin", type: "MemberMacro")

/// The codings `@Member` names: an `ObjectCoder` method each.
public enum Coding {
    case id, int, number, string, bool, date, dates, strings, ids, numbers
    case timestamp, omittedTimestamp, dateTime, text, omitted, flag, parts, objects, object
    case choice, choices, names, document
}
