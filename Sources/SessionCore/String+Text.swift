extension String {
    /// The string without leading and trailing whitespace or newlines.
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Trimmed, with every run of whitespace inside turned into one space and control
    /// characters removed: the form names and titles are stored in.
    public func collapsingWhitespace() -> String {
        var output = ""
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !output.isEmpty
            } else if scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format
            {
                continue
            } else {
                if pendingSpace { output += " " }
                pendingSpace = false
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Splits on a separator string (a small stand-in for Foundation's method).
    public func components(separatedBy separator: String) -> [String] {
        var parts: [String] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
