import SessionCore
import TestSupport
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

/// The exercise key of ASCII names is worked out in one pass; it must be what the
/// general reading (whitespace collapsed, then lowercased) gives.
@Suite struct ExerciseKeyTests {
    @Test func theASCIIKeyIsTheGeneralOne() {
        let pieces = ["Squat", "bench", "PRESS", " ", "  ", "\t", "\n", "\u{1}", "\u{7F}", "-", "ohp", "Pull-Up", "x", ""]
        var generator = SplitMix(seed: 11)
        for _ in 0..<3000 {
            let name = (0..<Int(generator.next() % 6)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            #expect(name.exerciseKey == name.collapsingWhitespace().lowercased(), "\(name.debugDescription)")
        }
        #expect("Goblet  Squat ".exerciseKey == "goblet squat" && "squat".exerciseKey == "squat" && "Überkopf Drücken".exerciseKey == "überkopf drücken")
        // One tab or line break between words is a space too (it keeps the length, and
        // was once taken for clean text).
        #expect("Goblet\tSquat".exerciseKey == "goblet squat" && "a\nb".collapsingWhitespace() == "a b" && "a\r\nb".sanitisedNote() == "a b")
    }
}
