import SessionCore
import TestSupport
import Testing

@Suite struct TextNormalisationTests {
    /// A length limit counts characters, whatever their bytes: decided by the bytes
    /// when they are few enough, by the characters otherwise.
    @Test func lengthLimitsCountCharacters() {
        for (text, characters) in [("", 0), ("Squat", 5), ("ééééé", 5), ("👨‍👩‍👧x", 2), ("Übung Zwei", 10)] {
            #expect(text.hasAtMost(characters: characters) && (characters == 0 || !text.hasAtMost(characters: characters - 1)), "\(text)")
        }
    }

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

/// Whitespace collapsed as a reference reading does it: controls other than whitespace
/// dropped, every run of whitespace one space, none at the ends.
@Suite struct CollapsingWhitespaceTests {
    @Test func theFastPathsReadAsTheReference() {
        func reference(_ text: String) -> String {
            let kept = text.unicodeScalars.filter { !($0.properties.generalCategory == .control && !$0.properties.isWhitespace) }
            return String(String.UnicodeScalarView(kept)).split(whereSeparator: { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) })
                .joined(separator: " ")
        }
        let pieces = ["Squat", "bench", "PRESS", " ", "  ", "\t", "\n", "\r\n", "\u{1}", "\u{7F}", "-", "Pull-Up", "x", "", "Drücken", "\u{A0}"]
        var generator = SplitMix(seed: 11)
        for _ in 0..<3000 {
            let text = (0..<Int(generator.next() % 6)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            #expect(text.collapsingWhitespace() == reference(text), "\(text.debugDescription)")
            #expect(text.exerciseKey == reference(text).lowercased(), "\(text.debugDescription)")
        }
        // One tab or line break between words is a space too (it keeps the length, and
        // was once taken for clean text).
        #expect("Goblet\tSquat".exerciseKey == "goblet squat" && "a\nb".collapsingWhitespace() == "a b" && "a\r\nb".sanitisedNote() == "a b")
    }
}
