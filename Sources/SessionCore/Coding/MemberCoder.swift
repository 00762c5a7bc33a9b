/// Visits an object's members, each declared once in its `code(_:)`: a coder that writes
/// them, one that reads them back and one that describes them all come from the same
/// declaration, as Swift's `Codable` lets one declaration serve every format. The
/// domain's types declare their members here, free of any format (`@Coded`); the
/// protocol's coders, in SessionRPC, give them their wire form. Every member is
/// required and a nil optional is written as null, but for the members declared as left
/// out when they do not apply (`omitted`, `flag`: a plan's exercise writes only what it
/// prescribes).
public protocol MemberCoder: ~Copyable {
    /// What reading fails with: the member's place and what was expected there.
    associatedtype Failure: Error

    mutating func id(_ key: StaticString, _ value: inout Int64) throws(Failure)
    mutating func id(_ key: StaticString, _ value: inout Int64?) throws(Failure)
    mutating func int(_ key: StaticString, _ value: inout Int) throws(Failure)
    mutating func int(_ key: StaticString, _ value: inout Int?) throws(Failure)
    mutating func number(_ key: StaticString, _ value: inout Double) throws(Failure)
    mutating func number(_ key: StaticString, _ value: inout Double?) throws(Failure)
    mutating func string(_ key: StaticString, _ value: inout String) throws(Failure)
    mutating func string(_ key: StaticString, _ value: inout String?) throws(Failure)
    /// RFC 3339 text.
    mutating func timestamp(_ key: StaticString, _ value: inout String) throws(Failure)
    mutating func timestamp(_ key: StaticString, _ value: inout String?) throws(Failure)
    mutating func date(_ key: StaticString, _ value: inout LocalDate) throws(Failure)
    mutating func date(_ key: StaticString, _ value: inout LocalDate?) throws(Failure)
    /// A date kept as its YYYY-MM-DD text.
    mutating func date(_ key: StaticString, _ value: inout String) throws(Failure)
    mutating func bool(_ key: StaticString, _ value: inout Bool) throws(Failure)
    mutating func strings(_ key: StaticString, _ value: inout [String]) throws(Failure)
    /// Row ids (`measured`'s sessions).
    mutating func ids(_ key: StaticString, _ value: inout [Int64]) throws(Failure)
    mutating func numbers(_ key: StaticString, _ value: inout [Double]) throws(Failure)
    /// Figures written rounded to `places` decimals (a summary's kilograms and averages);
    /// read back as written.
    mutating func number(_ key: StaticString, _ value: inout Double, places: Int) throws(Failure)
    mutating func number(_ key: StaticString, _ value: inout Double?, places: Int) throws(Failure)
    mutating func numbers(_ key: StaticString, _ value: inout [Double], places: Int) throws(Failure)
    mutating func dates(_ key: StaticString, _ value: inout [LocalDate]) throws(Failure)
    /// A count within bounds, checked when read (an archive or an import is input).
    mutating func int(_ key: StaticString, _ value: inout Int, in bounds: ClosedRange<Int>) throws(Failure)
    mutating func int(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) throws(Failure)
    mutating func number(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) throws(Failure)
    /// Text a person gave: read with its whitespace collapsed, at most `maxLength`
    /// characters; the required one must not be empty, the optional one is nil when
    /// absent, null or empty.
    mutating func text(_ key: StaticString, _ value: inout String, maxLength: Int) throws(Failure)
    mutating func text(_ key: StaticString, _ value: inout String?, maxLength: Int) throws(Failure)
    /// Raw values of an enumeration, in an array (`["quads", "glutes"]`).
    mutating func choices<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout [Choice]) throws(Failure)
    where Choice.RawValue == String
    /// A local date and time (`2026-04-24T09:40:00`, no offset).
    mutating func dateTime(_ key: StaticString, _ value: inout LocalDateTime) throws(Failure)
    /// An RFC 3339 time left out when nil.
    mutating func omittedTimestamp(_ key: StaticString, _ value: inout String?) throws(Failure)
    /// A nested object left out when nil.
    mutating func omitted<Item: MemberCodable>(_ key: StaticString, _ value: inout Item?) throws(Failure)
    /// At most `maxCount` objects, the count checked before any is read.
    mutating func objects<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item], maxCount: Int) throws(Failure)
    /// Objects always written, and read as none when absent (the parts of an archive).
    mutating func parts<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item]) throws(Failure)
    /// A rule across what was read (`condition` false: refused at `key`, which was
    /// expected to be `expected`); writing and describing pass over it.
    mutating func check(_ condition: @autoclosure () -> Bool, _ key: StaticString, _ expected: @autoclosure () -> String) throws(Failure)
    /// A member whose value is always the same (`"discarded": true`).
    mutating func constant(_ key: StaticString, _ value: Bool) throws(Failure)
    /// A document carried whole, in the coder's own format (a schema, a plan as given).
    mutating func document<Document: CarriedDocument>(_ key: StaticString, _ value: inout Document) throws(Failure)
    /// One of an enumeration's raw values.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice) throws(Failure)
    where Choice.RawValue == String
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice?) throws(Failure)
    where Choice.RawValue == String
    /// Names from a fixed list, in an array (`["oneRepMax", "weight"]`).
    mutating func names(_ key: StaticString, _ value: inout [String], among: [String]) throws(Failure)
    /// A member the writer works out from the others (`offPlan`, from
    /// `plannedExerciseId`): written, and read back only to check it says the same.
    mutating func derived(_ key: StaticString, _ value: Bool) throws(Failure)
    /// Objects the writer works out from the others (a history's weeks, from its
    /// sessions): written, and read back only to check they are an array of objects.
    mutating func derivedObjects<Item: MemberCodable>(_ key: StaticString, _ value: [Item]) throws(Failure)
    /// Members left out when nil, and not required: read as nil when absent (or null).
    mutating func omitted(_ key: StaticString, _ value: inout Int?) throws(Failure)
    mutating func omitted(_ key: StaticString, _ value: inout Double?) throws(Failure)
    mutating func omitted(_ key: StaticString, _ value: inout String?) throws(Failure)
    mutating func omitted(_ key: StaticString, _ value: inout Int64?) throws(Failure)
    mutating func omitted(_ key: StaticString, _ value: inout LocalDate?) throws(Failure)
    mutating func omitted(_ key: StaticString, _ value: inout [String]?) throws(Failure)
    /// Left out when nil, and within bounds when read.
    mutating func omitted(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) throws(Failure)
    mutating func omitted(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) throws(Failure)
    /// A flag written only when true (`"amrap": true`), read as false when absent.
    mutating func flag(_ key: StaticString, _ value: inout Bool) throws(Failure)
    /// True while reading a reply: for what a type works out again from what it read
    /// (and need not when writing or describing itself).
    var reads: Bool { get }
    /// A nested object, declared by its own `code(_:)`.
    mutating func object<Item: MemberCodable>(_ key: StaticString, _ value: inout Item) throws(Failure)
    mutating func object<Item: MemberCodable>(_ key: StaticString, _ value: inout Item?) throws(Failure)
    mutating func objects<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item]) throws(Failure)
}

/// A value declared member by member (`@Coded`), for any `MemberCoder` to write, read
/// or describe.
public protocol MemberCodable: Sendable, Blank {
    mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure)
}

/// A value a coder carries whole, in its own format, and that only the coder knows the
/// form of (the schema a planner is given, a plan as an archive keeps it). A coder
/// carries one such type, its format's value: the protocol's JSON coders carry
/// `JSONValue` alone, and stop at any other (no other type conforms).
public protocol CarriedDocument: Sendable {}

extension MemberCoder where Self: ~Copyable {
    /// The members of `value` among this object's own (a result that repeats its first
    /// item's members at its top, as `session.undo`'s does).
    @inlinable
    public mutating func members<Item: MemberCodable>(_ value: inout Item) throws(Failure) {
        try value.code(&self)
    }
}
