import JSON
import SessionCore

/// Visits an object's members, each declared once in its `code(_:)`, as SessionRPC's
/// `ParamsCoder` visits params: the daemon's writer, a client's reader and
/// `rpc.discover`'s schema all come from the same declaration. Every member is
/// required and a nil optional is written as null, but for the members declared as left
/// out when they do not apply (`omitted`, `flag`: a plan's exercise writes only what it
/// prescribes).
public protocol ObjectCoder: ~Copyable {
    mutating func id(_ key: StaticString, _ value: inout Int64) throws(JSONReadError)
    mutating func id(_ key: StaticString, _ value: inout Int64?) throws(JSONReadError)
    mutating func int(_ key: StaticString, _ value: inout Int) throws(JSONReadError)
    mutating func int(_ key: StaticString, _ value: inout Int?) throws(JSONReadError)
    mutating func number(_ key: StaticString, _ value: inout Double) throws(JSONReadError)
    mutating func number(_ key: StaticString, _ value: inout Double?) throws(JSONReadError)
    mutating func string(_ key: StaticString, _ value: inout String) throws(JSONReadError)
    mutating func string(_ key: StaticString, _ value: inout String?) throws(JSONReadError)
    /// RFC 3339 text.
    mutating func timestamp(_ key: StaticString, _ value: inout String) throws(JSONReadError)
    mutating func timestamp(_ key: StaticString, _ value: inout String?) throws(JSONReadError)
    mutating func date(_ key: StaticString, _ value: inout LocalDate) throws(JSONReadError)
    mutating func date(_ key: StaticString, _ value: inout LocalDate?) throws(JSONReadError)
    /// A date kept as its YYYY-MM-DD text.
    mutating func date(_ key: StaticString, _ value: inout String) throws(JSONReadError)
    mutating func bool(_ key: StaticString, _ value: inout Bool) throws(JSONReadError)
    mutating func strings(_ key: StaticString, _ value: inout [String]) throws(JSONReadError)
    /// Row ids (`measured`'s sessions).
    mutating func ids(_ key: StaticString, _ value: inout [Int64]) throws(JSONReadError)
    mutating func numbers(_ key: StaticString, _ value: inout [Double]) throws(JSONReadError)
    /// Figures written rounded to `places` decimals (a summary's kilograms and averages);
    /// read back as written.
    mutating func number(_ key: StaticString, _ value: inout Double, places: Int) throws(JSONReadError)
    mutating func number(_ key: StaticString, _ value: inout Double?, places: Int) throws(JSONReadError)
    mutating func numbers(_ key: StaticString, _ value: inout [Double], places: Int) throws(JSONReadError)
    mutating func dates(_ key: StaticString, _ value: inout [LocalDate]) throws(JSONReadError)
    /// A count within bounds, checked when read (an archive or an import is input).
    mutating func int(_ key: StaticString, _ value: inout Int, in bounds: ClosedRange<Int>) throws(JSONReadError)
    mutating func int(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) throws(JSONReadError)
    mutating func number(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) throws(JSONReadError)
    /// Text a person gave: read with its whitespace collapsed, at most `maxLength`
    /// characters; the required one must not be empty, the optional one is nil when
    /// absent, null or empty.
    mutating func text(_ key: StaticString, _ value: inout String, maxLength: Int) throws(JSONReadError)
    mutating func text(_ key: StaticString, _ value: inout String?, maxLength: Int) throws(JSONReadError)
    /// Raw values of an enumeration, in an array (`["quads", "glutes"]`).
    mutating func choices<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout [Choice]) throws(JSONReadError)
    where Choice.RawValue == String
    /// A local date and time (`2026-04-24T09:40:00`, no offset).
    mutating func dateTime(_ key: StaticString, _ value: inout LocalDateTime) throws(JSONReadError)
    /// An RFC 3339 time left out when nil.
    mutating func omittedTimestamp(_ key: StaticString, _ value: inout String?) throws(JSONReadError)
    /// A nested object left out when nil.
    mutating func omitted<Item: CodedObject>(_ key: StaticString, _ value: inout Item?) throws(JSONReadError)
    /// At most `maxCount` objects, the count checked before any is read.
    mutating func objects<Item: CodedObject>(_ key: StaticString, _ value: inout [Item], maxCount: Int) throws(JSONReadError)
    /// Objects always written, and read as none when absent (the parts of an archive).
    mutating func parts<Item: CodedObject>(_ key: StaticString, _ value: inout [Item]) throws(JSONReadError)
    /// A rule across what was read (`condition` false: refused at `key`, which was
    /// expected to be `expected`); writing and describing pass over it.
    mutating func check(_ condition: @autoclosure () -> Bool, _ key: StaticString, _ expected: @autoclosure () -> String) throws(JSONReadError)
    /// A member whose value is always the same (`"discarded": true`).
    mutating func constant(_ key: StaticString, _ value: Bool) throws(JSONReadError)
    /// A JSON object carried as it is (a schema, a document).
    mutating func document(_ key: StaticString, _ value: inout JSONValue) throws(JSONReadError)
    /// One of an enumeration's raw values.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice) throws(JSONReadError)
    where Choice.RawValue == String
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice?) throws(JSONReadError)
    where Choice.RawValue == String
    /// Names from a fixed list, in an array (`["oneRepMax", "weight"]`).
    mutating func names(_ key: StaticString, _ value: inout [String], among: [String]) throws(JSONReadError)
    /// A member the writer works out from the others (`offPlan`, from
    /// `plannedExerciseId`): written, and read back only to check it says the same.
    mutating func derived(_ key: StaticString, _ value: Bool) throws(JSONReadError)
    /// Objects the writer works out from the others (a history's weeks, from its
    /// sessions): written, and read back only to check they are an array of objects.
    mutating func derivedObjects<Item: CodedObject>(_ key: StaticString, _ value: [Item]) throws(JSONReadError)
    /// Members left out when nil, and not required: read as nil when absent (or null).
    mutating func omitted(_ key: StaticString, _ value: inout Int?) throws(JSONReadError)
    mutating func omitted(_ key: StaticString, _ value: inout Double?) throws(JSONReadError)
    mutating func omitted(_ key: StaticString, _ value: inout String?) throws(JSONReadError)
    mutating func omitted(_ key: StaticString, _ value: inout Int64?) throws(JSONReadError)
    mutating func omitted(_ key: StaticString, _ value: inout LocalDate?) throws(JSONReadError)
    mutating func omitted(_ key: StaticString, _ value: inout [String]?) throws(JSONReadError)
    /// Left out when nil, and within bounds when read.
    mutating func omitted(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) throws(JSONReadError)
    mutating func omitted(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) throws(JSONReadError)
    /// A flag written only when true (`"amrap": true`), read as false when absent.
    mutating func flag(_ key: StaticString, _ value: inout Bool) throws(JSONReadError)
    /// True while reading a reply: for what a type works out again from what it read
    /// (and need not when writing or describing itself).
    var reads: Bool { get }
    /// A nested object, declared by its own `code(_:)`.
    mutating func object<Item: CodedObject>(_ key: StaticString, _ value: inout Item) throws(JSONReadError)
    mutating func object<Item: CodedObject>(_ key: StaticString, _ value: inout Item?) throws(JSONReadError)
    mutating func objects<Item: CodedObject>(_ key: StaticString, _ value: inout [Item]) throws(JSONReadError)
}

extension ObjectCoder where Self: ~Copyable {
    /// The members of `value` among this object's own (a result that repeats its first
    /// item's members at its top, as `session.undo`'s does).
    public mutating func members<Item: CodedObject>(_ value: inout Item) throws(JSONReadError) {
        try value.code(&self)
    }
}

/// An object declared once: `code(_:)` lists its members, from which its writer, its
/// reader and its JSON Schema come (a method's result is one: `CodedResult`).
public protocol CodedObject: JSONObjectEncodable, Sendable, Blank {
    /// Every member at its default, for reading into.
    init()
    mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError)
}

extension CodedObject {
    public func encodeMembers(to writer: inout JSONWriter) { ObjectWriter.write(self, to: &writer) }

    public init(json: JSONValue) throws(JSONReadError) {
        try self.init(reader: JSONReader(json))
    }

    /// Reads the members `code` declares from `reader`'s object.
    public init(reader: JSONReader) throws(JSONReadError) {
        self.init()
        var coder = ObjectReader(reader: reader)
        try code(&coder)
    }

    public static var schema: JSONValue {
        var coder = ObjectSchema()
        var blank = Self()
        try? blank.code(&coder)
        return coder.schema
    }
}

/// Writes each member as the daemon replies. Public, so that a module above compiles
/// its results' writing for their own types (`write`, `CodedResult.encodeMembers`).
public struct ObjectWriter: ObjectCoder, ~Copyable {
    private var writer: JSONWriter

    public init(writer: consuming JSONWriter) { self.writer = writer }

    public consuming func finish() -> JSONWriter { writer }

    /// Writes `value`'s members to `writer`. Inlinable, so that where it is called for a
    /// concrete type (`CodedResult.encodeMembers`) it is compiled for that type.
    @inlinable
    public static func write<Object: CodedObject>(_ value: Object, to writer: inout JSONWriter) {
        // The writer is moved into the coder and back, not copied: a copy would share
        // its buffer, and the first member written would copy the whole buffer.
        var coder = ObjectWriter(writer: consume writer)
        var copy = value
        try? copy.code(&coder)  // the writer never throws
        writer = coder.finish()
    }

    /// An array member of values JSON knows how to write.
    private mutating func array(_ key: StaticString, _ items: [some JSONEncodable]) {
        writer.key(key)
        writer.array { for item in items { $0.value(item) } }
    }

    public mutating func id(_ key: StaticString, _ value: inout Int64) { writer.member(key, value) }
    public mutating func id(_ key: StaticString, _ value: inout Int64?) { writer.member(key, value) }
    public mutating func int(_ key: StaticString, _ value: inout Int) { writer.member(key, value) }
    public mutating func int(_ key: StaticString, _ value: inout Int?) { writer.member(key, value) }
    public mutating func number(_ key: StaticString, _ value: inout Double) { writer.member(key, value) }
    public mutating func number(_ key: StaticString, _ value: inout Double?) { writer.member(key, value) }
    public mutating func string(_ key: StaticString, _ value: inout String) { writer.member(key, value) }
    public mutating func string(_ key: StaticString, _ value: inout String?) { writer.member(key, value) }
    public mutating func timestamp(_ key: StaticString, _ value: inout String) { writer.member(key, value) }
    public mutating func timestamp(_ key: StaticString, _ value: inout String?) { writer.member(key, value) }
    public mutating func date(_ key: StaticString, _ value: inout LocalDate) { writer.member(key, value.description) }
    public mutating func date(_ key: StaticString, _ value: inout LocalDate?) { writer.member(key, value?.description) }
    public mutating func date(_ key: StaticString, _ value: inout String) { writer.member(key, value) }
    public mutating func bool(_ key: StaticString, _ value: inout Bool) { writer.member(key, value) }
    public mutating func strings(_ key: StaticString, _ value: inout [String]) { array(key, value) }
    public mutating func ids(_ key: StaticString, _ value: inout [Int64]) { array(key, value) }
    public mutating func numbers(_ key: StaticString, _ value: inout [Double]) { array(key, value) }
    public mutating func number(_ key: StaticString, _ value: inout Double, places: Int) { writer.member(key, Self.round(value, places)) }
    public mutating func number(_ key: StaticString, _ value: inout Double?, places: Int) { writer.member(key, value.map { Self.round($0, places) }) }
    public mutating func numbers(_ key: StaticString, _ value: inout [Double], places: Int) { array(key, value.map { Self.round($0, places) }) }
    public mutating func dates(_ key: StaticString, _ value: inout [LocalDate]) { array(key, value.map(\.description)) }
    public mutating func int(_ key: StaticString, _ value: inout Int, in bounds: ClosedRange<Int>) { writer.member(key, value) }
    public mutating func int(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) { writer.member(key, value) }
    public mutating func number(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) { writer.member(key, value) }
    public mutating func text(_ key: StaticString, _ value: inout String, maxLength: Int) { writer.member(key, value) }
    public mutating func text(_ key: StaticString, _ value: inout String?, maxLength: Int) { writer.member(key, value) }
    public mutating func choices<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout [Choice]) where Choice.RawValue == String {
        array(key, value.map(\.rawValue))
    }
    public mutating func parts<Item: CodedObject>(_ key: StaticString, _ value: inout [Item]) { array(key, value) }
    public mutating func dateTime(_ key: StaticString, _ value: inout LocalDateTime) { writer.member(key, value.description) }
    public mutating func omittedTimestamp(_ key: StaticString, _ value: inout String?) { if let value { writer.member(key, value) } }
    public mutating func omitted<Item: CodedObject>(_ key: StaticString, _ value: inout Item?) { if let value { writer.member(key, value) } }
    public mutating func objects<Item: CodedObject>(_ key: StaticString, _ value: inout [Item], maxCount: Int) { array(key, value) }
    public mutating func check(_ condition: @autoclosure () -> Bool, _ key: StaticString, _ expected: @autoclosure () -> String) {}
    /// `value` to `places` decimals.
    static func round(_ value: Double, _ places: Int) -> Double {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        return (value * factor).rounded() / factor
    }
    public mutating func constant(_ key: StaticString, _ value: Bool) { writer.member(key, value) }
    public mutating func document(_ key: StaticString, _ value: inout JSONValue) { writer.member(key, value) }
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice) where Choice.RawValue == String {
        writer.member(key, value.rawValue)
    }
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice?) where Choice.RawValue == String {
        writer.member(key, value?.rawValue)
    }
    public mutating func names(_ key: StaticString, _ value: inout [String], among: [String]) { array(key, value) }
    public mutating func derived(_ key: StaticString, _ value: Bool) { constant(key, value) }
    public mutating func derivedObjects<Item: CodedObject>(_ key: StaticString, _ value: [Item]) { array(key, value) }
    public mutating func omitted(_ key: StaticString, _ value: inout Int?) { if let value { writer.member(key, value) } }
    public mutating func omitted(_ key: StaticString, _ value: inout Double?) { if let value { writer.member(key, value) } }
    public mutating func omitted(_ key: StaticString, _ value: inout String?) { if let value { writer.member(key, value) } }
    public mutating func omitted(_ key: StaticString, _ value: inout Int64?) { if let value { writer.member(key, value) } }
    public mutating func omitted(_ key: StaticString, _ value: inout LocalDate?) { if let value { writer.member(key, value.description) } }
    public mutating func omitted(_ key: StaticString, _ value: inout [String]?) { if let value { array(key, value) } }
    public mutating func omitted(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) { omitted(key, &value) }
    public mutating func omitted(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) { omitted(key, &value) }
    public mutating func flag(_ key: StaticString, _ value: inout Bool) { if value { writer.member(key, true) } }
    public var reads: Bool { false }
    public mutating func object<Item: CodedObject>(_ key: StaticString, _ value: inout Item) { writer.member(key, value) }
    public mutating func object<Item: CodedObject>(_ key: StaticString, _ value: inout Item?) { writer.member(key, value) }
    public mutating func objects<Item: CodedObject>(_ key: StaticString, _ value: inout [Item]) { array(key, value) }
}
