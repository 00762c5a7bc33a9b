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
}
