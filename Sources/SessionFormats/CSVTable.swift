import JSON
import SessionCore
import SessionMacros

/// A CSV file as the workout apps write it (RFC 4180 and its variations): `,`, `;` or
/// tab separators, fields quoted or not, `""` inside quotes, quoted fields with line
/// breaks inside, CRLF or LF, with or without a final line break, an optional UTF-8
/// byte-order mark. Read one record at a time (`Reader`): an export of any size is
/// never held as a table of fields. Each record keeps the line it starts on, for error
/// messages.
public enum CSVTable {
    public struct Record: Sendable, Equatable {
        /// The 1-based line of the file the record starts on.
        public let line: Int
        /// The fields' bytes: the text itself for a record read in place (shared, not
        /// copied), or a copy with its quotes undone; `ranges` says where each field is.
        let storage: [UInt8]
        let ranges: [Range<Int>]
        /// How many fields the record has: more than `ranges` when it has more than a
        /// record may keep (`Reader.fieldLimit`), the rest counted, not kept.
        public let count: Int

        init(line: Int, storage: [UInt8], ranges: [Range<Int>], count: Int? = nil) {
            self.line = line
            self.storage = storage
            self.ranges = ranges
            self.count = count ?? ranges.count
        }

        public init(line: Int, fields: [String]) {
            var storage: [UInt8] = []
            var ranges: [Range<Int>] = []
            for field in fields {
                let start = storage.count
                storage += field.utf8
                ranges.append(start..<storage.count)
            }
            self.init(line: line, storage: storage, ranges: ranges)
        }

        /// Each field as text. A reader of many records reads `storage` at `ranges`
        /// instead and makes text only of what it keeps (a String a field was most of
        /// reading a large export: `RowReader`).
        public var fields: [String] { ranges.map { String(decoding: storage[$0], as: UTF8.self) } }

        public static func == (a: Record, b: Record) -> Bool { a.line == b.line && a.fields == b.fields }
    }

    /// Why a text is not a CSV table, or a record does not fit its header.
    @Memberwise
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// 0: a problem with no line of its own.
        public let line: Int
        public let message: String
        public var description: String { line > 0 ? "line \(line): \(message)" : message }
    }

    /// The records of a CSV text after its header, one at a time.
    public struct Reader {
        /// The separator: the one of `,`, `;` and tab the header line holds most of
        /// outside quotes.
        public let separator: UInt8
        /// The first record, each name's spaces trimmed.
        public private(set) var header: [String] = []
        private let bytes: [UInt8]
        private var index: Int
        private var line = 1
        /// True to read every record byte by byte (the reference the tests hold the
        /// slice-wise reading to).
        private let byteWise: Bool

        /// The most fields a header may have: no export has nearly so many.
        public static let headerFieldLimit = 1000

        /// The most fields a record keeps: the header's count (a record with more fails,
        /// counted; a row of millions of commas is not held as millions of fields).
        private var fieldLimit: Int { header.isEmpty ? Self.headerFieldLimit : header.count }

        /// Reads the header of `bytes`; fails when there is none.
        public init(bytes: [UInt8]) throws(Failure) {
            try self.init(bytes: bytes, byteWise: false)
        }

        init(bytes: [UInt8], byteWise: Bool) throws(Failure) {
            self.bytes = bytes
            self.byteWise = byteWise
            index = ByteOrderMark.length(bytes)
            separator = Self.detectSeparator(bytes[index...])
            guard let first = try readRecord() else { throw Failure(line: 1, message: "the file is empty") }
            guard first.count <= Self.headerFieldLimit else {
                throw Failure(line: first.line, message: "a header of \(first.count) fields, where an export has at most \(Self.headerFieldLimit)")
            }
            header = first.fields.map { $0.trimmingSpaces }
            // Text in another encoding is refused by its line, not stored with U+FFFD in
            // place of its letters. The header's own bytes are the file's kind to judge
            // (binary data, another format), left to the reader of that kind; those after
            // it are checked whatever it holds.
            if let offset = TextPlace.firstInvalidUTF8(bytes[index...]) {
                throw Failure(line: TextPlace.line(at: offset, in: bytes), message: "not UTF-8 text (an export saved in another encoding: save it as UTF-8 and import it again)")
            }
        }

        /// The next record, blank lines left out; nil at the end. A record with another
        /// number of fields than the header fails, and so does one with text after a
        /// field's closing quote (a lone quote inside it); reading may go on after
        /// either. A quoted field still open at the end of the text fails, and ends it.
        public mutating func next() throws(Failure) -> Record? {
            guard let record = try nextRecord() else { return nil }
            guard record.count == header.count else {
                throw Failure(line: record.line, message: "\(record.count) fields where the header has \(header.count)")
            }
            return record
        }

        /// The next record, blank lines left out, whatever its number of fields (those
        /// past `fieldLimit` counted, not kept); nil at the end.
        mutating func nextRecord() throws(Failure) -> Record? { try readRecord() }

        private mutating func readRecord() throws(Failure) -> Record? {
            let (start, startLine) = (index, line)
            if !byteWise {
                switch readPlainRecord() {
                case .record(let record): return record
                case .end: return nil
                case .irregular: (index, line) = (start, startLine)
                }
            }
            return try readRecordByteWise()
        }

        private enum PlainRecord {
            case record(Record)
            case end
            /// A field `readPlainRecord` leaves to the byte-wise reading.
            case irregular
        }

        /// The next record when each of its fields is plain (no quote, no leading space)
        /// or quoted whole without a doubled quote inside: nearly every record of every
        /// export. Such a field is its bytes as they stand (a range of the text, which
        /// the record shares), where the byte-wise reading copies byte by byte (most of
        /// `sessionctl import`'s time before). Anything else is `.irregular`, read again
        /// byte-wise.
        private mutating func readPlainRecord() -> PlainRecord {
            // Over the bytes in place, with the position and line kept locally and
            // stored back at the end: the array's bounds checks were a third of it.
            var (index, line) = (self.index, self.line)
            let (separator, fieldCount, fieldLimit) = (self.separator, max(header.count, 1), self.fieldLimit)
            let result = bytes.withUnsafeBufferPointer { bytes -> PlainRecord in
                let quote = UInt8(ascii: "\"")
                while index < bytes.count {
                    let recordLine = line
                    var fields: [Range<Int>] = []
                    fields.reserveCapacity(fieldCount)
                    // Fields past `fieldLimit`, counted only.
                    var more = 0
                    while true {
                        var cursor = index
                        let field: Range<Int>
                        if cursor < bytes.count, bytes[cursor] == quote {
                            cursor += 1
                            let start = cursor
                            while cursor < bytes.count, bytes[cursor] != quote {
                                if bytes[cursor] == 0x0A { line += 1 }
                                cursor += 1
                            }
                            guard cursor < bytes.count else { return .irregular }  // not closed
                            field = start..<cursor
                            cursor += 1
                            // A doubled quote, or text after the closing one.
                            if cursor < bytes.count, bytes[cursor] != separator, bytes[cursor] != 0x0A, bytes[cursor] != 0x0D { return .irregular }
                        } else {
                            let start = cursor
                            while cursor < bytes.count, bytes[cursor] != separator, bytes[cursor] != 0x0A, bytes[cursor] != 0x0D {
                                if bytes[cursor] == quote || (cursor == start && bytes[cursor] == 0x20) { return .irregular }
                                cursor += 1
                            }
                            field = start..<cursor
                        }
                        if fields.count < fieldLimit { fields.append(field) } else { more += 1 }
                        guard cursor < bytes.count else {
                            index = cursor
                            break
                        }
                        if bytes[cursor] == separator {
                            index = cursor + 1
                            continue
                        }
                        // A line break ends the record: LF, CR LF or a lone CR.
                        if bytes[cursor] == 0x0D, cursor + 1 < bytes.count, bytes[cursor + 1] == 0x0A { cursor += 1 }
                        line += 1
                        index = cursor + 1
                        break
                    }
                    if fields.count == 1, more == 0, fields[0].isEmpty { continue }  // a blank line
                    return .record(Record(line: recordLine, storage: self.bytes, ranges: fields, count: fields.count + more))
                }
                return .end
            }
            (self.index, self.line) = (index, line)
            return result
        }

        private mutating func readRecordByteWise() throws(Failure) -> Record? {
            let fieldLimit = self.fieldLimit
            while index < bytes.count {
                let recordLine = line
                // Fields past `fieldLimit`, counted only.
                var more = 0
                // Each field's bytes, quotes undone, one after the other.
                var storage: [UInt8] = []
                var fields: [Range<Int>] = []
                var field: [UInt8] = []
                var quoted = false
                var fieldStarted = false
                var ended = false
                // The field's closing quote has been read: only spaces may follow it.
                var closed = false
                // Where text first stood after a closing quote: the record is read to
                // its end, as the quote had been a letter, and then refused.
                var stray: (line: Int, field: Int)?
                while index < bytes.count, !ended {
                    let byte = bytes[index]
                    index += 1
                    if quoted {
                        if byte == UInt8(ascii: "\"") {
                            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                                field.append(byte)
                                index += 1
                            } else {
                                quoted = false
                                closed = true
                            }
                        } else {
                            if byte == 0x0A { line += 1 }
                            field.append(byte)
                        }
                        continue
                    }
                    switch byte {
                    case UInt8(ascii: "\"") where !closed && (!fieldStarted || field.allSatisfy({ $0 == 0x20 })):
                        field.removeAll()
                        quoted = true
                        fieldStarted = true
                    case separator:
                        if fields.count < fieldLimit {
                            fields.append(storage.count..<storage.count + field.count)
                            storage += field
                        } else {
                            more += 1
                        }
                        field.removeAll(keepingCapacity: true)
                        fieldStarted = false
                        closed = false
                    case 0x0D where index < bytes.count && bytes[index] == 0x0A:
                        break  // the LF ends the record
                    case 0x0A, 0x0D:
                        line += 1
                        ended = true
                    default:
                        if closed, byte != 0x20, stray == nil { stray = (line, fields.count + more) }
                        field.append(byte)
                        fieldStarted = true
                    }
                }
                if quoted { throw Failure(line: recordLine, message: "a quoted field is not closed before the end of the file") }
                if let stray {
                    // A lone quote in a quoted field ends it early; left alone, the next
                    // lone quote would end a field holding every line between the two.
                    let name = stray.field < header.count ? "the \"\(header[stray.field].quotedShort)\" field" : "field \(stray.field + 1)"
                    throw Failure(line: stray.line, message: "\(name) has text after its closing quote; a quote inside a quoted field is written twice (\"\")")
                }
                if fields.count < fieldLimit {
                    fields.append(storage.count..<storage.count + field.count)
                    storage += field
                } else {
                    more += 1
                }
                if fields.count == 1, more == 0, fields[0].isEmpty { continue }  // a blank line
                return Record(line: recordLine, storage: storage, ranges: fields, count: fields.count + more)
            }
            return nil
        }

        private static func detectSeparator(_ bytes: ArraySlice<UInt8>) -> UInt8 {
            var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, 0x09: 0]
            var quoted = false
            for byte in bytes {
                if byte == UInt8(ascii: "\"") { quoted.toggle() }
                if !quoted, byte == 0x0A { break }
                if !quoted, counts[byte] != nil { counts[byte, default: 0] += 1 }
            }
            // On a tie the first wins: a comma.
            return [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09].max { counts[$0, default: 0] < counts[$1, default: 0] } ?? UInt8(ascii: ",")
        }
    }

    /// One line of comma-separated fields, each quoted when it holds a comma, a quote
    /// or a line break (RFC 4180).
    public static func line(_ fields: [String]) -> String {
        fields.map { field in
            guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
            return "\"" + field.flatMap { $0 == "\"" ? "\"\"" : String($0) } + "\""
        }.joined(separator: ",")
    }
}
