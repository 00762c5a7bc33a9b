/// Writes compact JSON straight into bytes, member by member, for values that know
/// their own shape (typed results, response envelopes): no `JSONValue` tree is built.
/// The writer places the commas; the caller keeps objects and arrays balanced.
///
/// Member names are `StaticString` literals of the code, written as they are: they
/// must need no escaping (checked in debug builds). Names that come from data go
/// through `key(escaping:)`. Inlinable: it runs for every member of every reply.
///
/// The writer owns its buffer (not copyable, freed with it): a member's bytes are
/// stored after one capacity check, where an `Array` checks uniqueness and capacity
/// for every byte appended (about 350 instructions a member before, on a reply of
/// twenty). `bytes` copies what was written out once at the end.
public struct JSONWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    /// True when the next member or element needs a comma before it.
    @usableFromInline var needsComma = false
    /// When true, `member(_:_:)` leaves out a member whose value is absent instead of
    /// writing `null`. For params, where null and absence mean the same (a client's
    /// `history.import` chunk is then about half the bytes); results keep every member
    /// (docs/protocol.md, "Absent values").
    public var omitsAbsentMembers = false

    @inlinable
    public init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The JSON written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// How many bytes were written.
    public var byteCount: Int { count }

    /// The bytes written so far, in place (valid only inside `body`).
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Forgets what was written, keeping the buffer: a writer that lives long (the
    /// loop's reply writer) then allocates nothing per reply.
    public mutating func removeAll() {
        count = 0
        needsComma = false
    }

    // MARK: Bytes

    /// Makes room for `extra` more bytes.
    @inlinable
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count + extra) }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        let larger = Swift.max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Appends one byte of JSON text as it is.
    @inlinable
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    /// Appends bytes of JSON text as they are.
    @inlinable
    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        guard let start = text.baseAddress else { return }
        reserve(text.count)
        (base + count).initialize(from: start, count: text.count)
        count &+= text.count
    }

    /// Appends `text` between quotes, as it is, into room already reserved for it and
    /// its two quotes.
    @inlinable
    mutating func appendQuotedInReservedRoom(_ text: UnsafeBufferPointer<UInt8>) {
        base[count] = UInt8(ascii: "\"")
        if let start = text.baseAddress { (base + (count &+ 1)).initialize(from: start, count: text.count) }
        count &+= text.count &+ 1
        base[count] = UInt8(ascii: "\"")
        count &+= 1
    }

    /// Appends a literal's bytes (`null`, `\n`) as they are.
    @inlinable
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    // MARK: Structure

    /// Writes `{`, the members `body` writes, and `}`.
    @inlinable
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        container(UInt8(ascii: "{"), UInt8(ascii: "}"), body)
    }

    /// Writes `[`, the elements `body` writes, and `]`.
    @inlinable
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        container(UInt8(ascii: "["), UInt8(ascii: "]"), body)
    }

    @inlinable
    mutating func container(_ open: UInt8, _ close: UInt8, _ body: (inout JSONWriter) -> Void) {
        separate()
        append(open)
        needsComma = false
        body(&self)
        append(close)
        needsComma = true
    }

    /// Writes a member's name, a literal that needs no escaping; its value follows.
    /// One capacity check for the comma, the quoted name and the colon.
    @inlinable
    public mutating func key(_ name: StaticString) {
        name.withUTF8Buffer { literal in
            assert(!literal.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }, "member names are plain literals")
            reserve(literal.count &+ 4)
            if needsComma {
                base[count] = UInt8(ascii: ",")
                count &+= 1
            }
            appendQuotedInReservedRoom(literal)
            base[count] = UInt8(ascii: ":")
            count &+= 1
        }
        needsComma = false
    }

    /// Writes a member's name that comes from data, escaped as a JSON string.
    @inlinable
    public mutating func key(escaping name: String) {
        separate()
        writeString(name)
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    @inlinable
    mutating func separate() {
        if needsComma { append(UInt8(ascii: ",")) }
        needsComma = true
    }

    // MARK: Values

    @inlinable
    public mutating func null() {
        separate()
        append("null")
    }

    @inlinable
    public mutating func value(_ flag: Bool) {
        separate()
        if flag { append("true") } else { append("false") }
    }

    @inlinable
    public mutating func value(_ number: Int) { value(Int64(number)) }

    /// An integer, in decimal digits.
    @inlinable
    public mutating func value(_ number: Int64) {
        separate()
        writeInteger(number)
    }

    @inlinable
    public mutating func value(_ number: Double) {
        separate()
        writeNumber(number)
    }

    @inlinable
    public mutating func value(_ text: String) {
        separate()
        writeString(text)
    }

    /// A whole `JSONValue` (an id as sent, a nested document).
    @inlinable
    public mutating func value(_ json: JSONValue) {
        separate()
        json.write(to: &self, indent: nil, level: 0)
    }

    /// JSON text that is already valid (an id exactly as a client sent it).
    @inlinable
    public mutating func value(raw json: [UInt8]) {
        json.withUnsafeBufferPointer { value(raw: $0) }
    }

    /// JSON text that is already valid, where it lies.
    @inlinable
    public mutating func value(raw json: UnsafeBufferPointer<UInt8>) {
        separate()
        append(json)
    }

    /// A value that encodes itself.
    @inlinable
    public mutating func value(_ encodable: some JSONEncodable) {
        encodable.encode(to: &self)
    }

    // MARK: Members

    /// A member; nil writes `null`.
    @inlinable
    public mutating func member(_ name: StaticString, _ value: (some JSONEncodable)?) {
        if value == nil, omitsAbsentMembers { return }
        key(name)
        if let value { value.encode(to: &self) } else { null() }
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

extension String: JSONEncodable {
    @inlinable public func encode(to writer: inout JSONWriter) { writer.value(self) }
}

extension Int: JSONEncodable {
    @inlinable public func encode(to writer: inout JSONWriter) { writer.value(self) }
}

extension Int64: JSONEncodable {
    @inlinable public func encode(to writer: inout JSONWriter) { writer.value(self) }
}

extension Double: JSONEncodable {
    @inlinable public func encode(to writer: inout JSONWriter) { writer.value(self) }
}

extension Bool: JSONEncodable {
    @inlinable public func encode(to writer: inout JSONWriter) { writer.value(self) }
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
