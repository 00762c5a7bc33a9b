import JSON

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

/// Reads each member of a reply, failing with its path when it is missing or of
/// another type.
struct ObjectReader: ObjectCoder {
    let reader: JSONReader
    /// The texts the item before this one in its array read, shared when this one has
    /// the same bytes: a workout's sets mostly repeat one exercise, and sharing the
    /// String spares each an allocation and the checks.
    var before: SharedTexts?

    init(reader: JSONReader, before: SharedTexts? = nil) {
        self.reader = reader
        self.before = before
    }

    mutating func id(_ key: StaticString, _ value: inout Int64) throws(JSONReadError) { value = try reader.id(JSONKey(key)) }
    mutating func id(_ key: StaticString, _ value: inout Int64?) throws(JSONReadError) { value = try reader.optionalID(JSONKey(key)) }
    mutating func int(_ key: StaticString, _ value: inout Int) throws(JSONReadError) { value = try reader.int(JSONKey(key)) }
    mutating func int(_ key: StaticString, _ value: inout Int?) throws(JSONReadError) { value = try reader.optionalInt(JSONKey(key)) }
    mutating func number(_ key: StaticString, _ value: inout Double) throws(JSONReadError) { value = try reader.number(JSONKey(key)) }
    mutating func number(_ key: StaticString, _ value: inout Double?) throws(JSONReadError) { value = try reader.optionalNumber(JSONKey(key)) }
    mutating func string(_ key: StaticString, _ value: inout String) throws(JSONReadError) { value = try reader.string(JSONKey(key)) }
    mutating func string(_ key: StaticString, _ value: inout String?) throws(JSONReadError) { value = try reader.optionalString(JSONKey(key)) }
    mutating func timestamp(_ key: StaticString, _ value: inout String) throws(JSONReadError) { value = try reader.timestamp(JSONKey(key)) }
    mutating func timestamp(_ key: StaticString, _ value: inout String?) throws(JSONReadError) { value = try reader.optionalTimestamp(JSONKey(key)) }
    mutating func date(_ key: StaticString, _ value: inout LocalDate) throws(JSONReadError) { value = try reader.date(JSONKey(key)) }
    mutating func date(_ key: StaticString, _ value: inout LocalDate?) throws(JSONReadError) { value = try reader.optionalDate(JSONKey(key)) }
    mutating func date(_ key: StaticString, _ value: inout String) throws(JSONReadError) { value = try reader.date(JSONKey(key)).description }
    mutating func bool(_ key: StaticString, _ value: inout Bool) throws(JSONReadError) { value = try reader.bool(JSONKey(key)) }
    mutating func strings(_ key: StaticString, _ value: inout [String]) throws(JSONReadError) { value = try reader.strings(JSONKey(key)) }
    mutating func ids(_ key: StaticString, _ value: inout [Int64]) throws(JSONReadError) {
        value = try array(key, "an id") { $0.intValue.map(Int64.init) }
    }
    mutating func numbers(_ key: StaticString, _ value: inout [Double]) throws(JSONReadError) {
        value = try array(key, "a number") { $0.numberValue }
    }
    mutating func number(_ key: StaticString, _ value: inout Double, places: Int) throws(JSONReadError) { try number(key, &value) }
    mutating func number(_ key: StaticString, _ value: inout Double?, places: Int) throws(JSONReadError) { try number(key, &value) }
    mutating func numbers(_ key: StaticString, _ value: inout [Double], places: Int) throws(JSONReadError) { try numbers(key, &value) }
    mutating func dates(_ key: StaticString, _ value: inout [LocalDate]) throws(JSONReadError) {
        value = try array(key, "a date (YYYY-MM-DD)") { $0.stringValue.flatMap(LocalDate.init) }
    }
    mutating func int(_ key: StaticString, _ value: inout Int, in bounds: ClosedRange<Int>) throws(JSONReadError) {
        try int(key, &value)
        try check(bounds.contains(value), key, "from \(bounds.lowerBound) to \(bounds.upperBound)")
    }
    mutating func int(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) throws(JSONReadError) {
        try int(key, &value)
        try check(value.map(bounds.contains) ?? true, key, "from \(bounds.lowerBound) to \(bounds.upperBound)")
    }
    mutating func number(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) throws(JSONReadError) {
        try number(key, &value)
        try check(value.map(bounds.contains) ?? true, key, "from \(bounds.lowerBound) to \(bounds.upperBound)")
    }
    mutating func text(_ key: StaticString, _ value: inout String, maxLength: Int) throws(JSONReadError) {
        var read: String?
        try text(key, &read, maxLength: maxLength)
        guard let read else { throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "a text of 1 to \(maxLength) characters") }
        value = read
    }
    mutating func text(_ key: StaticString, _ value: inout String?, maxLength: Int) throws(JSONReadError) {
        if let before, let shared = before.text(key), reader.member(JSONKey(key), isUnescaped: shared) {
            value = shared
            return
        }
        defer { before?.keep(value, for: key) }
        guard let text = try reader.optionalString(JSONKey(key))?.collapsingWhitespace(), !text.isEmpty else {
            value = nil
            return
        }
        try check(text.hasAtMost(characters: maxLength), key, "at most \(maxLength) characters")
        value = text
    }
    mutating func choices<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout [Choice]) throws(JSONReadError)
    where Choice.RawValue == String {
        value = try array(key, "one of " + Choice.allCases.map(\.rawValue).joined(separator: ", ")) { $0.stringValue.flatMap(Choice.init(rawValue:)) }
    }
    mutating func parts<Item: CodedObject>(_ key: StaticString, _ value: inout [Item]) throws(JSONReadError) {
        value = []
        if try reader.optionalArray(JSONKey(key)) { try objects(key, &value) }
    }
    func check(_ condition: @autoclosure () -> Bool, _ key: StaticString, _ expected: @autoclosure () -> String) throws(JSONReadError) {
        guard condition() else { throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: expected()) }
    }
    /// An array member, each item read by `item` (nil: not of the kind `expected` names).
    private func array<Item>(_ key: StaticString, _ expected: String, _ item: (JSONValue) -> Item?) throws(JSONReadError) -> [Item] {
        guard let items = reader.raw(JSONKey(key))?.arrayValue else { throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "an array") }
        var read: [Item] = []
        read.reserveCapacity(items.count)
        for (index, value) in items.enumerated() {
            guard let one = item(value) else { throw JSONReadError(path: reader.path(of: JSONKey(key)) + "[\(index)]", expected: expected) }
            read.append(one)
        }
        return read
    }
    mutating func constant(_ key: StaticString, _ value: Bool) throws(JSONReadError) {
        guard try reader.bool(JSONKey(key)) == value else { throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "\(value)") }
    }
    mutating func document(_ key: StaticString, _ value: inout JSONValue) throws(JSONReadError) {
        guard let found = reader.raw(JSONKey(key)), found.objectPairs != nil else {
            throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "an object")
        }
        value = found
    }
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice) throws(JSONReadError)
    where Choice.RawValue == String {
        value = try Self.choice(reader.string(JSONKey(key)), key, in: reader)
    }
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice?) throws(JSONReadError)
    where Choice.RawValue == String {
        // The item before's word, when this one has the same bytes (a set's kind):
        // no String is read from the request for it.
        if let before, let shared = before.text(key), reader.member(JSONKey(key), isUnescaped: shared), let read = Choice(rawValue: shared) {
            value = read
            return
        }
        value = try reader.optionalString(JSONKey(key)).map { (text) throws(JSONReadError) in try Self.choice(text, key, in: reader) }
        before?.keep(value?.rawValue, for: key)
    }
    /// `text` as one of `Choice`'s cases; the path is written out only for an error.
    private static func choice<Choice: RawRepresentable & CaseIterable>(_ text: String, _ key: StaticString, in reader: JSONReader) throws(JSONReadError) -> Choice
    where Choice.RawValue == String {
        guard let read = Choice(rawValue: text) else {
            throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "one of " + Choice.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return read
    }
    mutating func names(_ key: StaticString, _ value: inout [String], among: [String]) throws(JSONReadError) {
        value = try reader.strings(JSONKey(key))
        if let unknown = value.firstIndex(where: { !among.contains($0) }) {
            throw JSONReadError(path: reader.path(of: JSONKey(key)) + "[\(unknown)]", expected: "one of " + among.joined(separator: ", "))
        }
    }
    mutating func derivedObjects<Item: CodedObject>(_ key: StaticString, _ value: [Item]) throws(JSONReadError) {
        _ = try reader.objects(JSONKey(key))
    }
    mutating func omitted(_ key: StaticString, _ value: inout Int?) throws(JSONReadError) { value = try reader.optionalInt(JSONKey(key)) }
    mutating func omitted(_ key: StaticString, _ value: inout Double?) throws(JSONReadError) { value = try reader.optionalNumber(JSONKey(key)) }
    mutating func omitted(_ key: StaticString, _ value: inout String?) throws(JSONReadError) { value = try reader.optionalString(JSONKey(key)) }
    mutating func omitted(_ key: StaticString, _ value: inout Int64?) throws(JSONReadError) { value = try reader.optionalID(JSONKey(key)) }
    mutating func omitted(_ key: StaticString, _ value: inout LocalDate?) throws(JSONReadError) { try date(key, &value) }
    mutating func omitted(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) throws(JSONReadError) { try int(key, &value, in: bounds) }
    mutating func omitted(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) throws(JSONReadError) { try number(key, &value, in: bounds) }
    mutating func omitted(_ key: StaticString, _ value: inout [String]?) throws(JSONReadError) {
        value = try reader.optionalArray(JSONKey(key)) ? try reader.strings(JSONKey(key)) : nil
    }
    mutating func flag(_ key: StaticString, _ value: inout Bool) throws(JSONReadError) { value = try reader.optionalBool(JSONKey(key)) ?? false }
    var reads: Bool { true }
    mutating func derived(_ key: StaticString, _ value: Bool) throws(JSONReadError) { try constant(key, value) }
    mutating func object<Item: CodedObject>(_ key: StaticString, _ value: inout Item) throws(JSONReadError) {
        value = try Item(reader: reader.object(JSONKey(key)))
    }
    mutating func object<Item: CodedObject>(_ key: StaticString, _ value: inout Item?) throws(JSONReadError) {
        value = try reader.optionalObject(JSONKey(key)).map { reader throws(JSONReadError) in try Item(reader: reader) }
    }
    mutating func objects<Item: CodedObject>(_ key: StaticString, _ value: inout [Item]) throws(JSONReadError) {
        value = try Self.items(try reader.objects(JSONKey(key)))
    }
    mutating func objects<Item: CodedObject>(_ key: StaticString, _ value: inout [Item], maxCount: Int) throws(JSONReadError) {
        let items = try reader.objects(JSONKey(key))
        try check(items.count <= maxCount, key, "at most \(maxCount) items")
        value = try Self.items(items)
    }
    /// Each of `readers`' objects, the texts of one shared with the next's (`before`).
    private static func items<Item: CodedObject>(_ readers: [JSONReader]) throws(JSONReadError) -> [Item] {
        var items: [Item] = []
        // Read items are kept until the whole request is: no slack, no regrowing.
        items.reserveCapacity(readers.count)
        let texts = SharedTexts()
        for item in readers {
            var read = Item()
            var coder = ObjectReader(reader: item, before: texts)
            try read.code(&coder)
            items.append(read)
        }
        return items
    }
    mutating func dateTime(_ key: StaticString, _ value: inout LocalDateTime) throws(JSONReadError) {
        guard let read = LocalDateTime(try reader.string(JSONKey(key))) else {
            throw JSONReadError(path: reader.path(of: JSONKey(key)), expected: "a local date and time as YYYY-MM-DDTHH:MM:SS")
        }
        value = read
    }
    mutating func omittedTimestamp(_ key: StaticString, _ value: inout String?) throws(JSONReadError) { try timestamp(key, &value) }
    mutating func omitted<Item: CodedObject>(_ key: StaticString, _ value: inout Item?) throws(JSONReadError) { try object(key, &value) }
}

/// The texts one item of an array read, by key, for the next item to share
/// (`ObjectReader.before`).
final class SharedTexts {
    private var kept: [(key: UnsafeRawPointer, text: String)] = []

    /// A key's identity: where its literal lies (nil for one kept as a scalar).
    private static func address(_ key: StaticString) -> UnsafeRawPointer? {
        key.hasPointerRepresentation ? UnsafeRawPointer(key.utf8Start) : nil
    }

    func text(_ key: StaticString) -> String? {
        guard let address = Self.address(key) else { return nil }
        for entry in kept where entry.key == address { return entry.text }
        return nil
    }

    func keep(_ text: String?, for key: StaticString) {
        guard let address = Self.address(key) else { return }
        if let index = kept.firstIndex(where: { $0.key == address }) {
            if let text { kept[index].text = text } else { kept.remove(at: index) }
        } else if let text {
            kept.append((address, text))
        }
    }
}

/// The JSON Schema of the members, every one required but those left out when they do
/// not apply.
struct ObjectSchema: ObjectCoder {
    private var properties: [(key: String, value: JSONValue)] = []
    private var required: [JSONValue] = []

    var schema: JSONValue {
        .obj(["type": "object", "properties": .object(properties), "required": .array(required)])
    }

    private mutating func add(_ key: StaticString, _ schema: JSONValue, required: Bool = true) {
        properties.append((key.description, schema))
        if required { self.required.append(.string(key.description)) }
    }

    mutating func id(_ key: StaticString, _ value: inout Int64) { add(key, Schema.integer) }
    mutating func id(_ key: StaticString, _ value: inout Int64?) { add(key, Schema.nullable(Schema.integer)) }
    mutating func int(_ key: StaticString, _ value: inout Int) { add(key, Schema.integer) }
    mutating func int(_ key: StaticString, _ value: inout Int?) { add(key, Schema.nullable(Schema.integer)) }
    mutating func number(_ key: StaticString, _ value: inout Double) { add(key, Schema.number) }
    mutating func number(_ key: StaticString, _ value: inout Double?) { add(key, Schema.nullable(Schema.number)) }
    mutating func string(_ key: StaticString, _ value: inout String) { add(key, Schema.string) }
    mutating func string(_ key: StaticString, _ value: inout String?) { add(key, Schema.nullable(Schema.string)) }
    mutating func timestamp(_ key: StaticString, _ value: inout String) { add(key, Schema.timestamp) }
    mutating func timestamp(_ key: StaticString, _ value: inout String?) { add(key, Schema.nullable(Schema.timestamp)) }
    mutating func date(_ key: StaticString, _ value: inout LocalDate) { add(key, Schema.date) }
    mutating func date(_ key: StaticString, _ value: inout LocalDate?) { add(key, Schema.nullable(Schema.date)) }
    mutating func date(_ key: StaticString, _ value: inout String) { add(key, Schema.date) }
    mutating func bool(_ key: StaticString, _ value: inout Bool) { add(key, Schema.boolean) }
    mutating func strings(_ key: StaticString, _ value: inout [String]) { add(key, Schema.array(Schema.string)) }
    mutating func ids(_ key: StaticString, _ value: inout [Int64]) { add(key, Schema.array(Schema.integer)) }
    mutating func numbers(_ key: StaticString, _ value: inout [Double]) { add(key, Schema.array(Schema.number)) }
    mutating func number(_ key: StaticString, _ value: inout Double, places: Int) { number(key, &value) }
    mutating func number(_ key: StaticString, _ value: inout Double?, places: Int) { number(key, &value) }
    mutating func numbers(_ key: StaticString, _ value: inout [Double], places: Int) { numbers(key, &value) }
    mutating func dates(_ key: StaticString, _ value: inout [LocalDate]) { add(key, Schema.array(Schema.date)) }
    mutating func int(_ key: StaticString, _ value: inout Int, in bounds: ClosedRange<Int>) { add(key, Schema.range(bounds)) }
    mutating func int(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) { add(key, Schema.nullable(Schema.range(bounds))) }
    mutating func number(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) { add(key, Schema.nullable(Schema.range(bounds))) }
    mutating func text(_ key: StaticString, _ value: inout String, maxLength: Int) { add(key, .obj(["type": "string", "maxLength": JSONValue(maxLength)])) }
    mutating func text(_ key: StaticString, _ value: inout String?, maxLength: Int) {
        add(key, Schema.nullable(.obj(["type": "string", "maxLength": JSONValue(maxLength)])))
    }
    mutating func choices<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout [Choice]) where Choice.RawValue == String {
        add(key, Schema.array(Schema.oneOf(Choice.allCases.map(\.rawValue))))
    }
    mutating func parts<Item: CodedObject>(_ key: StaticString, _ value: inout [Item]) { add(key, Schema.array(Item.schema)) }
    mutating func dateTime(_ key: StaticString, _ value: inout LocalDateTime) { add(key, Schema.string) }
    mutating func omittedTimestamp(_ key: StaticString, _ value: inout String?) { add(key, Schema.timestamp, required: false) }
    mutating func omitted<Item: CodedObject>(_ key: StaticString, _ value: inout Item?) { add(key, Item.schema, required: false) }
    mutating func objects<Item: CodedObject>(_ key: StaticString, _ value: inout [Item], maxCount: Int) {
        add(key, .obj(["type": "array", "items": Item.schema, "maxItems": JSONValue(maxCount)]))
    }
    func check(_ condition: @autoclosure () -> Bool, _ key: StaticString, _ expected: @autoclosure () -> String) {}
    mutating func constant(_ key: StaticString, _ value: Bool) { add(key, .obj(["enum": .array([.bool(value)])])) }
    mutating func document(_ key: StaticString, _ value: inout JSONValue) { add(key, Schema.object) }
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice) where Choice.RawValue == String {
        add(key, Schema.oneOf(Choice.allCases.map(\.rawValue)))
    }
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: StaticString, _ value: inout Choice?) where Choice.RawValue == String {
        add(key, Schema.nullable(Schema.oneOf(Choice.allCases.map(\.rawValue))))
    }
    mutating func names(_ key: StaticString, _ value: inout [String], among: [String]) { add(key, Schema.array(Schema.oneOf(among))) }
    mutating func derived(_ key: StaticString, _ value: Bool) { add(key, Schema.boolean) }
    mutating func derivedObjects<Item: CodedObject>(_ key: StaticString, _ value: [Item]) { add(key, Schema.array(Item.schema)) }
    mutating func omitted(_ key: StaticString, _ value: inout Int?) { add(key, Schema.integer, required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout Double?) { add(key, Schema.number, required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout String?) { add(key, Schema.string, required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout Int64?) { add(key, Schema.integer, required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout LocalDate?) { add(key, Schema.date, required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout [String]?) { add(key, Schema.array(Schema.string), required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout Int?, in bounds: ClosedRange<Int>) { add(key, Schema.range(bounds), required: false) }
    mutating func omitted(_ key: StaticString, _ value: inout Double?, in bounds: ClosedRange<Double>) { add(key, Schema.range(bounds), required: false) }
    mutating func flag(_ key: StaticString, _ value: inout Bool) { add(key, Schema.boolean, required: false) }
    var reads: Bool { false }
    mutating func object<Item: CodedObject>(_ key: StaticString, _ value: inout Item) { add(key, Item.schema) }
    mutating func object<Item: CodedObject>(_ key: StaticString, _ value: inout Item?) { add(key, Schema.nullable(Item.schema)) }
    mutating func objects<Item: CodedObject>(_ key: StaticString, _ value: inout [Item]) { add(key, Schema.array(Item.schema)) }
}

/// Schema shorthands for method documentation.
public enum Schema {
    public static let integer: JSONValue = .obj(["type": "integer"])
    public static let number: JSONValue = .obj(["type": "number"])
    public static let string: JSONValue = .obj(["type": "string"])
    public static let boolean: JSONValue = .obj(["type": "boolean"])
    public static let date: JSONValue = .obj(["type": "string", "format": "date"])
    public static let timestamp: JSONValue = .obj(["type": "string", "format": "date-time"])
    public static let object: JSONValue = .obj(["type": "object"])
    public static func array(_ items: JSONValue) -> JSONValue { .obj(["type": "array", "items": items]) }
    public static func nullable(_ schema: JSONValue) -> JSONValue { .obj(["oneOf": [schema, .obj(["type": "null"])]]) }
    public static func range(_ low: Double, _ high: Double, integer: Bool = true) -> JSONValue {
        .obj(["type": integer ? "integer" : "number", "minimum": .number(low), "maximum": .number(high)])
    }
    /// An integer within a limit (`SessionLimits.reps`).
    public static func range(_ bounds: ClosedRange<Int>) -> JSONValue {
        range(Double(bounds.lowerBound), Double(bounds.upperBound))
    }
    /// A number within a limit (`SessionLimits.weightKg`).
    public static func range(_ bounds: ClosedRange<Double>) -> JSONValue {
        range(bounds.lowerBound, bounds.upperBound, integer: false)
    }
    public static func oneOf(_ values: [String]) -> JSONValue { .obj(["enum": .array(values.map { .string($0) })]) }
    /// An object schema listing its properties (each a schema). Every property is
    /// required — a nullable one is written as null, not left out — but those named in
    /// `optional`, which are left out when they do not apply.
    public static func object(_ properties: KeyValuePairs<String, JSONValue>, optional: Set<String> = []) -> JSONValue {
        let required = properties.map(\.key).filter { !optional.contains($0) }
        return .obj(["type": "object", "properties": .obj(properties), "required": .array(required.map { .string($0) })])
    }
}
