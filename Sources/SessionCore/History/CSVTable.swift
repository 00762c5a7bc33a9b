/// A CSV file as the workout apps write it (RFC 4180 and its variations): `,`, `;` or
/// tab separators, fields quoted or not, `""` inside quotes, quoted fields with line
/// breaks inside, CRLF or LF, with or without a final line break, an optional UTF-8
/// byte-order mark. Each record keeps the line it starts on, for error messages.
public struct CSVTable: Sendable {
    public struct Record: Sendable, Equatable {
        /// The 1-based line of the file the record starts on.
        public let line: Int
        public let fields: [String]
    }

    /// The separator, detected from the header.
    public let separator: UInt8
    /// The first record.
    public let header: [String]
    /// Every record after the header, blank lines left out.
    public let records: [Record]

    /// Why a text is not a CSV table.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Reads `bytes`; the separator is the one of `,`, `;` and tab that the header line
    /// holds most of outside quotes.
    public init(bytes: [UInt8]) throws(Failure) {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        separator = Self.detectSeparator(bytes[start...])
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = start
        var quoted = false
        var fieldStarted = false
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }
        func endRecord() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { records.append(Record(line: recordLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 2
                        continue
                    }
                    quoted = false
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where !fieldStarted || field.allSatisfy({ $0 == 0x20 }):
                field.removeAll()
                quoted = true
                fieldStarted = true
            case separator:
                endField()
            case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
                break  // the LF ends the record
            case 0x0A, 0x0D:
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(byte)
                fieldStarted = true
            }
            index += 1
        }
        if quoted { throw Failure(line: recordLine, message: "a quoted field is not closed before the end of the file") }
        if fieldStarted || !field.isEmpty || !fields.isEmpty { endRecord() }
        guard let first = records.first else { throw Failure(line: 1, message: "the file is empty") }
        header = first.fields.map { $0.trimmingSpaces }
        self.records = Array(records.dropFirst())
        for record in self.records where record.fields.count != header.count {
            throw Failure(line: record.line, message: "\(record.fields.count) fields where the header has \(header.count)")
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

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
