import JSON
import SessionCore

/// The coding of each member type `@Coded` writes as `member`: its usual one, picked by
/// the property's type (an `Int64` is an id, a nested `CodedObject` an object, an
/// enumeration's value a choice). Inlined, so a type's `code(_:)` calls the coding itself.
extension ObjectCoder where Self: ~Copyable {
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Int64) throws(JSONReadError) { try id(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Int64?) throws(JSONReadError) { try id(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Int) throws(JSONReadError) { try int(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Int?) throws(JSONReadError) { try int(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Double) throws(JSONReadError) { try number(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Double?) throws(JSONReadError) { try number(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout String) throws(JSONReadError) { try string(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout String?) throws(JSONReadError) { try string(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Bool) throws(JSONReadError) { try bool(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout LocalDate) throws(JSONReadError) { try date(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout LocalDate?) throws(JSONReadError) { try date(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout LocalDateTime) throws(JSONReadError) { try dateTime(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout [String]) throws(JSONReadError) { try strings(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout [Int64]) throws(JSONReadError) { try ids(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout [Double]) throws(JSONReadError) { try numbers(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout [LocalDate]) throws(JSONReadError) { try dates(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout JSONValue) throws(JSONReadError) { try document(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Item: CodedObject>(_ key: StaticString, _ value: inout Item) throws(JSONReadError) { try object(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Item: CodedObject>(_ key: StaticString, _ value: inout Item?) throws(JSONReadError) { try object(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Item: CodedObject>(_ key: StaticString, _ value: inout [Item]) throws(JSONReadError) { try objects(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice) throws(JSONReadError)
    where Choice.RawValue == String { try choice(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice?) throws(JSONReadError)
    where Choice.RawValue == String { try choice(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout [Choice]) throws(JSONReadError)
    where Choice.RawValue == String { try choices(key, &value) }
}
