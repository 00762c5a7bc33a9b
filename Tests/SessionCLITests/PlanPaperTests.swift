import ArgumentParsing
import SessionFormats
import Testing

@testable import SessionCLI

/// The PDF sheet's paper: `--paper`, else the locale's.
@Suite struct PlanPaperTests {
    @Test func thePaperFollowsTheOptionThenTheLocale() throws {
        #expect(try PlanSheet.Paper.chosen("Letter", environment: ["LC_PAPER": "de_DE.UTF-8"]) == .letter)
        #expect(try PlanSheet.Paper.chosen(nil, environment: ["LC_ALL": "en_GB.UTF-8", "LC_PAPER": "en_US.UTF-8"]) == .a4, "LC_ALL first")
        #expect(try PlanSheet.Paper.chosen(nil, environment: ["LC_PAPER": "en_US.UTF-8", "LANG": "de_DE.UTF-8"]) == .letter)
        #expect(try PlanSheet.Paper.chosen(nil, environment: ["LC_ALL": "", "LANG": "es_MX.UTF-8"]) == .letter, "an empty variable is unset")
        #expect(try PlanSheet.Paper.chosen(nil, environment: [:]) == .a4)
        #expect(PlanSheet.Paper.ofLocale("C.UTF-8") == .a4 && PlanSheet.Paper.ofLocale("fr_CA@euro") == .letter && PlanSheet.Paper.ofLocale("POSIX") == .a4)
        #expect(throws: UsageError.self) { try PlanSheet.Paper.chosen("a5", environment: [:]) }
    }
}
