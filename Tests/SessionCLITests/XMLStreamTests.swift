import Foundation
import TestSupport
import Testing

@testable import SessionCLI

/// `XMLStream`, the reader of export.xml past its document type, against libexpat on the
/// same bytes: what one reads the other reads alike, in pieces of any size, and what one
/// refuses as not well-formed the other refuses too, on the same line.
@Suite struct XMLStreamTests {
    /// A document like the Health app's: a document type with attribute lists, records kept
    /// and not, references, a value over two lines, single quotes, non-ASCII, a workout with
    /// statistics, a comment, a processing instruction and a CDATA section.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 13 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Workout)*)>
        <!ATTLIST Record
          type          CDATA #REQUIRED
          value         CDATA #IMPLIED
        >
        ]>
        <HealthData locale="en_GB">
         <!-- exported - by the Health app -->
         <ExportDate value="2026-11-30 07:00:00 +0100"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Jörg&apos;s iPhone" device="&lt;&lt;HKDevice: 0x1&gt;, name:iPhone&gt;" unit="count" startDate="2026-11-23 09:00:00 +0100" endDate="2026-11-23 09:10:00 +0100" value="800"/>
         <Record type='HKQuantityTypeIdentifierBodyMass' sourceName="Scale&#x20;&#65;" unit="kg" startDate="2026-11-24 07:00:00 +0100" endDate="2026-11-24 07:00:00 +0100" value="81.5">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch
        of Ana	Lopez" startDate="2026-11-23 23:00:00 +0100" endDate="2026-11-24 06:30:00 +0100" value="HKCategoryValueSleepAnalysisAsleepCore"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-11-24 08:00:00 +0100" endDate="2026-11-24 08:00:00 +0100" value="61"/>
         <Record type="HKQuantityTypeIdentifierRestingHeartRate" sourceName="Watch" unit="count/s" startDate="2026-11-24 08:00:00 +0100" endDate="2026-11-24 08:00:00 +0100" value="0.9" />
         <?health-note kept as it is?>
         <Workout workoutActivityType="HKWorkoutActivityTypeTraditionalStrengthTraining" duration="60" durationUnit="min" startDate="2026-11-24 18:00:00 +0100" endDate="2026-11-24 19:00:00 +0100">
          <WorkoutEvent type="pause" date="2026-11-24 18:30:00 +0100"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" average="120" maximum="160" unit="count/min"/>
          <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" sum="300" unit="kcal"/>
         </Workout>
         <Note><![CDATA[a <b> & c ]] >]]>text &amp; more &#xE9;</Note >
        </HealthData>
        <!-- after the root -->

        """

    enum Outcome: Equatable, CustomStringConvertible {
        case read(String)
        case refused(line: Int, wellFormedness: Bool)

        var description: String {
            switch self {
            case .read(let summary): "read \(summary)"
            case .refused(let line, let wellFormedness): "refused at line \(line)\(wellFormedness ? " (not well-formed)" : "")"
            }
        }
    }

    /// `bytes` read in pieces of `piece` bytes, by `XMLStream` past the prolog or by
    /// libexpat alone.
    static func read(_ bytes: [UInt8], scanning: Bool, piece: Int) -> Outcome {
        do {
            let reader = try AppleHealthReader(scanning: scanning)
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + piece, bytes.count)
                try bytes[offset..<end].withUnsafeBytes { piece in Result { () throws(AppleHealthReader.Failure) in try reader.feed(piece) } }.get()
                offset = end
            }
            try reader.finish()
            let samples = reader.samples.map { "\($0)" }.sorted()
            return .read("\(reader.records) records, \(reader.kept) kept: \(samples) \(reader.workouts.map { "\($0)" })")
        } catch {
            return .refused(line: error.line, wellFormedness: error.message.hasPrefix("not well-formed XML"))
        }
    }

    static func expectAlike(_ bytes: [UInt8], _ what: String, pieces: [Int]) {
        let expat = read(bytes, scanning: false, piece: bytes.count + 1)
        for piece in pieces {
            let scanned = read(bytes, scanning: true, piece: piece)
            #expect(alike(scanned, expat, lines: bytes.count { $0 == 0x0A } + 1), "\(what), pieces of \(piece): XMLStream \(scanned), libexpat \(expat)")
        }
    }

    /// The same outcome; where libexpat refuses a document that ends inside a construct (at
    /// its last line), XMLStream names the line that construct opens on instead.
    static func alike(_ scanned: Outcome, _ expat: Outcome, lines: Int) -> Bool {
        if case .refused(let line, let wellFormed) = expat, case .refused(let at, let too) = scanned, wellFormed && too, line >= lines - 1 {
            return at <= line
        }
        return scanned == expat
    }

    @Test func wellFormedDocumentsReadAsLibexpatReadsThemInPiecesOfAnySize() throws {
        let document = Array(Self.document.utf8)
        let expat = Self.read(document, scanning: false, piece: document.count)
        guard case .read(let summary) = expat else {
            Issue.record("libexpat refused the document: \(expat)")
            return
        }
        #expect(summary.hasPrefix("5 records, 4 kept"), "\(summary)")
        let reader = try AppleHealthReader()
        try document.withUnsafeBytes { all in Result { () throws(AppleHealthReader.Failure) in try reader.feed(all) } }.get()
        try reader.finish()
        #expect(Set(reader.samples.map(\.source)) == ["Jörg's iPhone", "Scale A", "Watch of Ana Lopez", "Watch"], "references and line breaks decoded")
        Self.expectAlike(document, "the document", pieces: [1, 2, 3, 5, 7, 13, 64, 1000, document.count])
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func theSharedSampleReadsAsLibexpatReadsIt() throws {
        let sample = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.examplesDirectory + "/health/apple-health-export-sample.xml")))
        Self.expectAlike(sample, "the shared sample", pieces: [1, 9, 4096, sample.count])
    }

    /// What XMLStream does not know, the document type's entities and attribute defaults, is
    /// libexpat's to read to the end; so is a prolog longer than a mebibyte.
    @Test func aDocumentTypeThatDeclaresMoreIsReadByLibexpat() throws {
        let declared = Self.document
            .replacingOccurrences(of: "<!ATTLIST Record", with: "<!ENTITY watch \"Apple Watch\">\n<!ATTLIST Record\n  unit CDATA \"count/min\"")
            .replacingOccurrences(of: #"sourceName="Watch" unit="count/s""#, with: #"sourceName="&watch;""#)
            .replacingOccurrences(of: #"value="0.9""#, with: #"value="54""#)
        let reader = try AppleHealthReader()
        try Array(declared.utf8).withUnsafeBytes { all in Result { () throws(AppleHealthReader.Failure) in try reader.feed(all) } }.get()
        try reader.finish()
        let resting = reader.samples.first { $0.kind == .restingHeartRate }
        // 54 a second would be no heart rate at all, left out.
        #expect(resting?.source == "Apple Watch" && resting?.value == 54, "the entity and the default unit (count/min, not count/s): \(String(describing: resting))")
        Self.expectAlike(Array(declared.utf8), "entities and defaults", pieces: [1, 4096])
        let long = Self.document.replacingOccurrences(of: "<!-- HealthKit Export Version: 13 -->", with: "<!--" + String(repeating: " padding", count: 140_000) + "-->")
        Self.expectAlike(Array(long.utf8), "a long prolog", pieces: [65_536])
        let broken = long.replacingOccurrences(of: "</Workout>", with: "</Workou>")
        Self.expectAlike(Array(broken.utf8), "a long prolog, then a mismatched tag", pieces: [65_536])
    }

    /// Each way of not being well-formed, planted in the document's body: refused by both,
    /// on the same line.
    @Test func whatLibexpatRefusesIsRefusedOnTheSameLine() {
        let record = #"<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-11-24 08:00:00 +0100" endDate="2026-11-24 08:00:00 +0100" value="61"/>"#
        let plants: [(String, String)] = [
            ("a mismatched end tag", "<a><b></a></b>"),
            ("an end tag closing nothing open", "</Other>"),
            ("a < in a value", #"<a b="1<2"/>"#),
            ("an undefined entity", #"<a b="&nbsp;"/>"#),
            ("an undefined entity in text", "<a>&nbsp;</a>"),
            ("a bare &", #"<a b="this & that"/>"#),
            ("a reference without ;", #"<a b="&amp"/>"#),
            ("an attribute twice", #"<a b="1" c="2" b="3"/>"#),
            ("attributes without space between", #"<a b="1"c="2"/>"#),
            ("an unquoted value", "<a b=1/>"),
            ("an attribute without a value", "<a b/>"),
            ("a control character in a value", "<a b=\"\u{1}\"/>"),
            ("a reference to NUL", #"<a b="&#0;"/>"#),
            ("a reference to U+FFFE", "<a>&#xFFFE;</a>"),
            ("a reference past Unicode", "<a>&#x110000;</a>"),
            ("]]> in text", "<a>x]]>y</a>"),
            ("-- in a comment", "<!-- a -- b -->"),
            ("a comment ending --->", "<!-- a --->"),
            ("an XML declaration in the body", #"<?xml version="1.0"?>"#),
            ("a document type in the body", "<!DOCTYPE x>"),
            ("a name starting with a digit", "<1a/>"),
            ("a / not before >", "<a / >"),
            ("an end tag with an attribute", "<a></a b=\"1\">"),
            ("an unclosed CDATA", "<a><![CDATA[x</a>"),
            ("a record cut in two", String(record.prefix(60)) + "\n" + record),
        ]
        let document = Self.document
        for (what, plant) in plants {
            let planted = document.replacingOccurrences(of: " <?health-note", with: " " + plant + "\n <?health-note")
            Self.expectAlike(Array(planted.utf8), what, pieces: [1, 7, 4096])
            if case .read = Self.read(Array(planted.utf8), scanning: false, piece: 1 << 20) { Issue.record("libexpat read \(what)") }
        }
        let bytes: [(String, [UInt8])] = [
            ("a byte that is not UTF-8", [0xFF]), ("an overlong UTF-8 /", [0xC0, 0xAF]), ("a UTF-8 surrogate", [0xED, 0xA0, 0x80]),
            ("U+FFFF as UTF-8", [0xEF, 0xBF, 0xBF]), ("a lead byte alone", [0xC3, 0x20]), ("a NUL byte", [0x00]),
        ]
        let body = Array(document.utf8)
        let at = body.indices.first { body[$0...].starts(with: Array("Watch\" unit=\"count/min\"".utf8)) }!
        for (what, planted) in bytes {
            Self.expectAlike(Array(body[..<at]) + planted + Array(body[at...]), what + " in a value", pieces: [1, 5, 4096])
            let text = body.indices.first { body[$0...].starts(with: Array("text &amp;".utf8)) }!
            Self.expectAlike(Array(body[..<text]) + planted + Array(body[text...]), what + " in text", pieces: [1, 5, 4096])
        }
        let cut = Array(body[..<(body.count - 40)])
        Self.expectAlike(cut, "a document cut short", pieces: [1, 4096])
        Self.expectAlike(body + Array("<a/>".utf8), "a second root", pieces: [1, 4096])
        Self.expectAlike(body + Array("text".utf8), "text after the root", pieces: [1, 4096])
    }

    /// A thousand documents, each the first with a byte removed, a byte of XML's syntax put
    /// in, or a run repeated, at a place a seeded generator picks: XMLStream and libexpat
    /// agree on each.
    @Test func mutatedDocumentsAreReadOrRefusedAlike() {
        let document = Array(Self.document.utf8)
        let start = document.indices.first { document[$0...].starts(with: Array("<HealthData".utf8)) }!
        let inserts: [UInt8] = Array("<>&\"'/=];#?!- x".utf8) + [0x09, 0x0A, 0x01, 0xC3, 0xA9, 0xFF]
        var generator = SplitMix(seed: 0x5E55_10D0)
        var refused = 0
        for round in 0..<1000 {
            var bytes = document
            let place = start + Int(generator.next() % UInt64(document.count - start))
            switch round % 3 {
            case 0: bytes.remove(at: min(place, bytes.count - 1))
            case 1: bytes.insert(inserts[Int(generator.next() % UInt64(inserts.count))], at: place)
            default: bytes.insert(contentsOf: document[place..<min(place + 1 + Int(generator.next() % 12), document.count)], at: place)
            }
            let piece = [1, 3, 64, 4096][round % 4]
            let expat = Self.read(bytes, scanning: false, piece: bytes.count + 1)
            let scanned = Self.read(bytes, scanning: true, piece: piece)
            if case .refused = expat { refused += 1 }
            #expect(Self.alike(scanned, expat, lines: bytes.count { $0 == 0x0A } + 1), "mutation \(round) at byte \(place), pieces of \(piece): XMLStream \(scanned), libexpat \(expat): \(String(decoding: bytes[max(0, place - 80)..<min(bytes.count, place + 80)], as: UTF8.self).debugDescription)")
        }
        #expect(refused > 300, "most mutations break the document: \(refused)")
    }
}

/// A seeded generator (SplitMix64), so that a failing mutation can be found again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
