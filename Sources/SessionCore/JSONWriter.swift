/// Writes compact JSON straight into bytes, member by member, for values that know
/// their own shape (typed results, response envelopes): no `JSONValue` tree is built.
/// The writer places the commas; the caller keeps objects and arrays balanced.
///
/// Member names are `StaticString` literals of the code, written as they are: they
/// must need no escaping (checked in debug builds). Names that come from data go
/// through `key(escaping:)`. Inlinable: it runs for every member of every reply.
public struct JSONWriter {
    /// The JSON written so far.
    public var bytes: [UInt8]
    /// True when the next member or element needs a comma before it.
    @usableFromInline var needsComma = false

    @inlinable
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: Structure

    /// Writes `{`, the members `body` writes, and `}`.
    @inlinable
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`, the elements `body` writes, and `]`.
    @inlinable
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member's name, a literal that needs no escaping; its value follows.
    @inlinable
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { literal in
            assert(!literal.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }, "member names are plain literals")
            bytes.append(contentsOf: literal)
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a member's name that comes from data, escaped as a JSON string.
    @inlinable
    public mutating func key(escaping name: String) {
        separate()
        JSONValue.write(string: name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    @inlinable
    mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    // MARK: Values

    @inlinable
    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    @inlinable
    public mutating func value(_ flag: Bool) {
        separate()
        if flag { bytes.append(contentsOf: "true".utf8) } else { bytes.append(contentsOf: "false".utf8) }
    }

    @inlinable
    public mutating func value(_ number: Int) { value(Int64(number)) }

    /// An integer, in decimal digits.
    @inlinable
    public mutating func value(_ number: Int64) {
        separate()
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        // Digits least significant first into a fixed buffer (UInt64 has at most 20).
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var count = 0
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    @inlinable
    public mutating func value(_ number: Double) {
        separate()
        JSONValue.write(number: number, to: &bytes)
    }

    @inlinable
    public mutating func value(_ text: String) {
        separate()
        JSONValue.write(string: text, to: &bytes)
    }

    /// A whole `JSONValue` (an id as sent, a nested document).
    @inlinable
    public mutating func value(_ json: JSONValue) {
        separate()
        json.write(to: &bytes, indent: nil, level: 0)
    }

    /// A value that encodes itself.
    @inlinable
    public mutating func value(_ encodable: some JSONEncodable) {
        encodable.encode(to: &self)
    }

    // MARK: Members

    /// A member; nil writes `null`.
    @inlinable
    public mutating func member(_ name: StaticString, _ number: Int?) {
        key(name)
        if let number { value(number) } else { null() }
    }

    @inlinable
    public mutating func member(_ name: StaticString, _ number: Int64?) {
        key(name)
        if let number { value(number) } else { null() }
    }

    @inlinable
    public mutating func member(_ name: StaticString, _ number: Double?) {
        key(name)
        if let number { value(number) } else { null() }
    }

    @inlinable
    public mutating func member(_ name: StaticString, _ text: String?) {
        key(name)
        if let text { value(text) } else { null() }
    }

    @inlinable
    public mutating func member(_ name: StaticString, _ flag: Bool) {
        key(name)
        value(flag)
    }

    @inlinable
    public mutating func member(_ name: StaticString, _ json: JSONValue) {
        key(name)
        value(json)
    }

    @inlinable
    public mutating func member(_ name: StaticString, _ encodable: some JSONEncodable) {
        key(name)
        encodable.encode(to: &self)
    }
}

/// A value that writes its own JSON (see `JSONWriter`).
public protocol JSONEncodable {
    func encode(to writer: inout JSONWriter)
}

extension JSONEncodable {
    /// Compact JSON as UTF-8 bytes.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        encode(to: &writer)
        return writer.bytes
    }
}

extension JSONValue: JSONEncodable {
    public func encode(to writer: inout JSONWriter) { writer.value(self) }
}

/// A value that is a JSON object and can also write its members into an object begun
/// elsewhere (an event's params put `type` first, then the members).
public protocol JSONObjectEncodable: JSONEncodable {
    func encodeMembers(to writer: inout JSONWriter)
}

extension JSONObjectEncodable {
    public func encode(to writer: inout JSONWriter) {
        writer.object { encodeMembers(to: &$0) }
    }
}

/// Members given as key–value pairs, for objects without a type of their own.
public struct JSONMembers: JSONObjectEncodable, Sendable {
    public let pairs: [(key: String, value: JSONValue)]

    public init(_ pairs: [(key: String, value: JSONValue)]) { self.pairs = pairs }

    public func encodeMembers(to writer: inout JSONWriter) {
        for pair in pairs {
            writer.key(escaping: pair.key)
            writer.value(pair.value)
        }
    }

    /// The value of a member, nil when absent.
    public subscript(key: String) -> JSONValue? { pairs.first { $0.key == key }?.value }
}
