/// Makes text people typed safe to place in a generation prompt: one line, bounded, and
/// free of the characters that could end the context, open a code fence, fake a label
/// or a message boundary, or smuggle markup. What remains is data, not instructions.
public enum PromptText {
    /// "1 session", "3 sessions": the noun in the singular for one.
    static func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }

    /// Characters kept besides letters, digits and spaces: the punctuation of a sentence
    /// a person writes about their training ("Bench 100 kg by June; run a 5k!").
    static let allowedPunctuation: Set<Character> = ["-", "'", "&", "/", ".", ",", "+", "(", ")", "%", "!", "?", ";", "~"]

    /// `text` reduced to letters, digits, spaces and a sentence's punctuation, collapsed
    /// to one line and cut to `maxLength` characters (ending in "…" when cut). A colon is
    /// kept between digits (a 5:30 mile) and nowhere else: "Equipment:" is how the
    /// prompt's own labels look.
    public static func neutralise(_ text: String, maxLength: Int) -> String {
        var kept = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            let timeColon = character == ":" && index > 0 && index + 1 < characters.count
                && characters[index - 1].isNumber && characters[index + 1].isNumber
            if character.isLetter || character.isNumber || allowedPunctuation.contains(character) || timeColon {
                kept.append(character)
            } else {
                kept.append(" ")
            }
        }
        let line = kept.collapsingWhitespace()
        guard line.count > maxLength else { return line }
        return String(line.prefix(maxLength - 1)).trimmingWhitespace() + "…"
    }

    /// `text` cut to at most `maxBytes` bytes of UTF-8, between characters, ending in
    /// "…" when cut; `text` itself when it fits.
    public static func prefix(_ text: String, maxBytes: Int) -> String {
        guard text.utf8.count > maxBytes else { return text }
        let ellipsis = "…"
        var kept = ""
        var used = ellipsis.utf8.count
        for character in text {
            let size = character.utf8.count
            guard used + size <= maxBytes else { break }
            kept.append(character)
            used += size
        }
        return kept.trimmingWhitespace() + ellipsis
    }

    /// A number with at most `decimals` decimals and no trailing zeros: "7.5", "80".
    public static func number(_ value: Double, decimals: Int = 1) -> String {
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let rounded = (value * factor).rounded() / factor
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return NumberText.format(rounded)
    }

    /// "+6%", "-4%".
    public static func percent(_ ratio: Double) -> String {
        let value = Int((ratio * 100).rounded())
        return (value >= 0 ? "+" : "") + "\(value)%"
    }

    /// "+0.5", "-3".
    public static func signed(_ value: Double, decimals: Int = 1) -> String {
        (value >= 0 ? "+" : "") + number(value, decimals: decimals)
    }
}
