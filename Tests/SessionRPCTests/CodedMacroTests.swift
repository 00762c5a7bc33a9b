import JSON
import SessionCore
import Testing

@testable import SessionRPC

/// Types declared with `@Coded`, as a contract declares its result: the members the
/// macro writes are written, read back and documented as hand-written `code(_:)`s were.
@Suite struct CodedMacroTests {
    @Coded
    struct Part: CodedObject, Equatable {
        var name = ""
    }

    @Coded
    struct Probe: CodedObject, Equatable {
        var sessionID: Int64 = 0
        var plannedExerciseID: Int64?
        var kind = SetKind.normal
        var part = Part()
        var parts: [Part] = []
        var date = LocalDate(daysSinceEpoch: 0)
        @Member(.number, places: 1) var volumeKg = 0.0
        @Member(.omitted) var note: String?
        @Member(key: "tags") var labels: [String] = []
        @Member(.timestamp) var at = ""
    }

    private let probe = Probe {
        $0.sessionID = 4
        $0.kind = .warmup
        $0.part = Part { $0.name = "a" }
        $0.parts = [Part { $0.name = "b" }]
        $0.date = LocalDate(year: 2026, month: 11, day: 30)!
        $0.volumeKg = 12.34
        $0.labels = ["x"]
        $0.at = "2026-11-30T18:05:00+01:00"
    }

    @Test func eachMemberIsWrittenByItsTypesCodingInDeclaredOrder() {
        let text = String(decoding: probe.jsonBytes, as: UTF8.self)
        #expect(text == #"{"sessionId":4,"plannedExerciseId":null,"kind":"warmup","part":{"name":"a"},"parts":[{"name":"b"}],"date":"2026-11-30","volumeKg":12.3,"tags":["x"],"at":"2026-11-30T18:05:00+01:00"}"#)
    }

    @Test func whatIsWrittenReadsBackAsItWasWritten() throws {
        let read = try Probe(json: JSONParser.parse(bytes: probe.jsonBytes))
        var expected = probe
        expected.volumeKg = 12.3
        #expect(read == expected)
        var noted = probe
        noted.note = "felt easy"
        #expect(try Probe(json: JSONParser.parse(bytes: noted.jsonBytes)).note == "felt easy")
    }

    /// `probe` written, with `key`'s value replaced.
    private func probe(with key: String, _ value: JSONValue) throws -> JSONValue {
        guard case .object(let members) = try JSONParser.parse(bytes: probe.jsonBytes) else { return .null }
        return .object(members.map { (key: $0.key, value: $0.key == key ? value : $0.value) })
    }

    @Test func readingNamesTheMemberThatIsWrong() throws {
        #expect(throws: JSONReadError(path: "result.kind", expected: "one of normal, warmup, drop, failure")) {
            try Probe(json: probe(with: "kind", "sideways"))
        }
        let error = try #require(throws: JSONReadError.self) { try Probe(json: probe(with: "at", "yesterday")) }
        #expect(error.path == "result.at")
        #expect(throws: JSONReadError.self) { try Probe(json: probe(with: "sessionId", "4")) }
    }

    @Test func theSchemaListsTheSameMembersWithTheirTypes() throws {
        let schema = Probe.schema
        let properties = try #require(schema["properties"]?.objectPairs?.map(\.key))
        #expect(properties == ["sessionId", "plannedExerciseId", "kind", "part", "parts", "date", "volumeKg", "note", "tags", "at"])
        #expect(schema["properties"]?["kind"]?["enum"]?.arrayValue?.count == SetKind.allCases.count)
        #expect(schema["properties"]?["date"]?["format"] == "date")
        #expect(schema["required"]?.arrayValue?.contains("note") == false)
    }
}
