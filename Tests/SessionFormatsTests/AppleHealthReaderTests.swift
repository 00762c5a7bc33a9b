import Foundation
import SessionCore
import TestSupport
import Testing

@testable import SessionFormats

/// export.xml through libexpat (`ExpatStream`): the same outcome in pieces of any size;
/// what is not well-formed refused on its line; a token over a mebibyte, nesting past
/// the depth limit and a parser that would hold too much refused at their place; the
/// document type's entities read, their expansion bounded and no external one read.
@Suite struct AppleHealthReaderTests {
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

    /// `bytes` read in pieces of `piece` bytes: the reader, or its refusal.
    static func read(_ bytes: [UInt8], piece: Int) -> Result<AppleHealthReader, AppleHealthReader.Failure> {
        do throws(AppleHealthReader.Failure) {
            let reader = try AppleHealthReader()
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + piece, bytes.count)
                try bytes[offset..<end].withUnsafeBytes { piece in Result { () throws(AppleHealthReader.Failure) in try reader.feed(piece) } }.get()
                offset = end
            }
            try reader.finish()
            return .success(reader)
        } catch {
            return .failure(error)
        }
    }

    /// What a read came to, as text to compare: counts, daily values, workouts; or the place refused.
    static func outcome(_ bytes: [UInt8], piece: Int) -> String {
        switch read(bytes, piece: piece) {
        case .success(let reader):
            var days = reader.days
            let values = (try? days.days()).map { $0.map { "\($0.type) \($0.date) \($0.value) \($0.source)" } } ?? ["overflow"]
            return "\(reader.records) records, \(reader.kept) kept: \(values.joined(separator: "; ")) \(reader.workouts.map { "\($0)" }.joined(separator: "; "))"
        case .failure(let failure):
            return "refused at line \(failure.line), column \(failure.column): \(failure.message)"
        }
    }

    @Test func aDocumentReadsAlikeInPiecesOfAnySize() throws {
        let document = Array(Self.document.utf8)
        let whole = Self.outcome(document, piece: document.count)
        #expect(whole.hasPrefix("5 records, 4 kept"), "\(whole)")
        for name in ["Jörg's iPhone", "Scale A", "Watch of Ana Lopez", "Watch"] { #expect(whole.contains(name), "references and line breaks decoded: \(whole)") }
        #expect(whole.contains("restingHeartRate 2026-11-24 54.0"), "0.9 a second is 54 a minute: \(whole)")
        for piece in [1, 2, 3, 7, 13, 64, 1000] { #expect(Self.outcome(document, piece: piece) == whole, "pieces of \(piece)") }
    }

    @Test(.enabled(if: Fixtures.sharedExamplesPresent, "needs the example files of ../shared/examples")) func theSharedSampleReadsAlikeInPieces() throws {
        let sample = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.examplesDirectory + "/health/apple-health-export-sample.xml")))
        let sampleWhole = Self.outcome(sample, piece: sample.count)
        #expect(!sampleWhole.hasPrefix("refused"), "\(sampleWhole)")
        for piece in [1, 9, 4096] { #expect(Self.outcome(sample, piece: piece) == sampleWhole, "the shared sample in pieces of \(piece)") }
    }

    /// The document type's entities and attribute defaults are read.
    @Test func theDocumentTypesEntitiesAndDefaultsAreRead() {
        let declared = Self.document
            .replacingOccurrences(of: "<!ATTLIST Record", with: "<!ENTITY watch \"Apple Watch\">\n<!ATTLIST Record\n  unit CDATA \"count/min\"")
            .replacingOccurrences(of: #"sourceName="Watch" unit="count/s""#, with: #"sourceName="&watch;""#)
            .replacingOccurrences(of: #"value="0.9""#, with: #"value="54""#)
        let outcome = Self.outcome(Array(declared.utf8), piece: 5)
        // 54 a second would be no heart rate at all, left out.
        #expect(outcome.contains("restingHeartRate 2026-11-24 54.0 Apple Watch"), "the entity and the default unit (count/min, not count/s): \(outcome)")
    }

    /// A time is read with its offset from UTC, the 2015 exports' form too; an offset
    /// that is no offset (past a day, minutes past 59, not digits) makes it no time, so
    /// its record is refused by its place rather than dated days away.
    @Test func aTimeIsReadWithAnOffsetWithinADay() {
        // 2024-03-02 07:10 at +01:30 is 05:40 UTC, worked out by hand.
        let utc = (19_784 * 86_400 + 5 * 3600 + 40 * 60) * 1000
        #expect(AppleHealthReader.time("2024-03-02 07:10:00 +0130")?.ms == Int64(utc))
        #expect(AppleHealthReader.time("20240302071000+0130")?.ms == Int64(utc))
        #expect(AppleHealthReader.time("2024-03-02 07:10:00 -2359")?.ms == Int64(utc + (25 * 3600 + 29 * 60) * 1000))
        for zone in ["+9999", "+2400", "-0060", "++100", "+1 00", "+01:0", "+0a00"] {
            #expect(AppleHealthReader.time("2024-03-02 07:10:00 " + zone) == nil, "\(zone)")
        }
    }

    /// A night across a change of clocks lasts the hours slept, as the two offsets tell
    /// them, not the wall clock's: 23:00 summer time to 07:00 winter time is nine hours
    /// (the clocks went back), 23:00 winter to 07:00 summer time seven (forward); each
    /// counts for the day of waking as written.
    @Test func aNightAcrossAChangeOfClocksLastsTheHoursSlept() throws {
        let nights = [("2026-10-24 23:00:00 +0200", "2026-10-25 07:00:00 +0100", "2026-10-25"),
                      ("2026-09-26 23:00:00 +1200", "2026-09-27 07:00:00 +1300", "2026-09-27")]
        let records = nights.map { #"<Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="\#($0.0)" endDate="\#($0.1)" value="HKCategoryValueSleepAnalysisAsleepCore"/>"# }
        let document = "<?xml version=\"1.0\"?>\n<HealthData>\n" + records.joined(separator: "\n") + "\n</HealthData>\n"
        let reader = try Self.read(Array(document.utf8), piece: 4096).get()
        var days = reader.days
        let values = try days.days()
        // Each night's length from its text: the wall-clock hours less the change of offset.
        let expected = nights.map { night -> String in
            func parts(_ text: String) -> (hour: Int, offset: Int) { (Int(text.dropFirst(11).prefix(2))!, Int(text.suffix(4).prefix(2))!) }
            let (start, end) = (parts(night.0), parts(night.1))
            let hours = (24 - start.hour + end.hour) - (end.offset - start.offset)
            return "sleepHours \(night.2) \(Double(hours))"
        }
        #expect(values.map { "\($0.type) \($0.date) \($0.value)" }.sorted() == expected.sorted(), "\(values)")
        #expect(expected.sorted() == ["sleepHours 2026-09-27 7.0", "sleepHours 2026-10-25 9.0"])
    }

    /// Each way of not being well-formed, planted on a line of the document's body: refused
    /// there, in pieces of any size.
    @Test func whatIsNotWellFormedIsRefusedOnItsLine() {
        let plants: [(String, String)] = [
            ("a mismatched end tag", "<a><b></a></b>"), ("an end tag closing nothing open", "</Other>"), ("a < in a value", #"<a b="1<2"/>"#),
            ("an undefined entity", #"<a b="&nbsp;"/>"#), ("an undefined entity in text", "<a>&nbsp;</a>"), ("a bare &", #"<a b="this & that"/>"#),
            ("a reference without ;", #"<a b="&amp"/>"#), ("an attribute twice", #"<a b="1" c="2" b="3"/>"#),
            ("attributes without space between", #"<a b="1"c="2"/>"#), ("an unquoted value", "<a b=1/>"), ("an attribute without a value", "<a b/>"),
            ("a control character in a value", "<a b=\"\u{1}\"/>"), ("a reference to NUL", #"<a b="&#0;"/>"#), ("a reference to U+FFFE", "<a>&#xFFFE;</a>"),
            ("a reference past Unicode", "<a>&#x110000;</a>"), ("]]> in text", "<a>x]]>y</a>"), ("-- in a comment", "<!-- a -- b -->"),
            ("an XML declaration in the body", #"<?xml version="1.0"?>"#), ("a document type in the body", "<!DOCTYPE x>"),
            ("a name starting with a digit", "<1a/>"), ("a / not before >", "<a / >"), ("an end tag with an attribute", "<a></a b=\"1\">"),
        ]
        for (what, plant) in plants {
            let planted = Self.document.replacingOccurrences(of: " <?health-note", with: " " + plant + "\n <?health-note")
            let line = planted.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(plant) }.map { $0 + 1 } ?? 0
            for piece in [1, 7, 4096] {
                let outcome = Self.outcome(Array(planted.utf8), piece: piece)
                #expect(outcome.hasPrefix("refused at line \(line),") && outcome.contains("not well-formed XML"), "\(what), pieces of \(piece): \(outcome)")
            }
        }
        let body = Array(Self.document.utf8)
        #expect(Self.outcome(Array(body[..<(body.count - 40)]), piece: 4096).contains("not well-formed"), "a document cut short")
        #expect(Self.outcome(body + Array("<a/>".utf8), piece: 4096).contains("not well-formed"), "a second root")
    }

    /// A document of `token` alone in the root, `indent` spaces into line 3.
    static func around(_ token: String, indent: Int = 1) -> [UInt8] {
        Array(("<?xml version=\"1.0\"?>\n<HealthData>\n" + String(repeating: " ", count: indent) + token + "\n</HealthData>\n").utf8)
    }

    /// A token longer than a mebibyte is refused at its line and column, whatever it is;
    /// text that long is passed over as it comes.
    @Test func aTokenOverAMebibyteIsRefusedAtItsPlace() {
        let long = String(repeating: "x", count: ExpatStream.tokenLimit + 100)
        let attributes = (0..<120_000).map { "a\($0)=\"1\"" }.joined(separator: " ")
        for (what, token, word) in [
            ("an attribute value", "<Record type=\"\(long)\"/>", "a tag"), ("a start tag of many attributes", "<Record \(attributes)/>", "a tag"),
            ("a comment", "<!--\(long)-->", "a comment"), ("a processing instruction", "<?note \(long)?>", "a processing instruction"),
            ("an end tag", "<a></a\(long)>", "an end tag"),
        ] {
            for piece in [ExpatStream.pieceBytes, 1 << 20, 1 << 22] {
                let outcome = Self.outcome(Self.around(token, indent: 3), piece: piece)
                let column = what == "an end tag" ? 7 : 4
                #expect(outcome.hasPrefix("refused at line 3, column \(column): \(word) longer than 1 MiB"), "\(what), pieces of \(piece): \(outcome.prefix(200))")
            }
        }
        // A tag of exactly the limit is read; one byte more is refused.
        let exact = "<Record type=\"" + String(repeating: "x", count: ExpatStream.tokenLimit - 17) + "\"/>"
        #expect(Self.outcome(Self.around(exact), piece: 1 << 16).hasPrefix("1 records"))
        #expect(Self.outcome(Self.around(exact.replacingOccurrences(of: "\"/>", with: "x\"/>")), piece: 1 << 16).hasPrefix("refused at line 3, column 2: a tag"))
        // Under the limit: 65,536 attributes of one tag are read, and a long text is no token.
        let many = (0..<65_536).map { "a\($0)=\"1\"" }.joined(separator: " ")
        #expect(Self.outcome(Self.around("<Record \(many)/>"), piece: 4096).hasPrefix("1 records"))
        #expect(Self.outcome(Self.around("<Note>" + String(repeating: "text ", count: 1 << 20) + "</Note>"), piece: 1 << 16).hasPrefix("0 records"))
    }

    /// Elements nested past the limit are refused at the start tag that passes it.
    @Test func nestingPastTheLimitIsRefusedAtItsPlace() {
        let open = String(repeating: "<a>", count: 100_000)
        let outcome = Self.outcome(Self.around(open + String(repeating: "</a>", count: 100_000), indent: 0), piece: 4096)
        // The root is the first level: the limit's last <a> is one past it.
        let column = 3 * (ExpatStream.depthLimit - 1) + 1
        #expect(outcome.hasPrefix("refused at line 3, column \(column): elements nested more than \(ExpatStream.depthLimit) deep"), "\(outcome.prefix(200))")
        let deepEnough = String(repeating: "<a>", count: ExpatStream.depthLimit - 1) + String(repeating: "</a>", count: ExpatStream.depthLimit - 1)
        #expect(Self.outcome(Self.around(deepEnough), piece: 4096).hasPrefix("0 records"))
    }

    /// Names by the hundred thousand (each kept by libexpat), entities' expansion and
    /// external entities: bounded, refused or not read.
    @Test func whatLibexpatWouldHoldOrExpandIsBounded() {
        // 200 tags of 5,000 attribute names each, all different: over the parser's memory.
        var names = ""
        for tag in 0..<200 { names += "<Note " + (0..<5_000).map { "n\(tag)x\($0)=\"\"" }.joined(separator: " ") + "/>\n" }
        let outcome = Self.outcome(Self.around(names), piece: 1 << 16)
        #expect(outcome.hasPrefix("refused at line ") && outcome.contains("more than \(ExpatStream.memoryLimit >> 20) MiB"), "\(outcome.prefix(300))")
        // A billion laughs: libexpat's protection refuses the expansion.
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n<!ENTITY l0 \"ha\">\n"
        for level in 1...12 { laughs += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">\n" }
        laughs += "]>\n<HealthData><Record type=\"&l12;\"/></HealthData>\n"
        let laughed = Self.outcome(Array(laughs.utf8), piece: 4096)
        #expect(laughed.hasPrefix("refused at line ") && laughed.contains("amplification"), "\(laughed.prefix(300))")
        // An external entity is not read: in a value it is an error, in text passed over.
        let external = "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n<!ENTITY secret SYSTEM \"file:///etc/hostname\">\n]>\n<HealthData>"
        let inValue = Self.outcome(Array((external + "<Record sourceName=\"&secret;\"/></HealthData>\n").utf8), piece: 4096)
        #expect(inValue.hasPrefix("refused at line 5") && inValue.contains("external entity"), "\(inValue)")
        #expect(Self.outcome(Array((external + "<Note>&secret;</Note></HealthData>\n").utf8), piece: 4096).hasPrefix("0 records"))
    }

    /// A day of records in the hundreds of thousands holds one daily value, not the records.
    @Test func aDayOfManyRecordsHoldsOneValue() throws {
        let reader = try AppleHealthReader()
        let head = Array("<?xml version=\"1.0\"?>\n<HealthData>\n".utf8)
        try reader.feed(head, count: head.count)
        let records = 200_000
        var chunk: [UInt8] = []
        for index in 0..<records {
            chunk += Array(#"<Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2026-11-24 08:00:00 +0100" endDate="2026-11-24 08:\#(10 + index % 50):00 +0100" value="\#(20 + index % 60)"/>"#.utf8) + [0x0A]
            if chunk.count > 1 << 16 || index == records - 1 {
                try reader.feed(chunk, count: chunk.count)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        let tail = Array("</HealthData>\n".utf8)
        try reader.feed(tail, count: tail.count)
        try reader.finish()
        #expect(reader.records == records && reader.kept == records)
        #expect(reader.days.retained == 1, "held: \(reader.days.retained)")
        var days = reader.days
        let values = try days.days()
        // The last to end: 08:59, written by the records whose index is 49 modulo 50.
        let lastIndex: Int = (0..<records).last { $0 % 50 == 49 } ?? 0
        let last = Double(20 + lastIndex % 60)
        #expect(values.count == 1 && values.first?.value == last, "\(values)")
    }
}
