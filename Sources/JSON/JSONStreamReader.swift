/// Walks one JSON document as its bytes come, a buffer at a time, without building it:
/// its caller steps into the objects and arrays it cares for (`beginObject`, `nextKey`,
/// `beginArray`, `nextElement`), reads the strings it needs, takes the values it wants
/// whole (`capture`, then `JSONParser`) and skips the rest (`skipValue`). What it holds
/// is its buffer and the value being captured, whatever the document's size: a file of
/// gigabytes is read in the memory of its largest captured value. Errors are
/// `JSONParser.Failure`s at the byte offset from the document's start.
public struct JSONStreamReader {
    /// Fills the buffer it is given with the next bytes; returns how many (0 at the end).
    public typealias Fill = (UnsafeMutableRawBufferPointer) throws -> Int

    private let fill: Fill
    private var buffer: [UInt8]
    private var count = 0
    private var index = 0
    /// Bytes of the document before the buffer's first.
    private var consumed = 0
    private var atEnd = false
    /// True once a byte-order mark at the document's start was looked for.
    private var pastStart = false
    /// Per open object or array: true until its first member or element.
    private var first: [Bool] = []
    /// A captured value larger than this is refused (a data point, a workout).
    public let maximumCapture: Int

    /// Reads through `fill`, `bufferSize` bytes at a time.
    public init(bufferSize: Int = 1 << 16, maximumCapture: Int = 16 << 20, fill: @escaping Fill) {
        self.fill = fill
        self.maximumCapture = maximumCapture
        buffer = [UInt8](repeating: 0, count: max(16, bufferSize))
    }

    /// Reads `bytes`, already in memory.
    public init(bytes: [UInt8], maximumCapture: Int = 16 << 20) {
        self.init(bufferSize: 16, maximumCapture: maximumCapture) { _ in 0 }
        buffer = bytes
        count = bytes.count
        atEnd = true
    }

    /// The offset of the next byte from the document's start.
    public var offset: Int { consumed + index }

    private func failure(_ message: String) -> JSONParser.Failure { JSONParser.Failure(offset: offset, message: message) }

    /// The next byte, not taken; nil at the end.
    private mutating func peekByte() throws -> UInt8? {
        if index == count {
            guard !atEnd else { return nil }
            consumed += count
            index = 0
            count = try buffer.withUnsafeMutableBytes { try fill($0) }
            if count <= 0 {
                count = 0
                atEnd = true
                return nil
            }
        }
        return buffer[index]
    }

    /// The next byte that is not white space, not taken; nil at the end.
    public mutating func peek() throws -> UInt8? {
        if !pastStart {
            // A UTF-8 byte-order mark (an editor's, Windows') begins the text, not the JSON.
            pastStart = true
            // Byte by byte, as the reads bring them (a pipe may bring one at a time); the
            // whole mark only: a text that begins EF but not the rest is no JSON.
            var matched = 0
            while matched < ByteOrderMark.utf8.count, try peekByte() == ByteOrderMark.utf8[matched] {
                index += 1
                matched += 1
            }
            if matched > 0, matched < ByteOrderMark.utf8.count { throw failure("expected JSON, found part of a byte-order mark") }
        }
        while let byte = try peekByte() {
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            index += 1
        }
        return nil
    }

    private mutating func take(_ expected: UInt8, _ what: String) throws {
        guard try peek() == expected else { throw failure("expected \(what)") }
        index += 1
    }

    /// Steps into the object that comes next.
    public mutating func beginObject() throws {
        try take(UInt8(ascii: "{"), "an object")
        first.append(true)
    }

    /// The next member's key of the object stepped into, its value next; nil (and the
    /// object left) after its last.
    public mutating func nextKey() throws -> String? {
        if try peek() == UInt8(ascii: "}") {
            index += 1
            first.removeLast()
            return nil
        }
        if first.last == false { try take(UInt8(ascii: ","), "',' or '}'") }
        first[first.count - 1] = false
        let key = try string()
        try take(UInt8(ascii: ":"), "':'")
        return key
    }

    /// Steps into the array that comes next.
    public mutating func beginArray() throws {
        try take(UInt8(ascii: "["), "an array")
        first.append(true)
    }

    /// True when another element of the array stepped into comes next; false (and the
    /// array left) after its last.
    public mutating func nextElement() throws -> Bool {
        if try peek() == UInt8(ascii: "]") {
            index += 1
            first.removeLast()
            return false
        }
        if first.last == false { try take(UInt8(ascii: ","), "',' or ']'") }
        first[first.count - 1] = false
        return true
    }

    /// The string that comes next.
    public mutating func string() throws -> String {
        guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a string") }
        let start = offset
        let bytes = try capture()
        guard case .string(let text) = try Self.parse(bytes, at: start) else { throw failure("expected a string") }
        return text
    }

    /// The value that comes next, parsed (the caller bounds what it asks for).
    public mutating func value() throws -> JSONValue {
        let start = offset
        return try Self.parse(try capture(), at: start)
    }

    private static func parse(_ bytes: [UInt8], at start: Int) throws -> JSONValue {
        do { return try JSONParser.parse(bytes: bytes) } catch {
            throw JSONParser.Failure(offset: start + error.offset, message: error.message)
        }
    }

    /// Passes over the value that comes next.
    public mutating func skipValue() throws {
        var ignored: [UInt8]?
        try scanValue(into: &ignored)
    }

    /// The bytes of the value that comes next, as they stand (at most `maximumCapture`).
    public mutating func capture() throws -> [UInt8] {
        var bytes: [UInt8]? = []
        try scanValue(into: &bytes)
        return bytes ?? []
    }

    /// After the document's value: nothing but white space may follow.
    public mutating func end() throws {
        guard try peek() == nil else { throw failure("unexpected text after the JSON value") }
    }

    /// Takes the next value's bytes, appending them to `bytes` when it is not nil. The
    /// value is checked only for where it ends (strings, nesting); what it holds is the
    /// parser's to check, when it is captured.
    private mutating func scanValue(into bytes: inout [UInt8]?) throws {
        guard let opening = try peek() else { throw failure("expected a value") }
        let start = offset
        var depth = 0
        var inString = false
        var escaped = false
        func keep(_ byte: UInt8) throws {
            guard bytes != nil else { return }
            bytes?.append(byte)
            if bytes?.count ?? 0 > maximumCapture { throw JSONParser.Failure(offset: start, message: "a value over \(maximumCapture >> 20) MiB") }
        }
        let scalar = opening != UInt8(ascii: "{") && opening != UInt8(ascii: "[") && opening != UInt8(ascii: "\"")
        while let byte = try peekByte() {
            if inString {
                index += 1
                try keep(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= JSONParser.maximumDepth else { throw failure("nesting deeper than \(JSONParser.maximumDepth)") }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if scalar { return }
                depth -= 1
                guard depth >= 0 else { throw failure("expected a value") }
            case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                if scalar { return }
            default:
                break
            }
            index += 1
            try keep(byte)
            if !scalar, depth == 0, !inString { return }
        }
        if inString || depth > 0 { throw failure("the document ends inside a value") }
    }
}
