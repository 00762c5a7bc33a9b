import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

@testable import SessionMacrosPlugin

/// What the macros write for declarations as the sources write them, compared with
/// the code a person would have written by hand.
@Suite struct MacroExpansionTests {
    /// The members `macro` writes for the first type in `source`, one string each, and
    /// what it reported.
    private func expansion(_ macro: any MemberMacro.Type, _ source: String) throws -> (members: [String], diagnostics: [Diagnostic]) {
        let file = Parser.parse(source: source)
        let declaration = try #require(file.statements.lazy.compactMap { $0.item.asProtocol(DeclGroupSyntax.self) }.first)
        let attribute = try #require(declaration.attributes.first?.as(AttributeSyntax.self))
        let context = BasicMacroExpansionContext()
        let members = try macro.expansion(of: attribute, providingMembersOf: declaration, conformingTo: [], in: context)
        return (members.map(\.description), context.diagnostics)
    }

    /// The members `macro` writes for the first type in `source`, which it must take.
    private func expand(_ macro: any MemberMacro.Type, _ source: String) throws -> [String] {
        let (members, diagnostics) = try expansion(macro, source)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        return members
    }

    /// The text of the declaration `macro` refuses in `source` (the attribute's, when it
    /// refuses the type as a whole), and what it says.
    private func refusal(_ macro: any MemberMacro.Type, _ source: String) throws -> (at: String, message: String)? {
        do {
            let (members, diagnostics) = try expansion(macro, source)
            guard let diagnostic = diagnostics.first else { return nil }
            #expect(members.isEmpty)
            return (diagnostic.node.trimmedDescription, diagnostic.message)
        } catch let error as MacroError {
            return ("the attribute", error.description)
        }
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
            @inlinable public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
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
        #expect(members == ["mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {\ntry coder.member(\"count\", &count)\n}"])
    }

    /// A property declared `.notCoded` is the value's own: no member is coded for it,
    /// and the others keep their order.
    @Test func codedLeavesOutAPropertyThatIsNoMember() throws {
        let members = try expand(CodedMacro.self, """
            @Coded
            public struct Counts {
                public var sets = 0
                @Member(.notCoded) public var names: [String] = []
                @Member(key: "from") public var first: LocalDate?
            }
            """)
        #expect(members == [
            "public init() {}",
            """
            @inlinable public mutating func code<Coder: MemberCoder & ~Copyable>(_ coder: inout Coder) throws(Coder.Failure) {
            try coder.member("sets", &sets)
            try coder.member("from", &first)
            }
            """,
        ])
    }

    /// What it would leave off the wire without a word is refused, at the declaration.
    @Test func codedRefusesWhatItCannotListWholeWhereItStands() throws {
        let refusals = try [
            "@Coded struct A { var b = 0; let id: Int64 }",
            "@Coded struct A {\n#if DEBUG\nvar a = 0\n#endif\n}",
            "@Coded struct A { var (a, b) = (0, 1) }",
            "@Coded struct A { @Member(.members, key: \"x\") var a = B() }",
            "@Coded enum A { case a }",
            "@Coded struct A { @Member(.notCoded, key: \"x\") var a = 0 }",
        ].map { try refusal(CodedMacro.self, $0) }
        #expect(refusals.map(\.?.at) == [
            "let id: Int64", "#if DEBUG\nvar a = 0\n#endif", "(a, b) = (0, 1)", "@Member(.members, key: \"x\") var a = B()", "the attribute",
            "@Member(.notCoded, key: \"x\") var a = 0",
        ])
        #expect(refusals[0]?.message == "@Coded: 'id' is a let; a coded member is read into, so it must be a var")
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

    @Test func codedParamsRefusesAParamWithoutItsCoding() throws {
        let refused = try refusal(CodedParamsMacro.self, "@CodedParams struct P { var limit: Int? }")
        #expect(refused?.at == "var limit: Int?" && refused?.message == "@CodedParams: 'limit' needs @Param(.coding, …)")
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

    @Test func memberwiseNeedsEveryParametersType() throws {
        #expect(try refusal(MemberwiseMacro.self, "@Memberwise struct A { var count = 0 }")?.at == "var count = 0")
        #expect(try refusal(MemberwiseMacro.self, "@Memberwise enum A { case a }")?.at == "the attribute")
    }
}
