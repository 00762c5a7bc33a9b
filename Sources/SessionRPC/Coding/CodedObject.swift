import JSON
import SessionCore

/// The protocol's coders of objects (`ObjectWriter`, `ObjectReader`, `ObjectSchema`):
/// each visits an object's members as its `code(_:)` declares them, so the daemon's
/// writer, a client's reader and `rpc.discover`'s schema all come from the same
/// declaration, as SessionRPC's `ParamsCoder` visits params. Reading fails with the
/// member's JSON path.
public protocol ObjectCoder: MemberCoder, ~Copyable where Failure == JSONReadError {}

/// A JSON value carried as it is in an object (a schema, a plan as an archive keeps it).
extension JSONValue: CarriedDocument {}

extension CarriedDocument {
    /// The JSON value a coder of this protocol carries (the only kind it is given).
    var json: JSONValue {
        get {
            guard let value = self as? JSONValue else { preconditionFailure("a JSON coder carries JSON values, not \(Self.self)") }
            return value
        }
        set {
            guard let value = newValue as? Self else { preconditionFailure("a JSON coder carries JSON values, not \(Self.self)") }
            self = value
        }
    }
}

/// An object declared once: `code(_:)` lists its members, from which its writer, its
/// reader and its JSON Schema come (a method's result is one: `CodedResult`).
public protocol CodedObject: MemberCodable, JSONObjectEncodable {}

extension CodedObject {
    public func encodeMembers(to writer: inout JSONWriter) { ObjectWriter.write(self, to: &writer) }
}

extension MemberCodable {
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

/// An object declared by its `code(_:)`, as JSON writes it: a nested member or an
/// array's item.
struct WrittenMembers<Item: MemberCodable>: JSONObjectEncodable {
    let item: Item
    func encodeMembers(to writer: inout JSONWriter) { ObjectWriter.write(item, to: &writer) }
}

/// Writes each member as the daemon replies. Public, so that a module above compiles
/// its results' writing for their own types (`write`, `CodedResult.encodeMembers`).
public struct ObjectWriter: ObjectCoder, ~Copyable {
    public typealias Failure = JSONReadError
    private var writer: JSONWriter

    public init(writer: consuming JSONWriter) { self.writer = writer }

    public consuming func finish() -> JSONWriter { writer }

    /// Writes `value`'s members to `writer`. Inlinable, so that where it is called for a
    /// concrete type (`CodedResult.encodeMembers`) it is compiled for that type.
    @inlinable
    public static func write<Object: MemberCodable>(_ value: Object, to writer: inout JSONWriter) {
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
    public mutating func parts<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item]) { objects(key, value) }
    public mutating func dateTime(_ key: StaticString, _ value: inout LocalDateTime) { writer.member(key, value.description) }
    public mutating func omittedTimestamp(_ key: StaticString, _ value: inout String?) { if let value { writer.member(key, value) } }
    public mutating func omitted<Item: MemberCodable>(_ key: StaticString, _ value: inout Item?) { if let value { writer.member(key, WrittenMembers(item: value)) } }
    public mutating func objects<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item], maxCount: Int) { objects(key, value) }
    public mutating func check(_ condition: @autoclosure () -> Bool, _ key: StaticString, _ expected: @autoclosure () -> String) {}
    /// `value` to `places` decimals.
    static func round(_ value: Double, _ places: Int) -> Double {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        return (value * factor).rounded() / factor
    }
    public mutating func constant(_ key: StaticString, _ value: Bool) { writer.member(key, value) }
    public mutating func document<Document: CarriedDocument>(_ key: StaticString, _ value: inout Document) { writer.member(key, value.json) }
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice) where Choice.RawValue == String {
        writer.member(key, value.rawValue)
    }
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice?) where Choice.RawValue == String {
        writer.member(key, value?.rawValue)
    }
    public mutating func names(_ key: StaticString, _ value: inout [String], among: [String]) { array(key, value) }
    public mutating func derived(_ key: StaticString, _ value: Bool) { constant(key, value) }
    public mutating func derivedObjects<Item: MemberCodable>(_ key: StaticString, _ value: [Item]) { objects(key, value) }
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
    public mutating func object<Item: MemberCodable>(_ key: StaticString, _ value: inout Item) { writer.member(key, WrittenMembers(item: value)) }
    public mutating func object<Item: MemberCodable>(_ key: StaticString, _ value: inout Item?) { writer.member(key, value.map { WrittenMembers(item: $0) }) }
    public mutating func objects<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item]) { objects(key, value) }

    /// An array member of objects.
    private mutating func objects<Item: MemberCodable>(_ key: StaticString, _ items: [Item]) {
        writer.key(key)
        writer.array { for item in items { $0.value(WrittenMembers(item: item)) } }
    }
}
