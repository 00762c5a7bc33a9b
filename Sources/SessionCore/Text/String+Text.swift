extension String {
    /// The string without leading and trailing whitespace or newlines.
    public func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// True when the text has at most `limit` characters. Characters never outnumber
    /// UTF-8 bytes, so they are counted (a walk over grapheme breaks) only when the
    /// bytes are more: every name and note of every request is checked this way.
    public func hasAtMost(characters limit: Int) -> Bool {
        utf8.count <= limit || count <= limit
    }

    /// Trimmed, with every run of whitespace inside turned into one space and control
    /// characters removed: the form names and titles are stored in.
    public func collapsingWhitespace() -> String {
        if let ascii = collapsingASCIIWhitespace() { return ascii }
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

    /// The same for pure ASCII text without Unicode lookups (nil when the text has other
    /// characters): names and params are nearly always ASCII, and this is a hot path.
    private func collapsingASCIIWhitespace() -> String? {
        // Most text is clean already (single spaces between words, no controls): that
        // is checked without copying.
        // Over the contiguous bytes: the `utf8` view's iterator costs several times more
        // per byte, and every exercise name of every logged set comes through here.
        var text = self
        let clean: Bool? = text.withUTF8 { bytes in
            var afterSpace = true
            var clean = true
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == 0x20 {
                    if afterSpace { clean = false }
                    afterSpace = true
                } else {
                    if byte < 0x20 || byte == 0x7F { clean = false }
                    afterSpace = false
                }
            }
            return clean && !afterSpace
        }
        guard let clean else { return nil }
        if clean { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var pendingSpace = false
        for byte in utf8 {
            guard byte < 0x80 else { return nil }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
                pendingSpace = !bytes.isEmpty
            case 0x00..<0x20, 0x7F:
                continue
            default:
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
        }
        // Unchanged text is returned as it is (no copy); a tab or line break turned into
        // a space leaves the length as it was, so the bytes themselves are compared.
        return bytes.elementsEqual(utf8) ? self : String(decoding: bytes, as: UTF8.self)
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

extension String {
    /// The edit distance to `other` (insertions, deletions, substitutions and swaps of
    /// neighbours count one each), for "did you mean" suggestions.
    public func editDistance(to other: String) -> Int {
        let a = Array(self), b = Array(other)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = Swift.min(current[j], before[j - 2] + 1) }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}

extension String {
    /// A note as stored: control characters removed (newlines and tabs become spaces),
    /// trimmed.
    public func sanitisedNote() -> String {
        collapsingWhitespace()
    }

    /// The key under which an exercise's history is kept: lowercased, whitespace
    /// collapsed, so "Goblet  squat" and "goblet squat" are one exercise.
    public var exerciseKey: String { collapsingWhitespace().lowercased() }
}
