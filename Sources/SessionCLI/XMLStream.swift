#if canImport(Glibc)
import Glibc
#endif

/// The bytes of a name or an attribute value in `XMLStream`'s buffer: valid only during
/// the call that hands them over.
struct XMLBytes {
    let start: UnsafePointer<UInt8>
    let count: Int

    init(start: UnsafePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
    }

    /// A C string's bytes (libexpat's names and values).
    init(cString: UnsafePointer<CChar>) {
        start = UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self)
        count = strlen(cString)
    }

    func equals(_ literal: StaticString) -> Bool {
        count == literal.utf8CodeUnitCount && memcmp(start, literal.utf8Start, count) == 0
    }

    var string: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }
}

/// A start tag's attributes as `XMLStream` or libexpat hands them: their names, and their
/// values as written (`escaped` where a reference or a line break needs decoding).
struct XMLAttributes {
    private(set) var names: [XMLBytes] = []
    private(set) var values: [XMLBytes] = []
    private(set) var escaped: [Bool] = []

    init() {
        names.reserveCapacity(16)
        values.reserveCapacity(16)
        escaped.reserveCapacity(16)
    }

    mutating func removeAll() {
        names.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        escaped.removeAll(keepingCapacity: true)
    }

    mutating func append(name: XMLBytes, value: XMLBytes, escaped: Bool) {
        names.append(name)
        values.append(value)
        self.escaped.append(escaped)
    }

    /// The raw value of the attribute `name`.
    func raw(_ name: StaticString) -> XMLBytes? {
        names.firstIndex { $0.equals(name) }.map { values[$0] }
    }

    /// The value of the attribute `name`, its references decoded.
    func string(_ name: StaticString) -> String? {
        guard let index = names.firstIndex(where: { $0.equals(name) }) else { return nil }
        return escaped[index] ? Self.decoded(values[index]) : values[index].string
    }

    /// An attribute value as XML reads it: the five entities and character references
    /// replaced, a line break or tab a space (the value was checked as it was scanned).
    static func decoded(_ value: XMLBytes) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            let byte = value.start[index]
            switch byte {
            case UInt8(ascii: "&"):
                var end = index + 1
                while end < value.count, value.start[end] != UInt8(ascii: ";") { end += 1 }
                let name = String(decoding: UnsafeBufferPointer(start: value.start + index + 1, count: end - index - 1), as: UTF8.self)
                switch name {
                case "lt": bytes.append(UInt8(ascii: "<"))
                case "gt": bytes.append(UInt8(ascii: ">"))
                case "amp": bytes.append(UInt8(ascii: "&"))
                case "quot": bytes.append(UInt8(ascii: "\""))
                case "apos": bytes.append(UInt8(ascii: "'"))
                default:
                    let hex = name.hasPrefix("#x")
                    if let code = UInt32(name.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), let scalar = Unicode.Scalar(code) {
                        bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
                    }
                }
                index = end + 1
            case UInt8(ascii: "\r"):
                bytes.append(UInt8(ascii: " "))
                index += index + 1 < value.count && value.start[index + 1] == UInt8(ascii: "\n") ? 2 : 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\t"):
                bytes.append(UInt8(ascii: " "))
                index += 1
            default:
                bytes.append(byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What `XMLStream` tells as it reads the document's elements; a message returned
/// refuses the document at that element's start tag.
protocol XMLStreamHandler: AnyObject {
    func startElement(_ name: XMLBytes, _ attributes: XMLAttributes) -> String?
    func endElement(_ name: XMLBytes)
}

/// A streaming reader of an XML document's elements, from its root's start tag on, that
/// checks what XML 1.0 calls well-formed as it goes: tags nest and match, attributes are
/// written `name="value"` once each with no `<` in a value, every reference is one of the
/// five entities or a character reference to a character XML allows, text holds no
/// `]]>`, comments no `--`, processing instructions are not named xml, nothing but
/// comments, processing instructions and white space follows the root, and every byte
/// is UTF-8 of a character XML allows. What comes before the root (the XML declaration and
/// the document type with its internal subset) is libexpat's to read (`AppleHealthReader`),
/// and a document whose internal subset declares entities or attribute defaults is read
/// by libexpat throughout: this reader knows none but the predefined five.
///
/// It scans bytes in place through tables of byte classes, with a NUL byte kept after the
/// last one read so that a scanning loop stops at the end of the buffer as at any other
/// special byte, and hands names and values as spans of its buffer: a record of Apple
/// Health's export.xml costs no allocation. A token cut by the end of a piece is scanned
/// again from its start when the next piece arrives, which then is read whole.
final class XMLStream {
    /// What refuses a document, with its place (columns count characters, from 1).
    struct Failure: Error, CustomStringConvertible {
        let line: Int
        let column: Int
        let message: String
        var description: String { "line \(line), column \(column): \(message)" }
    }

    private unowned(unsafe) let handler: XMLStreamHandler
    /// Bytes read and not yet consumed, with a NUL after the last (`buffer[count]`).
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// Where the next token starts.
    private var position = 0
    /// The file offset of `buffer[0]`.
    private var base = 0
    /// The line of `buffer[counted]`, and the file offset at which that line starts.
    private var line: Int
    private var lineStart: Int
    private var counted = 0
    /// Set when a token needs bytes not read yet; `ending` once none will come.
    private var starved = false
    private var ending = false
    /// The names of the open elements, one after the other.
    private var open: [UInt8] = []
    private var openEnds: [Int] = []
    private var rootEnded = false
    private var attributes = XMLAttributes()
    private var classes: UnsafeMutablePointer<UInt8>

    /// Byte classes: a byte plain in an attribute value (`plainValue`), in text
    /// (`plainText`), in a name (`nameByte`) or at a name's start (`nameStart`).
    private static let plainValue: UInt8 = 1
    private static let plainText: UInt8 = 2
    private static let nameByte: UInt8 = 4
    private static let nameStart: UInt8 = 8
    private static let space: UInt8 = 16

    /// A reader whose first byte is the root's `<`, at file offset `offset`, on `line`
    /// and `column` (from 1) of the file.
    init(handler: XMLStreamHandler, offset: Int, line: Int, column: Int) {
        self.handler = handler
        self.line = line
        self.lineStart = offset - (column - 1)
        self.base = offset
        capacity = 1 << 17
        buffer = .allocate(capacity: capacity + 1)
        buffer[0] = 0
        classes = .allocate(capacity: 256)
        for byte in 0..<256 {
            var kind: UInt8 = 0
            let ascii = UInt8(byte)
            let letter = (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A) || ascii == UInt8(ascii: "_") || ascii == UInt8(ascii: ":")
            let digit = ascii >= 0x30 && ascii <= 0x39
            if ascii >= 0x20 && ascii < 0x80 {
                if ascii != UInt8(ascii: "<") && ascii != UInt8(ascii: "&") && ascii != UInt8(ascii: "\"") && ascii != UInt8(ascii: "'") { kind |= Self.plainValue }
                if ascii != UInt8(ascii: "<") && ascii != UInt8(ascii: "&") && ascii != UInt8(ascii: "]") { kind |= Self.plainText }
            }
            if ascii == UInt8(ascii: "\n") || ascii == UInt8(ascii: "\t") || ascii == UInt8(ascii: "\r") { kind |= Self.plainText }
            if letter { kind |= Self.nameStart | Self.nameByte }
            if digit || ascii == UInt8(ascii: "-") || ascii == UInt8(ascii: ".") { kind |= Self.nameByte }
            if ascii == 0x20 || ascii == 0x09 || ascii == 0x0A || ascii == 0x0D { kind |= Self.space }
            classes[byte] = kind
        }
    }

    deinit {
        buffer.deallocate()
        classes.deallocate()
    }

    /// Reads the next piece of the document.
    func feed(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        guard !bytes.isEmpty else { return }
        reserve(bytes.count)
        memcpy(buffer + count, bytes.baseAddress!, bytes.count)
        count += bytes.count
        buffer[count] = 0
        try scan(final: false)
    }

    /// Ends the document: it must be whole, its root closed.
    func finish() throws(Failure) {
        try scan(final: true)
        if !openEnds.isEmpty {
            let name = String(decoding: open[(openEnds.count > 1 ? openEnds[openEnds.count - 2] : 0)...], as: UTF8.self)
            throw failure(at: count, "the document ends inside <\(name)>, which is never closed")
        }
        if !rootEnded { throw failure(at: count, "no element found") }
    }

    /// Makes room for `more` bytes: what is consumed goes (its lines counted first), and the
    /// buffer grows when a token longer than it is pending.
    private func reserve(_ more: Int) {
        if count + more <= capacity { return }
        countLines(to: position)
        let kept = count - position
        memmove(buffer, buffer + position, kept)
        base += position
        counted -= position
        position = 0
        count = kept
        if count + more > capacity {
            capacity = max(capacity * 2, count + more)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + 1)
            larger.update(from: buffer, count: count)
            buffer.deallocate()
            buffer = larger
        }
        buffer[count] = 0
    }

    private func countLines(to end: Int) {
        var index = counted
        var lines = 0
        var last = -1
        while index < end {
            if buffer[index] == 0x0A {
                lines += 1
                last = index
            }
            index += 1
        }
        line += lines
        if last >= 0 { lineStart = base + last + 1 }
        counted = max(counted, end)
    }

    /// `message` refusing the document at `index`.
    private func failure(at index: Int, _ message: String) -> Failure {
        let (line, column) = place(index)
        return Failure(line: line, column: column, message: "not well-formed XML: " + message)
    }

    /// The line and column of `index` (columns count characters, from 1).
    private func place(_ index: Int) -> (line: Int, column: Int) {
        countLines(to: index)
        var column = 1
        var cursor = max(lineStart - base, 0)
        if lineStart < base { column += base - lineStart }
        while cursor < index {
            if buffer[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        return (line, column)
    }

    private func scan(final: Bool) throws(Failure) {
        ending = final
        while position < count {
            starved = false
            let next: Int
            if buffer[position] == UInt8(ascii: "<") {
                next = try markup(position)
            } else {
                next = try text(position)
            }
            position = next
            if starved { break }
        }
        if final && position < count {
            throw failure(at: position, "the document ends inside a tag, comment or reference")
        }
    }

    // MARK: Text

    /// Character data from `start`; returns where it ends (at a `<`), or how far it was read
    /// with `starved` set.
    private func text(_ start: Int) throws(Failure) -> Int {
        var index = start
        while true {
            while classes[Int(buffer[index])] & Self.plainText != 0 { index += 1 }
            switch buffer[index] {
            case UInt8(ascii: "<"):
                try outsideRoot(start, index)
                return index
            case UInt8(ascii: "&"):
                let end = try reference(index)
                if starved {
                    try outsideRoot(start, index)
                    return index
                }
                index = end
            case UInt8(ascii: "]"):
                if index + 2 >= count, !ending {
                    try outsideRoot(start, index)
                    return hungry(index)
                }
                if index + 2 < count, buffer[index + 1] == UInt8(ascii: "]"), buffer[index + 2] == UInt8(ascii: ">") {
                    throw failure(at: index, "]]> in text")
                }
                index += 1
            default:
                if index == count {
                    try outsideRoot(start, index)
                    return hungry(index)
                }
                let end = try character(index)
                if starved {
                    try outsideRoot(start, index)
                    return index
                }
                index = end
            }
        }
    }

    /// Text outside the root, from `start` to `end`, may only be white space.
    private func outsideRoot(_ start: Int, _ end: Int) throws(Failure) {
        guard openEnds.isEmpty else { return }
        var index = start
        while index < end, classes[Int(buffer[index])] & Self.space != 0 { index += 1 }
        if index < end { throw failure(at: index, rootEnded ? "junk after the document element" : "text before the document element") }
    }

    /// A non-ASCII character or a control character at `index` in text or a value: returns
    /// the index past it; refuses what XML does not allow.
    private func character(_ index: Int) throws(Failure) -> Int {
        let lead = buffer[index]
        guard lead >= 0x80 else {
            if lead == 0x09 || lead == 0x0A || lead == 0x0D { return index + 1 }
            throw failure(at: index, "a control character (0x\(String(lead, radix: 16, uppercase: true))) XML does not allow")
        }
        let (scalar, length) = try utf8(index)
        if starved { return index }
        // XML's characters: no surrogates (UTF-8 cannot carry them), nor U+FFFE and U+FFFF.
        if scalar == 0xFFFE || scalar == 0xFFFF { throw failure(at: index, "a character XML does not allow (U+\(String(scalar, radix: 16, uppercase: true)))") }
        return index + length
    }

    /// The UTF-8 sequence at `index`: its scalar and length, or `starved` when it is cut by
    /// the end of what was read.
    private func utf8(_ index: Int) throws(Failure) -> (UInt32, Int) {
        let lead = buffer[index]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
        default: throw failure(at: index, "a byte that is not UTF-8 (0x\(String(lead, radix: 16, uppercase: true)))")
        }
        for offset in 1..<length {
            if index + offset >= count {
                starved = true
                return (0, 0)
            }
            let next = buffer[index + offset]
            guard next & 0xC0 == 0x80 else { throw failure(at: index, "a byte that is not UTF-8 (0x\(String(lead, radix: 16, uppercase: true)) then 0x\(String(next, radix: 16, uppercase: true)))") }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard scalar >= shortest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
            throw failure(at: index, "a byte sequence that is not UTF-8 of a character")
        }
        return (scalar, length)
    }

    /// A reference at `index` (the `&`): one of XML's five entities or a character
    /// reference to a character XML allows; returns the index past its `;`.
    private func reference(_ index: Int) throws(Failure) -> Int {
        var end = index + 1
        if buffer[end] == UInt8(ascii: "#") {
            end += 1
            let hex = buffer[end] == UInt8(ascii: "x")
            if hex { end += 1 }
            var value: UInt32 = 0
            var digits = 0
            while true {
                let byte = buffer[end]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: digit = 99
                }
                if digit == 99 { break }
                value = min(value * (hex ? 16 : 10) + digit, 0x110000)
                digits += 1
                end += 1
            }
            if end == count {
                starved = true
                return index
            }
            guard digits > 0, buffer[end] == UInt8(ascii: ";") else { throw failure(at: index, "a character reference that is not &#digits; or &#xhex;") }
            let allowed = value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
                || (0x10000...0x10FFFF).contains(value)
            guard allowed else { throw failure(at: index, "a reference to a character XML does not allow") }
            return end + 1
        }
        while classes[Int(buffer[end])] & Self.nameByte != 0 { end += 1 }
        if end == count {
            starved = true
            return index
        }
        guard end > index + 1, classes[Int(buffer[index + 1])] & Self.nameStart != 0, buffer[end] == UInt8(ascii: ";") else {
            throw failure(at: index, "an & that begins no reference (write &amp;)")
        }
        let name = XMLBytes(start: buffer + index + 1, count: end - index - 1)
        guard name.equals("lt") || name.equals("gt") || name.equals("amp") || name.equals("quot") || name.equals("apos") else {
            throw failure(at: index, "undefined entity &\(name.string);")
        }
        return end + 1
    }

    // MARK: Markup

    /// Markup at `start` (a `<`): returns the index past it, or `start` with `starved` set.
    private func markup(_ start: Int) throws(Failure) -> Int {
        let next = buffer[start + 1]
        if next == UInt8(ascii: "/") { return try endTag(start) }
        if next == UInt8(ascii: "!") { return try declaration(start) }
        if next == UInt8(ascii: "?") { return try instruction(start) }
        if start + 1 == count { return hungry(start) }
        return try startTag(start)
    }

    private func hungry(_ start: Int) -> Int {
        starved = true
        return start
    }

    /// A name at `index`: returns the index past it (0 when cut by the end of what was read).
    private func name(_ index: Int) throws(Failure) -> Int {
        var end = index
        var first = true
        while true {
            let kind = classes[Int(buffer[end])]
            if kind & (first ? Self.nameStart : Self.nameByte) != 0 {
                end += 1
                first = false
                continue
            }
            let byte = buffer[end]
            if end == count { return 0 }
            guard byte >= 0x80 else { break }
            let (scalar, length) = try utf8(end)
            if starved {
                starved = false
                return 0
            }
            guard Self.isNameCharacter(scalar, start: first) else { break }
            end += length
            first = false
        }
        guard end > index else { throw failure(at: index, "a name was expected here") }
        return end
    }

    /// XML 1.0's NameStartChar and NameChar beyond ASCII.
    private static func isNameCharacter(_ scalar: UInt32, start: Bool) -> Bool {
        switch scalar {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F,
             0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        case 0xB7, 0x300...0x36F, 0x203F...0x2040:
            return !start
        default:
            return false
        }
    }

    private func skipSpace(_ index: Int) -> Int {
        var end = index
        while classes[Int(buffer[end])] & Self.space != 0 { end += 1 }
        return end
    }

    private func startTag(_ start: Int) throws(Failure) -> Int {
        if openEnds.isEmpty && rootEnded { throw failure(at: start, "junk after the document element: a second root element") }
        let nameEnd = try name(start + 1)
        if nameEnd == 0 { return hungry(start) }
        attributes.removeAll()
        var index = nameEnd
        var hash: UInt64 = 0
        var empty = false
        while true {
            let spaced = skipSpace(index)
            let byte = buffer[spaced]
            if byte == UInt8(ascii: ">") {
                index = spaced + 1
                break
            }
            if byte == UInt8(ascii: "/") {
                if spaced + 1 == count { return hungry(start) }
                guard buffer[spaced + 1] == UInt8(ascii: ">") else { throw failure(at: spaced, "a / in a tag not followed by >") }
                index = spaced + 2
                empty = true
                break
            }
            if spaced == count { return hungry(start) }
            guard spaced > index else { throw failure(at: spaced, "white space was expected between the attributes") }
            // name = "value"
            let attributeEnd = try name(spaced)
            if attributeEnd == 0 { return hungry(start) }
            var cursor = skipSpace(attributeEnd)
            if cursor == count { return hungry(start) }
            guard buffer[cursor] == UInt8(ascii: "=") else { throw failure(at: cursor, "an attribute without = and a value") }
            cursor = skipSpace(cursor + 1)
            if cursor == count { return hungry(start) }
            let quote = buffer[cursor]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw failure(at: cursor, "an attribute value that is not in quotes") }
            let valueStart = cursor + 1
            var end = valueStart
            var escaped = false
            while true {
                while classes[Int(buffer[end])] & Self.plainValue != 0 { end += 1 }
                let byte = buffer[end]
                if byte == quote { break }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    end += 1
                case UInt8(ascii: "<"):
                    throw failure(at: end, "a < in an attribute value (write &lt;)")
                case UInt8(ascii: "&"):
                    end = try reference(end)
                    if starved { return start }
                    escaped = true
                default:
                    if end == count { return hungry(start) }
                    if byte == 0x09 || byte == 0x0A || byte == 0x0D { escaped = true }
                    end = try character(end)
                    if starved { return start }
                }
            }
            let name = XMLBytes(start: buffer + spaced, count: attributeEnd - spaced)
            // A name seen before in this tag: a Bloom filter of names' lengths and ends first.
            let bit = UInt64(1) << ((UInt64(name.count) &* 31 &+ UInt64(name.start[0]) &* 7 &+ UInt64(name.start[name.count - 1])) & 63)
            if hash & bit != 0, attributes.names.contains(where: { $0.count == name.count && memcmp($0.start, name.start, name.count) == 0 }) {
                throw failure(at: spaced, "the attribute \(name.string) twice in one tag")
            }
            hash |= bit
            attributes.append(name: name, value: XMLBytes(start: buffer + valueStart, count: end - valueStart), escaped: escaped)
            index = end + 1
        }
        let name = XMLBytes(start: buffer + start + 1, count: nameEnd - start - 1)
        if let message = handler.startElement(name, attributes) {
            let (line, column) = place(start)
            throw Failure(line: line, column: column, message: message)
        }
        if empty {
            handler.endElement(name)
            if openEnds.isEmpty { rootEnded = true }
        } else {
            open.append(contentsOf: UnsafeBufferPointer(start: name.start, count: name.count))
            openEnds.append(open.count)
        }
        return index
    }

    private func endTag(_ start: Int) throws(Failure) -> Int {
        let nameEnd = try name(start + 2)
        if nameEnd == 0 { return hungry(start) }
        let end = skipSpace(nameEnd)
        if end == count { return hungry(start) }
        guard buffer[end] == UInt8(ascii: ">") else { throw failure(at: end, "an end tag not closed by >") }
        let name = XMLBytes(start: buffer + start + 2, count: nameEnd - start - 2)
        guard let last = openEnds.last else { throw failure(at: start, "</\(name.string)> closes no element") }
        let first = openEnds.count > 1 ? openEnds[openEnds.count - 2] : 0
        let matches = last - first == name.count && open.withUnsafeBufferPointer { memcmp($0.baseAddress! + first, name.start, name.count) == 0 }
        guard matches else {
            throw failure(at: start, "mismatched tag: </\(name.string)> where <\(String(decoding: open[first..<last], as: UTF8.self))> is open")
        }
        open.removeLast(name.count)
        openEnds.removeLast()
        handler.endElement(name)
        if openEnds.isEmpty { rootEnded = true }
        return end + 1
    }

    /// `<!--` a comment `-->` or `<![CDATA[` text `]]>` (inside the root only).
    private func declaration(_ start: Int) throws(Failure) -> Int {
        if begins(start, "<!--") {
            var index = start + 4
            while true {
                guard let dash = try characters(from: index, to: UInt8(ascii: "-")) else { return start }
                if dash + 1 >= count { return hungry(start) }
                if buffer[dash + 1] == UInt8(ascii: "-") {
                    if dash + 2 >= count { return hungry(start) }
                    guard buffer[dash + 2] == UInt8(ascii: ">") else { throw failure(at: dash, "-- inside a comment") }
                    return dash + 3
                }
                index = dash + 1
            }
        }
        if begins(start, "<![CDATA[") {
            guard !openEnds.isEmpty else { throw failure(at: start, "a CDATA section outside the document element") }
            var index = start + 9
            while true {
                guard let bracket = try characters(from: index, to: UInt8(ascii: "]")) else { return start }
                if bracket + 2 >= count { return hungry(start) }
                if buffer[bracket + 1] == UInt8(ascii: "]") && buffer[bracket + 2] == UInt8(ascii: ">") { return bracket + 3 }
                index = bracket + 1
            }
        }
        if count - start < 9 { return hungry(start) }
        throw failure(at: start, "<! that begins neither a comment nor a CDATA section")
    }

    /// `<?target …?>`, whose target is not xml in any case.
    private func instruction(_ start: Int) throws(Failure) -> Int {
        let nameEnd = try name(start + 2)
        if nameEnd == 0 { return hungry(start) }
        let target = XMLBytes(start: buffer + start + 2, count: nameEnd - start - 2)
        if target.count == 3, target.string.lowercased() == "xml" { throw failure(at: start, "an XML declaration that is not at the document's start") }
        var index = nameEnd
        if buffer[index] == UInt8(ascii: "?") {
            if index + 1 >= count { return hungry(start) }
            guard buffer[index + 1] == UInt8(ascii: ">") else { throw failure(at: index, "a processing instruction's target not followed by white space or ?>") }
            return index + 2
        } else {
            if index == count { return hungry(start) }
            guard classes[Int(buffer[index])] & Self.space != 0 else { throw failure(at: index, "a processing instruction's target not followed by white space") }
        }
        while true {
            guard let mark = try characters(from: index, to: UInt8(ascii: "?")) else { return start }
            if mark + 1 >= count { return hungry(start) }
            if buffer[mark + 1] == UInt8(ascii: ">") { return mark + 2 }
            index = mark + 1
        }
    }

    /// The characters of a comment, a CDATA section or a processing instruction from
    /// `index` to the next `stop` byte (where its end may begin): that byte's index, or
    /// nil with `starved` set when the bytes read end first. `<`, `&` and `]` are plain
    /// characters there.
    private func characters(from index: Int, to stop: UInt8) throws(Failure) -> Int? {
        var index = index
        while true {
            while classes[Int(buffer[index])] & Self.plainText != 0 && buffer[index] != stop { index += 1 }
            let byte = buffer[index]
            if byte == stop { return index }
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "]") {
                index += 1
                continue
            }
            if index == count {
                starved = true
                return nil
            }
            index = try character(index)
            if starved { return nil }
        }
    }

    /// Whether `literal` stands at `index`; false also where the bytes read so far end
    /// before it does (the caller then waits for more).
    private func begins(_ index: Int, _ literal: StaticString) -> Bool {
        literal.utf8CodeUnitCount <= count - index && memcmp(buffer + index, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }
}
