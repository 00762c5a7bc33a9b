import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

@testable import SessionMacrosPlugin

/// What the macros write for declarations as the sources write them, compared with
/// the code a person would have written by hand.
@Suite struct MacroExpansionTests {
    /// The members `macro` writes for the first type in `source`, one string each.
    private func expand(_ macro: any MemberMacro.Type, _ source: String) throws -> [String] {
        let file = Parser.parse(source: source)
        let declaration = try #require(file.statements.lazy.compactMap { $0.item.asProtocol(DeclGroupSyntax.self) }.first)
        let attribute = try #require(declaration.attributes.first?.as(AttributeSyntax.self))
        return try macro.expansion(of: attribute, providingMembersOf: declaration, conformingTo: [], in: BasicMacroExpansionContext())
            .map(\.description)
    }

    @Test func codedListsEveryStoredPropertyInOrderWithItsKeyAndCoding() throws {
        let members = try expand(CodedMacro.self, """
            @Coded
            public struct Result: CodedResult {
                public static let limit = 5
                public var setID: Int64 = 0
                /// A comment does not count.
                @Member(.timestamp) public var startedAt = ""
                @Member(.number, places: 2) public var averageRPE: Double?
                @Member(key: "planName") public var name = ""
                @Member(.objects, maxCount: Result.limit)
                public var items: [Item] = []
                public var computed: Int { 1 }
                public var observed = 0 { didSet {} }
                @Member(.members) public var summary = WeeklySummary()
            }
            """)
        #expect(members == [
            "public init() {}",
            """
            public mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {
            try coder.member("setId", &setID)
            try coder.timestamp("startedAt", &startedAt)
            try coder.number("averageRpe", &averageRPE, places: 2)
            try coder.member("planName", &name)
            try coder.objects("items", &items, maxCount: Result.limit)
            try coder.member("observed", &observed)
            try coder.members(&summary)
            }
            """,
        ])
    }

    @Test func codedKeepsABlankInitialiserTheTypeWrites() throws {
        let members = try expand(CodedMacro.self, """
            @Coded
            struct Payload {
                var count = 0
                init() { count = 1 }
            }
            """)
        #expect(members == ["mutating func code(_ coder: inout some ObjectCoder & ~Copyable) throws(JSONReadError) {\ntry coder.member(\"count\", &count)\n}"])
    }

    /// What it would leave off the wire without a word is refused.
    @Test func codedRefusesWhatItCannotListWhole() {
        #expect(throws: MacroError.self) { try expand(CodedMacro.self, "@Coded struct A { let id: Int64 }") }
        #expect(throws: MacroError.self) { try expand(CodedMacro.self, "@Coded enum A { case a }") }
        #expect(throws: MacroError.self) { try expand(CodedMacro.self, "@Coded struct A {\n#if DEBUG\nvar a = 0\n#endif\n}") }
        #expect(throws: MacroError.self) { try expand(CodedMacro.self, "@Coded struct A { var (a, b) = (0, 1) }") }
        #expect(throws: MacroError.self) { try expand(CodedMacro.self, "@Coded struct A { @Member(.members, key: \"x\") var a = B() }") }
    }

    @Test func codedParamsPassesEachParamsWordsAsWritten() throws {
        let members = try expand(CodedParamsMacro.self, """
            @CodedParams
            public struct Params: MethodParams {
                /// The session.
                @Param(.id, "default: the active session")
                public var sessionID: Int64?
                @Param(.string, maxLength: 40, transform: { $0.collapsingWhitespace() },
                       "the name (at most \\(40) characters)")
                public var name: String?
                @Param(.choice, HealthType.allCases.map(\\.rawValue), required: false, "one type")
                public var type: String?
            }
            """)
        #expect(members == [
            "public init() {}",
            """
            public mutating func code(_ coder: inout some ParamsCoder) {
            coder.id("sessionId", &sessionID, "default: the active session")
            coder.string("name", &name, maxLength: 40, transform: { $0.collapsingWhitespace() }, "the name (at most \\(40) characters)")
            coder.choice("type", &type, HealthType.allCases.map(\\.rawValue), required: false, "one type")
            }
            """,
        ])
    }

    @Test func codedParamsRefusesAParamWithoutItsCoding() {
        #expect(throws: MacroError.self) { try expand(CodedParamsMacro.self, "@CodedParams struct P { var limit: Int? }") }
    }

    @Test func wireKeysWriteRunsOfCapitalsAsWords() {
        let names = ["id", "setID", "setIDs", "plannedExerciseID", "averageRPE", "weightKg", "uid", "setIDCount", "lastHLCAt", "dayIDsByWeek", "isNew"]
        #expect(names.map(CodedMembers.wireKey)
            == ["id", "setId", "setIds", "plannedExerciseId", "averageRpe", "weightKg", "uid", "setIdCount", "lastHlcAt", "dayIdsByWeek", "isNew"])
    }

    @Test func memberwiseTakesTheTypesAccessAndItsVarsDefaults() throws {
        let members = try expand(MemberwiseMacro.self, """
            @Memberwise
            public struct Clock {
                public let device: String
                public let digits = 10
                public private(set) var wallMs: Int64 = 0
                public var onTick: (Int64) -> Void
                public var onStop: @Sendable () -> Void
                public static var shared = 0
                public var text: String { device }
            }
            """)
        #expect(members == [
            "public init(device: String, wallMs: Int64 = 0, onTick: @escaping (Int64) -> Void, onStop: @escaping @Sendable () -> Void) {\n"
                + "self.device = device\nself.wallMs = wallMs\nself.onTick = onTick\nself.onStop = onStop\n}",
        ])
        let internalType = try expand(MemberwiseMacro.self, "@Memberwise struct Pair { var a, b: Int }")
        #expect(internalType == ["init(a: Int, b: Int) {\nself.a = a\nself.b = b\n}"])
    }

    @Test func memberwiseNeedsEveryParametersType() {
        #expect(throws: MacroError.self) { try expand(MemberwiseMacro.self, "@Memberwise struct A { var count = 0 }") }
        #expect(throws: MacroError.self) { try expand(MemberwiseMacro.self, "@Memberwise enum A { case a }") }
    }
}
