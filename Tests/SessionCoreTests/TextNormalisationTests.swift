import SessionCore
import Testing

@Suite struct TextNormalisationTests {
    @Test func collapsesWhitespaceTheSameForASCIIAndUnicode() {
        #expect("  Bench \t Press\n".collapsingWhitespace() == "Bench Press")
        #expect("Row\u{7}\u{1}ing".collapsingWhitespace() == "Rowing")
        #expect("Plain".collapsingWhitespace() == "Plain")
        #expect(" Übung\u{00A0} Zwei ".collapsingWhitespace() == "Übung Zwei", "non-breaking space is whitespace too")
        #expect("a\u{2028}b".collapsingWhitespace() == "a b")
    }

    @Test func editDistanceCountsSwapsAsOne() {
        #expect("overhed".editDistance(to: "overhead") == 1)
        #expect("deadlfit".editDistance(to: "deadlift") == 1)
        #expect("".editDistance(to: "row") == 3)
        #expect("squat".editDistance(to: "squat") == 0)
        #expect("kitten".editDistance(to: "sitting") == 3)
    }
}
