/// Writes compact JSON straight into bytes, member by member, for values that know
/// their own shape (typed results, response envelopes): no `JSONValue` tree is built.
/// The writer places the commas; the caller keeps objects and arrays balanced.
public struct JSONWriter {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8]
    /// True when the next member or element needs a comma before it.
    private var needsComma = false

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    // MARK: Structure

    /// Writes `{`, the members `body` writes, and `}`.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`, the elements `body` writes, and `]`.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member's key; its value follows.
    public mutating func key(_ name: String) {
        separate()
        JSONValue.write(string: name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    // MARK: Values

    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    public mutating func value(_ flag: Bool) {
        separate()
        bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    public mutating func value(_ number: Int) { value(Double(number)) }

    public mutating func value(_ number: Int64) { value(Double(number)) }

    public mutating func value(_ number: Double) {
        separate()
        JSONValue.write(number: number, to: &bytes)
    }

    public mutating func value(_ text: String) {
        separate()
        JSONValue.write(string: text, to: &bytes)
    }

    /// A whole `JSONValue` (an id as sent, a nested document).
    public mutating func value(_ json: JSONValue) {
        separate()
        json.write(to: &bytes, indent: nil, level: 0)
    }

    /// A value that encodes itself.
    public mutating func value(_ encodable: some JSONEncodable) {
        encodable.encode(to: &self)
    }

    // MARK: Members

    /// A member; nil writes `null`.
    public mutating func member(_ name: String, _ number: Int?) {
        key(name)
        if let number { value(number) } else { null() }
    }

    public mutating func member(_ name: String, _ number: Int64?) {
        key(name)
        if let number { value(number) } else { null() }
    }

    public mutating func member(_ name: String, _ number: Double?) {
        key(name)
        if let number { value(number) } else { null() }
    }

    public mutating func member(_ name: String, _ text: String?) {
        key(name)
        if let text { value(text) } else { null() }
    }

    public mutating func member(_ name: String, _ flag: Bool) {
        key(name)
        value(flag)
    }

    public mutating func member(_ name: String, _ json: JSONValue) {
        key(name)
        value(json)
    }

    public mutating func member(_ name: String, _ encodable: some JSONEncodable) {
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
        for pair in pairs { writer.member(pair.key, pair.value) }
    }

    /// The value of a member, nil when absent.
    public subscript(key: String) -> JSONValue? { pairs.first { $0.key == key }?.value }
}
