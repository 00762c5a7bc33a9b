import ArgumentParsing
import Testing

@Suite struct ArgumentsTests {
    let specs = [OptionSpec("--json", help: ""), OptionSpec("--rpe", value: "N", help: ""), OptionSpec("--help", short: "-h", help: "")]

    @Test func splitsOptionsAndPositionals() throws {
        let parsed = try ParsedArguments(["row", "--rpe", "8", "5", "--json", "-3", "--", "--json"], options: specs)
        #expect(parsed.positionals == ["row", "5", "-3", "--json"])
        #expect(parsed["--rpe"] == "8")
        #expect(parsed.has("--json"))
        #expect(try ParsedArguments(["--rpe=7.5"], options: specs)["--rpe"] == "7.5")
        #expect(try ParsedArguments(["-h"], options: specs).has("--help"))
    }

    @Test func refusesUnknownAndIncompleteOptions() {
        #expect(throws: UsageError("unknown option --bogus")) { try ParsedArguments(["--bogus"], options: specs) }
        #expect(throws: UsageError("--rpe needs a value (N)")) { try ParsedArguments(["--rpe"], options: specs) }
        #expect(throws: UsageError("--json takes no value")) { try ParsedArguments(["--json=1"], options: specs) }
    }

    enum Shape: String, CaseIterable, Sendable { case round, square }
    static let limit = Option<Int>("--limit", value: "N", help: "at most N", parse: .number(in: 1...50))
    static let rpe = Option<Double>("--rpe", value: "N", help: "effort", parse: .number(in: 1...10, expected: "needs a number of effort (7, 7.5, 8)"))
    static let shape = Option<Shape>("--shape", value: "SHAPE", help: "the shape", parse: .choice(expected: "must be round or square", ignoringCase: true))
    static let id = Option<Int64>("--session", value: "ID", param: "sessionID", help: "a session", parse: .id(expected: "needs a session id"))

    func parsed(_ words: [String]) throws -> ParsedArguments {
        try ParsedArguments(words, options: [Self.limit.spec, Self.rpe.spec, Self.shape.spec, Self.id.spec])
    }

    /// A typed option reads its value as its type; an absent one is nil.
    @Test func typedOptionsReadTheirValues() throws {
        let arguments = try parsed(["--limit", "20", "--rpe=7.5", "--shape", "Square", "--session", "12"])
        #expect(try arguments.value(Self.limit) == 20)
        #expect(try arguments.value(Self.rpe) == 7.5)
        #expect(try arguments.value(Self.shape) == .square)
        #expect(try arguments.value(Self.id) == 12)
        #expect(try parsed([]).value(Self.limit) == nil)
        #expect(try parsed(["--limit", "3", "--limit", "4"]).values(Self.limit) == [3, 4])
    }

    /// A bad value is refused naming the option, what it takes and the text given.
    @Test func typedOptionsRefuseBadValuesNamingTheOption() throws {
        #expect(throws: UsageError("--limit needs a number from 1 to 50, got \"51\"")) { try parsed(["--limit", "51"]).value(Self.limit) }
        #expect(throws: UsageError("--limit needs a number from 1 to 50, got \"x\"")) { try parsed(["--limit", "x"]).value(Self.limit) }
        #expect(throws: UsageError("--rpe needs a number of effort (7, 7.5, 8), got \"11\"")) { try parsed(["--rpe", "11"]).value(Self.rpe) }
        #expect(throws: UsageError("--rpe needs a number of effort (7, 7.5, 8), got \"nan\"")) { try parsed(["--rpe", "nan"]).value(Self.rpe) }
        #expect(throws: UsageError("--shape must be round or square, got \"oval\"")) { try parsed(["--shape", "oval"]).value(Self.shape) }
        #expect(throws: UsageError("--session needs a session id, got \"0\"")) { try parsed(["--session", "0"]).value(Self.id) }
    }

    /// The declaration gives the spec: placeholder, param, help and the completion of
    /// an enumeration's raw values; a command's own help line keeps the rest.
    @Test func typedOptionsDeclareTheirSpec() {
        #expect(Self.shape.spec.value == "SHAPE")
        #expect(Self.shape.spec.completion == .words(["round", "square"]))
        #expect(Self.id.spec.param == "sessionID")
        #expect(Self.limit.spec.param == "limit")
        let own = Self.id.help("the session to show")
        #expect(own.spec.help == "the session to show")
        #expect(own.spec.param == "sessionID" && own.spec.value == "ID" && own.spec.name == "--session")
    }

    static let sizes = Option<[Int]>("--sizes", value: "LIST", help: "sizes",
                                     parse: OptionValue.number(in: 1...50).list(expected: "needs sizes such as 5,10"))
    static let tags = Option<[Shape]>("--tags", value: "LIST", help: "shapes",
                                      parse: OptionValue.choice(expected: "").list(skippingEmpty: true, expected: "must be shapes"))

    /// A list reads each item as its element does, spaces around an item trimmed; an
    /// empty item is refused, or skipped when the list skips them.
    @Test func aListReadsEachItem() throws {
        #expect(try ParsedArguments(["--sizes", "5, 10 ,50"], options: [Self.sizes.spec]).value(Self.sizes) == [5, 10, 50])
        #expect(try ParsedArguments(["--tags", "round,,square,"], options: [Self.tags.spec]).value(Self.tags) == [.round, .square])
        #expect(try ParsedArguments(["--tags", ""], options: [Self.tags.spec]).value(Self.tags) == [])
    }

    /// A bad list is refused quoting its first item that does not read, all of it when
    /// that item is empty; the same reading names a positional argument as told.
    @Test func aBadListIsRefusedQuotingItsBadItem() throws {
        func sizes(_ text: String) throws -> [Int]? { try ParsedArguments(["--sizes", text], options: [Self.sizes.spec]).value(Self.sizes) }
        #expect(throws: UsageError("--sizes needs sizes such as 5,10, got \"x\"")) { try sizes("5, x,y") }
        #expect(throws: UsageError("--sizes needs sizes such as 5,10, got \"51\"")) { try sizes("5,51") }
        #expect(throws: UsageError("--sizes needs sizes such as 5,10, got \"5,,10\"")) { try sizes("5,,10") }
        #expect(throws: UsageError("--sizes needs sizes such as 5,10, got \"\"")) { try sizes("") }
        #expect(throws: UsageError("--tags must be shapes, got \"oval\"")) {
            try ParsedArguments(["--tags", "round,oval"], options: [Self.tags.spec]).value(Self.tags)
        }
        #expect(throws: UsageError("SIZES needs sizes such as 5,10, got \"0\"")) { try Self.sizes.reading.read("0,5", as: "SIZES") }
        #expect(try Self.sizes.reading.read("1,2", as: "SIZES") == [1, 2])
    }

    /// A number option reads decimals as people type them, with a point or a decimal
    /// comma, and nothing else strtod would read.
    @Test func aNumberOptionReadsDecimalsWithAPointOrAComma() throws {
        let rpe = OptionValue<Double>.number(expected: "needs a number")
        for (text, value) in [("7,5", 7.5), ("7.5", 7.5), ("8", 8.0), ("-2", -2.0), ("+1", 1.0)] {
            #expect(try rpe.read(text, as: "--rpe") == value, "\(text)")
        }
        for text in ["0x10", "nan", "inf", "1e3", "7,5,1", "7.5.1", "", "-", "."] {
            #expect(throws: (any Error).self, "\(text)") { try rpe.read(text, as: "--rpe") }
        }
    }
}
