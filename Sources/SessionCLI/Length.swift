import SessionCore

/// Body measurements as a person types and reads them: centimetres, or inches for one
/// who uses pounds. Stored in centimetres.
enum Length {
    static let centimetresPerInch = 2.54

    /// Centimetres from "82", "82cm", "82 cm", "32in", "32\""; a bare number is inches
    /// when `inchesByDefault`. Nil for anything else.
    static func centimetres(_ text: String, inchesByDefault: Bool) -> Double? {
        let lowered = text.lowercased().filter { $0 != " " }
        for (suffix, inches) in [("cm", false), ("in", true), ("\"", true)] where lowered.hasSuffix(suffix) {
            guard let number = Double(lowered.dropLast(suffix.count)), number.isFinite else { return nil }
            return inches ? number * centimetresPerInch : number
        }
        guard let number = Double(lowered), number.isFinite else { return nil }
        return inchesByDefault ? number * centimetresPerInch : number
    }

    /// "82 cm" or "32.3 in".
    static func text(_ centimetres: Double, inches: Bool) -> String {
        inches ? PromptText.number(centimetres / centimetresPerInch, decimals: 1) + " in" : PromptText.number(centimetres, decimals: 1) + " cm"
    }
}
