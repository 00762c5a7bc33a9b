/// The text helpers the file readers share.
extension String {
    /// A decimal comma read as a point (`72,5` in localised exports).
    func replacingComma() -> String {
        let bytes = utf8
        guard bytes.contains(0x2C), !bytes.contains(0x2E) else { return self }
        return String(decoding: bytes.map { $0 == 0x2C ? 0x2E : $0 }, as: UTF8.self)
    }

    /// The number the text writes in decimal (digits, a sign, a point, an exponent: what
    /// people and apps write), which may be too large to be finite; nil for anything
    /// else, also what strtod would read besides (hexadecimal such as 0x10, inf, nan).
    var decimalValue: Double? {
        guard !isEmpty, utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E || $0 == 0x45 || $0 == 0x65 }) else {
            return nil
        }
        return Double(self)
    }

    /// The text as a message quotes a field: its first 20 characters, and "…" when it
    /// has more (400 nines are not printed whole).
    var quotedShort: String { count > 20 ? prefix(20) + "…" : self }

    /// True when the text is one of `words` (lowercase ASCII) in any case.
    func isASCIIWord(in words: [String]) -> Bool {
        var text = self
        return text.withUTF8 { $0.isASCIIWord(in: words) }
    }
}

extension String {
    func replacingOccurrences(_ target: Character, _ replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }

    /// First letter upper case (`apr` → `Apr`).
    var capitalized: String { prefix(1).uppercased() + dropFirst() }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
