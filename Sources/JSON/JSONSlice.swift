/// A JSON value left where it stands in the input: the text is checked in one pass
/// that notes where every value and key lies (a tape), and values are decoded only
/// when read. A request line is read this way, so its envelope and params build no
/// `JSONValue` tree, and a number keeps its text: an id comes back exactly as sent and
/// an integer param sees the digits, not a rounded `Double`.
public struct JSONSlice: Sendable {
    private let tape: Tape
    /// The value's place on the tape.
    private let node: Int

    /// Where one value lies: its text, its key's text when it is an object member, and
    /// the node after its subtree (its next sibling, if it has one).
    struct Node {
        var start: Int
        var end: Int
        /// The key's text between its quotes; empty outside objects.
        var key: Range<Int>
        var next: Int
        /// The key's first 8 bytes, packed: most keys are told apart by it and their
        /// length alone (`child(forKey:)`).
        var keyPrefix: UInt64 = 0
        /// True when the key's text holds an escape (it then spells a shorter key).
        var keyEscaped = false
    }

    /// Up to the first 8 bytes of `bytes`, packed into one integer.
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var packed: UInt64 = 0
        for index in 0..<min(8, bytes.count) { packed |= UInt64(bytes[index]) << (8 * UInt64(index)) }
        return packed
    }

    final class Tape: Sendable {
        let bytes: [UInt8]
        let nodes: [Node]

        init(bytes: [UInt8], nodes: [Node]) {
            self.bytes = bytes
            self.nodes = nodes
        }
    }

    private init(tape: Tape, node: Int) {
        self.tape = tape
        self.node = node
    }

    /// Checks `bytes` as one JSON document (whitespace may surround the value) and
    /// returns its value, decoded no further.
    public static func document(_ bytes: [UInt8]) throws(JSONParser.Failure) -> JSONSlice {
        var parser = JSONParser(bytes: bytes, start: 0)
        var nodes: [Node] = []
        nodes.reserveCapacity(bytes.count <= 1024 ? 16 : nodeBound(bytes))
        parser.skipWhitespace()
        try parser.record(into: &nodes, key: 0..<0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw JSONParser.Failure(offset: parser.index, message: "unexpected text after the JSON value")
        }
        return JSONSlice(tape: Tape(bytes: bytes, nodes: nodes), node: 0)
    }

    /// At most how many values `bytes` holds: each one but the document's is the first
    /// in its container or follows a comma, so commas and openings count them (those in
    /// strings only make the bound larger), and each takes at least two bytes. Reserving
    /// it keeps a large line's tape (an import chunk: tens of thousands of nodes) from
    /// being copied at each doubling of its array; pages never written cost nothing.
    static func nodeBound(_ bytes: [UInt8]) -> Int {
        let count = bytes.withUnsafeBytes { buffer in
            var count = 1
            var offset = 0
            // Eight bytes at a time (a large line, an import chunk, is most of a megabyte):
            // each byte equal to one of the three marks sets its top bit in `marks`.
            while offset + 8 <= buffer.count {
                let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                let marks = zeroBytes(word ^ 0x2C2C_2C2C_2C2C_2C2C) | zeroBytes(word ^ 0x5B5B_5B5B_5B5B_5B5B) | zeroBytes(word ^ 0x7B7B_7B7B_7B7B_7B7B)
                count &+= marks.nonzeroBitCount
                offset &+= 8
            }
            for byte in buffer[offset...] where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { count &+= 1 }
            return count
        }
        return min(count, bytes.count / 2 + 1)
    }

    /// The top bit of each byte of `word` that is zero, and no other bit (exact: no
    /// carry crosses from one byte into the next).
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// How many values the whole document holds (its tape's length).
    var documentValueCount: Int { tape.nodes.count }

    /// The bytes the whole document keeps in memory while any value of it is held: its
    /// text and its tape (a line of small values costs several times its length).
    public var documentFootprint: Int { tape.bytes.count + tape.nodes.count * MemoryLayout<Node>.stride }

    /// At most the `documentFootprint` of a document of `length` bytes, known before it
    /// is read: every value but one takes at least two bytes.
    public static func footprintBound(length: Int) -> Int { length + (length / 2 + 1) * MemoryLayout<Node>.stride }

    /// How many elements an array has, counted on the tape without reading them; nil
    /// when this is not an array.
    public var elementCount: Int? {
        guard isArray else { return nil }
        var count = 0
        forEachChild { _ in count += 1 }
        return count
    }

    /// How many members an object has, counted on the tape without reading them; nil
    /// when this is not an object.
    public var memberCount: Int? {
        guard isObject else { return nil }
        var count = 0
        forEachChild { _ in count += 1 }
        return count
    }

    private var bytes: [UInt8] { tape.bytes }
    private var range: Range<Int> { tape.nodes[node].start..<tape.nodes[node].end }
    private var first: UInt8 { tape.bytes[tape.nodes[node].start] }

    /// True for `null`.
    public var isNull: Bool { first == UInt8(ascii: "n") }
    /// True for an object.
    public var isObject: Bool { first == UInt8(ascii: "{") }
    /// True for an array.
    public var isArray: Bool { first == UInt8(ascii: "[") }
    /// True for a string.
    public var isString: Bool { first == UInt8(ascii: "\"") }
    /// True for a number.
    public var isNumber: Bool { first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) }

    /// A short name of the value's type for error messages, as `JSONValue.typeDescription`
    /// gives it, read off its first byte: no tree of a large value is built to name it.
    public var typeDescription: String {
        switch first {
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "{"): return "an object"
        default: return "a number"
        }
    }

    /// The value as a tree (the text was checked, so this cannot fail).
    public var value: JSONValue {
        var parser = JSONParser(bytes: bytes, start: range.lowerBound)
        return (try? parser.parseValue()) ?? .null
    }

    /// A string's text, nil when this is not a string.
    public var string: String? {
        isString ? JSONParser.decodeString(in: bytes, quotedAt: range.lowerBound) : nil
    }

    /// True for a string whose text is `literal` (a plain literal: no character that
    /// JSON escapes). Compared as the bytes stand when they hold no escape, so no
    /// String is made (the envelope's `"jsonrpc": "2.0"` on every request).
    public func isString(_ literal: StaticString) -> Bool {
        guard isString else { return false }
        let inner = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        let same = literal.withUTF8Buffer { inner.elementsEqual($0) }
        if same || !inner.contains(UInt8(ascii: "\\")) { return same }
        return string == literal.description  // escaped: compare what it spells
    }

    /// True for a string written as exactly `text`'s bytes, with no escape: what a
    /// reader compares with the value it read last before making another String of the
    /// same bytes. False for anything else, even an escaped spelling of the same text.
    public func isUnescapedString(_ text: String) -> Bool {
        guard isString else { return false }
        let inner = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        var text = text
        return text.withUTF8 { inner.elementsEqual($0) } && !inner.contains(UInt8(ascii: "\\"))
    }

    /// The JSON text exactly as it stands in the input.
    public var text: Substring { Substring(decoding: bytes[range], as: UTF8.self) }

    /// The exact JSON text as bytes.
    public var textBytes: ArraySlice<UInt8> { bytes[range] }

    /// The key of a member node as text (the text was checked: without an escape
    /// it is the bytes as they stand).
    private func key(of child: Int) -> String {
        let key = tape.nodes[child].key
        return bytes.withUnsafeBufferPointer { buffer in
            let text = UnsafeBufferPointer(rebasing: buffer[key])
            if !text.contains(UInt8(ascii: "\\")) { return String(decoding: text, as: UTF8.self) }
            return JSONParser.decodeString(in: bytes, quotedAt: key.lowerBound - 1)
        }
    }

    /// The children of a container, in document order.
    private func forEachChild(_ body: (Int) -> Void) {
        var child = node + 1
        while child < tape.nodes[node].next {
            body(child)
            child = tape.nodes[child].next
        }
    }

    /// An object's members in document order; nil when this is not an object.
    public var members: [(key: String, value: JSONSlice)]? {
        guard isObject else { return nil }
        var members: [(key: String, value: JSONSlice)] = []
        members.reserveCapacity(8)
        forEachChild { members.append((key: key(of: $0), value: JSONSlice(tape: tape, node: $0))) }
        return members
    }

    /// The member `key` of an object, found by comparing key bytes (no member list is
    /// built); nil when absent, null, or this is not an object.
    public func member(_ key: String) -> JSONSlice? { nonNull(child(forKey: key)) }

    /// The member `key`, its bytes compared as they stand (a literal makes no String).
    public func member(_ key: JSONKey) -> JSONSlice? { nonNull(child(forKey: key)) }

    /// The child found, nil when there is none or it is null.
    private func nonNull(_ found: (ordinal: Int, node: Int)?) -> JSONSlice? {
        guard let found else { return nil }
        let slice = JSONSlice(tape: tape, node: found.node)
        return slice.isNull ? nil : slice
    }

    /// The member `key` of an object, null included, with its position among the
    /// object's members (0, 1, …); nil when absent or this is not an object.
    public func position(of key: String) -> (index: Int, value: JSONSlice)? {
        child(forKey: key).map { (index: $0.ordinal, value: JSONSlice(tape: tape, node: $0.node)) }
    }

    /// The first key an object holds twice, nil when none (or this is not an object).
    /// Keys are compared as bytes, decoded only when one holds an escape.
    public var duplicateKey: String? {
        guard isObject else { return nil }
        var count = 0
        var escaped = false
        forEachChild { child in
            count += 1
            escaped = escaped || tape.nodes[child].keyEscaped
        }
        guard count > 1 else { return nil }
        // A request has a handful of members: comparing pairs allocates and hashes nothing.
        guard count <= 16 else {
            var seen = Set<String>(minimumCapacity: count)
            return members?.first { !seen.insert($0.key).inserted }?.key
        }
        let end = tape.nodes[node].next
        var later = tape.nodes[node + 1].next
        while later < end {
            var earlier = node + 1
            while earlier < later {
                let (a, b) = (tape.nodes[earlier], tape.nodes[later])
                let same = escaped ? key(of: earlier) == key(of: later)
                    : a.key.count == b.key.count && a.keyPrefix == b.keyPrefix && (a.key.count <= 8 || bytes[a.key] == bytes[b.key])
                if same { return key(of: later) }
                earlier = a.next
            }
            later = tape.nodes[later].next
        }
        return nil
    }

    /// The node of the member `key` and its position among the members.
    private func child(forKey key: String) -> (ordinal: Int, node: Int)? {
        var wanted = key
        return wanted.withUTF8 { child(forKeyBytes: $0, decoded: key) }
    }

    private func child(forKey key: JSONKey) -> (ordinal: Int, node: Int)? {
        key.withUTF8 { child(forKeyBytes: $0, decoded: key.description) }
    }

    /// The member whose key has `wantedBytes`; `decoded`, the key as text, only for a
    /// key of the input written with escapes.
    @inline(__always)
    private func child(forKeyBytes wantedBytes: UnsafeBufferPointer<UInt8>, decoded: @autoclosure () -> String) -> (ordinal: Int, node: Int)? {
        guard isObject else { return nil }
        let prefix = Self.prefix(wantedBytes)
        return tape.nodes.withUnsafeBufferPointer { nodes in
            var child = node + 1
            var ordinal = 0
            let end = nodes[node].next
            while child < end {
                let candidate = nodes[child]
                if candidate.key.count == wantedBytes.count, candidate.keyPrefix == prefix {
                    // Keys longer than the prefix compare in full.
                    if wantedBytes.count <= 8 || bytes[candidate.key].elementsEqual(wantedBytes) { return (ordinal, child) }
                } else if candidate.keyEscaped, candidate.key.count > wantedBytes.count, self.key(of: child) == decoded() {
                    return (ordinal, child)  // an escape spells a shorter key: compared decoded
                }
                child = candidate.next
                ordinal += 1
            }
            return nil
        }
    }

    /// A number's value, nil when this is not a number (a plain one read from its bytes:
    /// `PlainDecimal`).
    public var numberValue: Double? {
        guard isNumber else { return nil }
        return PlainDecimal.value(bytes[range]) ?? Double(text)
    }

    /// A boolean's value, nil when this is not one.
    public var boolValue: Bool? {
        switch first {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: return nil
        }
    }

    /// An array's elements; nil when this is not an array.
    public var elements: [JSONSlice]? {
        guard isArray else { return nil }
        var elements: [JSONSlice] = []
        forEachChild { elements.append(JSONSlice(tape: tape, node: $0)) }
        return elements
    }

    /// The integer a number's text denotes exactly (`5`, `5.0`, `5e2`, `-0`), nil when
    /// this is not a number, the text is not a whole number (`5.0000000000000000001`,
    /// `1e-400`) or its magnitude is 2^53 or more, where doubles stop being exact.
    public var exactInteger: Int? {
        guard isNumber else { return nil }
        return JSONSlice.exactInteger(bytes[range])
    }

    static func exactInteger(_ text: ArraySlice<UInt8>) -> Int? {
        // Plain digits (reps, ids: the usual case), at most 15 of them (below 2^53):
        // read as they stand, without the general reading's list of digits.
        let negative = text.first == UInt8(ascii: "-")
        var plain = 0
        var plainDigits = 0
        for byte in text.dropFirst(negative ? 1 : 0) {
            guard byte &- UInt8(ascii: "0") < 10, plainDigits < 15 else { return exactInteger(general: text) }
            plain = plain &* 10 &+ Int(byte &- UInt8(ascii: "0"))
            plainDigits &+= 1
        }
        guard plainDigits > 0 else { return exactInteger(general: text) }
        return negative ? -plain : plain
    }

    /// Any number's text: fractions, exponents and long digit strings whose value is
    /// nevertheless an exact integer (`5.0`, `1e3`, `120000000000000000e-2`).
    static func exactInteger(general text: ArraySlice<UInt8>) -> Int? {
        var digits: [UInt8] = []
        var exponent = 0
        var negative = false
        var index = text.startIndex
        if text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var inFraction = false
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                break
            } else {
                // Leading zeros add nothing; fraction digits lower the exponent.
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte - UInt8(ascii: "0")) }
                if inFraction { exponent -= 1 }
            }
            index += 1
        }
        if index < text.endIndex {  // the exponent, clamped: beyond ±10^6 the answer is known
            index += 1
            var exponentNegative = false
            if text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var value = 0
            for byte in text[index...] { value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000) }
            exponent += exponentNegative ? -value : value
        }
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        guard !digits.isEmpty else { return 0 }
        guard exponent >= 0, digits.count + exponent <= 16 else { return nil }
        var value = 0
        for digit in digits { value = value * 10 + Int(digit) }
        for _ in 0..<exponent { value *= 10 }
        guard value < 1 << 53 else { return nil }
        return negative ? -value : value
    }
}

extension JSONParser {
    /// Checks the value that starts here, noting it and every value inside it on the
    /// tape in document order.
    mutating func record(into nodes: inout [JSONSlice.Node], key: Range<Int>) throws(Failure) {
        let node = nodes.count
        var entry = JSONSlice.Node(start: index, end: index, key: key, next: 0)
        if !key.isEmpty {
            bytes.withUnsafeBufferPointer { buffer in
                let text = UnsafeBufferPointer(rebasing: buffer[key])
                entry.keyPrefix = JSONSlice.prefix(text)
                entry.keyEscaped = text.contains(UInt8(ascii: "\\"))
            }
        }
        guard index < bytes.count else { throw JSONParser.Failure(offset: index, message: "unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            // A container's node goes first, its end and next filled in after its values.
            nodes.append(entry)
            if bytes[index] == UInt8(ascii: "{") {
                try readObject { key, parser throws(Failure) in try parser.record(into: &nodes, key: key) }
            } else {
                try readArray { parser throws(Failure) in try parser.record(into: &nodes, key: 0..<0) }
            }
            nodes[node].end = index
            nodes[node].next = nodes.count
        default:
            // A plain value's node is written once, complete (most nodes are these).
            try skipValue()
            entry.end = index
            entry.next = node + 1
            nodes.append(entry)
        }
    }
}
