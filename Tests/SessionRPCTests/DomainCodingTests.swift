import JSON
import SessionCore
import SessionRPC
import Testing
import TestSupport

/// The domain's types as the wire carries them (SessionRPC/Coding): read back as
/// written, and the domain's own number text the same as the wire's.
@Suite struct DomainCodingTests {
    /// A summary's sets per muscle group, written as the daemon replies and read back.
    @Test func aSummarysMusclesReadBackAsWritten() throws {
        var summary = WeeklySummary()
        summary.muscles = [MuscleSets(muscle: .chest, sets: 3.5, previous: 1), MuscleSets(muscle: .quads, sets: 0, previous: 4)]
        var writer = JSONWriter()
        writer.object { summary.encodeMembers(to: &$0) }
        let json = try JSONParser.parse(String(decoding: writer.bytes, as: UTF8.self))
        let muscles = try #require(json["muscles"]?.arrayValue)
        #expect(muscles.map { $0["muscle"]?.stringValue } == ["chest", "quads"])
        #expect(muscles.map { $0["previousSets"]?.numberValue } == [1, 4])
        #expect(try WeeklySummary(reader: JSONReader(json)).muscles == summary.muscles)
    }

    /// A plan's day read from the wire without its date is refused at the member's path.
    @Test func aPlanDayWithoutADateIsRefusedAtItsPath() throws {
        let json = try JSONParser.parse(#"{"day": "Monday", "title": "Push", "rest": false, "warmup": [], "exercises": []}"#)
        #expect(throws: JSONReadError.self) { try PlanDay(json: json) }
        let dated = try JSONParser.parse(#"{"date": "2026-11-30", "day": "Monday", "title": "Push", "rest": false, "warmup": [], "exercises": []}"#)
        #expect(try PlanDay(json: dated).date == LocalDate("2026-11-30"))
    }

    /// `NumberText` (the terminal's and the prompt's numbers) writes the digits the JSON
    /// writer does, for whole numbers, decimals, the edges of exact integers and random
    /// doubles of every magnitude.
    @Test func numberTextWritesTheJSONWritersDigits() {
        var values: [Double] = [0, -0.0, 1, -1, 7.5, 22.5, 0.1 + 0.2, 1.0 / 3, 0.001, 1e-5, 123_456.789, 1e16, -2.5e-300,
                                9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_994, 1.7976931348623157e308]
        var generator = SplitMix(seed: 2026)
        for _ in 0..<2_000 {
            values.append(Double(bitPattern: generator.next()))
            values.append(Double(Int64.random(in: -1_000_000...1_000_000, using: &generator)) / 1_000)
        }
        for value in values where value.isFinite {
            #expect(NumberText.format(value) == JSONValue.format(number: value), "\(value)")
        }
    }
}
