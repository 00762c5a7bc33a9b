import SessionCore
import Testing

@testable import SessionFormats

/// The PDF sheet's troff source, without running groff.
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
}
