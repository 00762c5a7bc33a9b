/// The coding of each member type `@Coded` writes as `member`: its usual one, picked by
/// the property's type (an `Int64` is an id, a nested `MemberCodable` an object, an
/// enumeration's value a choice, a `CarriedDocument` a document). Inlined, so a type's `code(_:)` calls the coding itself.
extension MemberCoder where Self: ~Copyable {
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Int64) throws(Failure) { try id(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Int64?) throws(Failure) { try id(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Int) throws(Failure) { try int(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Int?) throws(Failure) { try int(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Double) throws(Failure) { try number(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Double?) throws(Failure) { try number(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout String) throws(Failure) { try string(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout String?) throws(Failure) { try string(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout Bool) throws(Failure) { try bool(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout LocalDate) throws(Failure) { try date(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout LocalDate?) throws(Failure) { try date(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout LocalDateTime) throws(Failure) { try dateTime(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout [String]) throws(Failure) { try strings(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout [Int64]) throws(Failure) { try ids(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout [Double]) throws(Failure) { try numbers(key, &value) }
    @inlinable @inline(__always)
    public mutating func member(_ key: StaticString, _ value: inout [LocalDate]) throws(Failure) { try dates(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Document: CarriedDocument>(_ key: StaticString, _ value: inout Document) throws(Failure) { try document(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Item: MemberCodable>(_ key: StaticString, _ value: inout Item) throws(Failure) { try object(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Item: MemberCodable>(_ key: StaticString, _ value: inout Item?) throws(Failure) { try object(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Item: MemberCodable>(_ key: StaticString, _ value: inout [Item]) throws(Failure) { try objects(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice) throws(Failure)
    where Choice.RawValue == String { try choice(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice?) throws(Failure)
    where Choice.RawValue == String { try choice(key, &value) }
    @inlinable @inline(__always)
    public mutating func member<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout [Choice]) throws(Failure)
    where Choice.RawValue == String { try choices(key, &value) }
}
