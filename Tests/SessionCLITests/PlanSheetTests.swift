import ArgumentParsing
import Testing

@testable import SessionCLI
@testable import SessionCore

/// The PDF sheet's troff source and its paper, without running groff.
@Suite struct PlanSheetSourceTests {
    @Test func planTextCannotBecomeARequestOrAnEscape() {
        #expect(PlanSheet.text("a\\fBb") == "a\\efBb", "a backslash prints as itself")
        #expect(PlanSheet.text("x@y") == "x\\[at]y", "the table's tab character is escaped")
        #expect(PlanSheet.text("Über") == "\\[u00DC]ber" && PlanSheet.text("💪") == "\\[u1F4AA]")
        #expect(!PlanSheet.text("one\n.bp\ntwo").contains("\n"), "a line break cannot start a request")
        #expect(PlanSheet.text("bell\u{07}") == "bell")
    }

    @Test func everyLineWithPlanTextStartsAsText() throws {
        let monday = try #require(LocalDate("2026-11-30"))
        let day = PlanDay(date: monday, title: ".bp Title", rest: false, warmup: [],
                          exercises: [PlannedExercise(name: "'tl Dip", sets: 3, reps: 8)])
        let plan = Plan(name: ".so /etc/passwd", weekStart: monday, days: [day])
        let source = PlanSheet(unit: .kg, paper: .a4).source(for: plan)
        let carrying = source.split(separator: "\n").filter { $0.contains("passwd") || $0.contains("Title") || $0.contains("Dip") }
        #expect(carrying.count == 4, "the comment, the name, the day's heading and the exercise's cell: \(carrying)")
        for line in carrying {
            #expect(line.hasPrefix("\\&") || line.hasPrefix(".\\\" plan "), "plan text starts as text, or inside the comment: \(line)")
        }
        #expect(source.components(separatedBy: "\\*[BX]").count - 1 == 3, "a box per planned set")
    }

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
