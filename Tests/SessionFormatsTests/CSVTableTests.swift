import Testing
import TestSupport
import SessionCore
@testable import SessionFormats

/// The CSV reader takes plain records as slices of the text and leaves the rest to its
/// byte-wise reading: whatever the text, both read the same records, lines and failures.
@Suite struct CSVTableTests {
    /// Every record and failure a reader gives, in order (at most 200).
    private func outcomes(_ bytes: [UInt8], byteWise: Bool) -> [String] {
        var reader: CSVTable.Reader
        do {
            reader = try CSVTable.Reader(bytes: bytes, byteWise: byteWise)
        } catch {
            return ["header failure \(error)"]
        }
        var seen = ["header \(reader.header) separator \(reader.separator)"]
        while seen.count < 200 {
            do {
                guard let record = try reader.next() else { break }
                seen.append("line \(record.line): \(record.fields)")
            } catch {
                seen.append("failure \(error)")
            }
        }
        return seen
    }

    @Test func slicesReadWhatTheByteWiseReadingReads() {
        var generator = SplitMix(seed: 4180)
        let pieces: [[UInt8]] = [",", ";", "\"", "\"\"", " ", "\r", "\n", "\r\n", "a", "bc", "é", "12.5", "\t"].map { Array($0.utf8) }
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).flatMap { _ in pieces.randomElement(using: &generator)! }
            #expect(outcomes(bytes, byteWise: false) == outcomes(bytes, byteWise: true), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    /// A text saved as Latin-1 is refused by the line of the first byte after the header
    /// that is not UTF-8, whether or not the header holds one (whose line is for the
    /// reader of each format to judge).
    @Test func textInAnotherEncodingIsRefusedByItsLineWhateverTheHeaderHolds() {
        let body = Array("\n2026-03-02,50,Legs\n2026-03-04,55,Entra".utf8) + [0xEE] + Array("nement\n".utf8)
        for header in [Array("Date,Duration,Title".utf8), Array("Date,Dur".utf8) + [0xE9] + Array("e,Title".utf8)] {
            for byteWise in [false, true] {
                #expect(outcomes(header + body, byteWise: byteWise).first?.contains("line 3: not UTF-8 text") == true)
            }
        }
        let headerOnly = Array("Date,Dur".utf8) + [0xE9] + Array("e,Title\n2026-03-02,50,Legs\n".utf8)
        #expect(outcomes(headerOnly, byteWise: false).count == 2, "the rows read; the header is the format's to judge")
    }

    @Test func anExportsRecordsAreTheirFields() throws {
        let text = "Date,Name,Note\r\n2026-04-24 09:40:00,\"Bench, Press\",\"two\nlines\"\r\n\r\n2026-04-25 09:40:00,Row,\r\nlast,\"\",x"
        var reader = try CSVTable.Reader(bytes: Array(text.utf8))
        #expect(reader.header == ["Date", "Name", "Note"])
        #expect(try reader.next() == CSVTable.Record(line: 2, fields: ["2026-04-24 09:40:00", "Bench, Press", "two\nlines"]))
        #expect(try reader.next() == CSVTable.Record(line: 5, fields: ["2026-04-25 09:40:00", "Row", ""]))
        #expect(try reader.next() == CSVTable.Record(line: 6, fields: ["last", "", "x"]))
        #expect(try reader.next() == nil)
    }

    /// A row of more fields than the header is refused with how many it has, and keeps
    /// no more of them than the header names: read in place or byte by byte (a quoted
    /// field), the reading goes on with the next row. A header of more fields than an
    /// export has is no export.
    @Test func aRowOfManyFieldsIsCountedNotKept() throws {
        let extra = 200_000
        for row in [String(repeating: ",", count: extra), "\"q\"" + String(repeating: ",", count: extra)] {
            let text = "Date,Name\n" + row + "\n2026-04-24,Row\n"
            for byteWise in [false, true] {
                var reader = try CSVTable.Reader(bytes: Array(text.utf8), byteWise: byteWise)
                #expect(throws: CSVTable.Failure(line: 2, message: "\(extra + 1) fields where the header has 2")) { try reader.next() }
                #expect(try reader.next() == CSVTable.Record(line: 3, fields: ["2026-04-24", "Row"]))
                // Counted, not kept: the record holds the header's number of fields.
                var again = try CSVTable.Reader(bytes: Array(text.utf8), byteWise: byteWise)
                let record = try #require(try again.nextRecord())
                #expect(record.count == extra + 1 && record.ranges.count == 2, "\(record.count) \(record.ranges.count)")
            }
        }
        let limit = CSVTable.Reader.headerFieldLimit
        #expect(throws: CSVTable.Failure(line: 1, message: "a header of \(limit + 1) fields, where an export has at most \(limit)")) {
            try CSVTable.Reader(bytes: Array((String(repeating: "a,", count: limit) + "a\n1").utf8))
        }
    }

    /// A lone quote in a quoted note (`"24" box"`) ends the field early: what follows
    /// it was read as more of the note, so the note was garbled in silence, and a lone
    /// quote at a field's end (`"24""`) opened a field running across rows. Text after
    /// a closing quote is refused by its line and field instead, read in place or byte
    /// by byte, and the reading goes on with the next row.
    @Test func textAfterAClosingQuoteIsRefusedNotSwallowed() throws {
        let text = """
            "title","exercise_notes","reps"
            "Legs","jump onto the 24" box",5
            "Legs","knees out",6
            "Legs","step down from 24" box",7
            "Legs","",8

            """
        for byteWise in [false, true] {
            var reader = try CSVTable.Reader(bytes: Array(text.utf8), byteWise: byteWise)
            #expect(throws: CSVTable.Failure(line: 2, message: "the \"exercise_notes\" field has text after its closing quote; a quote inside a quoted field is written twice (\"\")")) {
                try reader.next()
            }
            #expect(try reader.next() == CSVTable.Record(line: 3, fields: ["Legs", "knees out", "6"]))
            #expect(throws: CSVTable.Failure.self) { try reader.next() }
            #expect(try reader.next() == CSVTable.Record(line: 5, fields: ["Legs", "", "8"]))
            #expect(try reader.next() == nil)
        }
        // A second quoted run after the first ("x" "y") is text after it too.
        for byteWise in [false, true] {
            var reopened = try CSVTable.Reader(bytes: Array("a,b\n\"x\" \"y\",z\n".utf8), byteWise: byteWise)
            #expect(throws: CSVTable.Failure.self) { try reopened.next() }
        }
        // Spaces after the closing quote are no text (kept, as before); a doubled quote
        // is a quote.
        var reader = try CSVTable.Reader(bytes: Array("a,b\n\"x\"  ,\"say \"\"hi\"\"\"\n".utf8))
        #expect(try reader.next() == CSVTable.Record(line: 2, fields: ["x  ", "say \"hi\""]))
    }
}
